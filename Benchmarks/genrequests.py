#!/usr/bin/env python3
"""Pre-generates the request paths of each benchmark scenario for one dataset.

Usage: genrequests.py BASE_URL DATABASE OUT_DIR TODAY [COUNT]

Locations (ids, names, initials, centres) are read from the dataset's SQLite file; listing
ids and bookable stays come from the running API itself (/listings searches), and every
quote request is checked once to answer 200, so the quote scenario expects no errors.
Deterministic for a given dataset (fixed random seed).

Writes one file per scenario in OUT_DIR (one path?query per line): locations.txt,
listings.txt, histogram.txt, calendar.txt, quote.txt, mixed.txt, health.txt.
"""
import datetime
import json
import os
import random
import sqlite3
import sys
import urllib.parse
import urllib.request

base, database, out_dir, today_text = sys.argv[1:5]
count = int(sys.argv[5]) if len(sys.argv) > 5 else 2000
today = datetime.date.fromisoformat(today_text)
rng = random.Random(20261123)
os.makedirs(out_dir, exist_ok=True)


def get(path):
    with urllib.request.urlopen(base + path, timeout=60) as response:
        return response.status, json.loads(response.read())


def status_of(path):
    try:
        with urllib.request.urlopen(base + path, timeout=60) as response:
            response.read()
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


db = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
locations = db.execute(
    "SELECT id, kind, name, name_en, initials, latitude, longitude, listing_count FROM locations "
    "WHERE listing_count > 0").fetchall()
db.close()
if not locations:
    sys.exit("genrequests: the dataset has no locations with listings")
# Cities and districts are searched more often than neighbourhoods; weight by listings.
area_weights = [max(1, row[7]) ** 0.5 for row in locations]


def query(path, params):
    return path + "?" + urllib.parse.urlencode(params, safe=",")


def stay():
    # Most stays start within two months, some up to ~11 months out; 1-7 nights, mostly 2-3.
    offset = min(330, 1 + int(rng.expovariate(1 / 45)))
    nights = rng.choices([1, 2, 3, 4, 5, 7], weights=[15, 30, 25, 12, 10, 8])[0]
    checkin = today + datetime.timedelta(days=offset)
    return checkin.isoformat(), (checkin + datetime.timedelta(days=nights)).isoformat()


def guests():
    params = {"adults": rng.choices([1, 2, 3, 4], weights=[25, 50, 15, 10])[0]}
    if rng.random() < 0.2:
        params["children"] = rng.choice([1, 2])
    return params


def filters(with_stay_share):
    location = rng.choices(locations, weights=area_weights)[0]
    params = {}
    if rng.random() < 0.6:
        params["locationId"] = location[0]
    else:
        half = rng.choice([0.01, 0.02, 0.04, 0.08])
        lat, lng = location[5], location[6]
        params["bbox"] = f"{lat - half:.5f},{lng - half * 1.3:.5f},{lat + half:.5f},{lng + half * 1.3:.5f}"
    if rng.random() < with_stay_share:
        params["checkin"], params["checkout"] = stay()
    params.update(guests())
    if rng.random() < 0.25:
        low = rng.randrange(0, 15) * 10000
        params["minPrice"] = low
        params["maxPrice"] = low + rng.randrange(5, 40) * 10000
    if rng.random() < 0.15:
        params["roomType"] = rng.choice(["entire_home", "private_room", "entire_home,private_room", "hotel_room"])
    return params


def listings_request():
    params = filters(0.75)
    params["sort"] = rng.choices(["recommended", "price_asc", "price_desc", "rating_desc"], weights=[70, 15, 10, 5])[0]
    return query("/listings", params)


def histogram_request():
    params = filters(0.75)
    params["bins"] = rng.choice([20, 30, 40, 50])
    return query("/price-histogram", params)


def autocomplete_request():
    location = rng.choice(locations)
    name, name_en, initials = location[2], location[3], location[4]
    kind = rng.random()
    if kind < 0.5:
        text = name[: rng.randint(1, max(1, len(name)))]
    elif kind < 0.8:
        text = name_en[: rng.randint(2, max(2, min(8, len(name_en))))].lower()
    else:
        text = initials[: rng.randint(1, max(1, len(initials)))] or name[:1]
    return query("/locations", {"query": text})


# Listing ids, from the API: recommended, cheapest and best-rated pages of many areas.
listing_ids = []
seen = set()
for _ in range(60):
    params = filters(0.0)
    params.pop("minPrice", None), params.pop("maxPrice", None), params.pop("roomType", None)
    params["sort"] = rng.choice(["recommended", "price_asc", "rating_desc"])
    params["limit"] = 50
    _, page = get(query("/listings", params))
    for item in page["items"]:
        if item["id"] not in seen:
            seen.add(item["id"])
            listing_ids.append(item["id"])
if not listing_ids:
    sys.exit("genrequests: /listings found no listings")

# Bookable stays, from searches with dates; each quote is checked once.
quotes = []
attempts = 0
while len(quotes) < min(count, 600) and attempts < 400:
    attempts += 1
    params = filters(1.0)
    params.pop("minPrice", None), params.pop("maxPrice", None)
    params["limit"] = 20
    _, page = get(query("/listings", params))
    for item in page["items"][:5]:
        q = {"listingId": item["id"], "checkin": params["checkin"], "checkout": params["checkout"],
             "adults": params["adults"]}
        if "children" in params:
            q["children"] = params["children"]
        path = query("/quote", q)
        if status_of(path) == 200:
            quotes.append(path)
if not quotes:
    sys.exit("genrequests: no bookable stay found for /quote")

scenarios = {
    "health": ["/health"],
    "locations": [autocomplete_request() for _ in range(count)],
    "listings": [listings_request() for _ in range(count)],
    "histogram": [histogram_request() for _ in range(count)],
    "calendar": [query("/calendar", {"listingId": rng.choice(listing_ids), "months": 12}) for _ in range(count)],
    "quote": [rng.choice(quotes) for _ in range(count)],
}
# The app's proportions: autocomplete as the user types, then the date picker, the price
# filter's histogram, the result list, and a quote for a chosen stay.
mix = {"locations": 40, "calendar": 20, "histogram": 15, "listings": 15, "quote": 10}
scenarios["mixed"] = [rng.choice(scenarios[rng.choices(list(mix), weights=list(mix.values()))[0]])
                      for _ in range(count * 2)]
for name, paths in scenarios.items():
    with open(os.path.join(out_dir, name + ".txt"), "w") as f:
        f.write("\n".join(paths) + "\n")
print(f"genrequests: {len(listing_ids)} listing ids, {len(quotes)} bookable quotes, "
      f"{len(locations)} locations; lists in {out_dir}", file=sys.stderr)
