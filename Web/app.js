// The Stays web client: search (autocomplete, destinations, dates, guests, price), results
// (cards and map), a listing's page with its quote and booking, the guest's trips, and the
// account screens (sign up, sign in, profile, the emailed links).
// One page; the hash says which view shows (#/, #/listing/{id}, #/trips, #/signin, …). The
// emailed links arrive as /verify-email?token=… and /reset-password?token=…: their token is
// kept in memory and the address becomes /#/verify-email or /#/reset-password.
import { lang, setLang, translatePage } from './i18n.js';
import { $, showError } from './dom.js';
import { state } from './state.js';
import { refreshSession, onSessionChange, currentAccount } from './api.js';
import { searchCalendar, searchGuests, loadPopular, loadNearbyIfAllowed, refreshPrice, relabelLocation } from './search.js';
import { search } from './results.js';
import { showListing } from './listing.js';
import { showTrips } from './trips.js';
import { accountViews, showAccountView, openLink, renderAccountLink } from './account.js';

/** Views that are drawn again when the language changes. */
const redrawn = (hash) => hash.startsWith('#/listing/') || hash === '#/trips' || accountViews.includes(hash);

async function route() {
  const hash = location.hash || '#/';
  const listingMatch = hash.match(/^#\/listing\/(\d+)$/);
  const account = accountViews.includes(hash);
  $('#view-search').hidden = !!listingMatch || hash === '#/trips' || account;
  $('#view-listing').hidden = !listingMatch;
  $('#view-trips').hidden = hash !== '#/trips';
  $('#view-account').hidden = !account;
  try {
    if (listingMatch) await showListing(listingMatch[1]);
    else if (hash === '#/trips') await showTrips();
    else if (account) await showAccountView(hash);
    window.scrollTo(0, 0);
  } catch (error) { showError(error); }
}

async function start() {
  const link = openLink(location.pathname, location.search);
  // The token leaves the address bar (and the history) at once.
  if (link) history.replaceState(null, '', `/${link}`);
  translatePage();
  onSessionChange(renderAccountLink);
  renderAccountLink(null);
  window.addEventListener('hashchange', route);
  $('#lang-toggle').addEventListener('click', async () => {
    setLang(lang() === 'ko' ? 'en' : 'ko');
    translatePage();
    renderAccountLink(currentAccount());
    searchGuests.render();
    try {
      await Promise.all([loadPopular(), searchCalendar.show({ checkin: state.checkin, checkout: state.checkout }), refreshPrice(),
        relabelLocation()]);
      if (state.results) await search();
      if (redrawn(location.hash)) await route();
    } catch (error) { showError(error); }
  });
  $('#toast').addEventListener('click', () => { $('#toast').hidden = true; });
  try {
    // Signed in last time: a new pair of tokens for the stored refresh token.
    await Promise.all([loadPopular(), searchCalendar.show({}), refreshSession()]);
    loadNearbyIfAllowed();
  } catch (error) { showError(error); }
  await route();
  document.body.dataset.ready = 'true';
}

start();
