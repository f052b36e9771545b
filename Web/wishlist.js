// The wishlist screen (#/wishlist): the saved listings as cards, most recently saved first,
// each with its total for the chosen dates and guests or "not available" for them. Its
// hearts remove a listing from the list.
import { request, hasGuest } from './api.js';
import { t } from './i18n.js';
import { $ } from './dom.js';
import { filters } from './state.js';
import { card } from './cards.js';
import { loadSaved, toggle } from './wishlist-store.js';

export async function showWishlist() {
  const view = $('#view-wishlist');
  view.innerHTML = `<h1>${t('wishlist')}</h1><p>${t('loading')}</p>`;
  let items = [];
  if (hasGuest()) {
    const { checkin, checkout, adults, children, infants } = filters();
    const stay = checkin ? { checkin, checkout, adults, children, infants } : {};
    items = (await request('GET', '/wishlist', { auth: true, params: stay })).items;
    await loadSaved();
  }
  view.innerHTML = `<h1>${t('wishlist')} <small data-testid="wishlist-count">${t('resultsCount')(items.length)}</small></h1>
    <ol class="cards" id="wishlist-list">${items.length ? items.map(card).join('') : `<li class="empty">${t('wishlistEmpty')}</li>`}</ol>`;
}

$('#view-wishlist').addEventListener('click', (event) => {
  const button = event.target.closest('.heart');
  if (!button) return;
  toggle(button, (id) => {
    $(`#wishlist-list .card[data-id="${CSS.escape(id)}"]`)?.remove();
    const left = document.querySelectorAll('#wishlist-list .card').length;
    $('[data-testid=wishlist-count]').textContent = t('resultsCount')(left);
    if (!left) $('#wishlist-list').innerHTML = `<li class="empty">${t('wishlistEmpty')}</li>`;
  });
});
