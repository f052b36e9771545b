// The one way the page talks to the server: same origin, JSON in and out, the language of
// the page as Accept-Language, and a bearer token when a route needs one: the signed-in
// account's access token, else the anonymous guest's token.
//
// A session: the access token lives only in this module's memory (a reload loses it); the
// refresh token is kept in localStorage, so that a reload trades it for a new pair
// (POST /sessions/refresh) and the person stays signed in. A call answered 401 while signed
// in refreshes once and is tried again.
import { lang } from './i18n.js';

/** An answer other than 2xx: `problem` is the RFC 9457 body (branch on `problem.type`). */
export class APIError extends Error {
  constructor(status, problem) {
    super(problem?.detail || `HTTP ${status}`);
    this.status = status;
    this.problem = problem || {};
  }
}

const GUEST_KEY = 'stays.guestToken';
const REFRESH_KEY = 'stays.refreshToken';

function query(params) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

async function send(method, path, { params = {}, body, headers = {}, token = null } = {}) {
  const init = { method, headers: { 'Accept-Language': lang(), ...headers } };
  if (token) init.headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path + query(params), init);
  const text = await response.text();
  const json = text ? JSON.parse(text) : null;
  if (!response.ok) throw new APIError(response.status, json);
  return json;
}

/**
 * A call to the API. `auth`: false (no token), true (a guest route: the account's access
 * token when signed in, else the anonymous guest's, created on first use) or 'account'
 * (only the account's access token).
 */
export async function request(method, path, options = {}) {
  const { auth = false } = options;
  const usesAccount = auth !== false && accessToken !== null;
  let token = null;
  if (usesAccount) token = accessToken;
  else if (auth === true) token = await guestToken();
  try {
    return await send(method, path, { ...options, token });
  } catch (error) {
    // An expired access token: trade the refresh token for a new pair, then try once more.
    if (!usesAccount || !(error instanceof APIError) || error.status !== 401) throw error;
    if (!(await refreshSession())) throw error;
    return send(method, path, { ...options, token: accessToken });
  }
}

export const get = (path, params) => request('GET', path, { params });

/** The guest's token, creating the guest on first use and keeping the token in the browser. */
export async function guestToken() {
  let token = localStorage.getItem(GUEST_KEY);
  if (!token) {
    const guest = await send('POST', '/guests');
    token = guest.token;
    localStorage.setItem(GUEST_KEY, token);
  }
  return token;
}

/** The anonymous guest's token when this browser has one (nothing is created). */
export function anonymousGuestToken() { return localStorage.getItem(GUEST_KEY); }

/** Forgets the anonymous guest: after sign-up the account owns that guest's trips. */
export function forgetAnonymousGuest() { localStorage.removeItem(GUEST_KEY); }

/** Whether guest routes have someone to ask about: a signed-in account or an anonymous guest. */
export function hasGuest() { return accessToken !== null || localStorage.getItem(GUEST_KEY) !== null; }

// MARK: the session

let accessToken = null;
let account = null;
let refreshing = null;
const listeners = new Set();

/** The signed-in account (`GET /me`'s shape), or null. */
export function currentAccount() { return account; }

/** Calls `listener(account)` whenever someone signs in or out or the profile changes. */
export function onSessionChange(listener) { listeners.add(listener); }

function changed() { for (const listener of listeners) listener(account); }

/** Keeps a sign-up's, sign-in's or refresh's answer: `{account, accessToken, refreshToken}`. */
export function startSession(answer) {
  accessToken = answer.accessToken;
  account = answer.account;
  localStorage.setItem(REFRESH_KEY, answer.refreshToken);
  changed();
}

/** Forgets the session in this browser (the server's side is `DELETE /sessions/current`). */
export function endSession() {
  accessToken = null;
  account = null;
  localStorage.removeItem(REFRESH_KEY);
  changed();
}

/** The profile changed (`PATCH /me`'s answer). */
export function updateAccount(changedAccount) {
  account = changedAccount;
  changed();
}

/**
 * Trades the stored refresh token for a new pair: true when signed in afterwards. A refused
 * token (spent, expired, revoked) signs out; an unreachable server keeps it for next time.
 * One refresh at a time: a refresh token is single-use, and presenting it twice would
 * revoke the whole session.
 */
export function refreshSession() {
  if (!refreshing) {
    refreshing = (async () => {
      const refreshToken = localStorage.getItem(REFRESH_KEY);
      if (!refreshToken) return false;
      try {
        startSession(await send('POST', '/sessions/refresh', { body: { refreshToken } }));
        return true;
      } catch (error) {
        if (error instanceof APIError && error.status >= 400 && error.status < 500) endSession();
        return false;
      }
    })().finally(() => { refreshing = null; });
  }
  return refreshing;
}

/** A UUID for Idempotency-Key: the same key for retries of one booking attempt. */
export function newIdempotencyKey() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
