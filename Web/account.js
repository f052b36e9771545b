// The account screens, all in #view-account: sign up (with a role), sign in, forgotten
// password, the profile (name, language, roles, sign out), the notifications (notifications.js), and the two emailed links,
// /verify-email?token=… and /reset-password?token=…, which app.js hands to `openLink`.
import {
  APIError, request, startSession, endSession, updateAccount, currentAccount, anonymousGuestToken,
  forgetAnonymousGuest,
} from './api.js';
import { t, lang } from './i18n.js';
import { $, esc, showError } from './dom.js';
import { field, roleChoice, checkedRoles, formEnd, showProblem, note } from './forms.js';
import { renderBell, showNotifications } from './notifications.js';

/** The token of the emailed link this page was opened with (taken out of the address bar). */
const linkTokens = {};

/** Keeps the token of /verify-email?token=… or /reset-password?token=… and returns the view's hash. */
export function openLink(pathname, search) {
  const kind = pathname === '/verify-email' ? 'verify-email' : pathname === '/reset-password' ? 'reset-password' : null;
  if (!kind) return null;
  linkTokens[kind] = new URLSearchParams(search).get('token') || '';
  return `#/${kind}`;
}

/** The views this module shows, by hash. */
export const accountViews = ['#/signin', '#/signup', '#/forgot', '#/account', '#/verify-email', '#/reset-password', '#/notifications'];

export async function showAccountView(hash) {
  const view = $('#view-account');
  switch (hash) {
    case '#/signup': return signUpView(view);
    case '#/signin': return signInView(view);
    case '#/forgot': return forgotView(view);
    case '#/verify-email': return verifyView(view);
    case '#/reset-password': return resetView(view);
    case '#/notifications': return showNotifications(view);
    default: return profileView(view);
  }
}

/** The header's link: 로그인 when signed out, the account's name when signed in; and the bell. */
export function renderAccountLink(account) {
  const link = $('#account-link');
  link.textContent = account ? (account.name || account.email) : t('signIn');
  link.href = account ? '#/account' : '#/signin';
  link.dataset.signedIn = account ? 'true' : 'false';
  renderBell(account);
}

function go(hash) {
  if (location.hash === hash) window.dispatchEvent(new HashChangeEvent('hashchange'));
  else location.hash = hash;
}

/** Runs `action` on submit with the button disabled; a failure is shown in the form. */
function onSubmit(form, action) {
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const button = form.querySelector('button[type=submit]');
    button.disabled = true;
    try { await action(); } catch (error) { showProblem(form, error); } finally { button.disabled = false; }
  });
}

function signUpView(view) {
  view.innerHTML = `<form id="signup-form" class="account-form panel" novalidate>
    <h1>${t('signUp')}</h1>
    ${field('email', t('email'), 'email', 'autocomplete="email" required')}
    ${field('password', t('password'), 'password', 'autocomplete="new-password" required')}
    <p class="muted hint">${t('passwordHint')}</p>
    ${field('name', t('name'), 'text', 'autocomplete="name"')}
    ${roleChoice(['guest'])}
    ${formEnd(t('signUpButton'))}
    <p>${t('haveAccount')} <a href="#/signin">${t('signIn')}</a></p></form>`;
  const form = $('#signup-form');
  onSubmit(form, async () => {
    const body = { email: form.email.value, password: form.password.value, name: form.name.value,
      roles: checkedRoles(form), locale: lang() };
    startSession(await signUp(body));
    go('#/account');
  });
  form.email.focus();
}

/** POST /accounts, bringing the anonymous guest's trips along when this browser has one. */
async function signUp(body) {
  const anonymous = anonymousGuestToken();
  const headers = anonymous ? { Authorization: `Bearer ${anonymous}` } : {};
  try {
    const answer = await request('POST', '/accounts', { body, headers });
    // The account owns that guest now: signed out, this browser starts a new anonymous guest.
    if (anonymous) forgetAnonymousGuest();
    return answer;
  } catch (error) {
    // A token the server no longer knows, or a guest that already became an account: sign up without it.
    const kind = String(error.problem?.type || '').split('/').pop();
    if (anonymous && error instanceof APIError && (error.status === 401 || kind === 'guest-has-account')) {
      forgetAnonymousGuest();
      return request('POST', '/accounts', { body });
    }
    throw error;
  }
}

function signInView(view) {
  view.innerHTML = `<form id="signin-form" class="account-form panel" novalidate>
    <h1>${t('signIn')}</h1>
    ${field('email', t('email'), 'email', 'autocomplete="username" required')}
    ${field('password', t('password'), 'password', 'autocomplete="current-password" required')}
    ${formEnd(t('signInButton'))}
    <p><a href="#/forgot">${t('forgot')}</a></p>
    <p>${t('noAccount')} <a href="#/signup">${t('signUp')}</a></p></form>`;
  const form = $('#signin-form');
  onSubmit(form, async () => {
    startSession(await request('POST', '/sessions', { body: { email: form.email.value, password: form.password.value } }));
    go('#/account');
  });
  form.email.focus();
}

function forgotView(view) {
  view.innerHTML = `<form id="forgot-form" class="account-form panel" novalidate>
    <h1>${t('forgotTitle')}</h1><p class="muted">${t('forgotHelp')}</p>
    ${field('email', t('email'), 'email', 'autocomplete="email" required')}
    ${formEnd(t('sendLink'))}
    <p><a href="#/signin">${t('signIn')}</a></p></form>`;
  const form = $('#forgot-form');
  onSubmit(form, async () => {
    await request('POST', '/password-resets', { body: { email: form.email.value } });
    note(form, t('linkSent'));
  });
  form.email.focus();
}

async function verifyView(view) {
  view.innerHTML = `<div class="account-form panel"><h1>${t('verifyTitle')}</h1>
    <p id="verify-result" role="status">${t('loading')}</p><p><a href="#/account">${t('profile')}</a></p></div>`;
  const result = $('#verify-result');
  const token = linkTokens['verify-email'];
  if (!token) { result.textContent = t('linkMissing'); return; }
  try {
    await request('POST', '/email-verifications', { body: { token } });
    delete linkTokens['verify-email'];
    result.textContent = t('verified');
    result.dataset.outcome = 'verified';
    if (currentAccount()) updateAccount(await request('GET', '/me', { auth: 'account' }));
  } catch (error) {
    result.dataset.outcome = 'failed';
    result.classList.add('error');
    result.textContent = error instanceof APIError ? [error.problem.title, error.problem.detail].filter(Boolean).join(' — ') : error.message;
  }
}

function resetView(view) {
  view.innerHTML = `<form id="reset-form" class="account-form panel" novalidate>
    <h1>${t('resetTitle')}</h1>
    ${field('password', t('newPassword'), 'password', 'autocomplete="new-password" required')}
    <p class="muted hint">${t('passwordHint')}</p>
    ${formEnd(t('resetButton'))}
    <p><a href="#/forgot">${t('forgot')}</a></p></form>`;
  const form = $('#reset-form');
  onSubmit(form, async () => {
    const token = linkTokens['reset-password'];
    if (!token) { note(form, t('linkMissing')); return; }
    await request('POST', '/password-resets/confirm', { body: { token, password: form.password.value } });
    delete linkTokens['reset-password'];
    // Every session was revoked, this browser's too.
    if (currentAccount()) endSession();
    note(form, t('passwordReset'));
    form.querySelector('button[type=submit]').hidden = true;
    form.insertAdjacentHTML('beforeend', `<p><a href="#/signin" class="signin-after-reset">${t('signIn')}</a></p>`);
  });
  form.password.focus();
}

async function profileView(view) {
  if (!currentAccount()) { go('#/signin'); return; }
  const account = await request('GET', '/me', { auth: 'account' });
  updateAccount(account);
  const option = (value, label) => `<option value="${value}" ${account.locale === value ? 'selected' : ''}>${label}</option>`;
  view.innerHTML = `<form id="profile-form" class="account-form panel" novalidate>
    <h1>${t('profile')}</h1>
    <p><span class="muted">${t('email')}</span> <strong id="profile-email">${esc(account.email)}</strong>
      <span id="email-status" class="badge" data-verified="${account.emailVerified}">${account.emailVerified ? t('emailVerified') : t('emailUnverified')}</span></p>
    ${account.emailVerified ? '' : `<p class="muted">${t('verifyHelp')}</p>`}
    ${field('name', t('name'), 'text', 'autocomplete="name"', account.name)}
    <div class="field"><label for="f-locale">${t('locale')}</label>
      <select id="f-locale" name="locale" aria-describedby="f-locale-error">${option('ko', '한국어')}${option('en', 'English')}</select>
      <p id="f-locale-error" class="field-error" data-error-for="locale"></p></div>
    ${roleChoice(account.roles)}
    ${formEnd(t('save'))}</form>
    <p class="account-actions"><a href="#/trips">${t('trips')}</a>
      <button type="button" id="sign-out" class="secondary">${t('signOut')}</button></p>`;
  const form = $('#profile-form');
  onSubmit(form, async () => {
    const changed = await request('PATCH', '/me', { auth: 'account',
      body: { name: form.name.value, locale: form.locale.value, roles: checkedRoles(form) } });
    updateAccount(changed);
    // The page follows the account's language: the toggle redraws every view.
    if (changed.locale !== lang()) { $('#lang-toggle').click(); return; }
    note(form, t('saved'));
  });
  $('#sign-out').addEventListener('click', signOut);
}

async function signOut() {
  try {
    await request('DELETE', '/sessions/current', { auth: 'account' });
  } catch (error) {
    // Already revoked or expired: this browser forgets it all the same.
    if (!(error instanceof APIError && error.status === 401)) { showError(error); return; }
  }
  endSession();
  go('#/');
}
