#!/usr/bin/env python3
"""Prints `EXPLAIN QUERY PLAN` (sqlite3 CLI) for the SQL each route runs, as Markdown.

Usage: explain.py DATABASE [DOC]
With DOC, also replaces the text between `<!-- explain:begin -->` and `<!-- explain:end -->`
in that Markdown file.

The texts mirror Sources/Persistence/ListingSearchSQL.swift and SQLiteCatalog.swift (the
Swift builds them at run time from a few variants; keep these in step when they change).
Parameters are left unbound: the plan does not depend on their values.
"""
import subprocess
import sys

database = sys.argv[1]

AREA = {
    "location": " AND l.location_id IN (SELECT location_id FROM location_ancestors WHERE ancestor_id = :location)",
    "bbox": " AND l.latitude BETWEEN :south AND :north AND l.longitude BETWEEN :west AND :east",
}


def matches(area, stay):
    common = "l.max_guests >= :guests AND l.room_type IN (:rt1, :rt2, :rt3, :rt4)" + AREA[area]
    if not stay:
        return ("WITH p AS (SELECT l.id, l.latitude, l.longitude, l.recommendation_score, l.rating, NULL AS total, "
                "l.base_price + l.extra_guest_fee * MAX(0, :guests - l.guests_included) AS nightly "
                f"FROM listings l WHERE {common})")
    return ("WITH m AS MATERIALIZED (SELECT l.id, l.latitude, l.longitude, l.recommendation_score, l.rating, "
            "l.base_price * :weekday_nights + COALESCE(l.weekend_price, l.base_price) * :weekend_nights "
            "+ l.extra_guest_fee * MAX(0, :guests - l.guests_included) * :nights "
            "+ (SELECT COALESCE(SUM(c.price - CASE WHEN ((c.day % 7) + 11) % 7 >= 5 "
            "THEN COALESCE(l.weekend_price, l.base_price) ELSE l.base_price END), 0) "
            "FROM calendar_days c WHERE c.listing_id = l.id AND c.day >= :checkin AND c.day < :checkout "
            "AND c.price IS NOT NULL) AS total "
            "FROM listings l "
            "LEFT JOIN calendar_days ci ON ci.listing_id = l.id AND ci.day = :checkin "
            "LEFT JOIN calendar_days co ON co.listing_id = l.id AND co.day = :checkout "
            f"WHERE {common} "
            "AND NOT EXISTS (SELECT 1 FROM calendar_days b WHERE b.listing_id = l.id AND b.day >= :checkin "
            "AND b.day < :checkout AND b.status <> 'available') "
            "AND COALESCE(ci.closed_to_arrival, 0) = 0 "
            "AND COALESCE(co.closed_to_departure, 0) = 0 "
            "AND :nights BETWEEN COALESCE(ci.min_nights, l.min_nights) AND COALESCE(ci.max_nights, l.max_nights) "
            "AND (l.available_until IS NULL OR l.available_until >= :checkout)), "
            "p AS (SELECT id, latitude, longitude, recommendation_score, rating, total, "
            "(2 * total + :nights) / (2 * :nights) AS nightly FROM m)")


def page(area, stay, key="p.recommendation_score"):
    return (matches(area, stay) + f" SELECT p.id, p.total, p.nightly, {key} FROM p "
            f"WHERE p.nightly BETWEEN :min_price AND :max_price ORDER BY {key} DESC, p.id ASC LIMIT :limit")


def summary(area, stay):
    return (matches(area, stay) + " SELECT count(*), min(p.latitude), max(p.latitude), min(p.longitude), "
            "max(p.longitude) FROM p WHERE p.nightly BETWEEN :min_price AND :max_price")


def prices(area, stay):
    return matches(area, stay) + " SELECT p.nightly FROM p ORDER BY p.nightly"


queries = [
    ("/listings page: locationId + dates + guests, recommended", page("location", True)),
    ("/listings summary (count, bounds): locationId + dates", summary("location", True)),
    ("/listings page: bbox, no dates, recommended", page("bbox", False)),
    ("/listings page: locationId, no dates, recommended", page("location", False)),
    ("/listings summary: bbox, no dates", summary("bbox", False)),
    ("/listings: each item by id (SQLiteCatalog.listing)", "SELECT * FROM listings WHERE id = ?"),
    ("/price-histogram: locationId + dates", prices("location", True)),
    ("/price-histogram: bbox, no dates", prices("bbox", False)),
    ("/calendar and /quote: calendar entries", "SELECT day, status, price, min_nights, max_nights, closed_to_arrival, "
     "closed_to_departure FROM calendar_days WHERE listing_id = ? AND day >= ? AND day < ? ORDER BY day"),
    ("/locations (every 5 s; then from memory)", "SELECT id, parent_id, kind, name, name_en, full_name, full_name_en, "
     "latitude, longitude, image_url, listing_count FROM locations ORDER BY id"),
    ("/locations/{id} bounds", "SELECT count(*), min(latitude), max(latitude), min(longitude), max(longitude) FROM listings "
     "WHERE location_id IN (SELECT location_id FROM location_ancestors WHERE ancestor_id = ?)"),
]

out = [f"`sqlite3 -readonly {database} 'EXPLAIN QUERY PLAN ...'`, SQLite "
       + subprocess.run(["sqlite3", "--version"], capture_output=True, text=True).stdout.split(" ")[0] + ":\n"]
for title, sql in queries:
    plan = subprocess.run(["sqlite3", "-readonly", database, "EXPLAIN QUERY PLAN " + sql],
                          capture_output=True, text=True)
    out.append(f"**{title}**\n\n```\n{(plan.stdout + plan.stderr).rstrip()}\n```\n")
text = "\n".join(out)
print(text)
if len(sys.argv) > 2:
    begin, end = "<!-- explain:begin -->", "<!-- explain:end -->"
    doc = open(sys.argv[2]).read()
    if begin not in doc:
        doc += f"\n{begin}\n{end}\n"
    head, rest = doc.split(begin, 1)
    tail = rest.split(end, 1)[1]
    with open(sys.argv[2], "w") as f:
        f.write(head + begin + "\n" + text.rstrip() + "\n" + end + tail)
