// The listing editor's "calendar sync" section (docs/API.md, "Calendar sync"): the listing's
// secret iCalendar export URL and the imports of other channels' calendars.
// The export URL is shown by the server once (when first made, or rotated); afterwards it
// answers only a hint (the token's last 4 characters). So the URL is asked for only when the
// host presses the button, and kept in this page's memory for as long as it stays open.
// Imports: GET/POST /host/listings/{id}/calendar-imports, each with its last sync (status,
// error, events, nights, conflicts, warnings), "sync now" and removal.
import { APIError, request } from './api.js';
import { t } from './i18n.js';
import { esc } from './dom.js';

/** URLs the server showed once, by listing (export) and by import: gone on reload. */
const shownExport = new Map();
const shownImportExport = new Map();

const problemText = (error) => (error instanceof APIError
  ? [error.problem.title, error.problem.detail].filter(Boolean).join(' — ') : error.message);

/** Draws the section into `box` for the listing `listing` (not for a draft: no calendar yet). */
export async function showCalendarSync(box, listing) {
  const s = t('calendarSync');
  if (listing.status === 'draft') {
    box.innerHTML = `<h2 id="calendar-sync-title">${s.title}</h2><p class="muted">${s.draft}</p>`;
    return;
  }
  const path = `/host/listings/${encodeURIComponent(listing.id)}`;
  box.innerHTML = `<h2 id="calendar-sync-title">${s.title}</h2>
    <h3>${s.exportTitle}</h3><p class="muted">${s.exportHelp}</p>
    <div id="ical-export"></div>
    <h3>${s.importsTitle}</h3><p class="muted">${s.importsHelp}</p>
    <ol id="calendar-imports" class="calendar-imports"><li>${t('loading')}</li></ol>
    <form id="import-form" novalidate>
      <div class="field-grid">
      <div class="field"><label for="f-import-url">${s.importUrl}</label>
        <input id="f-import-url" name="url" type="url" required maxlength="2048" placeholder="https://" aria-describedby="f-import-url-error">
        <p id="f-import-url-error" class="field-error" data-error-for="url"></p></div>
      <div class="field"><label for="f-import-name">${s.importName}</label>
        <input id="f-import-name" name="name" type="text" maxlength="100" placeholder="Airbnb" aria-describedby="f-import-name-error">
        <p id="f-import-name-error" class="field-error" data-error-for="name"></p></div>
      </div>
      <p class="form-error" role="alert" id="import-error"></p>
      <button type="submit" class="secondary" id="add-import">${s.addImport}</button>
    </form>`;
  drawExport(box, listing.id, path);
  const list = box.querySelector('#calendar-imports');
  const form = box.querySelector('#import-form');
  let imports = [];
  const draw = () => {
    list.innerHTML = imports.length ? imports.map(importEntry).join('') : `<li class="muted">${s.noImports}</li>`;
  };
  try {
    imports = (await request('GET', `${path}/calendar-imports`, { auth: 'account' })).imports;
    draw();
  } catch (error) {
    list.innerHTML = `<li class="form-error" role="alert">${esc(problemText(error))}</li>`;
  }
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const button = form.querySelector('button[type=submit]');
    for (const slot of form.querySelectorAll('.field-error, .form-error')) slot.textContent = '';
    for (const input of form.querySelectorAll('[aria-invalid]')) input.removeAttribute('aria-invalid');
    button.disabled = true;
    button.textContent = s.syncing;
    try {
      const body = { url: form.url.value.trim() };
      if (form.name.value.trim()) body.name = form.name.value.trim();
      const added = await request('POST', `${path}/calendar-imports`, { auth: 'account', body });
      if (added.exportUrl) shownImportExport.set(added.id, added.exportUrl);
      imports.push(added);
      draw();
      form.reset();
    } catch (error) {
      const params = error instanceof APIError ? error.problem.invalidParams || [] : [];
      for (const param of params) {
        const input = form.querySelector(`[name="${param.name}"]`);
        if (!input) continue;
        input.setAttribute('aria-invalid', 'true');
        form.querySelector(`[data-error-for="${param.name}"]`).textContent = param.reason;
      }
      form.querySelector('#import-error').textContent = problemText(error);
    } finally {
      button.disabled = false;
      button.textContent = s.addImport;
    }
  });
  list.addEventListener('click', async (event) => {
    const button = event.target.closest('button');
    if (!button) return;
    const entry = button.closest('.calendar-import');
    const id = entry.dataset.id;
    const importPath = `${path}/calendar-imports/${encodeURIComponent(id)}`;
    if (button.classList.contains('copy-url')) { copy(button); return; }
    for (const other of entry.querySelectorAll('button')) other.disabled = true;
    try {
      if (button.classList.contains('remove-import')) {
        await request('DELETE', importPath, { auth: 'account' });
        imports = imports.filter((item) => item.id !== id);
        shownImportExport.delete(id);
      } else if (button.classList.contains('sync-import')) {
        const synced = await request('POST', `${importPath}/sync`, { auth: 'account' });
        imports = imports.map((item) => (item.id === id ? synced : item));
      }
      draw();
    } catch (error) {
      for (const other of entry.querySelectorAll('button')) other.disabled = false;
      entry.querySelector('.import-action-error').textContent = problemText(error);
    }
  });
}

/** The export part: a button that asks for the URL, then the URL (or its hint) and rotate. */
function drawExport(box, id, path) {
  const s = t('calendarSync');
  const slot = box.querySelector('#ical-export');
  const draw = (link) => {
    const url = link?.url || shownExport.get(id) || null;
    slot.innerHTML = link === null && !url
      ? `<button type="button" class="secondary" id="show-export">${s.showExport}</button>`
      : `${url ? urlBox('export-url', s.exportUrl, url) : `<p id="export-hint" data-hint="${esc(link.urlHint)}">${s.exportHidden(esc(link.urlHint))}</p>`}
        <p><button type="button" class="secondary" id="rotate-export">${s.rotate}</button></p>
        <p class="muted">${s.rotateHelp}</p>`;
    slot.insertAdjacentHTML('beforeend', '<p class="form-error" role="alert" id="export-error"></p><p class="form-note" role="status" id="export-note"></p>');
  };
  draw(shownExport.has(id) ? { url: shownExport.get(id) } : null);
  slot.addEventListener('click', async (event) => {
    const button = event.target.closest('button');
    if (!button) return;
    if (button.classList.contains('copy-url')) { copy(button); return; }
    const rotate = button.id === 'rotate-export';
    if (!rotate && button.id !== 'show-export') return;
    button.disabled = true;
    try {
      const link = await request(rotate ? 'POST' : 'GET', rotate ? `${path}/ical/rotate` : `${path}/ical`, { auth: 'account' });
      if (link.url) shownExport.set(id, link.url);
      draw(link);
      if (rotate) slot.querySelector('#export-note').textContent = s.rotated;
    } catch (error) {
      button.disabled = false;
      slot.querySelector('#export-error').textContent = problemText(error);
    }
  });
}

/** A read-only field with a URL and its copy button. */
function urlBox(name, label, url) {
  return `<div class="field url-box"><label for="${name}">${esc(label)}</label>
    <div class="url-row"><input id="${name}" type="text" readonly value="${esc(url)}">
    <button type="button" class="secondary copy-url" data-copies="${name}">${t('calendarSync').copy}</button></div>
    <p class="muted copy-note" role="status"></p></div>`;
}

/** Copies the URL next to `button`; where the clipboard is refused, selects it for Ctrl+C. */
async function copy(button) {
  const input = document.getElementById(button.dataset.copies);
  const note = button.closest('.url-box').querySelector('.copy-note');
  try {
    await navigator.clipboard.writeText(input.value);
    note.textContent = t('calendarSync').copied;
  } catch {
    input.select();
    note.textContent = t('calendarSync').copyByHand;
  }
}

function importEntry(item) {
  const s = t('calendarSync');
  const status = item.lastStatus || 'never';
  const when = item.lastSyncedAt ? new Date(item.lastSyncedAt).toLocaleString() : s.neverSynced;
  const exportUrl = shownImportExport.get(item.id);
  return `<li class="calendar-import" data-id="${esc(item.id)}" data-status="${esc(status)}">
    <h4>${esc(item.name)} <span class="badge sync-${esc(status)}">${s.status[status] || esc(status)}</span>
      ${item.needsAttention ? `<span class="badge sync-failed" data-testid="needs-attention">${s.needsAttention}</span>` : ''}</h4>
    <p class="muted import-url">${esc(item.url)}</p>
    <p>${s.lastSync}: <time${item.lastSyncedAt ? ` datetime="${esc(item.lastSyncedAt)}"` : ''}>${esc(when)}</time> ·
      ${s.counts(item.eventCount, item.nightCount)}</p>
    ${item.lastError ? `<p class="sync-error" data-testid="sync-error"><strong>${s.lastError}:</strong> ${esc(item.lastError)}</p>` : ''}
    ${item.consecutiveFailures ? `<p class="muted">${s.failures(item.consecutiveFailures)}</p>` : ''}
    ${item.warnings?.length ? `<ul class="muted">${item.warnings.map((w) => `<li>${esc(w)}</li>`).join('')}</ul>` : ''}
    ${item.conflicts?.length ? `<p class="sync-error">${s.conflicts}: ${item.conflicts.map((c) =>
      `${esc(c.date)} (<a href="#/host/requests">#${esc(c.reservationId)}</a>)`).join(', ')}</p>` : ''}
    ${exportUrl ? urlBox(`import-export-${esc(item.id)}`, s.importExportUrl, exportUrl) : `<p class="muted">${s.importExportHint(esc(item.exportUrlHint))}</p>`}
    <p class="form-error import-action-error" role="alert"></p>
    <p class="actions"><button type="button" class="secondary sync-import">${s.syncNow}</button>
      <button type="button" class="secondary remove-import">${s.remove}</button></p></li>`;
}
