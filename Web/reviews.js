// Reviews: a listing's published reviews (newest first, with the category means as bars) and
// the guest's review of a trip (overall and six category ratings, text), showing the server's
// problems (before checkout, window closed, already written, a refused field) where asked.
import { get, request } from './api.js';
import { t } from './i18n.js';
import { $, esc, showError } from './dom.js';

export const CATEGORIES = ['cleanliness', 'accuracy', 'checkin', 'communication', 'location', 'value'];

/** The listing's category means as bars (nothing when the listing has none yet). */
export function categoryBars(categories) {
  if (!categories) return '';
  const rows = CATEGORIES.filter((c) => categories[c] != null).map((c) => `
    <div><dt id="cat-${c}">${esc(t('reviewCategories')[c])}</dt>
      <dd><meter min="0" max="5" value="${categories[c]}" data-category="${c}" aria-labelledby="cat-${c}"></meter> ${categories[c].toFixed(1)}</dd></div>`);
  return `<dl class="rating-bars" data-testid="rating-bars">${rows.join('')}</dl>`;
}

function review(item) {
  const stars = item.rating != null ? ` · <span class="visually-hidden">${esc(t('stars')(item.rating))}</span><span aria-hidden="true">★ ${item.rating}</span>` : '';
  const text = item.text ? `<p class="review-text"${item.language ? ` lang="${esc(item.language)}"` : ''}>${esc(item.text)}</p>` : '';
  const reply = item.reply ? `<div class="review-reply"><p><strong>${t('hostReply')}</strong></p><p>${esc(item.reply.text)}</p></div>` : '';
  return `<li class="review" data-id="${esc(item.id)}" data-created="${esc(item.createdAt)}">
    <p class="review-head"><strong>${esc(item.guestName || t('someGuest'))}</strong> · ${esc(t('stayMonth')(item.stayMonth))}${stars}</p>${text}${reply}</li>`;
}

/** Fills `box` with the listing's reviews: the category bars, then five at a time. */
export async function showReviews(box, listing) {
  box.innerHTML = `<h2>${t('reviewsHeading')}</h2>${categoryBars(listing.ratingCategories)}
    <ol class="reviews" id="review-list"></ol>
    <button type="button" class="secondary" id="more-reviews" hidden>${t('more')}</button>`;
  const load = async (cursor) => {
    const answer = await get(`/listings/${encodeURIComponent(listing.id)}/reviews`, { limit: 5, cursor });
    const list = $('#review-list');
    list.insertAdjacentHTML('beforeend', answer.items.map(review).join(''));
    if (!list.children.length) list.innerHTML = `<li>${t('noReviews')}</li>`;
    const more = $('#more-reviews');
    more.hidden = !answer.nextCursor;
    more.onclick = () => load(answer.nextCursor).catch(showError);
  };
  // The reviews failing to load leave the rest of the listing page (and booking) working.
  try { await load(); } catch (error) {
    $('#review-list').innerHTML = `<li class="error">${esc(error.problem?.detail || error.message)}</li>`;
  }
}

function ratingSelect(name, label) {
  const options = ['<option value="">—</option>', ...[5, 4, 3, 2, 1].map((n) => `<option value="${n}">${'★'.repeat(n)} ${n}</option>`)];
  return `<div class="field-inline"><label for="review-${name}">${esc(label)}</label>
    <select id="review-${name}" name="${name}">${options.join('')}</select></div>`;
}

/** The review form of the trip `reservationId`, put after `anchor`. */
export function openReviewForm(anchor, reservationId) {
  anchor.insertAdjacentHTML('afterend', `
    <form class="review-form" data-reservation="${esc(reservationId)}" novalidate aria-label="${t('writeReview')}">
      ${ratingSelect('rating', t('overallRating'))}
      <fieldset><legend>${t('categoryRatings')}</legend>
        ${CATEGORIES.map((c) => ratingSelect(c, t('reviewCategories')[c])).join('')}</fieldset>
      <label for="review-text">${t('reviewText')}</label>
      <textarea id="review-text" name="text" maxlength="1000" rows="4"></textarea>
      <p class="review-problem error" role="alert"></p>
      <button type="submit" class="primary">${t('sendReview')}</button>
    </form>`);
  const form = anchor.nextElementSibling;
  form.addEventListener('submit', (event) => { event.preventDefault(); sendReview(form); });
  form.querySelector('select').focus();
}

async function sendReview(form) {
  const value = (name) => { const v = form.elements[name].value; return v ? Number(v) : null; };
  const categories = Object.fromEntries(CATEGORIES.map((c) => [c, value(c)]));
  const body = { rating: value('rating'), categories, text: form.elements.text.value };
  const problem = form.querySelector('.review-problem');
  const button = form.querySelector('button[type=submit]');
  button.disabled = true;
  problem.textContent = '';
  delete problem.dataset.type;
  try {
    const answer = await request('POST', `/reservations/${encodeURIComponent(form.dataset.reservation)}/review`, { auth: true, body });
    form.outerHTML = `<p class="review-sent" role="status" data-testid="review-sent">${answer.published ? t('reviewPublished') : t('reviewPending')(answer.publishOn)}</p>`;
  } catch (error) {
    const found = error.problem || {};
    problem.dataset.type = found.type || '';
    problem.dataset.status = String(error.status || '');
    const fields = (found.invalidParams || []).map((p) => `${p.name}: ${p.reason}`);
    problem.textContent = [found.detail || error.message, ...fields].join(' · ');
    button.disabled = false;
  }
}
