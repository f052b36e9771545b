// A result card (photo, title, rating, total for the stay) with its wishlist heart, shared by
// the results and the wishlist screen.
import { t, money } from './i18n.js';
import { esc } from './dom.js';
import { state } from './state.js';
import { nightsBetween } from './calendar.js';
import { heart } from './wishlist-store.js';

export function card(item) {
  const nights = state.checkin && state.checkout ? nightsBetween(state.checkin, state.checkout) : 0;
  // Below 3 reviews there is no rating yet, but the reviews there are still count.
  const rating = item.rating != null ? `<span class="card-rating">★ ${item.rating.toFixed(2)} (${item.reviewCount})</span>`
    : item.reviewCount ? t('reviews')(item.reviewCount) : t('newListing');
  let price;
  if (item.available === false) price = `<span class="unavailable" data-testid="card-unavailable">${t('unavailableForDates')}</span>`;
  else if (item.totalPrice != null) {
    price = `<span class="total" data-testid="card-total" data-amount="${item.totalPrice}">${money(item.totalPrice, item.currency)}</span> <small>${t('totalFor')(nights)}</small>`;
  } else price = `<span class="total">${money(item.nightlyPrice, item.currency)}</span> <small>${t('perNight')}</small>`;
  return `<li class="card" data-id="${esc(item.id)}" data-room-type="${esc(item.roomType)}" data-nightly="${item.nightlyPrice}"><a href="#/listing/${esc(item.id)}" data-id="${esc(item.id)}">
    <img src="${esc(item.photoUrl || '')}" alt="" width="400" height="300" loading="lazy">
    <span class="card-body"><span class="card-title">${esc(item.title)}</span>
    <span class="card-meta">${esc(item.locationName)} · ${t('roomTypes')[item.roomType] || esc(item.roomType)} · ${rating}${item.isSuperhost ? ` · ${t('superhost')}` : ''}</span>
    <span class="card-price">${price}</span></span></a>${heart(item)}</li>`;
}
