// Guest steppers: adults (at least 1), children, infants (at most 5, the API's rule). Adults
// and children together stay within `max` (16 in search, the listing's maxGuests on its page);
// infants do not count toward it, as in the API.

const KINDS = ['adults', 'children', 'infants'];
const INFANT_LIMIT = 5;

import { t } from './i18n.js';

export class GuestStepper {
  constructor(root, { guests, max = 16, onChange }) {
    this.root = root;
    this.guests = { ...guests };
    this.max = max;
    this.onChange = onChange;
    root.classList.add('guests');
    root.addEventListener('click', (event) => {
      const button = event.target.closest('button[data-kind]');
      if (!button || button.disabled) return;
      this.guests[button.dataset.kind] += Number(button.dataset.delta);
      this.render();
      this.root.querySelector(`button[data-kind="${button.dataset.kind}"][data-delta="${button.dataset.delta}"]`)?.focus();
      this.onChange({ ...this.guests });
    });
    this.render();
  }

  allowed(kind, delta) {
    const g = this.guests;
    const value = g[kind] + delta;
    if (kind === 'adults' && value < 1) return false;
    if (value < 0) return false;
    if (kind === 'infants') return value <= INFANT_LIMIT;
    return delta < 0 || g.adults + g.children + delta <= this.max;
  }

  setMax(max) {
    this.max = max;
    this.render();
  }

  render() {
    this.root.innerHTML = KINDS.map((kind) => `
      <div class="stepper">
        <span class="who"><span id="g-${kind}">${t(kind)}</span><small>${t(`${kind}Hint`)}</small></span>
        <button type="button" class="round" data-kind="${kind}" data-delta="-1" aria-label="${t('decrease')(t(kind))}"
          ${this.allowed(kind, -1) ? '' : 'disabled'}>−</button>
        <output aria-labelledby="g-${kind}" aria-live="polite" data-testid="${kind}">${this.guests[kind]}</output>
        <button type="button" class="round" data-kind="${kind}" data-delta="1" aria-label="${t('increase')(t(kind))}"
          ${this.allowed(kind, 1) ? '' : 'disabled'}>+</button>
      </div>`).join('');
  }
}
