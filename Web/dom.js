// Small helpers: markup from API text, debouncing, the error toast.
import { APIError } from './api.js';
import { t } from './i18n.js';

export const $ = (selector) => document.querySelector(selector);

/** `text` with the five HTML-special characters escaped, for text and attribute values. */
export function esc(text) {
  return String(text ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
}

/** Calls `fn` once `ms` after the last call. */
export function debounce(fn, ms) {
  let timer = null;
  return (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
}

/** Shows a failure in the toast at the top (a problem's title, never a stack). */
export function showError(error) {
  const message = error instanceof APIError ? `${t('error')}: ${error.problem.title || error.status}` : `${t('error')}: ${error.message}`;
  const box = $('#toast');
  box.textContent = message;
  box.hidden = false;
  console.warn(error);
}
