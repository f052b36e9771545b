// The host's calendar editor (#/host/listings/{id}/calendar): two months at a time from
// GET /host/listings/{id}/calendar, each night with its price and why it is closed (a
// reservation, a request, closed by the host, an import). Tap a first and a last night (or
// use the keyboard: each night is a button) to select a range, then set its price, open or
// close it, or set its minimum stay: PATCH /host/listings/{id}/calendar. A change that would
// close a night someone holds is refused whole (409), and the nights are named.
import { APIError, request } from './api.js';
import { t, money, shortMoney } from './i18n.js';
import { $, esc, showError } from './dom.js';
import { hostNav } from './host-listings.js';

const MONTHS = 2;

function monthStart(date) { return date.slice(0, 7); }
function shiftMonth(month, by) {
  const [year, m] = month.split('-').map(Number);
  const index = year * 12 + (m - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

export async function showHostCalendar(view, id) {
  const editor = { id, start: null, days: new Map(), from: null, to: null, calendar: null };
  view.innerHTML = `${hostNav('')}<p>${t('loading')}</p>`;
  await load(view, editor);
}

async function load(view, editor) {
  const calendar = await request('GET', `/host/listings/${encodeURIComponent(editor.id)}/calendar`,
    { auth: 'account', params: { start: editor.start || undefined, months: MONTHS } });
  editor.calendar = calendar;
  editor.days = new Map(calendar.days.map((day) => [day.date, day]));
  if (!editor.start) editor.start = monthStart(calendar.days[0].date);
  draw(view, editor);
}

/** Why a night is closed, in words ('' when it is open). */
function holder(day) {
  const why = day.unavailableBecause;
  if (!why) return day.available ? '' : t('heldBy').blockedByHost;
  if (why.kind === 'reservation' || why.kind === 'request') return `${t('heldBy')[why.kind]} #${why.reservationId}`;
  if (why.kind === 'imported') return `${t('heldBy').imported} (${why.source})`;
  return t('heldBy')[why.kind] || why.kind;
}

function dayButton(editor, day) {
  const selected = editor.from && day.date >= editor.from && day.date <= (editor.to || editor.from);
  const held = holder(day);
  const kind = day.unavailableBecause?.kind || (day.available ? 'open' : 'blockedByHost');
  const label = [day.date, day.available ? money(day.price, editor.calendar.currency) : '', held,
    day.priceIsOverride ? t('priceOverride') : ''].filter(Boolean).join(', ');
  return `<td><button type="button" class="night" data-date="${day.date}" data-kind="${esc(kind)}" data-price="${day.price ?? ''}"
    data-available="${day.available}" aria-pressed="${!!selected}" aria-label="${esc(label)}"${day.isPast ? ' disabled' : ''}>
    <span class="num">${Number(day.date.slice(8))}</span>
    <span class="price${day.priceIsOverride ? ' override' : ''}">${day.price != null ? shortMoney(day.price) : ''}</span>
    ${held ? `<span class="held">${esc(held)}</span>` : ''}</button></td>`;
}

function monthTable(editor, month) {
  const days = editor.calendar.days.filter((day) => day.date.startsWith(month));
  if (!days.length) return '';
  const first = new Date(`${month}-01T00:00:00Z`).getUTCDay();
  const names = t('weekdays');
  const cells = [];
  for (let i = 0; i < first; i++) cells.push('<td></td>');
  for (const day of days) cells.push(dayButton(editor, day));
  while (cells.length % 7) cells.push('<td></td>');
  const rows = [];
  for (let i = 0; i < cells.length; i += 7) rows.push(`<tr>${cells.slice(i, i + 7).join('')}</tr>`);
  return `<table class="host-month"><caption>${esc(t('monthTitle')(month))}</caption>
    <thead><tr>${names.map((n) => `<th scope="col">${esc(n)}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function draw(view, editor) {
  const months = [editor.start, shiftMonth(editor.start, 1)];
  const range = editor.from ? `${editor.from} → ${editor.to || editor.from}` : t('pickNights');
  view.innerHTML = `${hostNav('')}
    <h1>${t('hostCalendar')}</h1>
    <p><a href="#/host/listings/${esc(editor.id)}">${t('editListingTitle')}</a></p>
    <div class="host-cal-bar"><button type="button" class="secondary" id="host-cal-prev">${t('previousMonths')}</button>
      <button type="button" class="secondary" id="host-cal-next">${t('nextMonths')}</button></div>
    <div class="host-cal" id="host-cal">${months.map((month) => monthTable(editor, month)).join('')}</div>
    <form id="night-form" class="panel night-form" novalidate>
      <h2>${t('changeNights')}</h2>
      <p id="night-range" aria-live="polite" data-from="${editor.from || ''}" data-to="${editor.to || editor.from || ''}">${esc(range)}</p>
      <div class="field"><label for="f-nightPrice">${t('nightPrice')}</label>
        <input id="f-nightPrice" name="price" type="number" min="0" step="1" aria-describedby="f-nightPrice-hint f-price-error">
        <p class="muted hint-inline" id="f-nightPrice-hint">${t('nightPriceHint')}</p>
        <p id="f-price-error" class="field-error" data-error-for="price"></p></div>
      <div class="field"><label for="f-nightAvailable">${t('nightAvailability')}</label>
        <select id="f-nightAvailable" name="available" aria-describedby="f-available-error">
          <option value="">${t('unchanged')}</option><option value="true">${t('openNights')}</option><option value="false">${t('closeNights')}</option></select>
        <p id="f-available-error" class="field-error" data-error-for="available"></p></div>
      <div class="field"><label for="f-nightMin">${t('listingFields').minNights}</label>
        <input id="f-nightMin" name="minNights" type="number" min="1" step="1" aria-describedby="f-minNights-error">
        <p id="f-minNights-error" class="field-error" data-error-for="minNights"></p></div>
      <p class="form-error" role="alert"></p><p class="form-note" role="status"></p>
      <button type="submit" class="primary" id="apply-nights"${editor.from ? '' : ' disabled'}>${t('applyNights')}</button>
      <button type="button" class="link" id="reset-price"${editor.from ? '' : ' disabled'}>${t('defaultPrice')}</button>
    </form>`;
  $('#host-cal-prev').addEventListener('click', () => { editor.start = shiftMonth(editor.start, -MONTHS); reload(view, editor); });
  $('#host-cal-next').addEventListener('click', () => { editor.start = shiftMonth(editor.start, MONTHS); reload(view, editor); });
  $('#host-cal').addEventListener('click', (event) => {
    const button = event.target.closest('.night');
    if (!button || button.disabled) return;
    pick(editor, button.dataset.date);
    draw(view, editor);
    $(`#host-cal .night[data-date="${button.dataset.date}"]`)?.focus();
  });
  const form = $('#night-form');
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const change = { from: editor.from, to: editor.to || editor.from };
    if (form.price.value.trim() !== '') change.price = Number(form.price.value);
    if (form.available.value) change.available = form.available.value === 'true';
    if (form.minNights.value.trim() !== '') change.minNights = Number(form.minNights.value);
    await apply(view, editor, form, change);
  });
  $('#reset-price').addEventListener('click', () => apply(view, editor, form, { from: editor.from, to: editor.to || editor.from, price: null }));
}

/** The first tap starts a range, the second ends it (in either order); a third starts again. */
function pick(editor, date) {
  if (!editor.from || editor.to) { editor.from = date; editor.to = null; return; }
  if (date < editor.from) { editor.to = editor.from; editor.from = date; } else editor.to = date;
}

async function reload(view, editor) {
  try { await load(view, editor); } catch (error) { showError(error); }
}

async function apply(view, editor, form, change) {
  const button = $('#apply-nights');
  button.disabled = true;
  const summary = form.querySelector('.form-error');
  summary.textContent = '';
  for (const slot of form.querySelectorAll('.field-error')) slot.textContent = '';
  try {
    const answer = await request('PATCH', `/host/listings/${encodeURIComponent(editor.id)}/calendar`,
      { auth: 'account', body: { changes: [change] } });
    await load(view, editor);
    const note = $('#night-form .form-note');
    note.textContent = t('nightsChanged')(answer.changedNights);
    note.dataset.changed = answer.changedNights;
  } catch (error) {
    button.disabled = false;
    if (!(error instanceof APIError)) { summary.textContent = error.message; return; }
    const problem = error.problem;
    for (const { name, reason } of problem.invalidParams || []) {
      const field = String(name).split(/[[.]/).pop();
      const slot = form.querySelector(`[data-error-for="${CSS.escape(field)}"]`);
      if (slot) slot.textContent = reason;
    }
    const nights = Array.isArray(problem.nights) ? `${t('heldNights')}: ${problem.nights.join(', ')}` : '';
    summary.textContent = [problem.title, problem.detail, nights].filter(Boolean).join(' — ');
    summary.dataset.kind = String(problem.type || '').split('/').pop();
  }
}
