// The date picker: month grids from GET /calendar, scrolling months, keyboard navigation
// (the ARIA grid pattern: one day in the tab order, arrows move, Enter or Space picks).
// With a listing, days that cannot start a stay are greyed with the API's reason, and once a
// check-in is picked only the check-out days valid for it (checkoutAllowed) can be picked.
import { get } from './api.js';
import { t, shortMoney } from './i18n.js';
import { esc } from './dom.js';

const MONTHS_PER_PAGE = 3;

export function addDays(date, days) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function nightsBetween(checkin, checkout) {
  return Math.round((Date.parse(`${checkout}T00:00:00Z`) - Date.parse(`${checkin}T00:00:00Z`)) / 86400000);
}

function nextMonth(year, month) { return month === 12 ? [year + 1, 1] : [year, month + 1]; }
const monthText = (year, month) => `${year}-${String(month).padStart(2, '0')}`;

export class Calendar {
  /** `onChange({checkin, checkout})` after every pick. */
  constructor(root, { onChange }) {
    this.root = root;
    this.onChange = onChange;
    this.listingId = null;
    this.guests = { adults: 1, children: 0, infants: 0 };
    this.checkin = null;
    this.checkout = null;
    this.months = [];
    this.days = new Map();
    this.focusDate = null;
    this.monthCount = MONTHS_PER_PAGE;
    this.start = null;
    root.classList.add('calendar');
    root.innerHTML = `
      <p class="cal-status" aria-live="polite"></p>
      <div class="cal-months"></div>
      <p class="cal-reason" role="status" aria-live="polite"></p>
      <div class="cal-actions"><button type="button" class="link cal-clear"></button>
        <button type="button" class="secondary cal-more"></button></div>`;
    this.monthsElement = root.querySelector('.cal-months');
    root.querySelector('.cal-more').addEventListener('click', () => this.loadMore());
    root.querySelector('.cal-clear').addEventListener('click', () => this.select(null, null));
    this.monthsElement.addEventListener('click', (event) => {
      const cell = event.target.closest('[data-date]');
      if (cell) this.pick(cell.dataset.date);
    });
    this.monthsElement.addEventListener('keydown', (event) => this.key(event));
    // Scrolling to the last month shown brings the next ones (the button does the same).
    this.monthsElement.addEventListener('scroll', () => {
      const list = this.monthsElement;
      if (list.scrollTop > 0 && list.scrollTop + list.clientHeight >= list.scrollHeight - 24) this.loadMore();
    });
    this.monthsElement.addEventListener('focusin', (event) => {
      const cell = event.target.closest('[data-date]');
      if (cell) this.showReason(cell.dataset.date);
    });
  }

  /** Shows the calendar of `listingId` (null: a plain calendar with holidays). */
  async show({ listingId = null, guests, checkin = null, checkout = null }) {
    this.listingId = listingId;
    if (guests) this.guests = guests;
    this.checkin = checkin;
    this.checkout = checkout;
    this.monthCount = MONTHS_PER_PAGE;
    this.start = checkin ? checkin.slice(0, 7) : null;
    await this.reload();
  }

  params(start, months) {
    return {
      listingId: this.listingId, start, months,
      adults: this.listingId ? this.guests.adults : undefined,
      children: this.listingId ? this.guests.children : undefined,
      infants: this.listingId ? this.guests.infants : undefined,
      checkin: this.listingId && this.checkin && !this.checkout ? this.checkin : undefined,
    };
  }

  async reload() {
    const view = await get('/calendar', this.params(this.start, this.monthCount));
    this.view = view;
    this.today = view.today;
    this.start = monthText(view.months[0].year, view.months[0].month);
    this.months = view.months;
    this.index();
    this.render();
  }

  async loadMore() {
    if (this.loading) return;
    const last = this.months[this.months.length - 1];
    const [year, month] = nextMonth(last.year, last.month);
    this.loading = true;
    let view;
    try {
      view = await get('/calendar', this.params(monthText(year, month), MONTHS_PER_PAGE));
    } finally {
      this.loading = false;
    }
    this.months = this.months.concat(view.months);
    this.monthCount = this.months.length;
    this.index();
    this.render();
  }

  index() {
    this.days = new Map();
    for (const month of this.months) for (const day of month.days) this.days.set(day.date, day);
  }

  /** Whether `date` can be picked now, and if not, why (a key of t('reasons')). */
  state(date) {
    const day = this.days.get(date);
    if (!day) return { selectable: false, reason: null };
    const choosingCheckout = this.checkin && !this.checkout;
    if (!this.listingId) {
      if (day.isPast) return { selectable: false, reason: 'past' };
      return { selectable: true, asCheckout: choosingCheckout && date > this.checkin };
    }
    if (choosingCheckout && date > this.checkin && day.checkoutAllowed) return { selectable: true, asCheckout: true };
    if (day.checkinAllowed) return { selectable: true, asCheckout: false, notCheckout: choosingCheckout && date > this.checkin };
    if (choosingCheckout && date > this.checkin) return { selectable: false, reason: 'notCheckout' };
    return { selectable: false, reason: day.unavailableReason || 'past' };
  }

  pick(date) {
    const state = this.state(date);
    this.focusDate = date;
    if (!state.selectable) { this.showReason(date); this.focusCell(); return; }
    if (state.asCheckout) this.select(this.checkin, date);
    else this.select(date, null);
  }

  async select(checkin, checkout) {
    const checkinChanged = checkin !== this.checkin;
    this.checkin = checkin;
    this.checkout = checkout;
    this.onChange({ checkin, checkout });
    // With a listing the check-out days depend on the check-in: ask again.
    if (this.listingId && (checkinChanged || !checkout)) await this.reload();
    else this.render();
    this.focusCell();
  }

  showReason(date) {
    const state = this.state(date);
    const day = this.days.get(date);
    const parts = [];
    if (day?.holidayName) parts.push(day.holidayName);
    if (!state.selectable && state.reason) parts.push(t('reasons')[state.reason]);
    this.root.querySelector('.cal-reason').textContent = parts.length ? `${date}: ${parts.join(' · ')}` : '';
  }

  label(day, state) {
    const parts = [day.date];
    if (day.holidayName) parts.push(day.holidayName);
    if (this.listingId && day.price != null && day.available) parts.push(shortMoney(day.price));
    if (!state.selectable && state.reason) parts.push(t('reasons')[state.reason]);
    if (day.date === this.checkin) parts.push(t('checkin'));
    if (day.date === this.checkout) parts.push(t('checkout'));
    return parts.join(', ');
  }

  render() {
    const root = this.root;
    root.querySelector('.cal-more').textContent = t('moreMonths');
    root.querySelector('.cal-clear').textContent = t('clearDates');
    root.querySelector('.cal-clear').hidden = !this.checkin;
    const status = this.checkin && this.checkout
      ? `${this.checkin} → ${this.checkout} (${t('nights')(nightsBetween(this.checkin, this.checkout))})`
      : this.checkin ? `${this.checkin} → ${t('chooseCheckout')}` : t('chooseCheckin');
    root.querySelector('.cal-status').textContent = status;
    if (!this.focusDate || !this.days.has(this.focusDate)) {
      this.focusDate = this.checkin && this.days.has(this.checkin) ? this.checkin
        : [...this.days.values()].find((d) => !d.isPast)?.date ?? this.months[0]?.days[0]?.date;
    }
    const names = this.view.weekdayNames;
    const html = [];
    for (const month of this.months) {
      const id = `cal-${month.year}-${month.month}`;
      html.push(`<table role="grid" class="month" aria-labelledby="${id}">
        <caption id="${id}">${esc(month.title)}</caption>
        <thead><tr>${names.map((n) => `<th scope="col">${esc(n)}</th>`).join('')}</tr></thead><tbody>`);
      const cells = [];
      for (let i = 0; i < month.leadingBlanks; i++) cells.push('<td class="blank"></td>');
      for (const day of month.days) cells.push(this.cell(day));
      // Six weeks in every month: each month is as tall as the next, and the scroller shows
      // exactly one (see fitHeight), so no week row is ever cut in half.
      while (cells.length < 42) cells.push('<td class="blank"></td>');
      for (let i = 0; i < cells.length; i += 7) html.push(`<tr>${cells.slice(i, i + 7).join('')}</tr>`);
      html.push('</tbody></table>');
    }
    this.monthsElement.innerHTML = html.join('');
    this.fitHeight();
  }

  /**
   * The scroller is exactly one month tall and snaps to months (app.css), so what shows is
   * whole weeks. Measured, as the font decides a month's height; a hidden calendar measures
   * 0 and keeps the height it had (or the stylesheet's).
   */
  fitHeight() {
    const month = this.monthsElement.querySelector('table.month');
    const height = month ? month.offsetHeight : 0;
    if (height > 0) this.monthsElement.style.height = `${height}px`;
  }

  cell(day) {
    const state = this.state(day.date);
    const classes = ['day'];
    if (!state.selectable) classes.push('disabled');
    if (state.notCheckout) classes.push('not-checkout');
    if (day.isHoliday || day.weekday === 1) classes.push('holiday');
    if (day.isToday) classes.push('today');
    const inRange = this.checkin && this.checkout && day.date > this.checkin && day.date < this.checkout;
    if (inRange) classes.push('in-range');
    const picked = day.date === this.checkin || day.date === this.checkout;
    if (picked) classes.push('picked');
    const reason = !state.selectable && state.reason ? t('reasons')[state.reason] : '';
    const title = [day.holidayName, reason].filter(Boolean).join(' · ');
    const price = this.listingId && day.available && day.price != null ? `<span class="price">${shortMoney(day.price)}</span>` : '';
    const holiday = !this.listingId && day.holidayName ? `<span class="price">${esc(day.holidayName)}</span>` : '';
    return `<td role="gridcell" class="${classes.join(' ')}" data-date="${day.date}"
      tabindex="${day.date === this.focusDate ? 0 : -1}" aria-selected="${picked}" aria-disabled="${!state.selectable}"
      data-reason="${day.unavailableReason || ''}" data-available="${day.available ?? ''}"
      aria-label="${esc(this.label(day, state))}"${title ? ` title="${esc(title)}"` : ''}><span class="num">${day.day}</span>${price}${holiday}</td>`;
  }

  focusCell() {
    const cell = this.monthsElement.querySelector(`[data-date="${this.focusDate}"]`);
    if (!cell) return;
    for (const other of this.monthsElement.querySelectorAll('[tabindex="0"]')) other.tabIndex = -1;
    cell.tabIndex = 0;
    cell.focus();
  }

  async key(event) {
    const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7, PageUp: -28, PageDown: 28 };
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (this.focusDate) this.pick(this.focusDate);
      return;
    }
    let target = null;
    if (event.key in moves) target = addDays(this.focusDate, moves[event.key]);
    else if (event.key === 'Home') target = addDays(this.focusDate, -((this.days.get(this.focusDate).weekday + 7 - this.firstWeekdayNumber()) % 7));
    else if (event.key === 'End') target = addDays(this.focusDate, 6 - ((this.days.get(this.focusDate).weekday + 7 - this.firstWeekdayNumber()) % 7));
    if (!target) return;
    event.preventDefault();
    if (!this.days.has(target) && target > this.focusDate) await this.loadMore();
    if (!this.days.has(target)) return;
    this.focusDate = target;
    this.focusCell();
  }

  firstWeekdayNumber() { return this.view.firstWeekday === 'monday' ? 2 : 1; }
}
