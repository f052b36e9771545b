// The guest's trips: each reservation (all of them at #/trips, one at #/trips/{id}), cancel,
// the refund a cancellation gave, and the review of a stay.
import { APIError, request, hasGuest } from './api.js';
import { t, money } from './i18n.js';
import { $, esc, showError } from './dom.js';
import { state } from './state.js';
import { lineItems } from './lines.js';
import { openReviewForm } from './reviews.js';

export async function showTrips() {
  const view = $('#view-trips');
  view.innerHTML = `<h1>${t('trips')}</h1><ol id="trip-list" class="trips"></ol>`;
  if (!hasGuest()) { $('#trip-list').innerHTML = `<li>${t('noTrips')}</li>`; return; }
  const answer = await request('GET', '/reservations', { auth: true, params: { limit: 50 } });
  $('#trip-list').innerHTML = answer.items.length ? answer.items.map(trip).join('') : `<li>${t('noTrips')}</li>`;
}

/** One trip, GET /reservations/{id}: an unknown one (or no guest in this browser) is a 404. */
export async function showTrip(id) {
  const view = $('#view-trips');
  view.innerHTML = `<p>${t('loading')}</p>`;
  if (!hasGuest()) throw new APIError(404, { title: t('notFound') });
  const reservation = await request('GET', `/reservations/${encodeURIComponent(id)}`, { auth: true });
  view.innerHTML = `<a href="#/trips" class="back">${t('allTrips')}</a>
    <h1>${t('trip')}</h1><ol id="trip-list" class="trips">${trip(reservation)}</ol>`;
}

/** A refund's lines and totals (what a cancellation gave, or would give now). */
function refundDetail(refund, currency, testid) {
  return `${lineItems(refund.lines, currency)}
      <p>${t('refundTotal')} <strong data-testid="${testid}">${money(refund.total, currency)}</strong>
      · ${t('retained')} ${money(refund.retained, currency)}</p>`;
}

function trip(reservation) {
  const refund = reservation.refund ? `
    <div class="refund" data-testid="refund"><h3>${t('refund')}</h3>${refundDetail(reservation.refund, reservation.currency, 'refund-total')}</div>` : '';
  return `<li class="trip" data-id="${esc(reservation.id)}" data-status="${esc(reservation.status)}">
    <img src="${esc(reservation.listing.photoUrl || '')}" alt="" width="160" height="120">
    <div><h2><a href="#/trips/${esc(reservation.id)}" class="trip-link">${esc(reservation.listing.title)}</a></h2>
      <p>${reservation.checkin} → ${reservation.checkout} · ${t('nights')(reservation.nights)} · <span class="status">${t('status')[reservation.status] || esc(reservation.status)}</span></p>
      <p>${t('paid')} ${money(reservation.total, reservation.currency)}</p>
      ${refund}
      <p class="actions">${reservation.status === 'confirmed' ? `<button type="button" class="secondary cancel-trip">${t('cancel')}</button>
        <button type="button" class="secondary write-review">${t('writeReview')}</button>` : ''}
      <a href="#/listing/${esc(reservation.listingId)}" class="view-listing" data-checkin="${reservation.checkin}" data-checkout="${reservation.checkout}">${t('viewListing')}</a></p></div></li>`;
}

$('#view-trips').addEventListener('click', async (event) => {
  const view = event.target.closest('.view-listing');
  if (view) { state.checkin = view.dataset.checkin; state.checkout = view.dataset.checkout; return; }
  const keep = event.target.closest('.keep-trip');
  if (keep) {
    keep.closest('.cancel-preview').remove();
    const cancel = $(`.trip[data-id="${keep.closest('.trip').dataset.id}"] .cancel-trip`);
    if (cancel) { cancel.hidden = false; cancel.focus(); }
    return;
  }
  // The server decides whether the review window is open (it knows today in the listing's zone).
  const write = event.target.closest('.write-review');
  if (write) { write.hidden = true; openReviewForm(write.closest('.actions'), write.closest('.trip').dataset.id); return; }
  const confirm = event.target.closest('.confirm-cancel');
  if (confirm) { await cancelTrip(confirm); return; }
  const button = event.target.closest('.cancel-trip');
  if (button) await previewCancellation(button);
});

/** Shows what cancelling now would refund, and asks for confirmation. */
async function previewCancellation(button) {
  const item = button.closest('.trip');
  button.disabled = true;
  try {
    const preview = await request('GET', `/reservations/${item.dataset.id}/cancellation`, { auth: true });
    button.hidden = true;
    button.closest('.actions').insertAdjacentHTML('beforebegin', `
      <div class="cancel-preview refund" data-testid="cancel-preview" role="group" aria-label="${t('cancelPreview')}">
        <h3>${t('cancelPreview')}</h3>${refundDetail(preview.refund, preview.currency, 'preview-total')}
        <button type="button" class="primary confirm-cancel">${t('confirmCancel')}</button>
        <button type="button" class="secondary keep-trip">${t('keepTrip')}</button></div>`);
    item.querySelector('.confirm-cancel').focus();
  } catch (error) { showError(error); } finally { button.disabled = false; }
}

async function cancelTrip(button) {
  const item = button.closest('.trip');
  button.disabled = true;
  button.textContent = t('cancelling');
  try {
    const reservation = await request('POST', `/reservations/${item.dataset.id}/cancel`, { auth: true });
    item.outerHTML = trip(reservation);
  } catch (error) { showError(error); button.disabled = false; button.textContent = t('confirmCancel'); }
}
