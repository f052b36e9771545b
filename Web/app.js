// The Stays web client: search (autocomplete, destinations, dates, guests, price), results
// (cards and map), a listing's page with its quote and booking, and the guest's trips.
// One page; the hash says which view shows (#/, #/listing/{id}, #/trips).
import { lang, setLang, translatePage } from './i18n.js';
import { $, showError } from './dom.js';
import { state } from './state.js';
import { searchCalendar, searchGuests, loadPopular, loadNearbyIfAllowed, refreshPrice, relabelLocation } from './search.js';
import { search } from './results.js';
import { showListing } from './listing.js';
import { showTrips } from './trips.js';

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
      await Promise.all([loadPopular(), searchCalendar.show({ checkin: state.checkin, checkout: state.checkout }), refreshPrice(),
        relabelLocation()]);
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
