// The Stays web client: search (autocomplete, destinations, dates, guests, price), results
// (cards and map), a listing's page with its quote and booking, and the guest's trips.
// One page; the hash says which view shows (#/, #/listing/{id}, #/trips).
import { get, request, hasGuest, newIdempotencyKey, APIError } from './api.js';
import { t, lang, setLang, money, translatePage } from './i18n.js';
import { esc, debounce } from './dom.js';
import { Calendar, nightsBetween } from './calendar.js';
import { PriceFilter } from './price.js';
import { ResultsMap } from './map.js';
import { GuestStepper } from './guests.js';

const $ = (selector) => document.querySelector(selector);

const state = {
  location: null,
  checkin: null,
  checkout: null,
  guests: { adults: 2, children: 0, infants: 0 },
  price: {},
  results: null,
};

function filters() {
  return {
    locationId: state.location?.id,
    checkin: state.checkin && state.checkout ? state.checkin : undefined,
    checkout: state.checkin && state.checkout ? state.checkout : undefined,
    ...state.guests,
  };
}

function showError(error) {
  const message = error instanceof APIError ? `${t('error')}: ${error.problem.title || error.status}` : `${t('error')}: ${error.message}`;
  const box = $('#toast');
  box.textContent = message;
  box.hidden = false;
  console.warn(error);
}

// ---- Search: autocomplete and destinations ----

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

function choose(location) {
  state.location = location;
  input.value = location.name;
  suggestions = [];
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
async function loadPopular() {
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
async function loadNearbyIfAllowed() {
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

const searchCalendar = new Calendar($('#search-calendar'), {
  onChange: ({ checkin, checkout }) => {
    state.checkin = checkin;
    state.checkout = checkout;
    if (!checkin || checkout) refreshPrice();
  },
});

const searchGuests = new GuestStepper($('#guests'), {
  guests: state.guests,
  onChange: (guests) => { state.guests = guests; refreshPrice(); },
});

const priceFilter = new PriceFilter($('#price'), {
  onChange: (range) => { state.price = range; if (state.results) search(); },
});

async function refreshPrice() {
  if (!state.location) return;
  try {
    await priceFilter.show(filters());
    state.price = priceFilter.range;
  } catch (error) { showError(error); }
}

// ---- Results ----

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

async function search(cursor) {
  if (!state.location) { $('#search-error').textContent = t('pickLocation'); return; }
  $('#search-error').textContent = '';
  try {
    const params = { ...filters(), ...state.price, limit: 10, cursor };
    const answer = await get('/listings', params);
    state.results = answer;
    $('#results').hidden = false;
    $('#results-count').textContent = t('resultsCount')(answer.total);
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

// ---- A listing's page ----

let detail = null;

async function showListing(id) {
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
      </div>
      <aside class="booking" aria-labelledby="quote-heading">
        <h2 id="quote-heading">${t('quote')}</h2>
        <div id="listing-guests"></div>
        <div id="quote" aria-live="polite"></div>
        <button type="button" class="primary" id="reserve-button" disabled>${t('reserve')}</button>
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
  await detailCalendar.show({ listingId: listing.id, guests: state.guests, checkin: state.checkin, checkout: state.checkout });
  await updateQuote();
}

function lineItems(items, currency) {
  return `<table class="lines">${items.map((item) => `<tr data-kind="${esc(item.kind)}"><th scope="row">${esc(item.label)}</th>
    <td>${money(item.amount, currency)}</td></tr>`).join('')}</table>`;
}

async function updateQuote() {
  const box = $('#quote');
  const button = $('#reserve-button');
  button.disabled = true;
  detail.quote = null;
  if (!state.checkin || !state.checkout) { box.innerHTML = `<p>${t('chooseCheckin')}</p>`; return; }
  try {
    const quote = await get('/quote', { listingId: detail.listing.id, checkin: state.checkin, checkout: state.checkout, ...state.guests });
    renderQuote(quote);
  } catch (error) {
    box.innerHTML = `<p class="error">${esc(error.problem?.detail || error.message)}</p>`;
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
    button.textContent = t('reserve');
    if (error.problem?.type === '/problems/price-changed') {
      renderQuote(error.problem.currentQuote);
      $('#reserve-message').textContent = t('priceChanged');
    } else {
      $('#reserve-message').textContent = error.problem?.detail || error.message;
    }
  }
}

// ---- Trips ----

async function showTrips() {
  const view = $('#view-trips');
  view.innerHTML = `<h1>${t('trips')}</h1><ol id="trip-list" class="trips"></ol>`;
  if (!hasGuest()) { $('#trip-list').innerHTML = `<li>${t('noTrips')}</li>`; return; }
  const answer = await request('GET', '/reservations', { auth: true, params: { limit: 50 } });
  $('#trip-list').innerHTML = answer.items.length ? answer.items.map(trip).join('') : `<li>${t('noTrips')}</li>`;
}

function trip(reservation) {
  const refund = reservation.refund ? `
    <div class="refund" data-testid="refund"><h3>${t('refund')}</h3>${lineItems(reservation.refund.lines, reservation.currency)}
      <p>${t('refundTotal')} <strong data-testid="refund-total">${money(reservation.refund.total, reservation.currency)}</strong>
      · ${t('retained')} ${money(reservation.refund.retained, reservation.currency)}</p></div>` : '';
  return `<li class="trip" data-id="${esc(reservation.id)}" data-status="${esc(reservation.status)}">
    <img src="${esc(reservation.listing.photoUrl || '')}" alt="" width="160" height="120">
    <div><h2>${esc(reservation.listing.title)}</h2>
      <p>${reservation.checkin} → ${reservation.checkout} · ${t('nights')(reservation.nights)} · <span class="status">${t('status')[reservation.status] || esc(reservation.status)}</span></p>
      <p>${t('paid')} ${money(reservation.total, reservation.currency)}</p>
      ${refund}
      <p class="actions">${reservation.status === 'confirmed' ? `<button type="button" class="secondary cancel-trip">${t('cancel')}</button>` : ''}
      <a href="#/listing/${esc(reservation.listingId)}" class="view-listing" data-checkin="${reservation.checkin}" data-checkout="${reservation.checkout}">${t('viewListing')}</a></p></div></li>`;
}

$('#view-trips').addEventListener('click', async (event) => {
  const view = event.target.closest('.view-listing');
  if (view) { state.checkin = view.dataset.checkin; state.checkout = view.dataset.checkout; return; }
  const button = event.target.closest('.cancel-trip');
  if (!button) return;
  const item = button.closest('.trip');
  button.disabled = true;
  button.textContent = t('cancelling');
  try {
    const reservation = await request('POST', `/reservations/${item.dataset.id}/cancel`, { auth: true });
    item.outerHTML = trip(reservation);
  } catch (error) { showError(error); }
});

// ---- Views and language ----

async function route() {
  const hash = location.hash || '#/';
  const listingMatch = hash.match(/^#\/listing\/(\d+)$/);
  $('#view-search').hidden = !!listingMatch || hash === '#/trips';
  $('#view-listing').hidden = !listingMatch;
  $('#view-trips').hidden = hash !== '#/trips';
  try {
    if (listingMatch) await showListing(listingMatch[1]);
    else if (hash === '#/trips') await showTrips();
    window.scrollTo(0, 0);
  } catch (error) { showError(error); }
}

async function start() {
  translatePage();
  window.addEventListener('hashchange', route);
  $('#lang-toggle').addEventListener('click', async () => {
    setLang(lang() === 'ko' ? 'en' : 'ko');
    translatePage();
    searchGuests.render();
    try {
      await Promise.all([loadPopular(), searchCalendar.show({ checkin: state.checkin, checkout: state.checkout }), refreshPrice()]);
      if (state.results) await search();
      if (location.hash.startsWith('#/listing/') || location.hash === '#/trips') await route();
    } catch (error) { showError(error); }
  });
  $('#toast').addEventListener('click', () => { $('#toast').hidden = true; });
  try {
    await Promise.all([loadPopular(), searchCalendar.show({})]);
    loadNearbyIfAllowed();
  } catch (error) { showError(error); }
  await route();
  document.body.dataset.ready = 'true';
}

start();
