// The Stays web client: search (autocomplete, destinations, dates, guests, price), results
// (cards and map), a listing's page with its quote and booking, the guest's trips, and the
// account screens (sign up, sign in, profile, the emailed links).
// One page; the hash says which view shows (#/, #/listing/{id}, #/trips, #/trips/{id},
// #/wishlist, #/signin, …, and the host's #/host…); any other hash, and a listing or trip the API does not know, shows the
// not-found page. The emailed links arrive as /verify-email?token=… and
// /reset-password?token=…: their token is kept in memory and the address becomes
// /#/verify-email or /#/reset-password.
import { lang, setLang, translatePage } from './i18n.js';
import { $, showError } from './dom.js';
import { state } from './state.js';
import { refreshSession, onSessionChange, currentAccount } from './api.js';
import { searchCalendar, searchGuests, loadPopular, loadNearbyIfAllowed, refreshPrice, relabelLocation } from './search.js';
import { search, renderTools, onRoomTypesChange } from './results.js';
import { showWishlist } from './wishlist.js';
import { showListing } from './listing.js';
import { showTrips, showTrip } from './trips.js';
import { accountViews, showAccountView, openLink, renderAccountLink } from './account.js';
import { showMissing, isNotFound } from './missing.js';
import { isHostView, showHostView } from './host.js';

/** The view a hash shows: its section and how to draw it (null: nothing to load). */
function viewFor(hash) {
  let match;
  if (hash === '#/' || hash === '#' || hash === '') return { section: 'search', show: null };
  if ((match = hash.match(/^#\/listing\/(\d+)$/))) return { section: 'listing', show: () => showListing(match[1]) };
  if (hash === '#/wishlist') return { section: 'wishlist', show: showWishlist };
  if (hash === '#/trips') return { section: 'trips', show: showTrips };
  if ((match = hash.match(/^#\/trips\/(\d+)$/))) return { section: 'trips', show: () => showTrip(match[1]) };
  if (isHostView(hash)) return { section: 'host', show: () => showHostView($('#view-host'), hash) };
  if (accountViews.includes(hash)) return { section: 'account', show: () => showAccountView(hash) };
  return { section: 'missing', show: () => showMissing($('#view-missing')) };
}

const sections = ['search', 'listing', 'trips', 'wishlist', 'host', 'account', 'missing'];

/** Views that are drawn again when the language changes (all but the search form). */
const redrawn = (hash) => viewFor(hash).section !== 'search';

async function route() {
  const view = viewFor(location.hash || '#/');
  for (const name of sections) $(`#view-${name}`).hidden = name !== view.section;
  try {
    if (view.show) await view.show();
    window.scrollTo(0, 0);
  } catch (error) {
    // A listing or trip the API does not know: the not-found page, never a view left loading.
    const section = $(`#view-${view.section}`);
    if (isNotFound(error)) showMissing(section, error);
    else { showMissing(section, error, { failed: true }); showError(error); }
  }
}

async function start() {
  const link = openLink(location.pathname, location.search);
  // The token leaves the address bar (and the history) at once.
  if (link) history.replaceState(null, '', `/${link}`);
  translatePage();
  renderTools();
  onRoomTypesChange(refreshPrice);
  onSessionChange(renderAccountLink);
  // The host's link, for accounts with the host role.
  onSessionChange((account) => { $('#host-link').hidden = !account?.roles?.includes('host'); });
  renderAccountLink(null);
  window.addEventListener('hashchange', route);
  $('#lang-toggle').addEventListener('click', async () => {
    setLang(lang() === 'ko' ? 'en' : 'ko');
    translatePage();
    renderAccountLink(currentAccount());
    searchGuests.render();
    renderTools();
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
