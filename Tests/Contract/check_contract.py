#!/usr/bin/env python3
"""Contract test: real responses of a running `stays serve` against docs/openapi.yaml.

Usage: check_contract.py BASE_URL [SPEC]

Every request is checked against the spec: the status is the one expected, the status is
documented for the operation (or its `default`), the Content-Type is the documented media
type, the body validates against the documented schema (which forbids undocumented
members), and the documented headers are present with documented values. On top of that it
asserts the invariants a client relies on (quote lines sum to the total, search totals equal
quote totals, histogram counts equal search totals, paging never repeats a listing, the
calendar agrees with the quote, ...), and walks the booking flow: a guest books a stay
found by search (idempotently), the stay leaves search and quote, the guest cancels and the
refund follows the listing's cancellation policy to the won; other guests see nothing of it.

The server must run with `--today 2026-11-23` on the seeded demo data, with the default
guest rate limit (the last section creates guests until it answers 429). Prints one line
per check and ends with `N passed, M failed`; exits 1 on any failure.
"""

import http.client
import json
import re
import socket
import sys
import time
import urllib.parse
import uuid
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

    def request(self, method, target, headers=None, body=None):
        for attempt in (1, 2):
            if self.conn is None:
                self.conn = http.client.HTTPConnection(self.host, self.port, timeout=30)
            try:
                if isinstance(body, str):
                    body = body.encode("utf-8")
                self.conn.request(method, target, body=body, headers=headers or {})
                raw = self.conn.getresponse()
                body = raw.read()
                result = Response(raw.status, {k.lower(): v for k, v in raw.getheaders()}, body)
                if (raw.getheader("Connection") or "").lower() == "close":
                    self.close()
                return result
            except (http.client.HTTPException, ConnectionError, OSError):
                self.close()
                if attempt == 2 or method not in ("GET", "HEAD", "OPTIONS", "PUT", "DELETE"):
                    raise  # never resend a POST: it is not idempotent

    def raw(self, data, timeout=10):
        """Sends raw bytes on a fresh connection and reads one response (for requests
        http.client refuses to make); returns a Response."""
        with socket.create_connection((self.host, self.port), timeout=timeout) as sock:
            sock.sendall(data)
            buffer = b""
            while b"\r\n\r\n" not in buffer:
                chunk = sock.recv(65536)
                if not chunk:
                    break
                buffer += chunk
            head, _, body = buffer.partition(b"\r\n\r\n")
            lines = head.decode("latin-1").split("\r\n")
            status = int(lines[0].split(" ")[1])
            headers = {}
            for line in lines[1:]:
                name, _, value = line.partition(":")
                headers[name.strip().lower()] = value.strip()
            length = int(headers.get("content-length", "0"))
            while len(body) < length:
                chunk = sock.recv(65536)
                if not chunk:
                    break
                body += chunk
            return Response(status, headers, body[:length])

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
             check=None, body=None):
        """Sends a request, checks it against the spec, runs `check(response)` for extra
        assertions (it returns a list of problems), records one result; returns the response."""
        problems = []
        try:
            response = self.client.request(method, target(path, params), headers, body)
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
        request_id = response.header("X-Request-Id")
        if request_id is None or not re.fullmatch(r"[!-~]{1,128}", request_id):
            problems.append("X-Request-Id %r" % request_id)
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
        if media == "application/problem+json" and body.get("requestId") != request_id:
            problems.append("problem requestId %r differs from X-Request-Id %r" % (body.get("requestId"), request_id))
        return problems

    def get(self, path, params=None, headers=None):
        """A plain request for setting up other checks (not itself a check)."""
        response = self.client.request("GET", target(path, params), headers)
        if response.status != 200:
            raise RuntimeError("GET %s -> %d %s" % (target(path, params), response.status, response.body[:200]))
        return response.json

    def bad_request(self, name, path, params, names, headers=None, problem_type="/problems/invalid-parameters"):
        """400 whose invalidParams name exactly `names` (a set), each a declared parameter."""
        def check(response):
            got = {p["name"] for p in response.json["invalidParams"]}
            problems = [] if got == set(names) else ["invalidParams %s, expected %s" % (sorted(got), sorted(names))]
            if problem_type and response.json["type"] != problem_type:
                problems.append("type %r, expected %r" % (response.json["type"], problem_type))
            _, operation = self.spec.operation(path)
            declared = {self.spec.resolve(p)["name"] for p in operation.get("parameters", [])}
            undeclared = got - declared
            if undeclared:
                problems.append("invalidParams names undeclared parameters %s" % sorted(undeclared))
            return problems
        return self.call(name, path, params, status=400, check=check, headers=headers)

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
        self.auth = None  # a guest's Authorization header, for the parameter checks of guest routes
        try:
            guest = self.client.request("POST", "/guests")
            if guest.status == 201:
                self.auth = {"Authorization": "Bearer " + guest.json["token"]}
        except Exception:
            pass
        self.host_auth = None  # a host account's Authorization header, for the host routes' parameter checks
        try:
            host = self.client.request("POST", "/accounts", {"Content-Type": "application/json"}, json.dumps(
                {"email": "contract-host@example.com", "password": "노을 지는 바닷가 contract 2026", "name": "Host",
                 "roles": ["host"]}).encode())
            if host.status == 201:
                self.host_auth = {"Authorization": "Bearer " + host.json["accessToken"]}
        except Exception:
            pass
        for section in (self.spec_checks, self.health, self.locations, self.listings, self.paging,
                        self.listing_detail, self.consistency, self.calendar, self.histogram, self.listings_map, self.quotes, self.stay_problems,
                        self.parameter_bounds, self.http_semantics, self.request_ids, self.transport_problems,
                        self.booking, self.refunds, self.trips, self.wishlist, self.notifications_and_webhooks,
                        self.rate_limit):
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
            for method, operation in item.items():
                bodies = [("request", operation["requestBody"])] if "requestBody" in operation else []
                for label, response in bodies + list(operation["responses"].items()):
                    response = self.spec.resolve(response)
                    for media, content in (response.get("content") or {}).items():
                        examples = [content["example"]] if "example" in content else []
                        examples += [e["value"] for e in (content.get("examples") or {}).values()]
                        for example in examples:
                            problems += ["%s %s %s: %s" % (method, template, label, e)
                                         for e in self.spec.schema_errors(content["schema"], example)]
        for name, response in self.spec.doc["components"]["responses"].items():
            for media, content in (response.get("content") or {}).items():
                examples = [content["example"]] if "example" in content else []
                examples += [e["value"] for e in (content.get("examples") or {}).values()]
                for example in examples:
                    problems += ["%s: %s" % (name, e) for e in self.spec.schema_errors(content["schema"], example)]
        self.expect("spec: every example matches its schema", not problems, "; ".join(problems[:3]))

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

    def listings_map(self):
        for name, filters in (("Seoul pins", {"bbox": "37.4,126.9,37.6,127.1", "zoom": 12}),
                              ("Korea clusters", {"bbox": "33,124,39,132", "zoom": 8}),
                              ("forced clusters + stay", {"bbox": "37.4,126.9,37.6,127.1", "zoom": 13, "maxPins": 5,
                                                          "checkin": "2026-12-18", "checkout": "2026-12-21", "adults": 2}),
                              ("room type + price", {"bbox": "33,124,39,132", "zoom": 6, "roomType": "private_room",
                                                     "maxPrice": 80000})):
            response = self.call("map %s" % name, "/listings/map", filters)
            if response is None:
                continue
            body = response.json
            search = dict((k, v) for k, v in filters.items() if k not in ("zoom", "maxPins"))
            total = self.get("/listings", dict(search, limit=1))["total"]
            problems = []
            if body["total"] != total:
                problems.append("total %d != /listings total %d" % (body["total"], total))
            if body["pins"] is not None:
                if len(body["pins"]) != total or body["clusters"] is not None:
                    problems.append("%d pins for total %d" % (len(body["pins"]), total))
            elif sum(c["count"] for c in body["clusters"]) != total:
                problems.append("cluster counts sum to %d, total %d" % (sum(c["count"] for c in body["clusters"]), total))
            self.expect("map %s: total and counts agree with /listings" % name, not problems, "; ".join(problems))
        self.bad_request("map without zoom", "/listings/map", {"bbox": "37.4,126.9,37.6,127.1"}, ["zoom"])
        self.bad_request("map with a bad bbox", "/listings/map", {"bbox": "37.6,126.9,37.4,127.1", "zoom": 3}, ["bbox"])

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

    def account_auth(self):
        """An account's Authorization header (signed up once), for the parameter checks of account routes."""
        if getattr(self, "_account_auth", None) is None:
            body = json.dumps({"email": "contract-%s@example.com" % uuid.uuid4().hex[:12], "name": "Contract",
                               "password": "contract check passphrase 2026"}).encode()
            r = self.client.request("POST", "/accounts", body=body, headers={"Content-Type": "application/json"})
            self._account_auth = {"Authorization": "Bearer " + r.json["accessToken"]} if r.status == 201 else None
        return self._account_auth

    def parameter_bounds(self):
        base = {"/locations": {"query": "서울"}, "/locations/nearby": {"lat": 37.5, "lng": 127},
                "/listings/map": {"bbox": "37.4,126.9,37.6,127.1", "zoom": 12},
                "/quote": {"listingId": self.listing_id, "checkin": "2026-12-04", "checkout": "2026-12-06"}}
        for template, item in self.spec.doc["paths"].items():
            if "{" in template or "get" not in item:
                continue
            headers = None
            if item["get"].get("security") and template.startswith("/host/"):
                if self.host_auth is None:
                    self.result("%s parameter bounds need a host" % template, ["no host account could be created"])
                    continue
                headers = self.host_auth
            elif any("accessToken" in scheme for scheme in item["get"].get("security", [])):
                headers = self.account_auth()
                if headers is None:
                    self.result("%s parameter bounds need an account" % template, ["no account could be created"])
                    continue
            elif item["get"].get("security"):
                if self.auth is None:
                    self.result("%s parameter bounds need a guest" % template, ["no guest could be created"])
                    continue
                headers = self.auth
            for parameter in item["get"].get("parameters", []):
                parameter = self.spec.resolve(parameter)
                schema = self.spec.resolve(parameter["schema"])
                if parameter["in"] != "query":
                    continue
                name = parameter["name"]
                params = dict(base.get(template, {}))
                if template == "/locations" and name in ("kind", "sort"):
                    params = {"bbox": "37.4,126.8,37.7,127.2"}  # the places on a map: kind and sort need a box
                if schema.get("type") == "integer" and "maximum" in schema:
                    self.bad_request("%s %s=%d (spec maximum + 1) -> 400" % (template, name, schema["maximum"] + 1),
                                     template, dict(params, **{name: schema["maximum"] + 1}), {name}, headers=headers)
                    if template != "/quote":  # a quote for 99 adults is a 422, not a parameter error
                        self.call("%s %s=%d (spec maximum) -> 200" % (template, name, schema["maximum"]), template,
                                  dict(params, **{name: schema["maximum"]}), headers=headers)
                if schema.get("type") in ("integer", "number") and "minimum" in schema:
                    self.bad_request("%s %s=%s (spec minimum - 1) -> 400" % (template, name, schema["minimum"] - 1),
                                     template, dict(params, **{name: schema["minimum"] - 1}), {name}, headers=headers)
                if schema.get("type") == "integer":
                    self.bad_request("%s %s=1.5 (not an integer) -> 400" % (template, name), template,
                                     dict(params, **{name: "1.5"}), {name}, headers=headers)
                if "enum" in schema:
                    for value in schema["enum"]:
                        extra = {}
                        if name == "sort" and value == "distance" and template != "/locations":
                            # Nearest first needs a centre: the spec says so, a landmark gives one.
                            landmark = self.get("/locations", {"query": "경복궁", "limit": 1})["items"][0]
                            extra = {"locationId": landmark["id"]}
                        if name == "freeCancellation" and value == "true":
                            # Free cancellation is judged from a check-in: the spec says it needs dates.
                            extra = {"checkin": "2026-12-04", "checkout": "2026-12-06"}
                        self.call("%s %s=%s (spec enum) -> 200" % (template, name, value), template,
                                  dict(params, **dict(extra, **{name: value})), headers=headers)
                    self.bad_request("%s %s=bogus (not in spec enum) -> 400" % (template, name), template,
                                     dict(params, **{name: "bogus"}), {name}, headers=headers)
                if schema.get("type") == "array" and isinstance(schema.get("items"), dict) \
                        and "enum" in self.spec.resolve(schema["items"]):
                    values = self.spec.resolve(schema["items"])["enum"]
                    self.call("%s %s=%s (every spec enum value) -> 200" % (template, name, ",".join(values)),
                              template, dict(params, **{name: ",".join(values)}), headers=headers)

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
        self.call("path with bad percent-encoding -> 400 invalid-query", "/listings/%FF", status=400, response_ref=not_found,
                  check=lambda r: [] if r.json["type"] == "/problems/invalid-query" else ["type %r" % r.json["type"]])
        self.bad_request("query with bad percent-encoding -> 400 naming it", "/locations", "query=%ZZ", {"query"},
                         problem_type="/problems/invalid-query")
        self.bad_request("query parameter given twice -> 400 naming it", "/locations", "query=a&query=b", {"query"},
                         problem_type="/problems/invalid-query")

        def problem_type(kind):
            return lambda r: [] if r.json["type"] == "/problems/" + kind else ["type %r" % r.json["type"]]
        self.call("unrouted path -> type not-found", "/nothing/here", status=404, response_ref=not_found,
                  check=problem_type("not-found"))
        self.call("unknown listing -> type listing-not-found", "/listings/999999", status=404,
                  check=problem_type("listing-not-found"))
        self.call("unknown location -> type location-not-found", "/locations/999999", status=404,
                  check=problem_type("location-not-found"))
        self.call("POST /quote -> type method-not-allowed", "/quote", method="POST", status=405,
                  headers={"Content-Length": "0"}, response_ref=allow_ref, check=problem_type("method-not-allowed"))

        # The guest, reservation and wishlist paths allow other methods; Allow lists them.
        booking_allow = "#/components/responses/MethodNotAllowedBooking"
        for method, path, allowed in (("GET", "/guests", "OPTIONS, POST"),
                                      ("DELETE", "/reservations", "GET, HEAD, OPTIONS, POST"),
                                      ("GET", "/reservations/1/cancel", "OPTIONS, POST"),
                                      ("POST", "/wishlist", "GET, HEAD, OPTIONS"),
                                      ("POST", "/wishlist/1", "DELETE, OPTIONS, PUT")):
            self.call("%s %s -> 405 with Allow: %s" % (method, path, allowed), path, method=method, status=405,
                      headers={"Content-Length": "0"}, response_ref=booking_allow,
                      check=lambda r, allowed=allowed: [] if r.header("Allow") == allowed else ["Allow %r" % r.header("Allow")])
            self.call("OPTIONS %s -> 204 with Allow: %s" % (path, allowed), path, method="OPTIONS", status=204,
                      response_ref="#/components/responses/OptionsAllowedBooking",
                      check=lambda r, allowed=allowed: [] if r.header("Allow") == allowed and not r.body
                      else ["Allow %r" % r.header("Allow")])

    # -- request ids and the transport's problems --------------------------------------------

    def request_ids(self):
        def echoed(sent):
            return lambda r: [] if r.header("X-Request-Id") == sent else ["X-Request-Id %r, sent %r" % (r.header("X-Request-Id"), sent)]

        def replaced(sent):
            return lambda r: [] if r.header("X-Request-Id") != sent else ["kept the invalid id %r" % sent]
        for label, sent in (("short", "contract-1"), ("128 visible characters", "!~" * 64)):
            self.call("X-Request-Id %s is kept" % label, "/health", headers={"X-Request-Id": sent}, check=echoed(sent))
        for label, sent in (("of 129 characters", "a" * 129), ("with a space", "a b"), ("empty", "")):
            self.call("X-Request-Id %s is replaced by a generated one" % label, "/health",
                      headers={"X-Request-Id": sent}, check=replaced(sent))
        self.call("a problem repeats the kept X-Request-Id as requestId", "/listings/999999", status=404,
                  headers={"X-Request-Id": "contract-404"},
                  check=lambda r: [] if r.json["requestId"] == "contract-404" else ["requestId %r" % r.json["requestId"]])
        first = self.client.request("GET", "/health")
        second = self.client.request("GET", "/health")
        self.expect("generated request ids differ", first.header("X-Request-Id") != second.header("X-Request-Id"),
                    "both %r" % first.header("X-Request-Id"))

    def transport_problems(self):
        """Requests the parser refuses, on raw connections: each is a problem of its kind."""
        host = "Host: 127.0.0.1\r\n"
        cases = (("request line too long -> 414", b"GET /health?q=" + b"a" * 9000 + b" HTTP/1.1\r\n" + host.encode() + b"\r\n",
                  414, "uri-too-long"),
                 ("header section too large -> 431", b"GET /health HTTP/1.1\r\n" + host.encode()
                  + b"".join(b"X-Filler-%d: %s\r\n" % (i, b"a" * 1000) for i in range(20)) + b"\r\n",
                  431, "header-fields-too-large"),
                 ("HTTP/2.0 -> 505", b"GET /health HTTP/2.0\r\n" + host.encode() + b"\r\n", 505, "http-version-not-supported"),
                 ("Transfer-Encoding: gzip -> 501", b"POST /guests HTTP/1.1\r\n" + host.encode()
                  + b"Transfer-Encoding: gzip\r\n\r\n", 501, "not-implemented"),
                 ("Expect: something-else -> 417", b"GET /health HTTP/1.1\r\n" + host.encode()
                  + b"Expect: something-else\r\n\r\n", 417, "expectation-failed"),
                 ("malformed request line -> 400", b"GET  /health HTTP/1.1\r\n" + host.encode() + b"\r\n", 400,
                  "malformed-request"),
                 ("body over the server's limit -> 413", b"POST /reservations HTTP/1.1\r\n" + host.encode()
                  + b"Content-Type: application/json\r\nContent-Length: 2000000\r\n\r\n", 413, "payload-too-large"))
        schema_ref = "#/components/responses/UnexpectedProblem"
        for name, data, status, kind in cases:
            try:
                response = self.client.raw(data)
            except Exception as error:
                self.result(name, ["request failed: %r" % error])
                continue
            problems = [] if response.status == status else ["status %d, expected %d (%s)" % (response.status, status, response.body[:200])]
            if not problems:
                problems += self.conformance("/", "GET", response, schema_ref)
                if not problems and response.json["type"] != "/problems/" + kind:
                    problems.append("type %r" % response.json["type"])
            self.result("%s (%s)" % (name, kind), problems)

    # -- booking ------------------------------------------------------------------------------

    def new_guest(self, name):
        """Creates a guest (one checked call); returns its Authorization header or raises."""
        def credentials(r):
            problems = [] if re.fullmatch(r"[A-Za-z0-9_-]{43}", r.json["token"]) else ["token %r" % r.json["token"]]
            return problems + ([] if r.header("Cache-Control") == "no-store" else ["Cache-Control"])
        response = self.call("POST /guests -> 201 (%s)" % name, "/guests", method="POST", status=201, check=credentials)
        if response is None:
            raise RuntimeError("no guest")
        return {"Authorization": "Bearer " + response.json["token"]}

    @staticmethod
    def booking_headers(auth, key, content_type="application/json"):
        headers = dict(auth)
        if key is not None:
            headers["Idempotency-Key"] = key
        if content_type is not None:
            headers["Content-Type"] = content_type
        return headers

    def book(self, name, auth, body, status=201, key=None, check=None, content_type="application/json", raw=None):
        key = key if key is not None else "contract-" + uuid.uuid4().hex
        return self.call(name, "/reservations", method="POST", status=status,
                         headers=self.booking_headers(auth, key, content_type),
                         body=raw if raw is not None else json.dumps(body), check=check)

    def problem(self, kind, more=None):
        def check(r):
            problems = [] if r.json["type"] == "/problems/" + kind else ["type %r, expected /problems/%s" % (r.json["type"], kind)]
            return problems + (more(r) if more and not problems else [])
        return check

    def invalid_members(self, kind, names):
        def more(r):
            got = {p["name"] for p in r.json.get("invalidParams", [])}
            return [] if got == set(names) else ["invalidParams %s, expected %s" % (sorted(got), sorted(names))]
        return self.problem(kind, more)

    def bookable_listing(self, stay, location_id=1, skip=()):
        """The first listing search finds bookable for `stay`, as (summary, detail, quote)."""
        page = self.get("/listings", dict(stay, locationId=location_id, limit=50))
        for item in page["items"]:
            if item["id"] in skip:
                continue
            detail = self.get("/listings/" + item["id"])
            if detail.get("instantBook") is False:
                continue  # a request to book: the booking checks below follow an instant booking
            quote = self.get("/quote", dict(stay, listingId=item["id"]))
            return item, detail, quote
        raise RuntimeError("no listing bookable for %s" % stay)

    def near(self, item):
        """A tiny bbox around a listing, to see whether a stay search still finds it."""
        lat, lng = item["coordinate"]["lat"], item["coordinate"]["lng"]
        return "%.6f,%.6f,%.6f,%.6f" % (lat - 0.0001, lng - 0.0001, lat + 0.0001, lng + 0.0001)

    def found(self, item, stay):
        return any(i["id"] == item["id"] for i in self.get("/listings", dict(stay, bbox=self.near(item), limit=50))["items"])

    def booking(self):
        alice = self.new_guest("alice")
        bob = self.new_guest("bob")
        stay = {"checkin": "2027-01-12", "checkout": "2027-01-15", "adults": 2}
        nights = ["2027-01-12", "2027-01-13", "2027-01-14"]
        item, detail, quote = self.bookable_listing(stay)
        listing_id = item["id"]
        self.expect("quote: cancellationPolicy is the listing's", quote["cancellationPolicy"] == detail["cancellationPolicy"],
                    "quote %s, listing %s" % (quote["cancellationPolicy"], detail["cancellationPolicy"]))
        days = {"flexible": 1, "moderate": 5, "strict": 14}[quote["cancellationPolicy"]]
        deadline = (date.fromisoformat(stay["checkin"]) - timedelta(days=days)).isoformat()
        self.expect("quote: freeCancellationUntil is check-in minus the policy's days",
                    quote["freeCancellationUntil"] == deadline, "%s, expected %s" % (quote["freeCancellationUntil"], deadline))
        self.expect("search finds the listing for the stay before booking", self.found(item, stay))
        self.call("PUT /wishlist/{id} before booking -> 204", "/wishlist/" + listing_id, method="PUT", status=204,
                  headers=alice)
        request = dict(stay, listingId=listing_id, expectedTotal=quote["total"])
        key = "contract-" + uuid.uuid4().hex

        # Everything a booking can fail on, none of which books or uses up the key.
        self.book("book without a token -> 401", {}, request, status=401, key=key, check=self.unauthenticated)
        self.book("book with an unknown token -> 401", {"Authorization": "Bearer " + "A" * 43}, request, status=401,
                  key=key, check=self.unauthenticated)
        self.call("book without Idempotency-Key -> 400 invalid-idempotency-key", "/reservations", method="POST",
                  status=400, headers=self.booking_headers(alice, None), body=json.dumps(request),
                  check=self.problem("invalid-idempotency-key"))
        for label, bad in (("empty", ""), ("with a space", "a b"), ("of 256 characters", "k" * 256)):
            self.book("book with an Idempotency-Key %s -> 400 invalid-idempotency-key" % label, alice, request,
                      status=400, key=bad, check=self.problem("invalid-idempotency-key"))
        self.book("book as text/plain -> 415 (a 255-character key is fine)", alice, request, status=415,
                  key="k" * 255, content_type="text/plain", check=self.problem("unsupported-media-type"))
        self.book("book without Content-Type -> 415", alice, request, status=415, content_type=None,
                  check=self.problem("unsupported-media-type"))
        self.book("book with a body that is not JSON -> 400 invalid-body", alice, None, status=400, raw="{listingId",
                  check=self.problem("invalid-body"))
        self.book("book with a JSON array -> 400 invalid-body", alice, None, status=400, raw="[]",
                  check=self.problem("invalid-body"))
        self.book("book with an empty body -> 400 invalid-body", alice, None, status=400, raw="",
                  check=self.problem("invalid-body"))
        self.book("book: every bad member named at once -> 400 invalid-body", alice,
                  {"listingId": int(listing_id), "checkin": "2027-01-32", "checkout": "2027-01-15", "adults": 0,
                   "children": "1", "infants": 6, "coupon": "FREE"}, status=400,
                  check=self.invalid_members("invalid-body", {"listingId", "checkin", "adults", "children", "infants",
                                                              "expectedTotal", "coupon"}))
        self.book("book: missing members named -> 400 invalid-body", alice, {"adults": 1}, status=400,
                  check=self.invalid_members("invalid-body", {"listingId", "checkin", "checkout", "expectedTotal"}))
        self.book("book: checkout not after checkin -> 400", alice, dict(request, checkout=stay["checkin"]), status=400,
                  check=lambda r: [] if {p["name"] for p in r.json["invalidParams"]} == {"checkout"}
                  else ["invalidParams %s" % r.json["invalidParams"]])
        self.book("book a body over 16 KiB -> 413", alice, dict(request, padding="x" * 17000), status=413,
                  check=self.problem("payload-too-large"))
        self.book("book checkin before today -> 400 invalid-parameters", alice,
                  dict(request, checkin="2026-11-01", checkout="2026-11-03"), status=400,
                  check=self.invalid_members("invalid-parameters", {"checkin"}))
        self.book("book an unknown listing -> 404 listing-not-found", alice, dict(request, listingId="999999"),
                  status=404, check=self.problem("listing-not-found"))
        self.book("book for more guests than the listing takes -> 422 capacity", alice,
                  dict(request, adults=item["maxGuests"] + 1), status=422,
                  check=self.problem("stay-rule-violated", lambda r: [] if r.json["rule"] == ["capacity"] else ["rule %s" % r.json["rule"]]))

        def current_quote(r):
            return [] if r.json["currentQuote"] == quote else ["currentQuote differs from /quote: %s" % r.json["currentQuote"]]
        self.book("book with a stale expectedTotal -> 409 price-changed with the current quote", alice,
                  dict(request, expectedTotal=quote["total"] - 1), status=409, key=key,
                  check=self.problem("price-changed", current_quote))
        self.call("after the rejected bookings the stay still quotes 200", "/quote", dict(stay, listingId=listing_id),
                  check=lambda r: [] if r.json["total"] == quote["total"] else ["total %s" % r.json["total"]])

        # The booking.
        def reservation(r):
            body, problems = r.json, []
            if r.header("Location") != "/reservations/" + body["id"]:
                problems.append("Location %r" % r.header("Location"))
            if r.header("Idempotent-Replayed") is not None:
                problems.append("Idempotent-Replayed on the first answer")
            expected = {"status": "confirmed", "listingId": listing_id, "checkin": stay["checkin"], "checkout": stay["checkout"],
                        "nights": 3, "guests": quote["guests"], "currency": quote["currency"], "lineItems": quote["lineItems"],
                        "total": quote["total"], "cancellationPolicy": quote["cancellationPolicy"],
                        "listing": {"title": detail["title"], "photoUrl": detail["photoUrl"],
                                    "locationName": detail["locationName"]}}
            problems += ["%s %r, expected %r" % (k, body.get(k), v) for k, v in expected.items() if body.get(k) != v]
            if sum(i["amount"] for i in body["lineItems"]) != body["total"]:
                problems.append("line items do not sum to total")
            return problems
        created = self.book("book with expectedTotal = quote total -> 201, Location, the quote's lines and total",
                            alice, request, key=key, check=reservation)
        if created is None:
            raise RuntimeError("booking failed; the rest of the flow needs it")
        self.reservation = created.json
        rid = created.json["id"]

        def replay(r):
            problems = [] if r.body == created.body else ["body differs from the first answer"]
            if r.header("Idempotent-Replayed") != "true":
                problems.append("Idempotent-Replayed %r" % r.header("Idempotent-Replayed"))
            if r.header("Location") != created.header("Location"):
                problems.append("Location %r on a replay, %r first" % (r.header("Location"), created.header("Location")))
            return problems
        self.book("replay: same key, same body -> the same 201 byte for byte, Idempotent-Replayed", alice, request,
                  key=key, check=replay)
        self.book("replay: same key, same members in another order -> the same 201", alice, None, key=key,
                  raw=json.dumps(dict(reversed(list(request.items())))), check=replay)
        self.book("same key, different body -> 422 idempotency-key-reused", alice, dict(request, adults=1), status=422,
                  key=key, check=self.problem("idempotency-key-reused"))
        self.book("another guest, same key and body -> not a replay: 409 dates-unavailable", bob, request, status=409,
                  key=key, check=self.problem("dates-unavailable"))
        self.book("the same stay again with a new key -> 409 dates-unavailable naming every night", alice, request,
                  status=409, check=self.problem("dates-unavailable", lambda r: [] if r.json["unavailableDates"] == nights
                                                 else ["unavailableDates %s" % r.json["unavailableDates"]]))

        # The booked nights leave search, quote, calendar and the wishlist's availability.
        self.expect("after booking, search for those nights no longer finds the listing", not self.found(item, stay))
        self.call("after booking, /quote for those nights -> 409 naming them", "/quote", dict(stay, listingId=listing_id),
                  status=409, check=lambda r: [] if r.json["unavailableDates"] == nights else ["%s" % r.json["unavailableDates"]])
        calendar = self.get("/calendar", {"listingId": listing_id, "start": "2027-01", "months": 1})
        booked = {d["date"]: d for m in calendar["months"] for d in m["days"]}
        self.expect("after booking, the calendar shows the nights unavailable (booked)",
                    all(not booked[n]["available"] and booked[n]["unavailableReason"] == "booked" for n in nights),
                    "%s" % [(n, booked[n]["available"], booked[n]["unavailableReason"]) for n in nights])
        self.call("wishlist with the booked stay: the listing is not available, no total", "/wishlist", stay, headers=alice,
                  check=lambda r: [] if [(i["id"], i["available"], i["totalPrice"]) for i in r.json["items"]]
                  == [(listing_id, False, None)] else ["items %s" % r.json["items"]])

        # Reading it back; other guests see nothing.
        self.call("GET /reservations/{id} -> the reservation as booked", "/reservations/" + rid, headers=alice,
                  check=lambda r: [] if r.json == created.json else ["differs from the 201 body"])
        self.call("GET /reservations/{id} in English: English labels, same amounts", "/reservations/" + rid,
                  headers=dict(alice, **{"Accept-Language": "en"}),
                  check=lambda r: [] if [i["amount"] for i in r.json["lineItems"]] == [i["amount"] for i in created.json["lineItems"]]
                  and r.json["lineItems"][0]["label"].endswith("nights") else ["lineItems %s" % r.json["lineItems"]])
        first = self.client.request("GET", "/reservations/" + rid, alice)
        self.call("GET /reservations/{id} If-None-Match -> 304", "/reservations/" + rid, status=304,
                  headers=dict(alice, **{"If-None-Match": first.header("ETag") or '"none"'}))
        self.call("GET /reservations lists it", "/reservations", headers=alice,
                  check=lambda r: [] if any(i == created.json for i in r.json["items"]) else ["not listed"])
        unknown = self.call("unknown reservation -> 404 reservation-not-found", "/reservations/999999999", status=404,
                            headers=alice, check=self.problem("reservation-not-found"))

        def like_unknown(r):
            strip = lambda body: {k: v for k, v in body.items() if k != "requestId"}
            return [] if unknown is not None and strip(r.json) == strip(unknown.json) else ["differs from an unknown id's 404"]
        self.call("another guest's reservation -> 404 exactly like an unknown id", "/reservations/" + rid, status=404,
                  headers=bob, check=like_unknown)
        self.call("a reservation id that is not an id -> 404 like an unknown id", "/reservations/abc", status=404,
                  headers=alice, check=like_unknown)
        self.call("another guest cannot cancel it -> 404", "/reservations/%s/cancel" % rid, method="POST", status=404,
                  headers=bob, check=like_unknown)
        self.call("another guest's trips are empty", "/reservations", headers=bob,
                  check=lambda r: [] if r.json == {"items": [], "nextCursor": None} else ["%s" % r.json])
        self.call("another guest's wishlist is empty", "/wishlist", headers=bob,
                  check=lambda r: [] if r.json == {"items": []} else ["%s" % r.json])
        for label, headers in (("no Authorization", {}), ("Basic scheme", {"Authorization": "Basic YTpi"}),
                               ("a malformed token", {"Authorization": "Bearer not-a-token"}),
                               ("Bearer without a token", {"Authorization": "Bearer"}),
                               ("an unknown token", {"Authorization": "Bearer " + "A" * 43})):
            self.call("GET /reservations with %s -> 401 + WWW-Authenticate" % label, "/reservations", status=401,
                      headers=headers, check=self.unauthenticated)
        self.call("GET /reservations/{id} without a token -> 401", "/reservations/" + rid, status=401,
                  check=self.unauthenticated)
        self.call("cancel without a token -> 401", "/reservations/%s/cancel" % rid, method="POST", status=401,
                  check=self.unauthenticated)

        # Cancelling, far ahead of check-in: everything back, whatever the policy.
        def cancelled(r):
            body, problems = r.json, []
            if body["status"] != "cancelled" or body["cancelledAt"] < body["createdAt"]:
                problems.append("status %s, cancelledAt %s" % (body["status"], body["cancelledAt"]))
            same = {k: v for k, v in body.items() if k not in ("status", "cancelledAt", "refund")}
            if same != {k: v for k, v in created.json.items() if k != "status"}:
                problems.append("the reservation changed beyond status, cancelledAt and refund")
            problems += self.refund_invariants(body)
            if [(l["kind"], l["amount"]) for l in body["refund"]["lines"]] != [(l["kind"], l["amount"]) for l in body["lineItems"]]:
                problems.append("a full refund does not mirror the paid lines: %s" % body["refund"]["lines"])
            return problems
        cancel = self.call("cancel 50 days ahead -> 200 cancelled, full refund mirroring the paid lines",
                           "/reservations/%s/cancel" % rid, method="POST", headers=alice, check=cancelled)
        if cancel is None:
            raise RuntimeError("cancel failed")
        self.call("cancel again -> 200, the same body", "/reservations/%s/cancel" % rid, method="POST", headers=alice,
                  check=lambda r: [] if r.body == cancel.body else ["body differs"])
        self.call("GET /reservations/{id} after cancel -> the cancelled reservation", "/reservations/" + rid, headers=alice,
                  check=lambda r: [] if r.json == cancel.json else ["differs from the cancel answer"])
        self.call("after cancel, /quote for those nights -> 200 again, same total", "/quote", dict(stay, listingId=listing_id),
                  check=lambda r: [] if r.json["total"] == quote["total"] else ["total %s" % r.json["total"]])
        self.expect("after cancel, search finds the listing for those nights again", self.found(item, stay))
        self.book("replay after cancel -> the original 201 (confirmed) byte for byte", alice, request, key=key, check=replay)
        self.call("wishlist with the stay after cancel: available, priced as the quote", "/wishlist", stay, headers=alice,
                  check=lambda r: [] if [(i["id"], i["available"], i["totalPrice"]) for i in r.json["items"]]
                  == [(listing_id, True, quote["total"])] else ["items %s" % r.json["items"]])
        self.call("DELETE /wishlist/{id} -> 204", "/wishlist/" + listing_id, method="DELETE", status=204, headers=alice)
        self.cancelled_stay = (listing_id, cancel.json)

    def unauthenticated(self, r):
        problems = self.problem("unauthenticated")(r)
        return problems + ([] if r.header("WWW-Authenticate") == 'Bearer realm="stays"'
                           else ["WWW-Authenticate %r" % r.header("WWW-Authenticate")])

    @staticmethod
    def refund_invariants(body):
        refund, problems = body["refund"], []
        if sum(l["amount"] for l in refund["lines"]) != refund["total"]:
            problems.append("refund lines sum to %d, total %d" % (sum(l["amount"] for l in refund["lines"]), refund["total"]))
        if refund["total"] + refund["retained"] != body["total"]:
            problems.append("refund %d + retained %d != paid %d" % (refund["total"], refund["retained"], body["total"]))
        if not 0 <= refund["total"] <= body["total"]:
            problems.append("refund %d outside 0..paid" % refund["total"])
        return problems

    @staticmethod
    def expected_refund(policy, checkin, quote):
        """The refund lines (kind, amount) docs/API.md's rules give when cancelling today."""
        def half_up(numerator, denominator):
            return (2 * numerator + denominator) // (2 * denominator)
        days = (date.fromisoformat(checkin) - TODAY).days
        lines = quote["lineItems"]
        if days >= {"flexible": 1, "moderate": 5, "strict": 14}[policy]:
            return [(l["kind"], l["amount"]) for l in lines]
        amount = lambda *kinds: sum(l["amount"] for l in lines if l["kind"] in kinds)
        accommodation = amount("accommodation")
        net = max(0, accommodation + amount("weekly_discount", "monthly_discount"))
        cleaning = amount("cleaning_fee")
        refunded, with_cleaning = 0, True
        if policy == "flexible":
            refunded = max(0, net - quote["nightlyPrices"][0]["price"])
        elif policy == "moderate":
            unbegun = sum(n["price"] for n in quote["nightlyPrices"] if n["date"] >= TODAY.isoformat())
            refunded = half_up(net * unbegun, 2 * accommodation) if accommodation else 0
        elif days >= 7:
            refunded = half_up(net, 2)
        else:
            with_cleaning = False
        result = [("accommodation", refunded)] if refunded > 0 else []
        return result + ([("cleaning_fee", cleaning)] if with_cleaning and cleaning > 0 else [])

    def refunds(self):
        """Each policy's partial refunds: stays booked close to check-in and cancelled today."""
        guest = self.new_guest("refunds")
        self.refund_guest = guest
        wanted = {("flexible", 0), ("moderate", 0), ("strict", 0), ("moderate", 2), ("strict", 2), ("strict", 9),
                  ("flexible", 2)}
        done = set()
        for offset, length in ((0, 2), (2, 3), (9, 2)):
            checkin = (TODAY + timedelta(days=offset)).isoformat()
            stay = {"checkin": checkin, "checkout": (TODAY + timedelta(days=offset + length)).isoformat()}
            for location_id in (1, 66, 36):
                page = self.get("/listings", dict(stay, locationId=location_id, limit=50))
                for item in page["items"]:
                    policy = self.get("/listings/" + item["id"])["cancellationPolicy"]
                    if (policy, offset) not in wanted or (policy, offset) in done:
                        continue
                    done.add((policy, offset))
                    quote = self.get("/quote", dict(stay, listingId=item["id"]))
                    created = self.book("book %s %s, %d days ahead" % (policy, item["id"], offset), guest,
                                        dict(stay, listingId=item["id"], adults=1, expectedTotal=quote["total"]))
                    if created is None:
                        continue
                    expected = self.expected_refund(policy, checkin, quote)

                    def check(r, expected=expected):
                        problems = self.refund_invariants(r.json)
                        got = [(l["kind"], l["amount"]) for l in r.json["refund"]["lines"]]
                        return problems + ([] if got == expected else ["refund lines %s, the rules say %s" % (got, expected)])
                    self.call("cancel %s %d days before check-in -> refund by the policy's rules" % (policy, offset),
                              "/reservations/%s/cancel" % created.json["id"], method="POST", headers=guest, check=check)
                if all((p, offset) in done for p, o in wanted if o == offset):
                    break
        missing = sorted(wanted - done)
        self.expect("found a bookable listing for every (policy, days ahead) refund case", not missing,
                    "none for %s" % missing)

    def trips(self):
        """Order and paging of a guest's trips: upcoming first (check-in ascending), then past
        and cancelled (check-in descending)."""
        guest = self.new_guest("trips")
        booked = []
        for checkin, checkout in (("2027-02-10", "2027-02-12"), ("2026-12-15", "2026-12-17"), ("2027-03-03", "2027-03-05"),
                                  ("2027-01-20", "2027-01-22")):
            stay = {"checkin": checkin, "checkout": checkout}
            item, _, quote = self.bookable_listing(stay, location_id=66)
            created = self.book("trips: book %s..%s" % (checkin, checkout), guest,
                                dict(stay, listingId=item["id"], adults=1, expectedTotal=quote["total"]))
            if created is not None:
                booked.append(created.json)
        if len(booked) != 4:
            raise RuntimeError("could not book the trips")
        # Cancel the 2027-02-10 one: it moves to the past-and-cancelled group.
        cancelled = self.call("trips: cancel one", "/reservations/%s/cancel" % booked[0]["id"], method="POST",
                              headers=guest)
        upcoming = sorted((b for b in booked[1:]), key=lambda b: (b["checkin"], int(b["id"])))
        expected = [b["id"] for b in upcoming] + [booked[0]["id"]]
        self.call("trips: upcoming by check-in ascending, then cancelled", "/reservations", headers=guest,
                  check=lambda r: [] if [i["id"] for i in r.json["items"]] == expected and r.json["nextCursor"] is None
                  else ["order %s, expected %s" % ([i["id"] for i in r.json["items"]], expected)])
        seen, cursor, pages = [], None, 0
        while pages < 10:
            response = self.call("trips: page %d of limit=1" % (pages + 1), "/reservations",
                                 dict({"limit": 1}, **({"cursor": cursor} if cursor else {})), headers=guest)
            if response is None:
                break
            pages += 1
            seen += [i["id"] for i in response.json["items"]]
            cursor = response.json["nextCursor"]
            if cursor is None:
                break
        self.expect("trips: paging with limit=1 visits the same order, none twice", seen == expected,
                    "%s, expected %s" % (seen, expected))
        self.bad_request("trips: a garbage cursor -> 400 naming it", "/reservations", {"cursor": "zzz"}, {"cursor"},
                         headers=guest)
        self.bad_request("trips: a listings cursor -> 400", "/reservations",
                         {"cursor": self.get("/listings", {"locationId": 1, "limit": 1})["nextCursor"]}, {"cursor"},
                         headers=guest)
        if cancelled is not None:
            self.expect("trips: the cancelled one carries its refund", "refund" in cancelled.json)

    def notifications_and_webhooks(self):
        """An account's booking becomes its notification; a host's webhook endpoints (no
        receiver is reached: the URL is not a private address, and nothing resolves it here)."""
        def sign_up(email, roles):
            body = json.dumps({"email": email, "name": "Contract", "password": "contract check passphrase 2026",
                               "roles": roles, "locale": "en"})
            r = self.client.request("POST", "/accounts", body=body, headers={"Content-Type": "application/json"})
            if r.status != 201:
                raise RuntimeError("sign-up %d %s" % (r.status, r.body[:200]))
            return {"Authorization": "Bearer " + r.json["accessToken"]}
        tag = uuid.uuid4().hex[:10]
        guest, host = sign_up("guest-%s@example.com" % tag, ["guest"]), sign_up("host-%s@example.com" % tag, ["guest", "host"])
        stay = {"checkin": "2027-03-09", "checkout": "2027-03-11", "adults": 2}
        listing = self.bookable(**stay)
        quote = self.get("/quote", dict(stay, listingId=listing))
        booked = self.client.request("POST", "/reservations", body=json.dumps(dict(stay, listingId=listing, expectedTotal=quote["total"])),
                                     headers=dict(guest, **{"Content-Type": "application/json", "Idempotency-Key": tag}))
        self.result("an account books (for its notification)", [] if booked.status == 201 else ["%d %s" % (booked.status, booked.body[:200])])
        page = self.call("GET /notifications after a booking", "/notifications", headers=guest,
                         check=lambda r: [] if [i["type"] for i in r.json["items"]] == ["reservation.confirmed"]
                         and r.json["items"][0]["reservationId"] == booked.json.get("id") else ["%s" % r.json])
        self.call("GET /notifications/unread-count", "/notifications/unread-count", headers=guest,
                  check=lambda r: [] if r.json == {"unread": 1} else ["%s" % r.json])
        if page is not None:
            nid = page.json["items"][0]["id"]
            self.call("POST /notifications/{id}/read", "/notifications/%s/read" % nid, method="POST", headers=guest,
                      check=lambda r: [] if r.json["readAt"] else ["readAt %r" % r.json["readAt"]])
            self.call("another account's notification -> 404", "/notifications/%s/read" % nid, method="POST", headers=host,
                      status=404, check=lambda r: [] if r.json["type"] == "/problems/notification-not-found" else [r.json["type"]])
            self.call("POST /notifications/read-all", "/notifications/read-all", method="POST", headers=guest,
                      check=lambda r: [] if r.json == {"marked": 0} else ["%s" % r.json])
            self.call("DELETE /notifications/{id} -> 204", "/notifications/" + nid, method="DELETE", headers=guest, status=204)
            self.call("DELETE it again -> 404", "/notifications/" + nid, method="DELETE", headers=guest, status=404)
        self.call("GET /notifications without a token -> 401", "/notifications", status=401)

        hook = json.dumps({"url": "https://hooks.example/stays", "events": ["reservation.*"]})
        created = self.call("POST /host/webhooks -> 201 with its secret", "/host/webhooks", method="POST", status=201,
                            headers=dict(host, **{"Content-Type": "application/json"}), body=hook,
                            check=lambda r: [] if r.json["secret"].startswith("whsec_") else ["secret %r" % r.json["secret"]])
        self.call("POST /host/webhooks by a guest-only account -> 403", "/host/webhooks", method="POST", status=403,
                  headers=dict(guest, **{"Content-Type": "application/json"}), body=hook,
                  check=lambda r: [] if r.json["type"] == "/problems/host-role-required" else [r.json["type"]])
        self.call("POST /host/webhooks with a bad URL -> 400", "/host/webhooks", method="POST", status=400,
                  headers=dict(host, **{"Content-Type": "application/json"}),
                  body=json.dumps({"url": "ftp://x", "events": ["*"]}))
        if created is None:
            return
        wid, secret = created.json["id"], created.json["secret"]
        no_secret = lambda r: [] if secret not in r.body.decode() else ["the secret is shown again"]
        self.call("GET /host/webhooks (no secret)", "/host/webhooks", headers=host, check=no_secret)
        self.call("GET /host/webhooks/{id} (no secret)", "/host/webhooks/" + wid, headers=host, check=no_secret)
        self.call("POST /host/webhooks/{id}/rotate-secret", "/host/webhooks/%s/rotate-secret" % wid, method="POST",
                  headers=host, check=lambda r: [] if r.json["secret"] != secret else ["the same secret"])
        self.call("GET /host/webhooks/{id}/deliveries", "/host/webhooks/%s/deliveries" % wid, headers=host)
        self.call("redeliver an unknown delivery -> 404", "/host/webhooks/%s/deliveries/999999999/redeliver" % wid,
                  method="POST", headers=host, status=404)
        self.call("DELETE /host/webhooks/{id} -> 204", "/host/webhooks/" + wid, method="DELETE", headers=host, status=204)
        self.call("GET a deleted webhook -> 404", "/host/webhooks/" + wid, headers=host, status=404,
                  check=lambda r: [] if r.json["type"] == "/problems/webhook-not-found" else [r.json["type"]])

    def wishlist(self):
        guest = self.new_guest("wishlist")
        stay = {"checkin": "2027-02-16", "checkout": "2027-02-18", "adults": 2}
        page = self.get("/listings", dict(stay, locationId=37, limit=2))
        first, second = page["items"][0], page["items"][1]
        self.call("wishlist starts empty", "/wishlist", headers=guest,
                  check=lambda r: [] if r.json == {"items": []} else ["%s" % r.json])
        for name, listing in (("save one", first), ("save it again (idempotent)", first), ("save another", second)):
            time.sleep(0.01)  # saved_at has millisecond resolution
            self.call("PUT /wishlist/{id}: %s -> 204" % name, "/wishlist/" + listing["id"], method="PUT", status=204,
                      headers=guest)

        def cards(stay_given):
            def check(r):
                items, problems = r.json["items"], []
                if [i["id"] for i in items] != [second["id"], first["id"]]:
                    return ["ids %s, expected most recently saved first" % [i["id"] for i in items]]
                for card in items:
                    if not stay_given:
                        if "available" in card or card["totalPrice"] is not None:
                            problems.append("%s: available/totalPrice without a stay" % card["id"])
                        continue
                    quote = self.get("/quote", dict(stay, listingId=card["id"]))
                    if (card.get("available"), card["totalPrice"], card["nightlyPrice"]) != (
                            True, quote["total"], quote["averageNightlyPrice"]):
                        problems.append("%s: available %s totalPrice %s nightlyPrice %s, quote %s/%s" % (
                            card["id"], card.get("available"), card["totalPrice"], card["nightlyPrice"], quote["total"],
                            quote["averageNightlyPrice"]))
                return problems
            return check
        self.call("wishlist: most recently saved first, no availability without a stay", "/wishlist", headers=guest,
                  check=cards(False))
        self.call("wishlist with a stay: available, priced exactly as /quote", "/wishlist", stay, headers=guest,
                  check=cards(True))

        def base_plus_extra_guests(r):
            problems = []
            for card in r.json["items"]:
                pricing = self.get("/listings/" + card["id"])["pricing"]
                expected = pricing["basePrice"] + max(0, 3 - pricing["guestsIncluded"]) * pricing["extraGuestFee"]
                if card["nightlyPrice"] != expected:
                    problems.append("%s nightlyPrice %d, base + extra-guest fees %d" % (card["id"], card["nightlyPrice"], expected))
            return problems
        self.call("wishlist without a stay, 3 guests: nightlyPrice is base + extra-guest fees", "/wishlist",
                  {"adults": 2, "children": 1}, headers=guest, check=base_plus_extra_guests)
        first_get = self.client.request("GET", "/wishlist", self.booking_headers(guest, None, None))
        self.call("wishlist If-None-Match -> 304", "/wishlist", status=304,
                  headers=dict(guest, **{"If-None-Match": first_get.header("ETag") or '"none"'}))
        self.call("DELETE /wishlist/{id} -> 204", "/wishlist/" + first["id"], method="DELETE", status=204, headers=guest)
        self.call("DELETE it again (idempotent) -> 204", "/wishlist/" + first["id"], method="DELETE", status=204,
                  headers=guest)
        self.call("wishlist after delete", "/wishlist", headers=guest,
                  check=lambda r: [] if [i["id"] for i in r.json["items"]] == [second["id"]] else ["%s" % r.json["items"]])
        self.call("PUT /wishlist/unknown -> 404 listing-not-found", "/wishlist/999999", method="PUT", status=404,
                  headers=guest, check=self.problem("listing-not-found"))
        self.call("DELETE /wishlist/unknown -> 404 listing-not-found", "/wishlist/999999", method="DELETE", status=404,
                  headers=guest, check=self.problem("listing-not-found"))
        for bad in ("abc", "0"):
            self.call("PUT /wishlist/%s -> 400 naming listingId" % bad, "/wishlist/" + bad, method="PUT", status=400,
                      headers=guest, check=self.invalid_members("invalid-parameters", {"listingId"}))
        self.call("PUT /wishlist without a token -> 401", "/wishlist/" + first["id"], method="PUT", status=401,
                  check=self.unauthenticated)
        self.bad_request("wishlist checkin without checkout -> 400", "/wishlist", {"checkin": "2027-02-16"},
                         {"checkout"}, headers=guest)

    def rate_limit(self):
        """Last: creates guests until the per-address limit answers 429 with Retry-After."""
        for attempt in range(1, 40):
            response = self.client.request("POST", "/guests")
            if response.status == 429:
                problems = self.conformance("/guests", "POST", response)
                retry = response.header("Retry-After") or ""
                if not (retry.isdigit() and 1 <= int(retry) <= 60):
                    problems.append("Retry-After %r" % retry)
                if not problems and response.json["type"] != "/problems/rate-limited":
                    problems.append("type %r" % response.json["type"])
                self.result("POST /guests over the rate limit -> 429 rate-limited with Retry-After (after %d more)" % attempt,
                            problems)
                return
            if response.status != 201:
                self.result("POST /guests until the rate limit", ["status %d" % response.status])
                return
        self.result("POST /guests over the rate limit -> 429", ["no 429 after 39 guests (is --guest-rate-limit 0?)"])


def main():
    if len(sys.argv) < 2:
        print("usage: check_contract.py BASE_URL [SPEC]", file=sys.stderr)
        return 2
    spec = sys.argv[2] if len(sys.argv) > 2 else str(Path(__file__).resolve().parents[2] / "docs" / "openapi.yaml")
    return Checker(sys.argv[1].rstrip("/"), spec).run()


if __name__ == "__main__":
    sys.exit(main())
