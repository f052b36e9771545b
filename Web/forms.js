// Forms of the account screens: a labelled field with room for its own error, and a
// problem (RFC 9457) shown where it belongs: each `invalidParams` reason next to its field,
// the title and detail above the submit button.
import { APIError } from './api.js';
import { t } from './i18n.js';
import { esc } from './dom.js';

/** A labelled input named `name`, with an empty slot for the server's reason about it. */
export function field(name, label, type, attributes = '', value = '') {
  return `<div class="field"><label for="f-${name}">${esc(label)}</label>
    <input id="f-${name}" name="${name}" type="${type}" value="${esc(value)}" aria-describedby="f-${name}-error" ${attributes}>
    <p id="f-${name}-error" class="field-error" data-error-for="${name}"></p></div>`;
}

/** Role checkboxes (guest, host) in a fieldset with its legend and its error slot. */
export function roleChoice(roles = ['guest']) {
  const box = (role) => `<label class="check"><input type="checkbox" name="roles" value="${role}"
      ${roles.includes(role) ? 'checked' : ''}> <span><strong>${t('role')[role]}</strong>
      <small>${t('roleHint')[role]}</small></span></label>`;
  return `<fieldset class="field roles" aria-describedby="f-roles-error"><legend>${t('roles')}</legend>
    ${box('guest')}${box('host')}<p id="f-roles-error" class="field-error" data-error-for="roles"></p></fieldset>`;
}

/** The checked roles of a form. */
export function checkedRoles(form) {
  return [...form.querySelectorAll('input[name=roles]:checked')].map((input) => input.value);
}

/** The form's summary line (a live region) and its submit button. */
export function formEnd(submitLabel) {
  return `<p class="form-error" role="alert"></p><p class="form-note" role="status"></p>
    <button type="submit" class="primary">${esc(submitLabel)}</button>`;
}

export function clearProblems(form) {
  for (const slot of form.querySelectorAll('.field-error, .form-error, .form-note')) slot.textContent = '';
  for (const input of form.querySelectorAll('[aria-invalid]')) input.removeAttribute('aria-invalid');
}

/** A success note under the form. */
export function note(form, text) {
  clearProblems(form);
  form.querySelector('.form-note').textContent = text;
}

/** The slot for an `invalidParams` name: `roles[0]` and `roles.x` belong to `roles`. */
function slotFor(form, name) {
  const base = String(name).split(/[[.]/)[0];
  return form.querySelector(`[data-error-for="${CSS.escape(name)}"]`) || form.querySelector(`[data-error-for="${CSS.escape(base)}"]`);
}

/** Problems that are about one field without naming it in `invalidParams`. */
const fieldOfProblem = { 'email-taken': 'email' };

/** Shows a failed call in `form`: reasons next to fields, the rest above the button. */
export function showProblem(form, error) {
  clearProblems(form);
  const summary = form.querySelector('.form-error');
  if (!(error instanceof APIError)) {
    summary.textContent = `${t('error')}: ${error.message}`;
    return;
  }
  const problem = error.problem;
  const params = Array.isArray(problem.invalidParams) ? problem.invalidParams.slice() : [];
  const kind = String(problem.type || '').split('/').pop();
  if (fieldOfProblem[kind]) params.push({ name: fieldOfProblem[kind], reason: problem.detail || problem.title });
  const elsewhere = [];
  let first = null;
  for (const { name, reason } of params) {
    const slot = slotFor(form, name);
    if (!slot) { elsewhere.push(`${name}: ${reason}`); continue; }
    slot.textContent = slot.textContent ? `${slot.textContent} · ${reason}` : reason;
    const input = form.querySelector(`[name="${CSS.escape(slot.dataset.errorFor)}"]`);
    if (input) { input.setAttribute('aria-invalid', 'true'); first ||= input; }
  }
  summary.textContent = [problem.title || `${t('error')} (${error.status})`, problem.detail, ...elsewhere]
    .filter(Boolean).join(' — ');
  if (first) first.focus();
}
