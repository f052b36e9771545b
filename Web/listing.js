// A listing's page: photos, description, amenities, rules, host, policy, its calendar, its
// reviews, the quote's line items, and booking (creating the guest on first use).
import { get, request, newIdempotencyKey } from './api.js';
import { t, money } from './i18n.js';
import { $, esc } from './dom.js';
import { state } from './state.js';
import { Calendar } from './calendar.js';
import { GuestStepper } from './guests.js';
import { lineItems } from './lines.js';
import { showReviews } from './reviews.js';

let detail = null;

export async function showListing(id) {
  const view = $('#view-listing');
  view.innerHTML = `<p>${t('loading')}</p>`;
  const listing = await get(`/listings/${encodeURIComponent(id)}`);
  detail = { listing, quote: null };
  const photos = listing.photos.slice(0, 5).map((url, i) =>
    `<img src="${esc(url)}" alt="${esc(t('photoAlt')(listing.title, i + 1))}" width="400" height="300"${i ? ' loading="lazy"' : ''}>`).join('');
  const rating = listing.rating != null ? `★ ${listing.rating.toFixed(2)} · ${t('reviews')(listing.reviewCount)}` : t('newListing');
  view.innerHTML = `
    <a href="#/" class="back">${t('back')}</a>
    <h1 data-testid="listing-title">${esc(listing.title)}</h1>
    <p class="meta">${rating} · ${esc(listing.locationName)}</p>
    <div class="photos" role="group" aria-label="${t('photos')}">${photos}</div>
    <div class="detail-layout">
      <div class="detail-main">
        <section><h2>${t('host')}</h2><p>${esc(listing.host.name)}${listing.host.isSuperhost ? ` · ${t('superhost')}` : ''} · ${t('hostSince')(listing.host.since)}</p></section>
        <section><h2>${t('description')}</h2><p class="description">${esc(listing.description)}</p></section>
        <section><h2>${t('amenities')}</h2><ul class="chips">${listing.amenities.map((a) => `<li>${esc(a)}</li>`).join('')}</ul></section>
        <section><h2>${t('houseRules')}</h2><p>${t('checkTimes')(listing.checkinTime, listing.checkoutTime)}</p>
          ${listing.houseRules.length ? `<ul>${listing.houseRules.map((r) => `<li>${esc(r)}</li>`).join('')}</ul>` : `<p>${t('noRules')}</p>`}</section>
        <section><h2>${t('cancellation')}</h2><p>${t('policies')[listing.cancellationPolicy] || esc(listing.cancellationPolicy)}</p></section>
        <section><h2>${t('dates')}</h2><div id="listing-calendar"></div></section>
        <section id="listing-reviews" aria-live="polite"></section>
      </div>
      <aside class="booking" aria-labelledby="quote-heading">
        <h2 id="quote-heading">${t('quote')}</h2>
        <div id="listing-guests"></div>
        <div id="quote" aria-live="polite"></div>
        <div class="reserve-bar"><p class="reserve-summary" id="reserve-summary" aria-hidden="true"></p>
          <button type="button" class="primary" id="reserve-button" disabled>${reserveLabel()}</button></div>
        ${listing.instantBook === false ? `<p class="muted" id="request-note">${t('requestNote')}</p>` : ''}
        <p id="reserve-message" role="status"></p>
      </aside>
    </div>`;
  new GuestStepper($('#listing-guests'), {
    guests: state.guests, max: listing.maxGuests,
    onChange: (guests) => { state.guests = guests; detailCalendar.show({ listingId: listing.id, guests, checkin: state.checkin, checkout: state.checkout }); updateQuote(); },
  });
  const detailCalendar = new Calendar($('#listing-calendar'), {
    onChange: ({ checkin, checkout }) => { state.checkin = checkin; state.checkout = checkout; updateQuote(); },
  });
  $('#reserve-button').addEventListener('click', reserve);
  await Promise.all([
    detailCalendar.show({ listingId: listing.id, guests: state.guests, checkin: state.checkin, checkout: state.checkout }),
    showReviews($('#listing-reviews'), listing),
  ]);
  await updateQuote();
}

/** "Reserve", or "Request to book" for a listing whose host accepts each booking. */
function reserveLabel() {
  return detail?.listing.instantBook === false ? t('requestToBook') : t('reserve');
}

let quotes = 0;
async function updateQuote() {
  const box = $('#quote');
  const button = $('#reserve-button');
  button.disabled = true;
  detail.quote = null;
  // Only the answer for the latest dates and guests is shown, whatever order answers arrive in.
  const asked = ++quotes;
  summarize(null);
  if (!state.checkin || !state.checkout) { box.innerHTML = `<p>${t('chooseCheckin')}</p>`; return; }
  try {
    const quote = await get('/quote', { listingId: detail.listing.id, checkin: state.checkin, checkout: state.checkout, ...state.guests });
    if (asked === quotes) renderQuote(quote);
  } catch (error) {
    if (asked === quotes) box.innerHTML = `<p class="error">${esc(error.problem?.detail || error.message)}</p>`;
  }
}

function renderQuote(quote) {
  detail.quote = quote;
  const free = quote.freeCancellationUntil ? t('freeUntil')(quote.freeCancellationUntil) : t('noFreeCancel');
  $('#quote').innerHTML = `
    <p>${quote.checkin} → ${quote.checkout} · ${t('nights')(quote.nights)}</p>
    ${lineItems(quote.lineItems, quote.currency)}
    <p class="quote-total">${t('total')} <strong data-testid="quote-total" data-amount="${quote.total}">${money(quote.total, quote.currency)}</strong></p>
    <p class="muted">${free}</p>`;
  $('#reserve-button').disabled = false;
  summarize(quote);
}

/** The phone's bottom bar: the total beside the Reserve button (the quote says it for screen readers). */
function summarize(quote) {
  $('#reserve-summary').innerHTML = quote
    ? `<strong>${money(quote.total, quote.currency)}</strong> <small>${t('nights')(quote.nights)}</small>`
    : `<small>${t('chooseCheckin')}</small>`;
}

let bookingKey = null;
async function reserve() {
  const quote = detail.quote;
  if (!quote) return;
  const button = $('#reserve-button');
  button.disabled = true;
  button.textContent = t('reserving');
  // One key per booking attempt: a retry of the same attempt cannot book twice.
  bookingKey = bookingKey || newIdempotencyKey();
  try {
    await request('POST', '/reservations', {
      auth: true, headers: { 'Idempotency-Key': bookingKey },
      body: { listingId: quote.listingId, checkin: quote.checkin, checkout: quote.checkout, ...quote.guests, expectedTotal: quote.total },
    });
    bookingKey = null;
    location.hash = '#/trips';
  } catch (error) {
    bookingKey = null;
    button.textContent = reserveLabel();
    if (error.problem?.type === '/problems/price-changed') {
      renderQuote(error.problem.currentQuote);
      $('#reserve-message').textContent = t('priceChanged');
    } else {
      $('#reserve-message').textContent = error.problem?.detail || error.message;
    }
  }
}
