// The filter panel: amenities (GET /amenities, named in the page's language), instant book,
// superhost, free cancellation (with dates only: the API needs them to tell), and at least so
// many bedrooms, beds and bathrooms. What is chosen lives in `state.more`, which `filters()`
// sends to the list, the map and the price histogram alike, so their counts agree.
import { get } from './api.js';
import { t, lang } from './i18n.js';
import { $, esc } from './dom.js';
import { state } from './state.js';

const FLAGS = ['instantBook', 'superhost', 'freeCancellation'];
const MINIMUMS = { minBedrooms: [1, 2, 3, 4, 5], minBeds: [1, 2, 3, 4, 5], minBathrooms: [1, 1.5, 2, 3] };

let amenities = null;

function flag(name) {
  return `<label class="check-inline"><input type="checkbox" name="${name}"${state.more[name] ? ' checked' : ''}>
    <span id="flag-${name}">${esc(t(`${name}Filter`))}</span></label>`;
}

/** Free cancellation says it needs dates while none are chosen (the API cannot tell without). */
export function syncFreeCancellation() {
  const label = $('#flag-freeCancellation');
  if (label) label.textContent = state.checkin && state.checkout ? t('freeCancellationFilter') : t('freeCancellationNeedsDates');
}

function minimum(name) {
  const options = [`<option value="">${esc(t('any'))}</option>`, ...MINIMUMS[name].map((n) =>
    `<option value="${n}"${String(state.more[name] ?? '') === String(n) ? ' selected' : ''}>${esc(t('atLeast')(n))}</option>`)];
  return `<span class="field-inline"><label for="filter-${name}">${esc(t(name))}</label>
    <select id="filter-${name}" name="${name}">${options.join('')}</select></span>`;
}

/** Draws the panel in the page's language, keeping what was chosen. */
export async function renderFilters() {
  if (!amenities) amenities = (await get('/amenities')).items;
  const chosen = new Set(state.more.amenities || []);
  $('#filter-options').innerHTML = `${FLAGS.map(flag).join('')}${Object.keys(MINIMUMS).map(minimum).join('')}
    <details id="amenity-options"${chosen.size ? ' open' : ''}><summary>${esc(t('amenitiesFilter'))}</summary><div class="more-filters-body">
    ${amenities.map((a) => `<label class="check-inline"><input type="checkbox" name="amenity" value="${esc(a.code)}"${chosen.has(a.code) ? ' checked' : ''}>
      ${esc(a.labels?.[lang()] || a.name)}</label>`).join('')}</div></details>`;
  syncFreeCancellation();
}

/** Reads the panel into `state.more`. */
export function readFilters() {
  const box = $('#filter-options');
  const more = {};
  for (const name of FLAGS) if (box.querySelector(`input[name=${name}]`).checked) more[name] = true;
  for (const name of Object.keys(MINIMUMS)) {
    const value = box.querySelector(`select[name=${name}]`).value;
    if (value) more[name] = Number(value);
  }
  const codes = [...box.querySelectorAll('input[name=amenity]:checked')].map((input) => input.value);
  if (codes.length) more.amenities = codes;
  state.more = more;
}
