// The one way the page talks to the server: same origin, JSON in and out, the language of
// the page as Accept-Language, the guest's bearer token when a route needs it.
import { lang } from './i18n.js';

/** An answer other than 2xx: `problem` is the RFC 9457 body (branch on `problem.type`). */
export class APIError extends Error {
  constructor(status, problem) {
    super(problem?.detail || `HTTP ${status}`);
    this.status = status;
    this.problem = problem || {};
  }
}

function query(params) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export async function request(method, path, { params = {}, body, headers = {}, auth = false } = {}) {
  const init = { method, headers: { 'Accept-Language': lang(), ...headers } };
  if (auth) init.headers.Authorization = `Bearer ${await guestToken()}`;
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

export const get = (path, params) => request('GET', path, { params });

/** The guest's token, creating the guest on first use and keeping the token in the browser. */
export async function guestToken() {
  let token = localStorage.getItem('stays.guestToken');
  if (!token) {
    const guest = await request('POST', '/guests');
    token = guest.token;
    localStorage.setItem('stays.guestToken', token);
  }
  return token;
}

export function hasGuest() { return localStorage.getItem('stays.guestToken') !== null; }

/** A UUID for Idempotency-Key: the same key for retries of one booking attempt. */
export function newIdempotencyKey() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
