// The bell in the header and the notification list (#/notifications), for a signed-in
// account: GET /notifications/unread-count for the bell's number (again on every change of
// view, so a new booking request shows when the host moves on), GET /notifications (newest
// first, paged by cursor) for the list, with title and body as the server wrote them in the
// account's language; POST /notifications/{id}/read, POST /notifications/read-all and
// DELETE /notifications/{id}.
import { APIError, request, currentAccount } from './api.js';
import { t } from './i18n.js';
import { $, esc, showError } from './dom.js';

let unread = 0;

/** Shows or hides the bell for `account` and, when signed in, asks for its count. */
export function renderBell(account) {
  const bell = $('#notifications-link');
  bell.hidden = !account;
  if (!account) { unread = 0; drawBell(); return; }
  drawBell();
  refreshBell();
}

function drawBell() {
  const bell = $('#notifications-link');
  bell.dataset.unread = String(unread);
  bell.setAttribute('aria-label', t('notificationsLabel')(unread));
  const count = $('#notifications-count');
  count.textContent = unread > 99 ? '99+' : String(unread);
  count.hidden = unread === 0;
}

/** Asks the server for the unread count (quietly: the bell is not worth a toast). */
export async function refreshBell() {
  if (!currentAccount()) return;
  try {
    const answer = await request('GET', '/notifications/unread-count', { auth: 'account' });
    unread = answer.unread;
    drawBell();
  } catch (error) {
    if (!(error instanceof APIError)) console.warn(error);
  }
}

window.addEventListener('hashchange', refreshBell);

let items = [];
let nextCursor = null;

export async function showNotifications(view) {
  if (!currentAccount()) { location.hash = '#/signin'; return; }
  view.innerHTML = `<div class="account-form panel notifications"><h1>${t('notifications')}</h1><p>${t('loading')}</p></div>`;
  const answer = await request('GET', '/notifications', { auth: 'account', params: { limit: 20 } });
  items = answer.items;
  nextCursor = answer.nextCursor;
  draw(view);
  refreshBell();
}

function draw(view) {
  view.innerHTML = `<div class="account-form panel notifications"><h1>${t('notifications')}</h1>
    <p class="actions"><button type="button" class="secondary" id="read-all"${items.some((n) => !n.readAt) ? '' : ' disabled'}>${t('markAllRead')}</button></p>
    <p class="form-error" role="alert" id="notifications-error"></p>
    <ol id="notification-list" class="notification-list">${items.length ? items.map(entry).join('') : `<li class="muted">${t('noNotifications')}</li>`}</ol>
    ${nextCursor ? `<button type="button" class="secondary" id="more-notifications">${t('moreNotifications')}</button>` : ''}</div>`;
  $('#read-all').addEventListener('click', () => act(view, async () => {
    await request('POST', '/notifications/read-all', { auth: 'account' });
    const now = new Date().toISOString();
    items = items.map((n) => (n.readAt ? n : { ...n, readAt: now }));
  }));
  $('#more-notifications')?.addEventListener('click', () => act(view, async () => {
    const answer = await request('GET', '/notifications', { auth: 'account', params: { limit: 20, cursor: nextCursor } });
    items = items.concat(answer.items);
    nextCursor = answer.nextCursor;
  }));
  $('#notification-list').addEventListener('click', (event) => {
    const button = event.target.closest('button');
    if (!button) return;
    const id = button.closest('.notification').dataset.id;
    const path = `/notifications/${encodeURIComponent(id)}`;
    if (button.classList.contains('mark-read')) {
      act(view, async () => {
        const changed = await request('POST', `${path}/read`, { auth: 'account' });
        items = items.map((n) => (n.id === id ? changed : n));
      });
    } else if (button.classList.contains('delete-notification')) {
      act(view, async () => {
        await request('DELETE', path, { auth: 'account' });
        items = items.filter((n) => n.id !== id);
      });
    }
  });
}

/** Runs a change, then draws the list and asks for the bell's count again. */
async function act(view, change) {
  try {
    await change();
    draw(view);
    await refreshBell();
  } catch (error) {
    const slot = $('#notifications-error');
    if (slot && error instanceof APIError) slot.textContent = [error.problem.title, error.problem.detail].filter(Boolean).join(' — ');
    else showError(error);
  }
}

function entry(notification) {
  const read = Boolean(notification.readAt);
  const when = new Date(notification.createdAt).toLocaleString();
  return `<li class="notification${read ? '' : ' unread'}" data-id="${esc(notification.id)}" data-type="${esc(notification.type)}"
      data-reservation-id="${esc(notification.reservationId ?? '')}" data-read="${read}">
    <div><h2>${read ? '' : `<span class="visually-hidden">${t('unreadMark')} </span>`}${esc(notification.title)}</h2>
      <p>${esc(notification.body)}</p>
      <p class="muted"><time datetime="${esc(notification.createdAt)}">${esc(when)}</time></p></div>
    <p class="actions">${read ? '' : `<button type="button" class="secondary mark-read">${t('markRead')}</button>`}
      <button type="button" class="secondary delete-notification">${t('deleteNotification')}</button></p></li>`;
}
