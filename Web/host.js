// The host's screens, all in #view-host: my listings (#/host), the listing editor
// (#/host/listings/new, #/host/listings/{id}), its calendar (#/host/listings/{id}/calendar)
// and the requests inbox (#/host/requests). Signed out: the sign-in screen; signed in
// without the host role: a note saying how to become one (the API answers 403).
import { APIError, currentAccount } from './api.js';
import { t } from './i18n.js';
import { showHostListings, showListingEditor, hostNav } from './host-listings.js';
import { showHostCalendar } from './host-calendar.js';
import { showHostRequests } from './host-requests.js';

/** Whether `hash` is one of the host's views. */
export function isHostView(hash) {
  return hash === '#/host' || hash === '#/host/requests' || /^#\/host\/listings\/(new|\d+)(\/calendar)?$/.test(hash);
}

export async function showHostView(view, hash) {
  if (!currentAccount()) { location.hash = '#/signin'; return; }
  try {
    if (hash === '#/host') return await showHostListings(view);
    if (hash === '#/host/requests') return await showHostRequests(view);
    const match = hash.match(/^#\/host\/listings\/(new|\d+)(\/calendar)?$/);
    if (match[2]) return await showHostCalendar(view, match[1]);
    return await showListingEditor(view, match[1]);
  } catch (error) {
    if (error instanceof APIError && error.status === 403) {
      view.innerHTML = `${hostNav('')}<div class="missing panel" data-testid="host-only"><h1>${t('hostOnly')}</h1>
        <p>${t('hostOnlyHelp')}</p><p><a href="#/account">${t('profile')}</a></p></div>`;
      return;
    }
    throw error;
  }
}
