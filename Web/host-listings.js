// The host's screens for their listings: "my listings" (#/host) and the listing editor
// (#/host/listings/new, #/host/listings/{id}): every field of POST/PATCH /host/listings,
// each refused field's reason next to it (the 400's invalidParams), publishing (a 422
// names each missing requirement, shown next to its field) and unpublishing; below the
// form, calendar sync with other channels (host-calendar-sync.js).
// A change is sent with If-Match: the listing's ETag, "<id>.<version>"; a 412 means someone
// changed it meanwhile, and the editor shows the current version.
import { APIError, request, get } from './api.js';
import { t, money } from './i18n.js';
import { $, esc, debounce, showError } from './dom.js';
import { formEnd, showProblem, note, clearProblems } from './forms.js';
import { showCalendarSync } from './host-calendar-sync.js';

const ROOM_TYPES = ['entire_home', 'private_room', 'shared_room', 'hotel_room'];
const POLICIES = ['flexible', 'moderate', 'strict'];

/** The host-only views' common start: signed in as a host, else the reason. */
export function hostNav(active) {
  const link = (hash, key) => `<a href="${hash}"${active === hash ? ' aria-current="page"' : ''}>${t(key)}</a>`;
  return `<nav class="host-nav" aria-label="${t('hosting')}">${link('#/host', 'myListings')}${link('#/host/requests', 'requestsInbox')}</nav>`;
}

export async function showHostListings(view) {
  view.innerHTML = `${hostNav('#/host')}<h1>${t('myListings')}</h1><p>${t('loading')}</p>`;
  const answer = await request('GET', '/host/listings', { auth: 'account', params: { limit: 50 } });
  const rows = answer.listings.map((listing) => `
    <li class="host-listing" data-id="${esc(listing.id)}" data-status="${esc(listing.status)}">
      <div><h2><a href="#/host/listings/${esc(listing.id)}">${esc(listing.title || t('untitled'))}</a></h2>
      <p><span class="badge status-${esc(listing.status)}">${t('listingStatus')[listing.status] || esc(listing.status)}</span>
        ${esc(listing.locationName || '')} · ${listing.basePrice != null ? `${money(listing.basePrice, listing.currency)} ${t('perNight')}` : ''}</p></div>
      <p class="actions"><a href="#/host/listings/${esc(listing.id)}/calendar" class="host-calendar-link">${t('hostCalendar')}</a>
        ${listing.status === 'published' ? `<a href="#/listing/${esc(listing.id)}">${t('viewListing')}</a>` : ''}</p></li>`).join('');
  view.innerHTML = `${hostNav('#/host')}<h1>${t('myListings')}</h1>
    <p><a href="#/host/listings/new" class="button-link" id="new-listing">${t('newListingButton')}</a></p>
    <ol class="host-listings" id="host-listings">${rows || `<li>${t('noHostListings')}</li>`}</ol>`;
}

// MARK: the editor

/** A labelled control with its error slot; `control` is the input's markup (id f-NAME). */
function row(name, label, control, hint = '') {
  return `<div class="field"><label for="f-${name}">${esc(label)}</label>${control}
    ${hint ? `<p class="muted hint-inline" id="f-${name}-hint">${esc(hint)}</p>` : ''}
    <p id="f-${name}-error" class="field-error" data-error-for="${name}"></p></div>`;
}

function input(name, type, value, attributes = '') {
  const described = `aria-describedby="f-${name}-error"`;
  return `<input id="f-${name}" name="${name}" type="${type}" value="${esc(value ?? '')}" ${described} ${attributes}>`;
}

function select(name, options, value) {
  return `<select id="f-${name}" name="${name}" aria-describedby="f-${name}-error">${options.map(([v, label]) =>
    `<option value="${esc(v)}"${String(value) === v ? ' selected' : ''}>${esc(label)}</option>`).join('')}</select>`;
}

function textarea(name, value, rows = 3) {
  return `<textarea id="f-${name}" name="${name}" rows="${rows}" aria-describedby="f-${name}-error">${esc(value ?? '')}</textarea>`;
}

const lines = (text) => text.split('\n').map((line) => line.trim()).filter(Boolean);
const list = (text) => text.split(',').map((item) => item.trim()).filter(Boolean);

/** A number field's value: a number, null when empty (the API names a bad one). */
function numberOf(form, name) {
  const text = form[name].value.trim();
  return text === '' ? null : Number(text);
}

export async function showListingEditor(view, id) {
  const isNew = id === 'new';
  view.innerHTML = `${hostNav('')}<p>${t('loading')}</p>`;
  const listing = isNew ? { roomType: 'entire_home', currency: 'KRW', instantBook: true, maxGuests: 2, bedrooms: 1, beds: 1,
    bathrooms: 1, guestsIncluded: 1, minNights: 1, maxNights: 30, checkinTime: '15:00', checkoutTime: '11:00',
    cancellationPolicy: 'moderate', availabilityWindowDays: 365, photos: [], houseRules: [], amenities: [] }
    : await request('GET', `/host/listings/${encodeURIComponent(id)}`, { auth: 'account' });
  render(view, listing, isNew);
}

function render(view, listing, isNew) {
  const f = t('listingFields');
  const status = listing.status ? `<span class="badge status-${esc(listing.status)}" id="listing-status" data-status="${esc(listing.status)}">${t('listingStatus')[listing.status]}</span>` : '';
  view.innerHTML = `${hostNav('')}
    <form id="listing-form" class="account-form panel editor" novalidate data-id="${esc(listing.id || '')}" data-version="${esc(listing.version ?? '')}">
    <h1>${isNew ? t('newListingTitle') : t('editListingTitle')} ${status}</h1>
    <fieldset><legend>${t('aboutPlace')}</legend>
    ${row('title', f.title, input('title', 'text', listing.title, 'maxlength="200"'))}
    ${row('description', f.description, textarea('description', listing.description, 4))}
    ${row('roomType', f.roomType, select('roomType', ROOM_TYPES.map((v) => [v, t('roomTypes')[v]]), listing.roomType))}
    <div class="field-grid">
    ${row('maxGuests', f.maxGuests, input('maxGuests', 'number', listing.maxGuests, 'min="1" step="1"'))}
    ${row('bedrooms', f.bedrooms, input('bedrooms', 'number', listing.bedrooms, 'min="0" step="1"'))}
    ${row('beds', f.beds, input('beds', 'number', listing.beds, 'min="0" step="1"'))}
    ${row('bathrooms', f.bathrooms, input('bathrooms', 'number', listing.bathrooms, 'min="0" step="0.5"'))}
    </div>
    ${row('amenities', f.amenities, input('amenities', 'text', (listing.amenities || []).join(', ')), f.amenitiesHint)}
    ${row('photos', f.photos, textarea('photos', (listing.photos || []).join('\n'), 3), f.photosHint)}
    ${row('houseRules', f.houseRules, textarea('houseRules', (listing.houseRules || []).join('\n'), 3), f.linesHint)}
    </fieldset>
    <fieldset><legend>${t('where')}</legend>
    ${row('locationQuery', f.locationSearch, input('locationQuery', 'text', listing.locationName || '', 'autocomplete="off"'))}
    ${row('locationId', f.locationId, select('locationId', listing.locationId ? [[listing.locationId, listing.locationName || listing.locationId]] : [['', f.locationNone]], listing.locationId || ''))}
    <fieldset class="field coordinate" aria-describedby="f-coordinate-error"><legend>${f.coordinate}</legend>
      <div class="field-grid">
      <div><label for="f-lat">${f.lat}</label>${input('lat', 'number', listing.coordinate?.lat, 'step="any"').replace('f-lat-error', 'f-coordinate-error')}</div>
      <div><label for="f-lng">${f.lng}</label>${input('lng', 'number', listing.coordinate?.lng, 'step="any"').replace('f-lng-error', 'f-coordinate-error')}</div>
      </div><p id="f-coordinate-error" class="field-error" data-error-for="coordinate"></p></fieldset>
    ${row('address', f.address, input('address', 'text', listing.address))}
    ${row('timeZone', f.timeZone, input('timeZone', 'text', listing.timeZone, 'placeholder="Asia/Seoul"'))}
    </fieldset>
    <fieldset><legend>${t('pricesAndRules')}</legend>
    <div class="field-grid">
    ${row('currency', f.currency, input('currency', 'text', listing.currency, 'maxlength="3"'))}
    ${row('basePrice', f.basePrice, input('basePrice', 'number', listing.basePrice, 'min="0" step="1"'))}
    ${row('weekendPrice', f.weekendPrice, input('weekendPrice', 'number', listing.weekendPrice, 'min="0" step="1"'))}
    ${row('cleaningFee', f.cleaningFee, input('cleaningFee', 'number', listing.cleaningFee, 'min="0" step="1"'))}
    ${row('extraGuestFee', f.extraGuestFee, input('extraGuestFee', 'number', listing.extraGuestFee, 'min="0" step="1"'))}
    ${row('guestsIncluded', f.guestsIncluded, input('guestsIncluded', 'number', listing.guestsIncluded, 'min="1" step="1"'))}
    ${row('weeklyDiscountBasisPoints', f.weeklyDiscount, input('weeklyDiscountBasisPoints', 'number', listing.weeklyDiscountBasisPoints, 'min="0" max="10000" step="1"'))}
    ${row('monthlyDiscountBasisPoints', f.monthlyDiscount, input('monthlyDiscountBasisPoints', 'number', listing.monthlyDiscountBasisPoints, 'min="0" max="10000" step="1"'))}
    ${row('minNights', f.minNights, input('minNights', 'number', listing.minNights, 'min="1" step="1"'))}
    ${row('maxNights', f.maxNights, input('maxNights', 'number', listing.maxNights, 'min="1" step="1"'))}
    ${row('checkinTime', f.checkinTime, input('checkinTime', 'time', listing.checkinTime))}
    ${row('checkoutTime', f.checkoutTime, input('checkoutTime', 'time', listing.checkoutTime))}
    ${row('availabilityWindowDays', f.availabilityWindowDays, input('availabilityWindowDays', 'number', listing.availabilityWindowDays, 'min="1" step="1"'))}
    </div>
    ${row('cancellationPolicy', f.cancellationPolicy, select('cancellationPolicy', POLICIES.map((v) => [v, t('policies')[v]]), listing.cancellationPolicy))}
    <div class="field"><label class="check"><input type="checkbox" name="instantBook" id="f-instantBook"${listing.instantBook !== false ? ' checked' : ''}
      aria-describedby="f-instantBook-error"> <span><strong>${f.instantBook}</strong><small>${f.instantBookHint}</small></span></label>
      <p id="f-instantBook-error" class="field-error" data-error-for="instantBook"></p></div>
    </fieldset>
    <p id="f-verifiedEmail-error" class="field-error" data-error-for="verifiedEmail"></p>
    ${formEnd(isNew ? t('createListing') : t('save'))}
    ${isNew ? '' : `<p class="editor-actions">
      ${listing.status === 'published' ? `<button type="button" class="secondary" id="unpublish-listing">${t('unpublish')}</button>`
        : `<button type="button" class="secondary" id="publish-listing">${t('publish')}</button>`}
      <a href="#/host/listings/${esc(listing.id)}/calendar">${t('hostCalendar')}</a></p>`}
    </form>
    ${isNew ? '' : '<section id="calendar-sync" class="panel calendar-sync" aria-labelledby="calendar-sync-title"></section>'}`;
  const form = $('#listing-form');
  if (!isNew) showCalendarSync($('#calendar-sync'), listing).catch(showError);
  wireLocationSearch(form);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const button = form.querySelector('button[type=submit]');
    button.disabled = true;
    try {
      if (isNew) {
        const created = await request('POST', '/host/listings', { auth: 'account', body: body(form) });
        location.hash = `#/host/listings/${created.id}`;
        return;
      }
      const saved = await patch(form, body(form));
      render(view, saved, false);
      note($('#listing-form'), t('saved'));
    } catch (error) {
      await showEditorProblem(view, form, error);
    } finally { button.disabled = false; }
  });
  $('#publish-listing')?.addEventListener('click', () => publish(view, form, listing, 'publish'));
  $('#unpublish-listing')?.addEventListener('click', () => publish(view, form, listing, 'unpublish'));
}

/**
 * The request body from the form: every field, typed as the API takes it. An empty field is
 * left out (unchanged; on a new listing, the API's default), except the weekend price, where
 * empty means none (null).
 */
function body(form) {
  const lat = numberOf(form, 'lat'), lng = numberOf(form, 'lng');
  const fields = {
    title: form.title.value, description: form.description.value, roomType: form.roomType.value,
    maxGuests: numberOf(form, 'maxGuests'), bedrooms: numberOf(form, 'bedrooms'), beds: numberOf(form, 'beds'),
    bathrooms: numberOf(form, 'bathrooms'), amenities: list(form.amenities.value), photos: lines(form.photos.value),
    houseRules: lines(form.houseRules.value),
    locationId: form.locationId.value || null,
    coordinate: lat === null && lng === null ? null : { lat, lng },
    address: form.address.value, timeZone: form.timeZone.value.trim() || null,
    currency: form.currency.value.trim().toUpperCase() || null,
    basePrice: numberOf(form, 'basePrice'), weekendPrice: numberOf(form, 'weekendPrice'),
    cleaningFee: numberOf(form, 'cleaningFee'), extraGuestFee: numberOf(form, 'extraGuestFee'),
    guestsIncluded: numberOf(form, 'guestsIncluded'),
    weeklyDiscountBasisPoints: numberOf(form, 'weeklyDiscountBasisPoints'),
    monthlyDiscountBasisPoints: numberOf(form, 'monthlyDiscountBasisPoints'),
    minNights: numberOf(form, 'minNights'), maxNights: numberOf(form, 'maxNights'),
    checkinTime: form.checkinTime.value, checkoutTime: form.checkoutTime.value,
    cancellationPolicy: form.cancellationPolicy.value, instantBook: form.instantBook.checked,
    availabilityWindowDays: numberOf(form, 'availabilityWindowDays'),
  };
  for (const [name, value] of Object.entries(fields)) if (value === null && name !== 'weekendPrice') delete fields[name];
  return fields;
}

/** PATCH with If-Match: the version this form was drawn from. */
function patch(form, changes) {
  return request('PATCH', `/host/listings/${encodeURIComponent(form.dataset.id)}`, {
    auth: 'account', body: changes, headers: { 'If-Match': `"${form.dataset.id}.${form.dataset.version}"` },
  });
}

/** The form field each publishing requirement belongs to. */
const requirementField = { title: 'title', photos: 'photos', price: 'basePrice', location: 'locationId', verifiedEmail: 'verifiedEmail' };

async function showEditorProblem(view, form, error) {
  const kind = String(error.problem?.type || '').split('/').pop();
  if (error instanceof APIError && kind === 'listing-changed') {
    // Someone saved meanwhile: show their version, and say so.
    const current = await request('GET', `/host/listings/${encodeURIComponent(form.dataset.id)}`, { auth: 'account' });
    render(view, current, false);
    $('#listing-form .form-error').textContent = t('listingChanged');
    return;
  }
  if (error instanceof APIError && Array.isArray(error.problem.missing)) {
    const reasons = t('missingRequirement');
    error.problem.invalidParams = error.problem.missing.map((name) => ({ name: requirementField[name] || name, reason: reasons[name] || name }));
  }
  showProblem(form, error);
}

async function publish(view, form, listing, action) {
  const button = $(action === 'publish' ? '#publish-listing' : '#unpublish-listing');
  button.disabled = true;
  clearProblems(form);
  try {
    const changed = await request('POST', `/host/listings/${encodeURIComponent(listing.id)}/${action}`, { auth: 'account' });
    render(view, changed, false);
    note($('#listing-form'), action === 'publish' ? t('published') : t('unpublished'));
  } catch (error) {
    await showEditorProblem(view, form, error);
  } finally { button.disabled = false; }
}

/** Typing a place fills the region menu (GET /locations) and, when empty, the coordinate. */
function wireLocationSearch(form) {
  let found = [];
  const fill = debounce(async () => {
    const query = form.locationQuery.value.trim();
    if (!query) return;
    const answer = await get('/locations', { query, limit: 8 });
    found = answer.items;
    const menu = form.locationId;
    const chosen = menu.value;
    menu.innerHTML = found.map((item) => `<option value="${esc(item.id)}">${esc(item.fullName)}</option>`).join('')
      || `<option value="">${esc(t('listingFields').locationNone)}</option>`;
    if (found.some((item) => item.id === chosen)) menu.value = chosen;
    placeAt(form, found.find((item) => item.id === menu.value));
  }, 250);
  form.locationQuery.addEventListener('input', fill);
  form.locationId.addEventListener('change', () => placeAt(form, found.find((item) => item.id === form.locationId.value)));
}

function placeAt(form, location) {
  if (!location?.coordinate || form.lat.value || form.lng.value) return;
  form.lat.value = location.coordinate.lat;
  form.lng.value = location.coordinate.lng;
}
