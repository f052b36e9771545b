// The search screen: the location box (autocomplete as you type, 초성 and composing syllables
// too, debounced), popular and nearby destinations, and the dates, guests and price filters.
import { get } from './api.js';
import { t } from './i18n.js';
import { $, esc, debounce, showError } from './dom.js';
import { state, filters } from './state.js';
import { Calendar } from './calendar.js';
import { PriceFilter } from './price.js';
import { GuestStepper } from './guests.js';
import { search } from './results.js';

const input = $('#location-input');
const options = $('#location-options');
let suggestions = [];
let active = -1;

function renderOptions() {
  options.innerHTML = suggestions.map((s, i) => `
    <li role="option" id="opt-${i}" data-index="${i}" aria-selected="${i === active}">
      <strong>${esc(s.name)}</strong> <small>${esc(s.fullName)}</small></li>`).join('');
  const open = suggestions.length > 0;
  options.hidden = !open;
  input.setAttribute('aria-expanded', String(open));
  // Only an option that is shown may be the active one (a stale id is an ARIA error).
  if (active >= suggestions.length) active = -1;
  if (active >= 0) input.setAttribute('aria-activedescendant', `opt-${active}`);
  else input.removeAttribute('aria-activedescendant');
}

const autocomplete = debounce(async () => {
  const query = input.value.trim();
  if (!query) { suggestions = []; renderOptions(); return; }
  try {
    const answer = await get('/locations', { query, limit: 8 });
    if (input.value.trim() !== query) return;
    suggestions = answer.items;
    active = -1;
    renderOptions();
  } catch (error) { showError(error); }
}, 200);

// Korean input methods compose syllables: every composition step is an `input` event, which
// is what we want (ㅅ, 서, 성, 서우, 서울 each ask again, debounced).
input.addEventListener('input', autocomplete);
input.addEventListener('keydown', (event) => {
  if (event.isComposing) return;
  if (event.key === 'ArrowDown' && suggestions.length) { active = (active + 1) % suggestions.length; renderOptions(); event.preventDefault(); }
  else if (event.key === 'ArrowUp' && suggestions.length) { active = (active - 1 + suggestions.length) % suggestions.length; renderOptions(); event.preventDefault(); }
  else if (event.key === 'Enter' && active >= 0) { choose(suggestions[active]); event.preventDefault(); }
  else if (event.key === 'Escape') { suggestions = []; renderOptions(); }
});
options.addEventListener('mousedown', (event) => event.preventDefault());
options.addEventListener('click', (event) => {
  const item = event.target.closest('[data-index]');
  if (item) choose(suggestions[Number(item.dataset.index)]);
});

/** The chosen place's name in the page's language again, after the language changed. */
export async function relabelLocation() {
  if (!state.location) return;
  state.location = await get(`/locations/${encodeURIComponent(state.location.id)}`);
  input.value = state.location.name;
  $('#chosen-location').textContent = state.location.fullName;
}

function choose(location) {
  state.location = location;
  input.value = location.name;
  suggestions = [];
  active = -1;
  renderOptions();
  $('#chosen-location').textContent = location.fullName;
  refreshPrice();
}

function destinationItems(items, withDistance) {
  return items.map((item) => `
    <li><button type="button" class="destination" data-id="${esc(item.id)}">
      ${item.imageUrl ? `<img src="${esc(item.imageUrl)}" alt="" width="80" height="60">` : ''}
      <span><strong>${esc(item.name)}</strong>
      <small>${withDistance ? `${item.distanceKm} km` : t('listingsCount')(item.listingCount)}</small></span>
    </button></li>`).join('');
}

let destinations = new Map();
export async function loadPopular() {
  const answer = await get('/locations/popular', { limit: 6 });
  for (const item of answer.items) destinations.set(item.id, item);
  $('#popular').innerHTML = destinationItems(answer.items, false);
}

function loadNearby() {
  if (!navigator.geolocation) { $('#nearby').textContent = t('nearbyFailed'); return; }
  navigator.geolocation.getCurrentPosition(async (position) => {
    try {
      const answer = await get('/locations/nearby', { lat: position.coords.latitude.toFixed(4), lng: position.coords.longitude.toFixed(4), limit: 6 });
      for (const item of answer.items) destinations.set(item.id, item);
      $('#nearby').innerHTML = destinationItems(answer.items, true);
    } catch (error) { showError(error); }
  }, () => { $('#nearby').textContent = t('nearbyFailed'); });
}
$('#nearby-button').addEventListener('click', loadNearby);

/** Nearby places before typing, when the user already allowed this page their position. */
export async function loadNearbyIfAllowed() {
  const status = await navigator.permissions?.query({ name: 'geolocation' }).catch(() => null);
  if (status?.state === 'granted') loadNearby();
}

for (const list of ['#popular', '#nearby']) {
  $(list).addEventListener('click', (event) => {
    const button = event.target.closest('[data-id]');
    if (button) choose(destinations.get(button.dataset.id));
  });
}

// ---- Dates, guests, price ----

export const searchCalendar = new Calendar($('#search-calendar'), {
  onChange: ({ checkin, checkout }) => {
    state.checkin = checkin;
    state.checkout = checkout;
    if (!checkin || checkout) refreshPrice();
  },
});

export const searchGuests = new GuestStepper($('#guests'), {
  guests: state.guests,
  onChange: (guests) => { state.guests = guests; refreshPrice(); },
});

const priceFilter = new PriceFilter($('#price'), {
  onChange: (range) => { state.price = range; if (state.results) search(); },
});

export async function refreshPrice() {
  if (!state.location) { priceFilter.relabel(); return; }
  try {
    await priceFilter.show(filters());
    state.price = priceFilter.range;
  } catch (error) { showError(error); }
}
