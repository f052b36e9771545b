// The results map: GET /listings/map pins and clusters drawn in SVG on a plain Web Mercator
// projection (the one map tiles use), over the land and coastline of GSHHG (coast.js, shipped
// with the client). No map tiles unless configured (tileTemplate): by default the page makes
// no request to another origin. Tapping a cluster
// zooms to its bounds; tapping a pin (or Enter on it) opens the listing.
import { get } from './api.js';
import { t, money, shortMoney } from './i18n.js';
import { esc } from './dom.js';

const WIDTH = 600, HEIGHT = 400, PAD = 24;

/** The zoom whose 256 px tiles fit `bbox`'s width into the map's width. */
function zoomFor(bounds) {
  const span = Math.max(bounds.northEast.lng - bounds.southWest.lng, 1e-4);
  return Math.max(0, Math.min(22, Math.floor(Math.log2((360 * WIDTH) / (256 * span)))));
}

/**
 * Map tiles are off unless configured: a URL template with {z}, {x} and {y}, set with
 * `localStorage.setItem('stays.mapTiles', 'https://tile.example.com/{z}/{x}/{y}.png')`
 * (and the provider's credit in 'stays.mapTilesAttribution'). Without one the page makes no
 * request to another origin. The page's security policy lets images come only from this
 * server and the origins its operator named (`stays serve --image-origin`, told to the page
 * in a meta tag), so a template on any other origin is ignored rather than left to fail in
 * the browser.
 */
function tileTemplate() {
  const template = localStorage.getItem('stays.mapTiles');
  if (!template) return null;
  let origin;
  try {
    origin = new URL(template.replace(/[{}]/g, ''), location.href).origin;
  } catch {
    return null;
  }
  const allowed = (document.querySelector('meta[name="stays-image-origins"]')?.content || '').split(' ');
  return origin === location.origin || allowed.includes(origin) ? template : null;
}

/** The <image>s of the tiles under the map, at the tile zoom nearest the map's scale. */
function tileImages(template, left, top, scale) {
  const zoom = Math.max(0, Math.min(19, Math.round(Math.log2(scale))));
  const size = (256 * scale) / 2 ** zoom;
  const perWorld = 256 / 2 ** zoom;
  const images = [];
  const count = 2 ** zoom;
  for (let ty = Math.floor(top / perWorld); ty * perWorld < top + HEIGHT / scale && ty < count; ty++) {
    for (let tx = Math.floor(left / perWorld); tx * perWorld < left + WIDTH / scale; tx++) {
      if (ty < 0 || images.length > 64) continue;
      const url = template.replace('{z}', zoom).replace('{x}', ((tx % count) + count) % count).replace('{y}', ty);
      images.push(`<image href="${esc(url)}" x="${((tx * perWorld - left) * scale).toFixed(1)}" y="${((ty * perWorld - top) * scale).toFixed(1)}"
        width="${size.toFixed(1)}" height="${size.toFixed(1)}" preserveAspectRatio="none"/>`);
    }
  }
  const credit = localStorage.getItem('stays.mapTilesAttribution');
  if (credit) images.push(`<text x="${WIDTH - 4}" y="${HEIGHT - 4}" class="credit">${esc(credit)}</text>`);
  return images;
}

/**
 * The land (coast.js, 87 KB: loaded with the first map, not with the page) as rings of
 * [lng, lat] with their bounds, decoded once.
 */
let landRings = null;
async function loadLand() {
  if (landRings) return landRings;
  const { coast } = await import('./coast.js');
  landRings = coast.rings.map((text) => {
    const numbers = text.split(',').map(Number);
    const points = [];
    let x = 0, y = 0;
    let west = Infinity, east = -Infinity, south = Infinity, north = -Infinity;
    for (let i = 0; i < numbers.length; i += 2) {
      x += numbers[i];
      y += numbers[i + 1];
      const lng = coast.west + (x - coast.origin) * coast.step, lat = coast.north - (y - coast.origin) * coast.step;
      points.push([lng, lat]);
      west = Math.min(west, lng); east = Math.max(east, lng); south = Math.min(south, lat); north = Math.max(north, lat);
    }
    return { points, west, east, south, north };
  });
  return landRings;
}

export class ResultsMap {
  constructor(root, { onOpen }) {
    this.root = root;
    this.onOpen = onOpen;
    this.filters = null;
    this.home = null;
    root.classList.add('map');
    root.innerHTML = `<div class="map-bar"><span class="map-total"></span>
      <button type="button" class="secondary map-reset"></button></div><div class="map-canvas"></div>`;
    root.querySelector('.map-reset').addEventListener('click', () => this.show(this.filters, this.home));
    root.addEventListener('click', (event) => this.activate(event.target.closest('[data-kind]')));
    root.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' || event.key === ' ') {
        const target = event.target.closest('[data-kind]');
        if (target) { event.preventDefault(); this.activate(target); }
      }
    });
  }

  activate(element) {
    if (!element) return;
    if (element.dataset.kind === 'pin') this.onOpen(element.dataset.id);
    else this.show(this.filters, JSON.parse(element.dataset.bounds), false);
  }

  /**
   * Draws the matches of `filters`. At home (`isHome`) the map asks for the same area as the
   * list, the chosen place (`filters.locationId`), so its count is the list's `total`;
   * `bounds` (the list's `bounds`) only frames the drawing. Zoomed into a cluster it asks
   * for the cluster's box (`bounds`), and its count is what is in view.
   */
  async show(filters, bounds, isHome = true) {
    this.filters = filters;
    if (isHome) this.home = bounds;
    this.root.querySelector('.map-reset').textContent = t('mapReset');
    this.root.querySelector('.map-reset').hidden = isHome;
    // A little room around the matches in the drawing, and never a box too small to hold a pin.
    const latPad = Math.max((bounds.northEast.lat - bounds.southWest.lat) * 0.08, 0.002);
    const lngPad = Math.max((bounds.northEast.lng - bounds.southWest.lng) * 0.08, 0.002);
    const box = {
      southWest: { lat: bounds.southWest.lat - latPad, lng: bounds.southWest.lng - lngPad },
      northEast: { lat: bounds.northEast.lat + latPad, lng: bounds.northEast.lng + lngPad },
    };
    const area = isHome && filters.locationId
      ? { locationId: filters.locationId }
      : { locationId: undefined, bbox: [bounds.southWest.lat, bounds.southWest.lng, bounds.northEast.lat, bounds.northEast.lng].map((v) => v.toFixed(6)).join(',') };
    const [answer] = await Promise.all([get('/listings/map', { ...filters, ...area, zoom: zoomFor(box) }), loadLand()]);
    this.draw(box, answer);
  }

  /**
   * The land under the pins (GSHHG's coastline, coast.js) as one SVG path: the rings that
   * reach into the drawn box, with the points closer than half a pixel to the last one left out.
   */
  landPath(box, project) {
    // The drawing is wider than the box (it keeps the map's aspect): a margin of one box.
    const latSpan = box.northEast.lat - box.southWest.lat, lngSpan = box.northEast.lng - box.southWest.lng;
    const view = { west: box.southWest.lng - lngSpan, east: box.northEast.lng + lngSpan,
      south: box.southWest.lat - latSpan, north: box.northEast.lat + latSpan };
    const d = [];
    for (const ring of landRings) {
      if (ring.east < view.west || ring.west > view.east || ring.north < view.south || ring.south > view.north) continue;
      let lastX = null, lastY = null;
      const path = [];
      for (const [lng, lat] of ring.points) {
        const [x, y] = project({ lat, lng });
        if (lastX !== null && Math.abs(x - lastX) < 0.5 && Math.abs(y - lastY) < 0.5) continue;
        path.push(`${x.toFixed(1)} ${y.toFixed(1)}`);
        lastX = x; lastY = y;
      }
      if (path.length > 2) d.push(`M${path.join('L')}Z`);
    }
    return `<path class="land" data-rings="${d.length}" d="${d.join('')}"/>`;
  }

  draw(box, answer) {
    // Web Mercator "world pixels" at zoom 0 (the world is 256 px wide), scaled to fit the box.
    const world = (p) => {
      const sin = Math.sin((p.lat * Math.PI) / 180);
      return [((p.lng + 180) / 360) * 256, (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * 256];
    };
    const [west, north] = world({ lat: box.northEast.lat, lng: box.southWest.lng });
    const [east, south] = world({ lat: box.southWest.lat, lng: box.northEast.lng });
    const scale = Math.min((WIDTH - 2 * PAD) / (east - west), (HEIGHT - 2 * PAD) / (south - north));
    const left = west - (WIDTH / scale - (east - west)) / 2, top = north - (HEIGHT / scale - (south - north)) / 2;
    const project = (p) => {
      const [x, y] = world(p);
      return [(x - left) * scale, (y - top) * scale];
    };
    const parts = [`<rect width="${WIDTH}" height="${HEIGHT}" class="sea"/>`];
    const tiles = tileTemplate();
    if (tiles) parts.push(...tileImages(tiles, left, top, scale));
    else parts.push(this.landPath(box, project));
    for (const cluster of answer.clusters || []) {
      const [x, y] = project(cluster.center);
      const r = Math.min(24, 11 + Math.sqrt(cluster.count) * 1.4);
      const label = t('cluster')(cluster.count, money(cluster.minPrice));
      parts.push(`<g class="cluster" data-kind="cluster" data-bounds='${esc(JSON.stringify(cluster.bounds))}' tabindex="0" role="button" aria-label="${esc(label)}">
        <title>${esc(label)}</title><circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${r.toFixed(1)}"/>
        <text x="${x.toFixed(1)}" y="${(y + 4).toFixed(1)}">${cluster.count}</text></g>`);
    }
    for (const pin of answer.pins || []) {
      const [x, y] = project(pin.coordinate);
      const text = shortMoney(pin.price);
      const w = 10 + text.length * 7.5;
      parts.push(`<g class="pin" data-kind="pin" data-id="${esc(pin.id)}" tabindex="0" role="link" aria-label="${esc(money(pin.price))}">
        <rect x="${(x - w / 2).toFixed(1)}" y="${(y - 22).toFixed(1)}" width="${w.toFixed(1)}" height="18" rx="9"/>
        <text x="${x.toFixed(1)}" y="${(y - 9).toFixed(1)}">${esc(text)}</text></g>`);
    }
    this.root.querySelector('.map-total').textContent = t('mapLabel')(answer.total);
    this.root.querySelector('.map-total').dataset.total = answer.total;
    this.root.querySelector('.map-canvas').innerHTML =
      `<svg viewBox="0 0 ${WIDTH} ${HEIGHT}" role="group" aria-label="${esc(t('mapLabel')(answer.total))}">${parts.join('')}</svg>`;
  }
}
