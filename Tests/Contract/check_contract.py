#!/usr/bin/env python3
"""Contract test: real responses of a running `stays serve` against docs/openapi.yaml.

Usage: check_contract.py BASE_URL [SPEC]

Every request is checked against the spec: the status is the one expected, the status is
documented for the operation (or its `default`), the Content-Type is the documented media
type, the body validates against the documented schema (which forbids undocumented
members), and the documented headers are present with documented values. On top of that it
asserts the invariants a client relies on (quote lines sum to the total, search totals equal
quote totals, histogram counts equal search totals, paging never repeats a listing, the
calendar agrees with the quote, ...).

The server must run with `--today 2026-11-23` on the seeded demo data. Prints one line per
check and ends with `N passed, M failed`; exits 1 on any failure.
"""

import http.client
import json
import re
import sys
import urllib.parse
from datetime import date, timedelta
from pathlib import Path

import jsonschema
import yaml

TODAY = date(2026, 11, 23)
START_MONTH = "2026-12"


class Response:
    def __init__(self, status, headers, body):
        self.status = status
        self.headers = headers  # lower-case name -> value (last wins)
        self.body = body
        self._json = None

    def header(self, name):
        return self.headers.get(name.lower())

    @property
    def json(self):
        if self._json is None:
            self._json = json.loads(self.body.decode("utf-8"))
        return self._json


class Client:
    def __init__(self, base):
        parsed = urllib.parse.urlsplit(base)
        self.host, self.port = parsed.hostname, parsed.port
        self.conn = None

    def request(self, method, target, headers=None):
        for attempt in (1, 2):
            if self.conn is None:
                self.conn = http.client.HTTPConnection(self.host, self.port, timeout=30)
            try:
                self.conn.request(method, target, headers=headers or {})
                raw = self.conn.getresponse()
                body = raw.read()
                result = Response(raw.status, {k.lower(): v for k, v in raw.getheaders()}, body)
                if (raw.getheader("Connection") or "").lower() == "close":
                    self.close()
                return result
            except (http.client.HTTPException, ConnectionError, OSError):
                self.close()
                if attempt == 2:
                    raise

    def close(self):
        if self.conn is not None:
            self.conn.close()
            self.conn = None


def target(path, params=None):
    """Builds a request target; values are percent-encoded as UTF-8 (Hangul included)."""
    if not params:
        return path
    if isinstance(params, str):  # a raw query, sent as is
        return path + "?" + params
    return path + "?" + urllib.parse.urlencode(params, quote_via=urllib.parse.quote, safe=",")


class Spec:
    def __init__(self, path):
        with open(path, encoding="utf-8") as f:
            self.doc = yaml.safe_load(f)
        self.root = {"components": self.doc["components"], "paths": self.doc["paths"]}
        self.routes = []
        for template in self.doc["paths"]:
            names = re.findall(r"\{(\w+)\}", template)
            pattern = "^" + re.sub(r"\\\{\w+\\\}", "([^/]+)", re.escape(template)) + "$"
            self.routes.append((len(names), template, re.compile(pattern)))
        self.routes.sort()  # literal routes before templated ones

    def resolve(self, obj):
        while isinstance(obj, dict) and "$ref" in obj and len(obj) == 1:
            obj = self.pointer(obj["$ref"])
        return obj

    def pointer(self, ref):
        assert ref.startswith("#/"), ref
        node = self.doc
        for part in ref[2:].split("/"):
            node = node[part.replace("~1", "/").replace("~0", "~")]
        return node

    def operation(self, path, method="get"):
        for _, template, regex in self.routes:
            if regex.match(path):
                return template, self.doc["paths"][template].get(method)
        return None, None

    def validator(self, schema):
        root = dict(self.root)
        root.update(schema)
        return jsonschema.Draft202012Validator(root, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)

    def schema_errors(self, schema, instance):
        errors = sorted(self.validator(schema).iter_errors(instance), key=lambda e: list(e.absolute_path))
        return ["%s: %s" % ("/".join(str(p) for p in e.absolute_path) or "(root)", e.message[:300]) for e in errors]


class Checker:
    def __init__(self, base, spec_path):
        self.client = Client(base)
        self.spec = Spec(spec_path)
        self.passed = 0
        self.failed = 0

    def result(self, name, problems):
        if problems:
            self.failed += 1
            print("FAIL %s: %s" % (name, "; ".join(problems[:5])))
        else:
            self.passed += 1
            print("ok   %s" % name)
        sys.stdout.flush()

    def expect(self, name, condition, detail=""):
        self.result(name, [] if condition else [detail or "assertion failed"])
        return condition

    # -- one request checked against the spec ----------------------------------------------

    def call(self, name, path, params=None, status=200, method="GET", headers=None, response_ref=None,
             check=None):
        """Sends a request, checks it against the spec, runs `check(response)` for extra
        assertions (it returns a list of problems), records one result; returns the response."""
        problems = []
        try:
            response = self.client.request(method, target(path, params), headers)
        except Exception as error:  # the server died or hung: that is a failure, not a crash
            self.result(name, ["request failed: %r" % error])
            return None
        if response.status != status:
            problems.append("status %d, expected %d (body %s)" % (response.status, status, response.body[:300]))
        else:
            problems += self.conformance(path, method, response, response_ref)
            if not problems and check is not None:
                try:
                    problems += check(response) or []
                except Exception as error:
                    problems.append("check raised %r" % error)
        self.result(name, problems)
        return response if not problems else None

    def conformance(self, path, method, response, response_ref=None):
        problems = []
        if response_ref is not None:
            documented = self.spec.pointer(response_ref)
        else:
            template, operation = self.spec.operation(path, "get" if method == "HEAD" else method.lower())
            if operation is None:
                return ["%s %s is not in the spec" % (method, path)]
            responses = operation["responses"]
            documented = responses.get(str(response.status)) or responses.get("default")
            if documented is None:
                return ["status %d is not documented for %s" % (response.status, template)]
        documented = self.spec.resolve(documented)

        for header, spec_header in (documented.get("headers") or {}).items():
            spec_header = self.spec.resolve(spec_header)
            value = response.header(header)
            if value is None:
                if spec_header.get("required"):
                    problems.append("header %s missing" % header)
                continue
            problems += ["header %s %r: %s" % (header, value, e)
                         for e in self.spec.schema_errors(spec_header["schema"], value)]

        content = documented.get("content")
        if method == "HEAD" or response.status in (204, 304):
            if response.body:
                problems.append("%d with a body" % response.status)
            if content and method != "HEAD":
                problems.append("spec documents a body for %d" % response.status)
            return problems
        if not content:
            return problems + ["no content documented for %d" % response.status]
        content_type = response.header("Content-Type") or ""
        media = content_type.split(";")[0].strip()
        if media not in content:
            return problems + ["Content-Type %r not in %s" % (content_type, list(content))]
        if media == "application/json" and content_type.replace(" ", "").lower() != "application/json;charset=utf-8":
            problems.append("Content-Type %r lacks charset=utf-8" % content_type)
        try:
            body = response.json
        except ValueError as error:
            return problems + ["body is not JSON: %s" % error]
        problems += self.spec.schema_errors(content[media]["schema"], body)
        if media == "application/problem+json" and body.get("status") != response.status:
            problems.append("problem status %r differs from HTTP status %d" % (body.get("status"), response.status))
        return problems

    def get(self, path, params=None, headers=None):
        """A plain request for setting up other checks (not itself a check)."""
        response = self.client.request("GET", target(path, params), headers)
        if response.status != 200:
            raise RuntimeError("GET %s -> %d %s" % (target(path, params), response.status, response.body[:200]))
        return response.json

    def bad_request(self, name, path, params, names):
        """400 whose invalidParams name exactly `names` (a set), each a declared parameter."""
        def check(response):
            got = {p["name"] for p in response.json["invalidParams"]}
            problems = [] if got == set(names) else ["invalidParams %s, expected %s" % (sorted(got), sorted(names))]
            _, operation = self.spec.operation(path)
            declared = {self.spec.resolve(p)["name"] for p in operation.get("parameters", [])}
            undeclared = got - declared
            if undeclared:
                problems.append("invalidParams names undeclared parameters %s" % sorted(undeclared))
            return problems
        return self.call(name, path, params, status=400, check=check)

    # -- the checks ------------------------------------------------------------------------

    def bookable(self, **stay):
        """The id of the first listing a search finds bookable for `stay` (and its guests), so
        the checks follow the data instead of hard-coding listing ids."""
        page = self.get("/listings", dict(stay, locationId=1, limit=1))
        if not page["items"]:
            raise RuntimeError("no listing bookable for %s" % stay)
        return page["items"][0]["id"]

    def run(self):
        try:
            self.listing_id = self.bookable(checkin="2026-12-04", checkout="2026-12-11", adults=2)
        except Exception as error:
            self.result("a 7-night stay in Seoul is bookable (needed by later checks)", ["%r" % error])
            print("%d passed, %d failed" % (self.passed, self.failed))
            return 1
        for section in (self.spec_checks, self.health, self.locations, self.listings, self.paging,
                        self.listing_detail, self.consistency, self.calendar, self.histogram, self.quotes, self.stay_problems,
                        self.parameter_bounds, self.http_semantics):
            try:
                section()
            except Exception as error:  # a section that cannot go on is one failure; the rest still run
                self.result("%s completes" % section.__name__, ["raised %r" % error])
        self.client.close()
        print("%d passed, %d failed" % (self.passed, self.failed))
        return 1 if self.failed else 0

    def spec_checks(self):
        try:
            from openapi_spec_validator import validate
        except ImportError:
            validate = None
        if validate is not None:
            try:
                validate(self.spec.doc)
                self.expect("spec: valid OpenAPI 3.1", True)
            except Exception as error:
                self.expect("spec: valid OpenAPI 3.1", False, str(error)[:300])
        # Every example in the spec is itself valid against its schema.
        problems = []
        for template, item in self.spec.doc["paths"].items():
            for code, response in item["get"]["responses"].items():
                response = self.spec.resolve(response)
                for media, content in (response.get("content") or {}).items():
                    examples = [content["example"]] if "example" in content else []
                    examples += [e["value"] for e in (content.get("examples") or {}).values()]
                    for example in examples:
                        problems += ["%s %s: %s" % (template, code, e)
                                     for e in self.spec.schema_errors(content["schema"], example)]
        self.expect("spec: every response example matches its schema", not problems, "; ".join(problems[:3]))

    def health(self):
        self.call("GET /health", "/health", check=lambda r: [] if r.json == {"status": "ok"} else ["body %s" % r.json])
        self.call("GET /health/ready", "/health/ready",
                  check=lambda r: [] if r.json == {"status": "ready"} else ["body %s" % r.json])

    def locations(self):
        def first_named(name):
            return lambda r: [] if r.json["items"] and r.json["items"][0]["name"] == name \
                else ["first item %s" % (r.json["items"][:1],)]
        self.call("autocomplete 초성 ㅅㅇ finds 서울 first", "/locations", {"query": "ㅅㅇ", "limit": 5},
                  check=first_named("서울"))
        self.call("autocomplete 초성 ㄱㄴ finds 강남구", "/locations", {"query": "ㄱㄴ"},
                  check=lambda r: [] if any(i["name"] == "강남구" for i in r.json["items"]) else ["no 강남구"])
        self.call("autocomplete syllable prefix 제주", "/locations", {"query": "제주"}, check=first_named("제주"))
        self.call("autocomplete partial syllable 강나 finds 강남구", "/locations", {"query": "강나"},
                  check=lambda r: [] if any(i["name"] == "강남구" for i in r.json["items"]) else ["no 강남구"])
        self.call("autocomplete English with Accept-Language: en", "/locations", {"query": "gangnam"},
                  headers={"Accept-Language": "en"},
                  check=lambda r: [] if r.json["items"] and all("Gangnam" in i["name"] for i in r.json["items"])
                  else ["names %s" % [i["name"] for i in r.json["items"]]])
        self.call("autocomplete limit honoured", "/locations", {"query": "ㄱ", "limit": 3},
                  check=lambda r: [] if len(r.json["items"]) == 3 else ["%d items" % len(r.json["items"])])
        self.call("autocomplete no match is empty", "/locations", {"query": "zzzzqx"},
                  check=lambda r: [] if r.json["items"] == [] else ["items %s" % r.json["items"]])
        self.bad_request("autocomplete without query -> 400", "/locations", {}, {"query"})
        self.bad_request("autocomplete limit 21 -> 400", "/locations", {"query": "서울", "limit": 21}, {"limit"})

        def most_listings_first(r):
            counts = [i["listingCount"] for i in r.json["items"]]
            return [] if counts == sorted(counts, reverse=True) and len(counts) == 5 and min(counts) > 0 \
                else ["listingCounts %s" % counts]
        self.call("popular: most listings first", "/locations/popular", {"limit": 5}, check=most_listings_first)
        self.call("popular in English", "/locations/popular", headers={"Accept-Language": "en-US,en;q=0.9"},
                  check=lambda r: [] if r.json["items"][0]["name"] == r.json["items"][0]["nameEnglish"]
                  else ["name %r" % r.json["items"][0]["name"]])

        def nearest_first(r):
            distances = [i["distanceKm"] for i in r.json["items"]]
            return [] if distances and distances == sorted(distances) else ["distances %s" % distances]
        self.call("nearby: nearest first (Seoul)", "/locations/nearby", {"lat": 37.5, "lng": 127.0}, check=nearest_first)
        self.call("nearby in English (Jeju)", "/locations/nearby", {"lat": 33.45, "lng": 126.56, "limit": 3},
                  headers={"Accept-Language": "en"}, check=nearest_first)
        self.bad_request("nearby without lat/lng -> 400", "/locations/nearby", {}, {"lat", "lng"})
        self.bad_request("nearby lat 91, lng x -> 400", "/locations/nearby", {"lat": 91, "lng": "x"}, {"lat", "lng"})

        seoul = self.call("location detail 서울", "/locations/1",
                          check=lambda r: [] if r.json["parentId"] is None and r.json["bounds"] else ["%s" % r.json])
        self.call("location detail (district, English)", "/locations/37", headers={"Accept-Language": "en"},
                  check=lambda r: [] if r.json["parentId"] and r.json["name"] == r.json["nameEnglish"] else ["%s" % r.json])
        self.call("unknown location -> 404", "/locations/999999", status=404)
        self.bad_request("location id 'abc' -> 400", "/locations/abc", None, {"id"})
        return seoul

    def listings(self):
        stay = {"checkin": "2026-12-04", "checkout": "2026-12-07"}
        self.call("search by locationId", "/listings", {"locationId": 1})

        def in_box(box):
            sw_lat, sw_lng, ne_lat, ne_lng = box
            def check(r):
                items = r.json["items"]
                bad = [i["id"] for i in items if not (sw_lat <= i["coordinate"]["lat"] <= ne_lat
                                                      and sw_lng <= i["coordinate"]["lng"] <= ne_lng)]
                return ([] if items else ["no items"]) + (["outside bbox: %s" % bad] if bad else [])
            return check
        box = (37.4, 126.9, 37.6, 127.1)
        self.call("search by bbox (map)", "/listings", {"bbox": ",".join(map(str, box)), "limit": 50}, check=in_box(box))

        def stay_prices(r):
            items = r.json["items"]
            return ([] if items else ["no items"]) + \
                ["item %s has no totalPrice" % i["id"] for i in items if i["totalPrice"] is None]
        self.call("search with stay and guests (en)", "/listings",
                  dict(stay, locationId=37, adults=2, children=1, infants=1), headers={"Accept-Language": "en"},
                  check=stay_prices)

        def room_types(r):
            return [] if r.json["items"] and {i["roomType"] for i in r.json["items"]} <= {"private_room", "hotel_room"} \
                else ["room types %s" % {i["roomType"] for i in r.json["items"]}]
        self.call("search roomType comma list", "/listings", {"roomType": "private_room,hotel_room", "limit": 50},
                  check=room_types)

        def price_range(r):
            prices = [i["nightlyPrice"] for i in r.json["items"]]
            return [] if prices and all(50000 <= p <= 90000 for p in prices) else ["prices %s" % prices]
        self.call("search minPrice/maxPrice", "/listings", {"minPrice": 50000, "maxPrice": 90000, "limit": 50},
                  check=price_range)

        for sort, key, reverse in (("price_asc", "nightlyPrice", False), ("price_desc", "nightlyPrice", True),
                                   ("rating_desc", "rating", True)):
            def ordered(r, key=key, reverse=reverse):
                values = [i[key] if i[key] is not None else -1 for i in r.json["items"]]
                return [] if values and values == sorted(values, reverse=reverse) else ["%s not ordered: %s" % (key, values)]
            self.call("search sort=%s is ordered" % sort, "/listings", {"locationId": 1, "sort": sort, "limit": 50},
                      check=ordered)

        self.call("search unknown locationId -> 404, never cached", "/listings", {"locationId": 999999}, status=404,
                  check=lambda r: [] if r.headers.get("cache-control") == "no-store" else ["Cache-Control %r" % r.headers])
        self.call("search nowhere (empty bbox) is empty", "/listings", {"bbox": "0,0,1,1"},
                  check=lambda r: [] if r.json["items"] == [] and r.json["bounds"] is None else ["%s" % r.json])

        def big_ids(r):
            ids = [i["id"] for i in r.json["items"]]
            return [] if any(int(i) > 2 ** 53 for i in ids) else ["no id above 2^53 among %s" % ids[:5]]
        self.call("ids above 2^53 stay exact strings", "/listings", {"locationId": 37, "limit": 50}, check=big_ids)

        self.bad_request("search: every bad parameter at once -> 400", "/listings",
                         {"limit": 0, "sort": "cheap", "checkin": "2026-02-30", "roomType": "castle", "bbox": "1,2,3"},
                         {"limit", "sort", "checkin", "checkout", "roomType", "bbox"})
        self.bad_request("search: locationId with bbox -> 400", "/listings", {"locationId": 1, "bbox": "37,126,38,127"},
                         {"bbox"})
        for box in ("-91,126,37,127", "37,-181,38,127", "37,126,91,127", "37,126,38,181", "38,126,37,127"):
            self.bad_request("search: bbox %s outside the spec's ranges or inverted -> 400" % box, "/listings",
                             {"bbox": box}, {"bbox"})
        self.bad_request("search: checkin before today -> 400", "/listings",
                         {"checkin": "2026-11-01", "checkout": "2026-11-03"}, {"checkin"})
        self.bad_request("search: checkout not after checkin -> 400", "/listings",
                         {"checkin": "2026-12-05", "checkout": "2026-12-05"}, {"checkout"})
        self.bad_request("search: more than 365 nights -> 400", "/listings",
                         {"checkin": "2026-12-01", "checkout": "2028-01-01"}, {"checkout"})
        self.bad_request("search: maxPrice < minPrice -> 400", "/listings", {"minPrice": 5, "maxPrice": 1}, {"maxPrice"})
        self.bad_request("search: guests out of range -> 400", "/listings", {"adults": 0, "children": -1, "infants": 6},
                         {"adults", "children", "infants"})
        self.bad_request("search: garbage cursor -> 400", "/listings", {"cursor": "zzz"}, {"cursor"})
        first = self.get("/listings", {"locationId": 1, "limit": 5})
        self.bad_request("search: cursor of another sort -> 400", "/listings",
                         {"locationId": 1, "limit": 5, "sort": "price_asc", "cursor": first["nextCursor"]}, {"cursor"})

        # For a stay, the search finds exactly the listings /quote accepts, each with the
        # quote's total and average nightly price.
        everyone = {item["id"] for item in self.all_pages({"locationId": 36})}
        kinds_seen = set()
        for label, params in (("1 night, 2 adults", {"checkin": "2026-12-24", "checkout": "2026-12-25", "adults": 2}),
                              ("3 nights, 2 adults + 1 child", dict(stay, adults=2, children=1)),
                              ("8 nights (weekly discount), 4 adults",
                               {"checkin": "2027-01-10", "checkout": "2027-01-18", "adults": 4}),
                              ("30 nights (monthly discount), 1 adult + 2 children",
                               {"checkin": "2027-02-01", "checkout": "2027-03-03", "children": 2})):
            found = {item["id"]: item for item in self.all_pages(dict(params, locationId=36))}
            problems = [] if found else ["no listing found"]
            accepted = set()
            for listing_id in sorted(everyone):
                quote = self.client.request("GET", target("/quote", dict(params, listingId=listing_id)))
                if quote.status == 200:
                    accepted.add(listing_id)
                    kinds_seen |= {line["kind"] for line in quote.json["lineItems"]}
                    item = found.get(listing_id)
                    if item and (item["totalPrice"], item["nightlyPrice"]) != (quote.json["total"],
                                                                              quote.json["averageNightlyPrice"]):
                        problems.append("listing %s: totalPrice/nightlyPrice %s/%s, quote %s/%s"
                                        % (listing_id, item["totalPrice"], item["nightlyPrice"], quote.json["total"],
                                           quote.json["averageNightlyPrice"]))
                elif quote.status not in (409, 422):
                    problems.append("quote %s -> %d" % (listing_id, quote.status))
            if set(found) - accepted:
                problems.append("found but not quotable: %s" % sorted(set(found) - accepted)[:5])
            if accepted - set(found):
                problems.append("quotable but not found: %s" % sorted(accepted - set(found))[:5])
            self.result("invariant: stay search (%s) finds exactly the %d of %d listings /quote accepts, "
                        "totalPrice == quote total" % (label, len(accepted), len(everyone)), problems)
        kinds = set(self.spec.doc["components"]["schemas"]["LineItem"]["properties"]["kind"]["enum"])
        self.expect("every line item kind of the spec occurs in those quotes", kinds_seen == kinds,
                    "seen %s, spec %s" % (sorted(kinds_seen), sorted(kinds)))

    def all_pages(self, params):
        items, cursor = [], None
        for _ in range(200):
            page = self.get("/listings", dict(params, limit=50, **({"cursor": cursor} if cursor else {})))
            items += page["items"]
            cursor = page["nextCursor"]
            if cursor is None:
                return items
        raise RuntimeError("more than 200 pages for %s" % params)

    def paging(self):
        for name, params in (("locationId=36 recommended", {"locationId": 36}),
                             ("bbox price_asc", {"bbox": "37.45,126.8,37.7,127.2", "sort": "price_asc"}),
                             ("Seoul rating_desc", {"locationId": 1, "sort": "rating_desc"}),
                             ("stay price_desc", {"locationId": 1, "sort": "price_desc",
                                                  "checkin": "2026-12-18", "checkout": "2026-12-20", "adults": 2})):
            seen, pages, total, cursor, problems = [], 0, None, None, []
            while pages < 100:
                query = dict(params, limit=50)
                if cursor:
                    query["cursor"] = cursor
                response = self.call("paging %s: page %d" % (name, pages + 1), "/listings", query)
                if response is None:
                    problems.append("page %d failed" % (pages + 1))
                    break
                page = response.json
                pages += 1
                if total is None:
                    total = page["total"]
                elif page["total"] != total:
                    problems.append("total changed %d -> %d" % (total, page["total"]))
                seen += [i["id"] for i in page["items"]]
                cursor = page["nextCursor"]
                if cursor is None:
                    break
                if not page["items"]:
                    problems.append("empty page with a nextCursor")
                    break
            duplicates = sorted({i for i in seen if seen.count(i) > 1})
            if duplicates:
                problems.append("listings served twice: %s" % duplicates[:10])
            if total is not None and len(seen) != total:
                problems.append("visited %d listings, total says %d" % (len(seen), total))
            if pages < 2:
                problems.append("only %d page(s): choose a larger search" % pages)
            self.result("invariant: paging %s visits %s listings over %d pages, none twice" % (name, total, pages),
                        problems)

    def listing_detail(self):
        def consistent(r):
            body = r.json
            problems = []
            if body["nightlyPrice"] != body["pricing"]["basePrice"]:
                problems.append("nightlyPrice %s != basePrice %s" % (body["nightlyPrice"], body["pricing"]["basePrice"]))
            if body["cleaningFee"] != body["pricing"]["cleaningFee"]:
                problems.append("cleaningFee differs from pricing.cleaningFee")
            if body["photos"] and body["photoUrl"] != body["photos"][0]:
                problems.append("photoUrl is not the first photo")
            return problems
        self.call("listing page", "/listings/" + self.listing_id, check=consistent)
        page = self.get("/listings", {"locationId": 37, "limit": 50})
        big = next(i["id"] for i in page["items"] if int(i["id"]) > 2 ** 53)
        self.call("listing page, id above 2^53, English", "/listings/" + big, headers={"Accept-Language": "en"},
                  check=lambda r: ([] if r.json["id"] == big else ["id %r" % r.json["id"]])
                  + ([] if r.json["locationName"] == "Gangnam Station" else ["locationName %r" % r.json["locationName"]]))
        self.call("unknown listing -> 404", "/listings/999999", status=404)
        self.bad_request("listing id 'abc' -> 400", "/listings/abc", None, {"id"})
        self.bad_request("listing id 0 -> 400", "/listings/0", None, {"id"})

    def consistency(self):
        for location_id in (1, 36, 37, 66):
            location = self.get("/locations/%d" % location_id)
            search = self.get("/listings", {"locationId": location_id, "limit": 1})
            self.expect("invariant: location %d listingCount and bounds == /listings total and bounds" % location_id,
                        location["listingCount"] == search["total"] and location["bounds"] == search["bounds"],
                        "listingCount %d vs total %d, bounds %s vs %s" % (location["listingCount"], search["total"],
                                                                          location["bounds"], search["bounds"]))

        # Without a stay: nightlyPrice is the base price plus extra-guest fees; capacity filters.
        page = self.get("/listings", {"locationId": 36, "adults": 3, "children": 1, "infants": 2, "limit": 50})
        problems = [] if page["items"] else ["no items"]
        with_fee = None
        for item in page["items"]:
            pricing = self.get("/listings/" + item["id"])["pricing"]
            expected = pricing["basePrice"] + max(0, 4 - pricing["guestsIncluded"]) * pricing["extraGuestFee"]
            if item["nightlyPrice"] != expected:
                problems.append("%s nightlyPrice %d, base + extra-guest fees %d" % (item["id"], item["nightlyPrice"], expected))
            if item["maxGuests"] < 4:
                problems.append("%s takes %d guests, 4 asked" % (item["id"], item["maxGuests"]))
            if with_fee is None and pricing["extraGuestFee"] > 0 and pricing["guestsIncluded"] < 4:
                with_fee = item
        self.result("invariant: search without a stay prices base + extra-guest fees and respects capacity (%d items)"
                    % len(page["items"]), problems)

        # The calendar's prices for a party are the quote's nightly prices for that party.
        if self.expect("found a listing that charges extra guests", with_fee is not None):
            party = {"adults": 3, "children": 1}
            calendar = self.get("/calendar", dict(party, listingId=with_fee["id"], start=START_MONTH, months=2))
            days = {d["date"]: d for m in calendar["months"] for d in m["days"]}
            checkin = next(d for d in sorted(days) if days[d]["checkinAllowed"])
            picked = self.get("/calendar", dict(party, listingId=with_fee["id"], start=START_MONTH, months=2,
                                                checkin=checkin))
            checkout = next(d["date"] for m in picked["months"] for d in m["days"] if d["checkoutAllowed"])

            def same_prices(r):
                wrong = [(n["date"], n["price"], days[n["date"]]["price"]) for n in r.json["nightlyPrices"]
                         if n["price"] != days[n["date"]]["price"]]
                return ["quote vs calendar prices %s" % wrong] if wrong else []
            self.call("invariant: quote nightly prices for 3 adults + 1 child == calendar prices for them", "/quote",
                      dict(party, listingId=with_fee["id"], checkin=checkin, checkout=checkout), check=same_prices)

    def calendar(self):
        def grid(r):
            body, problems = r.json, []
            for month in body["months"]:
                first = date(month["year"], month["month"], 1)
                following = date(first.year + first.month // 12, first.month % 12 + 1, 1)
                if len(month["days"]) != (following - first).days:
                    problems.append("%s has %d days" % (first, len(month["days"])))
                expected_blanks = (first.isoweekday() % 7 - (0 if body["firstWeekday"] == "sunday" else 1)) % 7
                if month["leadingBlanks"] != expected_blanks:
                    problems.append("%s leadingBlanks %d, expected %d" % (first, month["leadingBlanks"], expected_blanks))
                for offset, day in enumerate(month["days"]):
                    d = first + timedelta(days=offset)
                    if day["date"] != d.isoformat() or day["day"] != d.day or day["weekday"] != d.isoweekday() % 7 + 1:
                        problems.append("day %s wrong" % day)
                    if day["isToday"] != (d == TODAY) or day["isPast"] != (d < TODAY):
                        problems.append("%s isToday/isPast wrong" % d)
                    if day["isHoliday"] != (day["holidayName"] is not None):
                        problems.append("%s isHoliday/holidayName disagree" % d)
                    has_listing = "available" in day
                    if has_listing != (body["listingId"] is not None):
                        problems.append("%s listing members present=%s with listingId %r" % (d, has_listing, body["listingId"]))
                    if has_listing:
                        if day["checkinAllowed"] != (day["unavailableReason"] is None):
                            problems.append("%s checkinAllowed disagrees with unavailableReason" % d)
                        if d < TODAY and day["unavailableReason"] != "past":
                            problems.append("%s is past but reason %r" % (d, day["unavailableReason"]))
            return problems

        self.call("calendar without listing, 12 months default", "/calendar", {"start": START_MONTH},
                  check=lambda r: grid(r) + ([] if len(r.json["months"]) == 12 else ["%d months" % len(r.json["months"])]))
        self.call("calendar default start is the current month", "/calendar", {"months": 1},
                  check=lambda r: grid(r) + ([] if r.json["months"][0]["month"] == 11 and r.json["today"] == "2026-11-23"
                                             else ["first month %s" % r.json["months"][0]["title"]]))

        def christmas_en(r):
            days = {d["date"]: d for m in r.json["months"] for d in m["days"]}
            problems = grid(r)
            if r.json["weekdayNames"] != ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]:
                problems.append("weekdayNames %s" % r.json["weekdayNames"])
            if r.json["months"][0]["title"] != "December 2026":
                problems.append("title %r" % r.json["months"][0]["title"])
            if not days["2026-12-25"]["isHoliday"] or not days["2026-12-25"]["holidayName"]:
                problems.append("2026-12-25 is not a holiday")
            return problems
        self.call("calendar Monday-first in English, Christmas a holiday", "/calendar",
                  {"start": START_MONTH, "months": 2, "firstWeekday": "monday"},
                  headers={"Accept-Language": "en"}, check=christmas_en)
        self.call("calendar in Korean", "/calendar", {"start": "2027-02", "months": 1},
                  check=lambda r: grid(r) + ([] if r.json["months"][0]["title"] == "2027년 2월"
                                             and r.json["weekdayNames"][0] == "일" else ["%s" % r.json["months"][0]["title"]]))
        self.call("calendar with listing, from the current month", "/calendar",
                  {"listingId": self.listing_id, "start": "2026-11", "months": 3, "adults": 2}, check=grid)
        self.call("calendar 24 months", "/calendar", {"listingId": self.listing_id, "months": 24},
                  check=lambda r: grid(r) + ([] if len(r.json["months"]) == 24 else ["%d months" % len(r.json["months"])]))
        self.call("calendar unknown listing -> 404", "/calendar", {"listingId": 999999}, status=404)
        self.bad_request("calendar bad start/months/firstWeekday -> 400", "/calendar",
                         {"start": "2026-13", "months": 25, "firstWeekday": "friday"}, {"start", "months", "firstWeekday"})
        self.bad_request("calendar checkin without listingId -> 400", "/calendar", {"checkin": "2026-12-01"}, {"checkin"})

    def histogram(self):
        for name, filters in (("Seoul", {"locationId": 1}),
                              ("bbox + room types", {"bbox": "37.4,126.9,37.6,127.1", "roomType": "entire_home,private_room"}),
                              ("stay + guests", {"locationId": 66, "checkin": "2026-12-18", "checkout": "2026-12-21",
                                                 "adults": 3}),
                              ("everywhere", {})):
            response = self.call("histogram %s" % name, "/price-histogram", dict(filters, bins=20))
            if response is None:
                continue
            body = response.json
            total = self.get("/listings", dict(filters, limit=1))["total"]
            problems = []
            if sum(b["count"] for b in body["bins"]) != body["count"]:
                problems.append("bin counts sum to %d, count %d" % (sum(b["count"] for b in body["bins"]), body["count"]))
            if body["count"] != total:
                problems.append("count %d != /listings total %d" % (body["count"], total))
            bins = body["bins"]
            if body["count"] and (not bins or bins[0]["min"] != body["min"] or len(bins) > 20):
                problems.append("bins do not start at min or too many")
            if any(bins[i]["max"] != bins[i + 1]["min"] for i in range(len(bins) - 1)):
                problems.append("bins not contiguous")
            if any(b["max"] is None for b in bins[:-1]):
                problems.append("an open-ended bin before the last")
            if body["count"] and not (body["min"] <= body["median"] <= body["max"] and body["min"] <= body["average"] <= body["max"]):
                problems.append("median/average outside min..max")
            if body["countInRange"] is not None:
                problems.append("countInRange without a price range")
            self.result("invariant: histogram %s bins sum to count == /listings total (%d)" % (name, total), problems)

        ranged = self.call("histogram with price range", "/price-histogram",
                           {"locationId": 1, "minPrice": 50000, "maxPrice": 150000, "bins": 5})
        if ranged is not None:
            in_range = self.get("/listings", {"locationId": 1, "minPrice": 50000, "maxPrice": 150000, "limit": 1})["total"]
            everything = self.get("/listings", {"locationId": 1, "limit": 1})["total"]
            self.expect("invariant: histogram countInRange == /listings total with the price range",
                        ranged.json["countInRange"] == in_range and ranged.json["count"] == everything,
                        "countInRange %s vs %d, count %s vs %d" % (ranged.json["countInRange"], in_range,
                                                                   ranged.json["count"], everything))
        stay = {"locationId": 66, "checkin": "2026-12-18", "checkout": "2026-12-21", "adults": 3}
        ranged = self.call("histogram with stay and price range", "/price-histogram",
                           dict(stay, minPrice=100000, maxPrice=200000))
        if ranged is not None:
            in_range = self.get("/listings", dict(stay, minPrice=100000, maxPrice=200000, limit=1))["total"]
            self.expect("invariant: histogram countInRange == /listings total (stay's average nightly price)",
                        ranged.json["countInRange"] == in_range,
                        "countInRange %s vs %d" % (ranged.json["countInRange"], in_range))
        self.call("histogram unknown locationId -> 404", "/price-histogram", {"locationId": 999999}, status=404)
        self.call("histogram of nothing", "/price-histogram", {"bbox": "0,0,1,1"},
                  check=lambda r: [] if r.json["count"] == 0 and r.json["bins"] == [] and r.json["median"] is None
                  else ["%s" % r.json])
        self.bad_request("histogram bins 0 -> 400", "/price-histogram", {"bins": 0}, {"bins"})
        self.bad_request("histogram bins 101, minPrice -1 -> 400", "/price-histogram", {"bins": 101, "minPrice": -1},
                         {"bins", "minPrice"})

    # -- quotes and the stays that produce 409 / 422, found from the calendar ----------------

    def quote_invariants(self, guests):
        def check(r):
            q, problems = r.json, []
            if sum(i["amount"] for i in q["lineItems"]) != q["total"]:
                problems.append("line items sum to %d, total %d" % (sum(i["amount"] for i in q["lineItems"]), q["total"]))
            checkin = date.fromisoformat(q["checkin"])
            nights = (date.fromisoformat(q["checkout"]) - checkin).days
            if q["nights"] != nights or len(q["nightlyPrices"]) != nights:
                problems.append("nights %d, nightlyPrices %d, dates say %d" % (q["nights"], len(q["nightlyPrices"]), nights))
            if [n["date"] for n in q["nightlyPrices"]] != [(checkin + timedelta(days=i)).isoformat() for i in range(nights)]:
                problems.append("nightlyPrices dates are not the nights in order")
            accommodation = sum(n["price"] for n in q["nightlyPrices"])
            kinds = [i["kind"] for i in q["lineItems"]]
            if q["lineItems"][0] != {**q["lineItems"][0], "kind": "accommodation", "amount": accommodation}:
                problems.append("first line is not accommodation = sum of nights (%d)" % accommodation)
            if q["averageNightlyPrice"] != (2 * accommodation + nights) // (2 * nights):
                problems.append("averageNightlyPrice %d is not accommodation/nights half-up" % q["averageNightlyPrice"])
            order = ["accommodation", "monthly_discount", "weekly_discount", "cleaning_fee", "service_fee", "taxes"]
            if kinds != sorted(kinds, key=order.index) or kinds[-2:] != ["service_fee", "taxes"] or len(set(kinds)) != len(kinds):
                problems.append("line item kinds %s" % kinds)
            discounts = [i for i in q["lineItems"] if i["kind"].endswith("_discount")]
            if any(i["amount"] > 0 for i in discounts) or len(discounts) > 1:
                problems.append("discounts %s" % discounts)
            if discounts and discounts[0]["kind"] == "weekly_discount" and nights < 7:
                problems.append("weekly discount under 7 nights")
            if discounts and discounts[0]["kind"] == "monthly_discount" and nights < 28:
                problems.append("monthly discount under 28 nights")
            expected_guests = {"adults": 1, "children": 0, "infants": 0}
            expected_guests.update({k: int(v) for k, v in guests.items()})
            if q["guests"] != expected_guests:
                problems.append("guests %s" % q["guests"])
            return problems
        return check

    def quotes(self):
        for label, params, headers, labels in (
                ("7 nights, Korean", {"checkin": "2026-12-04", "checkout": "2026-12-11", "adults": 2}, None, "박"),
                ("1 night, English", {"checkin": "2026-12-02", "checkout": "2026-12-03"}, {"Accept-Language": "en"}, "night"),
                ("35 nights, infants", {"checkin": "2027-03-01", "checkout": "2027-04-05", "adults": 1, "infants": 2},
                 None, "박")):
            guests = {k: v for k, v in params.items() if k in ("adults", "children", "infants")}
            check = self.quote_invariants(guests)
            self.call("quote %s: lines sum to total, nights priced" % label, "/quote", dict(params, listingId=self.bookable(**params)),
                      headers=headers,
                      check=lambda r, check=check, labels=labels: check(r) + (
                          [] if labels in r.json["lineItems"][0]["label"] else ["label %r" % r.json["lineItems"][0]["label"]]))
        self.bad_request("quote without parameters -> 400", "/quote", {}, {"listingId", "checkin", "checkout"})
        self.bad_request("quote checkin before today -> 400", "/quote",
                         {"listingId": self.listing_id, "checkin": "2026-11-01", "checkout": "2026-11-03"}, {"checkin"})
        self.bad_request("quote bad dates and guests -> 400", "/quote",
                         {"listingId": "x", "checkin": "2026-12-32", "checkout": "tomorrow", "adults": 100},
                         {"listingId", "checkin", "checkout", "adults"})
        self.bad_request("quote over 365 nights -> 400", "/quote",
                         {"listingId": self.listing_id, "checkin": "2026-12-01", "checkout": "2027-12-02"}, {"checkout"})
        self.call("quote unknown listing -> 404", "/quote",
                  {"listingId": 999999, "checkin": "2026-12-04", "checkout": "2026-12-06"}, status=404)

    def find_calendars(self):
        """Yields (listing summary, {date: day}) for Seoul listings, December and January."""
        page = self.get("/listings", {"locationId": 1, "limit": 50})
        for item in page["items"]:
            calendar = self.get("/calendar", {"listingId": item["id"], "start": START_MONTH, "months": 2})
            yield item, {d["date"]: d for m in calendar["months"] for d in m["days"]}

    def stay_problems(self):
        conflict = min_nights = capacity = None
        for item, days in self.find_calendars():
            dates = sorted(days)
            for index, d in enumerate(dates):
                day = days[d]
                if not day["checkinAllowed"]:
                    continue
                # A free check-in day followed, within its maximum nights, by a night that is not free.
                if conflict is None:
                    for later in dates[index + 1:index + day["maxNights"]]:
                        if not days[later]["available"]:
                            checkout = (date.fromisoformat(later) + timedelta(days=1)).isoformat()
                            nights = dates[index:dates.index(later) + 1]
                            conflict = (item, d, checkout, [n for n in nights if not days[n]["available"]])
                            break
                if min_nights is None and day["minNights"] >= 2:
                    min_nights = (item, d, day["minNights"])
                if capacity is None and item["maxGuests"] < 99:
                    capacity = (item, d)
            if conflict and min_nights and capacity:
                break

        if self.expect("found a stay over a booked night in a calendar", conflict is not None):
            item, checkin, checkout, expected = conflict
            self.call("quote over booked nights -> 409 naming exactly the calendar's unavailable nights", "/quote",
                      {"listingId": item["id"], "checkin": checkin, "checkout": checkout}, status=409,
                      check=lambda r: [] if r.json["unavailableDates"] == expected
                      else ["unavailableDates %s, calendar says %s" % (r.json["unavailableDates"], expected)])
        if self.expect("found a check-in day with minNights >= 2 in a calendar", min_nights is not None):
            item, checkin, required = min_nights
            checkout = (date.fromisoformat(checkin) + timedelta(days=required - 1)).isoformat()
            self.call("quote shorter than minNights -> 422 min_nights", "/quote",
                      {"listingId": item["id"], "checkin": checkin, "checkout": checkout}, status=422,
                      check=lambda r: [] if r.json["rule"] == ["min_nights"] else ["rule %s" % r.json["rule"]])
        if self.expect("found a check-in day for the capacity check", capacity is not None):
            item, checkin = capacity
            # The date picker's way to a valid stay: the first allowed check-out for this check-in.
            calendar = self.get("/calendar", {"listingId": item["id"], "start": START_MONTH, "months": 3,
                                              "checkin": checkin})
            checkout = next((d["date"] for m in calendar["months"] for d in m["days"] if d["checkoutAllowed"]), None)
            if self.expect("calendar with checkin offers a check-out day", checkout is not None):
                stay = {"listingId": item["id"], "checkin": checkin, "checkout": checkout}
                days = {d["date"]: d for m in calendar["months"] for d in m["days"]}

                def matches_calendar(r):
                    prices = {n["date"]: n["price"] for n in r.json["nightlyPrices"]}
                    wrong = {d: (p, days[d]["price"]) for d, p in prices.items() if days[d]["price"] != p}
                    return self.quote_invariants({})(r) + (["nightly prices differ from calendar: %s" % wrong] if wrong else [])
                self.call("quote of the picker's stay -> 200, nightly prices equal the calendar's", "/quote", stay,
                          check=matches_calendar)
                self.call("quote for maxGuests+1 adults -> 422 capacity", "/quote",
                          dict(stay, adults=item["maxGuests"] + 1), status=422,
                          check=lambda r: [] if r.json["rule"] == ["capacity"] else ["rule %s" % r.json["rule"]])
                self.call("infants do not count against capacity", "/quote",
                          dict(stay, adults=item["maxGuests"], infants=5), check=self.quote_invariants(
                              {"adults": item["maxGuests"], "infants": 5}))

        # Check-out days the picker allows are stays the quote accepts.
        item, days = next(self.find_calendars())
        checkin = next(d for d in sorted(days) if days[d]["checkinAllowed"])
        calendar = self.get("/calendar", {"listingId": item["id"], "start": START_MONTH, "months": 2, "checkin": checkin})
        allowed = [d["date"] for m in calendar["months"] for d in m["days"] if d["checkoutAllowed"]][:5]
        problems = [] if allowed else ["no check-out day allowed"]
        for checkout in allowed:
            response = self.client.request("GET", target("/quote", {"listingId": item["id"], "checkin": checkin,
                                                                    "checkout": checkout}))
            if response.status != 200:
                problems.append("%s..%s -> %d %s" % (checkin, checkout, response.status, response.body[:150]))
        self.result("invariant: every check-out the calendar allows after %s quotes 200 (%d tried)"
                    % (checkin, len(allowed)), problems)

    # -- the spec's parameter constraints are the server's ----------------------------------

    def parameter_bounds(self):
        base = {"/locations": {"query": "서울"}, "/locations/nearby": {"lat": 37.5, "lng": 127},
                "/quote": {"listingId": self.listing_id, "checkin": "2026-12-04", "checkout": "2026-12-06"}}
        for template, item in self.spec.doc["paths"].items():
            if "{" in template:
                continue
            for parameter in item["get"].get("parameters", []):
                parameter = self.spec.resolve(parameter)
                schema = self.spec.resolve(parameter["schema"])
                if parameter["in"] != "query":
                    continue
                name = parameter["name"]
                params = dict(base.get(template, {}))
                if schema.get("type") == "integer" and "maximum" in schema:
                    self.bad_request("%s %s=%d (spec maximum + 1) -> 400" % (template, name, schema["maximum"] + 1),
                                     template, dict(params, **{name: schema["maximum"] + 1}), {name})
                    if template != "/quote":  # a quote for 99 adults is a 422, not a parameter error
                        self.call("%s %s=%d (spec maximum) -> 200" % (template, name, schema["maximum"]), template,
                                  dict(params, **{name: schema["maximum"]}))
                if schema.get("type") in ("integer", "number") and "minimum" in schema:
                    self.bad_request("%s %s=%s (spec minimum - 1) -> 400" % (template, name, schema["minimum"] - 1),
                                     template, dict(params, **{name: schema["minimum"] - 1}), {name})
                if schema.get("type") == "integer":
                    self.bad_request("%s %s=1.5 (not an integer) -> 400" % (template, name), template,
                                     dict(params, **{name: "1.5"}), {name})
                if "enum" in schema:
                    for value in schema["enum"]:
                        self.call("%s %s=%s (spec enum) -> 200" % (template, name, value), template,
                                  dict(params, **{name: value}))
                    self.bad_request("%s %s=bogus (not in spec enum) -> 400" % (template, name), template,
                                     dict(params, **{name: "bogus"}), {name})
                if schema.get("type") == "array" and isinstance(schema.get("items"), dict) \
                        and "enum" in self.spec.resolve(schema["items"]):
                    values = self.spec.resolve(schema["items"])["enum"]
                    self.call("%s %s=%s (every spec enum value) -> 200" % (template, name, ",".join(values)),
                              template, dict(params, **{name: ",".join(values)}))

    # -- conditional requests, methods, content types ----------------------------------------

    def http_semantics(self):
        cases = [("/health", None, None), ("/locations", {"query": "ㅅㅇ"}, None), ("/locations/popular", None, None),
                 ("/locations/nearby", {"lat": 37.5, "lng": 127}, None), ("/locations/1", None, None),
                 ("/listings", {"locationId": 37}, None), ("/listings/" + self.listing_id, None, None),
                 ("/calendar", {"listingId": self.listing_id, "months": 1}, None), ("/price-histogram", {"locationId": 1}, None),
                 ("/quote", {"listingId": self.listing_id, "checkin": "2026-12-04", "checkout": "2026-12-06"}, None),
                 ("/quote", {"listingId": self.listing_id, "checkin": "2026-12-04", "checkout": "2026-12-06"},
                  {"Accept-Language": "en"})]
        for path, params, headers in cases:
            first = self.client.request("GET", target(path, params), headers)
            etag = first.header("ETag")
            if not self.expect("%s has an ETag" % path, first.status == 200 and etag, "status %d" % first.status):
                continue
            self.call("%s If-None-Match -> 304" % path, path, params, status=304,
                      headers=dict(headers or {}, **{"If-None-Match": etag}),
                      check=lambda r, etag=etag: [] if r.header("ETag") == etag else ["ETag %s" % r.header("ETag")])
            self.call("%s weak W/ tag in a list -> 304" % path, path, params, status=304,
                      headers=dict(headers or {}, **{"If-None-Match": '"nope", W/' + etag}))
            self.call("%s stale If-None-Match -> 200" % path, path, params,
                      headers=dict(headers or {}, **{"If-None-Match": '"0000000000000000"'}),
                      check=lambda r, first=first: [] if r.body == first.body else ["body differs"])
            self.call("HEAD %s: headers, no body" % path, path, params, method="HEAD", headers=headers,
                      check=lambda r, first=first: [] if r.header("Content-Length") == first.header("Content-Length")
                      and r.header("ETag") == first.header("ETag") else ["HEAD headers differ from GET"])

        korean = self.client.request("GET", "/locations/1")
        english = self.client.request("GET", "/locations/1", {"Accept-Language": "en"})
        self.expect("Accept-Language changes body and ETag (Vary)",
                    korean.json["name"] == "서울" and english.json["name"] == "Seoul"
                    and korean.header("ETag") != english.header("ETag"),
                    "ko %r %s, en %r %s" % (korean.json["name"], korean.header("ETag"), english.json["name"],
                                            english.header("ETag")))
        self.call("If-None-Match with the Korean tag, English asked -> 200", "/locations/1",
                  headers={"Accept-Language": "en", "If-None-Match": korean.header("ETag")})
        self.expect("Accept-Language: ko;q=0.5, en;q=0.8 picks English",
                    self.get("/locations/1", headers={"Accept-Language": "ko;q=0.5, en;q=0.8"})["name"] == "Seoul")
        self.expect("Accept-Language: fr falls back to Korean",
                    self.get("/locations/1", headers={"Accept-Language": "fr"})["name"] == "서울")

        allow_ref = "#/components/responses/MethodNotAllowed"
        for method, path in (("POST", "/quote"), ("DELETE", "/listings/1"), ("PUT", "/locations/1"),
                             ("PATCH", "/calendar"), ("POST", "/health")):
            self.call("%s %s -> 405 with Allow" % (method, path), path, method=method, status=405,
                      headers={"Content-Length": "0"}, response_ref=allow_ref)

        def options(r):
            return [] if r.header("Allow") == "GET, HEAD, OPTIONS" and not r.body else ["Allow %r" % r.header("Allow")]
        for path in ("/listings", "/quote"):
            self.call("OPTIONS %s -> 204 with Allow" % path, path, method="OPTIONS", status=204,
                      response_ref="#/components/responses/OptionsAllowed", check=options)

        not_found = "#/paths/~1listings/get/responses/default"
        self.call("unrouted path -> 404 problem", "/nothing/here", status=404, response_ref=not_found)
        self.call("path with bad percent-encoding -> 400 problem", "/listings/%FF", status=400, response_ref=not_found)
        self.bad_request("query with bad percent-encoding -> 400 naming it", "/locations", "query=%ZZ", {"query"})
        self.bad_request("query parameter given twice -> 400 naming it", "/locations", "query=a&query=b", {"query"})


def main():
    if len(sys.argv) < 2:
        print("usage: check_contract.py BASE_URL [SPEC]", file=sys.stderr)
        return 2
    spec = sys.argv[2] if len(sys.argv) > 2 else str(Path(__file__).resolve().parents[2] / "docs" / "openapi.yaml")
    return Checker(sys.argv[1].rstrip("/"), spec).run()


if __name__ == "__main__":
    sys.exit(main())
