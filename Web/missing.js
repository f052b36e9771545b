// The not-found page: an unknown address, or a listing or trip the API answers 404 for. It
// replaces the view's "loading" text, so nothing waits forever; a failure other than 404
// says so in the same place.
import { APIError } from './api.js';
import { t } from './i18n.js';
import { esc } from './dom.js';

/** Whether `error` is the API's 404 (an unknown listing, reservation, …). */
export function isNotFound(error) {
  return error instanceof APIError && error.status === 404;
}

/** Draws the not-found page (or, with `failed`, the could-not-load page) into `view`. */
export function showMissing(view, error = null, { failed = false } = {}) {
  const detail = error instanceof APIError ? error.problem.detail || error.problem.title : error?.message;
  view.innerHTML = `<div class="missing panel" data-testid="${failed ? 'load-failed' : 'not-found'}">
    <h1>${failed ? t('loadFailed') : t('notFound')}</h1>
    <p>${failed ? t('loadFailedHelp') : t('notFoundHelp')}</p>
    ${detail ? `<p class="muted">${esc(detail)}</p>` : ''}
    <p><a href="#/">${t('back')}</a></p></div>`;
  view.hidden = false;
}
