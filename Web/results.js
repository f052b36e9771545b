// The results: cards (photo, title, rating, total for the stay) and the map of the same search.
import { get } from './api.js';
import { t, money } from './i18n.js';
import { $, esc, showError } from './dom.js';
import { state, filters } from './state.js';
import { nightsBetween } from './calendar.js';
import { ResultsMap } from './map.js';

function card(item) {
  const nights = state.checkin && state.checkout ? nightsBetween(state.checkin, state.checkout) : 0;
  const rating = item.rating != null ? `★ ${item.rating.toFixed(2)} (${item.reviewCount})` : t('newListing');
  const price = item.totalPrice != null
    ? `<span class="total" data-testid="card-total" data-amount="${item.totalPrice}">${money(item.totalPrice, item.currency)}</span> <small>${t('totalFor')(nights)}</small>`
    : `<span class="total">${money(item.nightlyPrice, item.currency)}</span> <small>${t('perNight')}</small>`;
  return `<li class="card"><a href="#/listing/${esc(item.id)}" data-id="${esc(item.id)}">
    <img src="${esc(item.photoUrl || '')}" alt="" width="400" height="300" loading="lazy">
    <span class="card-body"><span class="card-title">${esc(item.title)}</span>
    <span class="card-meta">${esc(item.locationName)} · ${rating}${item.isSuperhost ? ` · ${t('superhost')}` : ''}</span>
    <span class="card-price">${price}</span></span></a></li>`;
}

const resultsMap = new ResultsMap($('#map'), { onOpen: (id) => { location.hash = `#/listing/${id}`; } });

export async function search(cursor) {
  if (!state.location) { $('#search-error').textContent = t('pickLocation'); return; }
  $('#search-error').textContent = '';
  try {
    const params = { ...filters(), ...state.price, limit: 10, cursor };
    const answer = await get('/listings', params);
    state.results = answer;
    $('#results').hidden = false;
    $('#results-count').textContent = t('resultsCount')(answer.total);
    $('#results-count').dataset.total = answer.total;
    const list = $('#result-list');
    list.innerHTML = (cursor ? list.innerHTML : '') + answer.items.map(card).join('');
    if (!answer.items.length && !cursor) list.innerHTML = `<li>${t('noResults')}</li>`;
    $('#more-results').hidden = !answer.nextCursor;
    $('#more-results').onclick = () => search(answer.nextCursor);
    if (!cursor && answer.bounds) await resultsMap.show({ ...filters(), ...state.price }, answer.bounds);
    if (!cursor) $('#results').scrollIntoView({ block: 'start' });
  } catch (error) { showError(error); }
}

$('#search-button').addEventListener('click', () => search());
