// The host's requests inbox (#/host/requests): GET /host/reservations by status (requests to
// book first), each with the guest's first name, guests, nights, the total and the host's
// payout; a request can be accepted or declined (POST /host/reservations/{id}/accept or
// /decline). A request that expired or was withdrawn meanwhile answers 409: its reason shows.
import { APIError, request } from './api.js';
import { t, money } from './i18n.js';
import { $, esc } from './dom.js';
import { hostNav } from './host-listings.js';
import { lineItems } from './lines.js';

const STATUSES = ['requested', 'confirmed', 'declined', 'cancelled', 'expired'];
let shown = 'requested';

export async function showHostRequests(view) {
  view.innerHTML = `${hostNav('#/host/requests')}<h1>${t('requestsInbox')}</h1><p>${t('loading')}</p>`;
  const answer = await request('GET', '/host/reservations', { auth: 'account', params: { status: shown, limit: 50 } });
  view.innerHTML = `${hostNav('#/host/requests')}<h1>${t('requestsInbox')}</h1>
    <div class="field-inline"><label for="request-status">${t('requestStatus')}</label>
      <select id="request-status">${STATUSES.map((status) => `<option value="${status}"${status === shown ? ' selected' : ''}>${esc(t('status')[status])}</option>`).join('')}</select></div>
    <ol class="trips" id="host-requests">${answer.reservations.length ? answer.reservations.map(item).join('') : `<li>${t('noRequests')}</li>`}</ol>`;
  $('#request-status').addEventListener('change', async (event) => {
    shown = event.target.value;
    await showHostRequests(view);
  });
}

function item(reservation) {
  const g = reservation.guests || {};
  const expires = reservation.status === 'requested' && reservation.expiresAt
    ? `<p class="muted">${t('answerBy')(new Date(reservation.expiresAt).toLocaleString())}</p>` : '';
  return `<li class="trip host-request" data-id="${esc(reservation.id)}" data-status="${esc(reservation.status)}">
    <div><h2>${esc(reservation.listingTitle)}</h2>
      <p>${[reservation.guest?.firstName ? esc(reservation.guest.firstName) : t('anonymousGuest'),
        t('guestsSummary')({ adults: g.adults || 0, children: g.children || 0, infants: g.infants || 0 })].join(' · ')}</p>
      <p>${reservation.checkin} → ${reservation.checkout} · ${t('nights')(reservation.nights)} ·
        <span class="status">${t('status')[reservation.status] || esc(reservation.status)}</span></p>
      <p>${t('guestPays')} ${money(reservation.total, reservation.currency)}</p>
      ${reservation.payout ? `<div class="refund"><h3>${t('payout')}</h3>${lineItems(reservation.payout.lines, reservation.currency)}
        <p>${t('payoutTotal')} <strong data-testid="payout-total">${money(reservation.payout.total, reservation.currency)}</strong></p></div>` : ''}
      ${expires}
      <p class="form-error" role="alert"></p>
      ${reservation.status === 'requested' ? `<p class="actions"><button type="button" class="primary accept-request">${t('accept')}</button>
        <button type="button" class="secondary decline-request">${t('decline')}</button></p>` : ''}</div></li>`;
}

document.addEventListener('click', async (event) => {
  const button = event.target.closest('#host-requests .accept-request, #host-requests .decline-request');
  if (!button) return;
  const entry = button.closest('.host-request');
  const action = button.classList.contains('accept-request') ? 'accept' : 'decline';
  for (const other of entry.querySelectorAll('button')) other.disabled = true;
  try {
    const changed = await request('POST', `/host/reservations/${encodeURIComponent(entry.dataset.id)}/${action}`, { auth: 'account' });
    entry.outerHTML = item(changed);
  } catch (error) {
    for (const other of entry.querySelectorAll('button')) other.disabled = false;
    entry.querySelector('.form-error').textContent = error instanceof APIError
      ? [error.problem.title, error.problem.detail].filter(Boolean).join(' — ') : error.message;
  }
});
