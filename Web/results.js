// The results: the sort, room-type and filter controls, the cards (photo, title, rating, total for
// the stay, the wishlist heart) and the map of the same search.
import { get } from './api.js';
import { t } from './i18n.js';
import { $, esc, showError } from './dom.js';
import { state, filters } from './state.js';
import { ResultsMap } from './map.js';
import { card } from './cards.js';
import { loadSaved, toggle } from './wishlist-store.js';
import { renderFilters, readFilters, syncFreeCancellation } from './filters.js';

const SORTS = ['recommended', 'price_asc', 'price_desc', 'rating_desc', 'distance'];
const ROOM_TYPES = ['entire_home', 'private_room', 'shared_room', 'hotel_room'];

const results = $('#results');
const resultsMap = new ResultsMap($('#map'), { onOpen: (id) => { location.hash = `#/listing/${id}`; } });

/** Called when the room types change: the price histogram counts them too. */
let roomTypesChanged = async () => {};
export function onRoomTypesChange(listener) { roomTypesChanged = listener; }

/** The sort menu and the room-type boxes, in the page's language, keeping their values. */
export function renderTools() {
  $('#sort-select').innerHTML = SORTS.map((sort) =>
    `<option value="${sort}"${state.sort === sort ? ' selected' : ''}>${esc(t('sorts')[sort])}</option>`).join('');
  $('#room-type-options').innerHTML = ROOM_TYPES.map((type) => `<label class="check-inline"><input type="checkbox"
    name="roomType" value="${type}"${state.roomTypes.includes(type) ? ' checked' : ''}> ${esc(t('roomTypes')[type])}</label>`).join('');
  sortByDistanceAllowed();
  renderFilters().catch(showError);
}

/** `sort=distance` is only for a landmark's search (elsewhere the API refuses it). */
function sortByDistanceAllowed() {
  const landmark = state.location?.kind === 'landmark';
  const option = $('#sort-select option[value=distance]');
  option.hidden = !landmark;
  option.disabled = !landmark;
  if (!landmark && state.sort === 'distance') { state.sort = 'recommended'; $('#sort-select').value = 'recommended'; }
}

export async function search(cursor) {
  if (!state.location) { $('#search-error').textContent = t('pickLocation'); return; }
  $('#search-error').textContent = '';
  sortByDistanceAllowed();
  syncFreeCancellation();
  try {
    const sort = state.sort === 'recommended' ? undefined : state.sort;
    const params = { ...filters(), ...state.price, sort, limit: 10, cursor };
    const [answer] = await Promise.all([get('/listings', params), cursor ? null : loadSaved()]);
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
    if (!cursor && !results.contains(document.activeElement)) $('#results').scrollIntoView({ block: 'start' });
  } catch (error) { showError(error); }
}

$('#search-button').addEventListener('click', () => search());
$('#sort-select').addEventListener('change', (event) => { state.sort = event.target.value; search(); });
$('#room-type-options').addEventListener('change', async () => {
  state.roomTypes = [...document.querySelectorAll('#room-type-options input:checked')].map((box) => box.value);
  try { await roomTypesChanged(); } catch (error) { showError(error); }
  await search();
});
$('#filter-options').addEventListener('change', async () => {
  readFilters();
  try { await roomTypesChanged(); } catch (error) { showError(error); }
  await search();
});
$('#result-list').addEventListener('click', (event) => {
  const button = event.target.closest('.heart');
  if (button) toggle(button);
});
