// The price filter: the histogram from GET /price-histogram drawn as bars, under two range
// inputs (the two thumbs, each keyboard-operable with its own label). Moving a thumb asks the
// histogram again with minPrice/maxPrice and shows its countInRange ("N stays in range").
import { get } from './api.js';
import { t, money } from './i18n.js';
import { debounce } from './dom.js';

const STEP = 1000;

export class PriceFilter {
  constructor(root, { onChange }) {
    this.root = root;
    this.onChange = onChange;
    this.filters = null;
    this.histogram = null;
    this.low = null;
    this.high = null;
    root.classList.add('price-filter');
    // Before a place is chosen there is nothing to count: the empty state says so, and the
    // histogram, thumbs and labels appear with the first histogram.
    root.innerHTML = `
      <p class="price-empty" data-testid="price-empty"></p>
      <div class="bars" aria-hidden="true"></div>
      <div class="thumbs">
        <input type="range" class="low" id="price-low">
        <input type="range" class="high" id="price-high">
      </div>
      <div class="price-labels"><label for="price-low" class="low-label"></label><label for="price-high" class="high-label"></label></div>
      <p class="in-range" aria-live="polite" data-testid="count-in-range"></p>`;
    this.setEmpty(true);
    this.lowInput = root.querySelector('.low');
    this.highInput = root.querySelector('.high');
    const refresh = debounce(() => this.count(), 150);
    // Each move numbers the count it asks for; an older answer arriving late is dropped, and
    // `data-pending` says whether the count shown is still catching up with the thumbs.
    this.moves = 0;
    for (const input of [this.lowInput, this.highInput]) {
      input.addEventListener('input', () => {
        this.moves += 1;
        this.root.querySelector('.in-range').dataset.pending = 'true';
        this.readThumbs(input);
        this.paint();
        refresh();
      });
    }
  }

  /** Shows the empty state (no place chosen yet) instead of the histogram, or the reverse. */
  setEmpty(empty) {
    this.root.querySelector('.price-empty').textContent = t('priceEmpty');
    this.root.querySelector('.price-empty').hidden = !empty;
    for (const part of ['.bars', '.thumbs', '.price-labels', '.in-range']) this.root.querySelector(part).hidden = empty;
  }

  /** The empty state again in the page's language. */
  relabel() {
    if (!this.histogram) this.setEmpty(true);
  }

  /** The slider's range: from the first bin's lower bound to the last bin's (open) upper one. */
  get bounds() {
    const bins = this.histogram.bins;
    const min = Math.floor(bins[0].min / STEP) * STEP;
    const last = bins[bins.length - 1];
    let max = Math.ceil((last.max ?? last.min) / STEP) * STEP;
    // A range chosen before the filters changed stays as chosen: the slider reaches a step
    // past it even where the new histogram is narrower (else a thumb would land on an end
    // and the bound would be dropped).
    const kept = this.kept || {};
    let low = min;
    if (kept.minPrice != null) low = Math.min(min, Math.max(0, kept.minPrice - STEP));
    if (kept.maxPrice != null) max = Math.max(max, kept.maxPrice + STEP);
    return { min: low, max: Math.max(max, low + STEP) };
  }

  /** The chosen range as query parameters; a thumb at its end means no bound. */
  get range() {
    if (!this.histogram || !this.histogram.bins.length) return {};
    const { min, max } = this.bounds;
    return { minPrice: this.low > min ? this.low : undefined, maxPrice: this.high < max ? this.high : undefined };
  }

  /** Draws the histogram for `filters` (the /listings filters, without a price). */
  async show(filters) {
    this.filters = filters;
    this.moves += 1; // a count for the old filters, still on its way, is dropped
    const kept = this.histogram ? this.range : {};
    this.kept = kept;
    this.histogram = await get('/price-histogram', { ...filters, bins: 30, ...kept });
    this.setEmpty(false);
    if (!this.histogram.bins.length) {
      this.root.querySelector('.bars').innerHTML = '';
      this.root.querySelector('.in-range').textContent = t('inRange')(0);
      this.root.querySelector('.thumbs').hidden = true;
      return;
    }
    this.root.querySelector('.thumbs').hidden = false;
    const { min, max } = this.bounds;
    this.low = Math.max(min, Math.min(kept.minPrice ?? min, max));
    this.high = Math.min(max, Math.max(kept.maxPrice ?? max, min));
    for (const input of [this.lowInput, this.highInput]) {
      input.min = min;
      input.max = max;
      input.step = STEP;
    }
    this.lowInput.value = this.low;
    this.highInput.value = this.high;
    const tallest = Math.max(...this.histogram.bins.map((b) => b.count), 1);
    // Heights through the CSSOM: the page's security policy refuses inline style attributes.
    const bars = this.root.querySelector('.bars');
    bars.replaceChildren(...this.histogram.bins.map((b) => {
      const bar = document.createElement('span');
      bar.style.height = `${Math.max(2, Math.round((b.count / tallest) * 100))}%`;
      bar.dataset.min = b.min;
      bar.dataset.max = b.max ?? '';
      return bar;
    }));
    this.paint();
    this.showCount(this.histogram.countInRange ?? this.histogram.count);
    this.root.querySelector('.in-range').dataset.pending = 'false';
  }

  readThumbs(moved) {
    let low = Number(this.lowInput.value), high = Number(this.highInput.value);
    if (low > high) {
      if (moved === this.lowInput) low = high; else high = low;
    }
    this.low = low;
    this.high = high;
    this.lowInput.value = low;
    this.highInput.value = high;
  }

  paint() {
    const { max } = this.bounds;
    for (const bar of this.root.querySelectorAll('.bars span')) {
      const binMin = Number(bar.dataset.min), binMax = bar.dataset.max ? Number(bar.dataset.max) : Infinity;
      bar.classList.toggle('in', binMax > this.low && binMin <= this.high);
    }
    const lowText = money(this.low);
    const highText = this.high >= max ? `${money(this.high)} ${t('andUp')}` : money(this.high);
    this.root.querySelector('.low-label').textContent = `${t('minPrice')}: ${lowText}`;
    this.root.querySelector('.high-label').textContent = `${t('maxPrice')}: ${highText}`;
    this.lowInput.setAttribute('aria-valuetext', lowText);
    this.highInput.setAttribute('aria-valuetext', highText);
  }

  async count() {
    const move = this.moves;
    const range = this.range;
    const answer = await get('/price-histogram', { ...this.filters, bins: 1, ...range });
    if (move !== this.moves) return;
    this.showCount(answer.countInRange ?? answer.count);
    this.root.querySelector('.in-range').dataset.pending = 'false';
    this.onChange(range);
  }

  showCount(n) {
    this.root.querySelector('.in-range').textContent = t('inRange')(n);
    this.root.querySelector('.in-range').dataset.count = n;
  }
}
