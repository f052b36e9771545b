#!/usr/bin/env python3
"""Makes Web/coast.js, the land the results map draws under its pins, from GSHHG (the
Global Self-consistent, Hierarchical, High-resolution Geography database, LGPL 3, by
P. Wessel and W. H. F. Smith), as Debian's gmt-gshhg-high installs it for GMT:

    apt-get install gmt gmt-gshhg-high
    python3 Web/tools/make-coast.py > Web/coast.js

GMT rasterises the full-resolution shorelines over Korea and its seas (124-132 E, 33-39 N)
into a land mask of 0.0025 degree cells (about 250 m); the land's outline is traced along the
cells' edges, each staircase cut to its diagonal (the edges' midpoints, as marching squares
would), simplified (Douglas-Peucker, half a cell), and islands under MIN_CELLS cells dropped.
Points are on a half-cell lattice, written as differences from the previous point, so the
file stays small; the client turns them back into degrees (map.js). Needs numpy.
"""
import subprocess
import sys

import numpy as np

WEST, EAST, SOUTH, NORTH, STEP = 124.0, 132.0, 33.0, 39.0, 0.0025
TOLERANCE = 1.0     # half cells
MIN_CELLS = 24      # smaller islands are left out (24 cells: about 1.5 km²)


def land_mask():
    region = f"-R{WEST:g}/{EAST:g}/{SOUTH:g}/{NORTH:g}"
    subprocess.run(["gmt", "grdlandmask", region, f"-I{STEP}", "-Dh", "-N0/1/0/1/0", "-G/tmp/stays-coast-mask.nc"], check=True)
    text = subprocess.run(["gmt", "grd2xyz", "/tmp/stays-coast-mask.nc", "-ZTLa"], check=True, capture_output=True, text=True).stdout
    columns = round((EAST - WEST) / STEP) + 1
    values = np.array(text.split(), dtype=np.float32).astype(np.uint8)
    return values.reshape(-1, columns)


def rings(mask):
    """Closed outlines of the land (row, column corner indices of the padded mask), land on
    the right of each edge: every vertex has as many edges in as out, so walks close."""
    land = np.pad(mask, 1)
    rows, cols = land.shape
    out = {}

    def edge(a, b):
        out.setdefault(a, []).append(b)
    for r, c in zip(*np.nonzero(land[1:, :] < land[:-1, :])):      # water below (r+1)
        edge((c + 1, r + 1), (c, r + 1))
    for r, c in zip(*np.nonzero(land[:-1, :] < land[1:, :])):      # water above the cell r+1
        edge((c, r + 1), (c + 1, r + 1))
    for r, c in zip(*np.nonzero(land[:, :-1] < land[:, 1:])):      # water left of cell c+1
        edge((c + 1, r + 1), (c + 1, r))
    for r, c in zip(*np.nonzero(land[:, 1:] < land[:, :-1])):      # water right of cell c
        edge((c + 1, r), (c + 1, r + 1))
    found = []
    while out:
        start = next(iter(out))
        ring, at = [start], start
        while True:
            nexts = out[at]
            following = nexts.pop()
            if not nexts:
                del out[at]
            if following == start:
                break
            ring.append(following)
            at = following
        found.append(ring)
    return found


def area(ring):
    xs = np.array([p[0] for p in ring], dtype=float)
    ys = np.array([p[1] for p in ring], dtype=float)
    return abs(np.dot(xs, np.roll(ys, -1)) - np.dot(ys, np.roll(xs, -1))) / 2


def simplify(points, tolerance):
    """Douglas-Peucker on an open polyline (iterative)."""
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    stack = [(0, len(points) - 1)]
    while stack:
        first, last = stack.pop()
        (x1, y1), (x2, y2) = points[first], points[last]
        dx, dy = x2 - x1, y2 - y1
        length = (dx * dx + dy * dy) ** 0.5
        best, index = 0.0, None
        for i in range(first + 1, last):
            x, y = points[i]
            d = abs(dy * (x - x1) - dx * (y - y1)) / length if length else ((x - x1) ** 2 + (y - y1) ** 2) ** 0.5
            if d > best:
                best, index = d, i
        if index is not None and best > tolerance:
            keep[index] = True
            stack.append((first, index))
            stack.append((index, last))
    return [p for p, k in zip(points, keep) if k]


def chamfered(ring):
    """The midpoints of the ring's edges (doubled, to stay whole numbers): a staircase of
    cell edges becomes the diagonal it stands for, as marching squares would draw it."""
    return [(ring[i][0] + ring[(i + 1) % len(ring)][0], ring[i][1] + ring[(i + 1) % len(ring)][1]) for i in range(len(ring))]


def simplified_ring(ring):
    # Split the closed ring at its start and at the point farthest from it.
    x0, y0 = ring[0]
    far = max(range(len(ring)), key=lambda i: (ring[i][0] - x0) ** 2 + (ring[i][1] - y0) ** 2)
    first = simplify(ring[:far + 1], TOLERANCE)
    second = simplify(ring[far:] + [ring[0]], TOLERANCE)
    return first[:-1] + second[:-1]


def main():
    mask = land_mask()
    encoded = []
    for ring in rings(mask):
        if area(ring) < MIN_CELLS:
            continue
        points = simplified_ring(chamfered(ring))
        if len(points) < 3:
            continue
        flat, px, py = [], 0, 0
        for x, y in points:
            flat += [x - px, y - py]
            px, py = x, y
        encoded.append(",".join(map(str, flat)))
    print("// Generated by Web/tools/make-coast.py from GSHHG 2.3.7 (high resolution, LGPL 3, P. Wessel and")
    print("// W. H. F. Smith; Debian's gmt-gshhg-high). Do not edit. The land over Korea and its seas as closed")
    print(f"// rings of points on a {STEP / 2:g}-degree lattice, each the difference from the previous one: the point")
    print(f"// (x, y) is at longitude {WEST:g} + (x - 3) * {STEP / 2:g}, latitude {NORTH:g} - (y - 3) * {STEP / 2:g}.")
    print(f"export const coast = {{ west: {WEST:g}, north: {NORTH:g}, step: {STEP / 2:g}, origin: 3, rings: [")
    for ring in encoded:
        print(f"  '{ring}',")
    print("] };")
    print(f"{len(encoded)} rings", file=sys.stderr)


if __name__ == "__main__":
    main()
