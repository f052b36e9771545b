#!/usr/bin/env python3
"""The trips benchmark (issue 17): how long a page of GET /reservations takes for a guest
with a long history, before and after the trips query became two bounded index walks.

Usage: trips.py --stays BIN --database COPY --today YYYY-MM-DD --out DIR [--requests N] [--stays-before OLD]

On COPY (a throw-away copy of a seeded dataset, migrated by BIN), writes guests straight
into the tables: one with 1,000 reservations, one with 10,000, and 300 others with 30 each
so the table is not one guest's. Check-ins are spread from two years before TODAY to a
year after it, 1-4 nights, 30% cancelled: every page kind occurs (upcoming, current,
past, cancelled). Then, for each of the two guests:

1. SQL (after the HTTP runs), in this process's sqlite3 (the system libsqlite3, the server's): the query
   before issue 17 (commit ca3dad4, every reservation grouped and sorted, then LIMIT) and
   the walks after (SQLiteBookingStore.upcomingTrips / pastTrips, copied here), for the
   first page and for the first page of the past group, LIMIT 21 as the server asks.
2. HTTP, on one `stays serve` (BIN) on COPY: --requests sequential GET /reservations
   (limit 20, the default) on one keep-alive connection, first page and a past page
   (the one after the first page of 50 that reaches the past group). With --stays-before
   (a build of commit ca3dad4; COPY must then be seeded by it, as its schema is one
   migration older), the same on it first; BIN then adds the trips index.

Prints and writes DIR/trips.md and DIR/trips.json: median, p99 and max in milliseconds.
"""
import argparse
import base64
import datetime
import hashlib
import http.client
import json
import os
import random
import sqlite3
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402

COLUMNS = """r.id, r.guest_id, r.listing_id, r.checkin, r.checkout, r.adults, r.children, r.infants, r.currency,
r.nightly_prices, r.line_items, r.total, r.cancellation_policy, r.status, r.created_at, r.cancelled_at,
r.refund_lines, l.title, l.photo_urls, loc.name, l.time_zone, r.cancelled_on"""
FROM = "FROM reservations r JOIN listings l ON l.id = r.listing_id JOIN locations loc ON loc.id = l.location_id"

# SQLiteBookingStore.trips before issue 17 (commit ca3dad4).
BEFORE = f"""SELECT * FROM (SELECT {COLUMNS},
CASE WHEN r.status = 'confirmed' AND r.checkout > :today THEN 0 ELSE 1 END AS grp
{FROM} WHERE r.guest_id = :guest)
WHERE :after_group IS NULL OR (grp, CASE grp WHEN 0 THEN checkin ELSE -checkin END,
CASE grp WHEN 0 THEN id ELSE -id END) > (:after_group, :after_date, :after_id)
ORDER BY grp, CASE grp WHEN 0 THEN checkin ELSE -checkin END, CASE grp WHEN 0 THEN id ELSE -id END
LIMIT :limit"""

# SQLiteBookingStore.upcomingTrips and .pastTrips after it.
UPCOMING = f"""SELECT {COLUMNS} {FROM} WHERE r.guest_id = :guest AND r.status = 'confirmed' AND r.checkin >= :from
AND r.checkout > :today AND (r.checkin > :after_checkin OR r.id > :after_id)
ORDER BY r.checkin, r.id LIMIT :limit"""
PAST = f"""SELECT {COLUMNS} {FROM} WHERE r.guest_id = :guest AND r.status = 'cancelled'
AND r.checkin <= :before_checkin AND (r.checkin < :before_checkin OR r.id < :before_id)
UNION ALL
SELECT {COLUMNS} {FROM} WHERE r.guest_id = :guest AND r.status = 'confirmed'
AND r.checkin <= :confirmed_through AND r.checkout <= :today
AND (r.checkin < :before_checkin OR r.id < :before_id)
ORDER BY 4 DESC, 1 DESC LIMIT :limit"""

MAX_NIGHTS = 365
BIG = 2**63 - 1


def epoch_day(date):
    return (date - datetime.date(1970, 1, 1)).days


def new_guest(db):
    token = base64.urlsafe_b64encode(os.urandom(32)).rstrip(b"=").decode()
    digest = hashlib.sha256(token.encode()).digest()
    cur = db.execute("INSERT INTO guests (token_hash, created_at) VALUES (?, 0)", (digest,))
    return cur.lastrowid, token


def add_history(db, guest, count, today, listings, rng):
    rows = []
    for _ in range(count):
        checkin = today + rng.randrange(-730, 365)
        nights = rng.randrange(1, 5)
        cancelled = rng.random() < 0.3
        total = 100000 * nights
        rows.append((guest, rng.choice(listings), checkin, checkin + nights, ",".join(["100000"] * nights),
                     f"accommodation:{total}", total, "cancelled" if cancelled else "confirmed",
                     1 if cancelled else None, checkin - 3 if cancelled else None,
                     "accommodation:0" if cancelled else None))
    db.executemany("""INSERT INTO reservations (guest_id, listing_id, checkin, checkout, adults, children, infants,
        currency, nightly_prices, line_items, total, cancellation_policy, status, created_at, cancelled_at,
        cancelled_on, refund_lines) VALUES (?, ?, ?, ?, 1, 0, 0, 'KRW', ?, ?, ?, 'moderate', ?, 0, ?, ?, ?)""", rows)


def summary(samples):
    samples = sorted(samples)
    return {"n": len(samples), "median_ms": round(bench_percentile(samples, 50) * 1000, 3),
            "p99_ms": round(bench_percentile(samples, 99) * 1000, 3), "max_ms": round(samples[-1] * 1000, 3)}


def bench_percentile(sorted_values, p):
    index = min(len(sorted_values) - 1, max(0, int(round(p / 100 * len(sorted_values) + 0.5)) - 1))
    return sorted_values[index]


def timed(function, runs):
    function()  # warm: the first run pays for cold pages
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        function()
        samples.append(time.perf_counter() - start)
    return summary(samples)


def sql_walks(db, guest, today, past_only):
    """The rows the server's walks read for a first page (or the first past page)."""
    rows = []
    if not past_only:
        floor = today + 1 - MAX_NIGHTS
        rows = db.execute(UPCOMING, {"guest": guest, "from": floor, "today": today, "after_checkin": floor - 1,
                                     "after_id": 0, "limit": 21}).fetchall()
    if len(rows) <= 20:
        rows += db.execute(PAST, {"guest": guest, "before_checkin": BIG, "before_id": BIG,
                                  "confirmed_through": today - 1, "today": today, "limit": 21 - len(rows)}).fetchall()
    return rows


def sql_before(db, guest, today, past_only):
    # The past group's first page: after the cursor (0, +infinity, +infinity).
    cursor = {"after_group": 0, "after_date": BIG, "after_id": BIG} if past_only else \
        {"after_group": None, "after_date": None, "after_id": None}
    return db.execute(BEFORE, {"guest": guest, "today": today, "limit": 21, **cursor}).fetchall()


def past_cursor(port, token):
    """The cursor after the first page of 50 that reaches the past group: a past page."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    cursor = None
    while True:
        path = "/reservations?limit=50" + (f"&cursor={cursor}" if cursor else "")
        conn.request("GET", path, headers={"Authorization": f"Bearer {token}"})
        body = json.loads(conn.getresponse().read())
        cursor = body["nextCursor"]
        if cursor is None or any(item["status"] == "cancelled" for item in body["items"]):
            conn.close()
            return cursor


def http_timed(port, token, cursor, requests):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    path = "/reservations" + (f"?cursor={cursor}" if cursor else "")
    headers = {"Authorization": f"Bearer {token}", "Accept": "application/json"}

    def one():
        conn.request("GET", path, headers=headers)
        response = conn.getresponse()
        data = response.read()
        if response.status != 200:
            raise RuntimeError(f"GET {path}: {response.status} {data[:200]!r}")
    result = timed(one, requests)
    conn.close()
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--stays", required=True)
    parser.add_argument("--database", required=True, help="a copy: guests and reservations are written into it")
    parser.add_argument("--today", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--requests", type=int, default=500)
    parser.add_argument("--stays-before", help="a build from before issue 17, measured over HTTP first")
    parser.add_argument("--sql-runs", type=int, default=200)
    opts = parser.parse_args()
    os.makedirs(opts.out, exist_ok=True)
    today = epoch_day(datetime.date.fromisoformat(opts.today))
    rng = random.Random(17)

    db = sqlite3.connect(opts.database, isolation_level=None)
    listings = [row[0] for row in db.execute("SELECT id FROM listings ORDER BY id LIMIT 5000")]
    db.execute("BEGIN")
    for _ in range(300):
        guest, _ = new_guest(db)
        add_history(db, guest, 30, today, listings, rng)
    guests = {}
    for count in (1000, 10000):
        guest, token = new_guest(db)
        add_history(db, guest, count, today, listings, rng)
        guests[count] = (guest, token)
    db.execute("COMMIT")
    print(f"wrote {db.execute('SELECT count(*) FROM reservations').fetchone()[0]} reservations", file=sys.stderr)

    results = {"today": opts.today, "sqlite": sqlite3.sqlite_version, "guests": {},
               "guest_ids": {str(count): guest for count, (guest, _) in guests.items()}}
    db.close()
    builds = ([("http_before", opts.stays_before)] if opts.stays_before else []) + [("http", opts.stays)]
    for tag, binary in builds:
        server = bench.Server(argparse.Namespace(stays=binary, today=opts.today), opts.database, opts.out)
        try:
            for count, (_, token) in guests.items():
                entry = results["guests"].setdefault(str(count), {})
                entry[f"{tag}_first"] = http_timed(server.port, token, None, opts.requests)
                entry[f"{tag}_past"] = http_timed(server.port, token, past_cursor(server.port, token), opts.requests)
        finally:
            server.stop()

    # SQL last: with --stays-before the index only exists once BIN has migrated the file.
    db = sqlite3.connect(opts.database, isolation_level=None)
    for count, (guest, _) in guests.items():
        entry = results["guests"].setdefault(str(count), {})
        for page, past_only in (("first", False), ("past", True)):
            before_rows = sql_before(db, guest, today, past_only)
            after_rows = sql_walks(db, guest, today, past_only)
            if [r[0] for r in before_rows] != [r[0] for r in after_rows]:
                raise RuntimeError(f"guest {count} {page} page: the walks and the old query disagree")
            entry[f"sql_before_{page}"] = timed(lambda: sql_before(db, guest, today, past_only), opts.sql_runs)
            entry[f"sql_after_{page}"] = timed(lambda: sql_walks(db, guest, today, past_only), opts.sql_runs)

    db.close()

    lines = [f"today {opts.today}, SQLite {results['sqlite']}; milliseconds, median / p99 / max", "",
             "| guest's reservations | page | SQL before | SQL after | HTTP GET /reservations before "
             "| HTTP GET /reservations after |", "|---:|---|---|---|---|---|"]
    fmt = lambda s: f"{s['median_ms']} / {s['p99_ms']} / {s['max_ms']}"  # noqa: E731
    for count, entry in results["guests"].items():
        for page in ("first", "past"):
            before = fmt(entry[f"http_before_{page}"]) if f"http_before_{page}" in entry else "not run"
            lines.append(f"| {count} | {page} | {fmt(entry[f'sql_before_{page}'])} | {fmt(entry[f'sql_after_{page}'])} "
                         f"| {before} | {fmt(entry[f'http_{page}'])} |")
    text = "\n".join(lines)
    print(text)
    with open(os.path.join(opts.out, "trips.md"), "w") as f:
        f.write(text + "\n")
    with open(os.path.join(opts.out, "trips.json"), "w") as f:
        json.dump(results, f, indent=2)


if __name__ == "__main__":
    main()
