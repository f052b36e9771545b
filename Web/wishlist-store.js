// The guest's wishlist: which listings are saved (GET /wishlist), the heart button on a card,
// and saving or removing (PUT and DELETE /wishlist/{id}, creating the guest on first use).
// Every heart on the page for a listing shows the same state.
import { request, hasGuest, onSessionChange } from './api.js';
import { t } from './i18n.js';
import { esc, showError } from './dom.js';

let saved = new Set();

/** Asks which listings are saved (nobody to ask yet: none are). */
export async function loadSaved() {
  if (!hasGuest()) { saved = new Set(); return saved; }
  const answer = await request('GET', '/wishlist', { auth: true });
  saved = new Set(answer.items.map((item) => item.id));
  return saved;
}

// Another person signed in or out: their own wishlist.
onSessionChange(() => { saved = new Set(); });

/** The heart button of a card for `item` ({id, title}). */
export function heart(item) {
  const on = saved.has(item.id);
  return `<button type="button" class="heart" data-listing-id="${esc(item.id)}" data-title="${esc(item.title)}"
    aria-pressed="${on}" aria-label="${esc(t('saveToWishlist')(item.title))}">${on ? '♥' : '♡'}</button>`;
}

function paint(id) {
  const on = saved.has(id);
  for (const button of document.querySelectorAll(`.heart[data-listing-id="${CSS.escape(id)}"]`)) {
    button.setAttribute('aria-pressed', String(on));
    button.textContent = on ? '♥' : '♡';
  }
}

/** Saves or removes the listing of `button`; `onRemoved(id)` after a removal. */
export async function toggle(button, onRemoved) {
  const id = button.dataset.listingId;
  const on = !saved.has(id);
  button.disabled = true;
  try {
    await request(on ? 'PUT' : 'DELETE', `/wishlist/${encodeURIComponent(id)}`, { auth: true });
    if (on) saved.add(id); else saved.delete(id);
    paint(id);
    if (!on && onRemoved) onRemoved(id);
  } catch (error) { showError(error); } finally { button.disabled = false; }
}
