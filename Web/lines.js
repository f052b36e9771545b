// A table of money lines: a quote's line items, a refund's lines.
import { money } from './i18n.js';
import { esc } from './dom.js';

export function lineItems(items, currency) {
  return `<table class="lines">${items.map((item) => `<tr data-kind="${esc(item.kind)}"><th scope="row">${esc(item.label)}</th>
    <td>${money(item.amount, currency)}</td></tr>`).join('')}</table>`;
}
