#!/usr/bin/env python3
"""What polling 1,000 calendar imports costs Stays (issue 28's cost target).

Usage: ical_polling.py --stays BIN [--imports 1000] [--refresh 90] [--periods 3]
                       [--rate 20] [--baseline SECONDS]

Starts a local feed server (Python's http.server on loopback) serving IMPORTS realistic
.ics feeds, the shapes Airbnb, Booking.com and Vrbo send: 3 to 25 all-day events each over
the next year; in each REFRESH-second period one feed in ten carries one more booking than
usual, so about a fifth of the feeds differ from their previous poll (a booking added, or
dropped again) and the rest are unchanged. Then `stays serve` on a fresh demo database in a
temporary folder with `--allow-private-addresses --ical-refresh REFRESH` (stopped by its PID
at the end); signs in as the three demo hosts (the password is in the server's log) and
creates IMPORTS imports through the API, one per demo listing.

Two measured windows, each under the same paced search load (RATE searches a second,
`GET /listings?locationId&checkin&checkout&adults=2`, random cities and dates, from one
keep-alive client thread):
1. without imports (BASELINE seconds, default PERIODS x REFRESH), before any import exists;
2. with the imports polled, PERIODS x REFRESH seconds, starting one REFRESH after the last
   import was created (so the first syncs, made by the API calls, are not counted).
For each: Stays's CPU (utime + stime of /proc/PID/stat, as a share of one core) and the
searches' median and p99; and the syncs, events and changed nights `/metrics` counted in
window 2. Prints a results table. Everything stays on loopback.
"""
import argparse
import datetime
import http.client
import http.server
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import threading
import time

TODAY = "2026-11-23"
TICKS = os.sysconf("SC_CLK_TCK")


# MARK: the feed server

def feed(number, generation, today):
    """Feed `number` as a channel would send it in `generation` (one per refresh period):
    its events depend only on the number, except for one more booking in the generations
    whose last digit is the number's."""
    rng = random.Random(number)
    kind = number % 3
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "CALSCALE:GREGORIAN", "METHOD:PUBLISH"]
    lines.append(["PRODID:-//Airbnb Inc//Hosting Calendar 1.0//EN", "PRODID:-//Booking.com//EN",
                  "PRODID:-//HomeAway.com, Inc.//EN"][kind])
    events = []
    day = rng.randint(1, 20)
    for _ in range(rng.randint(3, 25)):
        nights = rng.randint(1, 7)
        events.append((day, nights))
        day += nights + rng.randint(1, 20)
        if day > 360:
            break
    if number % 10 == generation % 10:  # this feed changes now: one more booking, far out
        events.append((330 + generation % 20, 2))
    stamp = "20261101T000000Z"
    for index, (start, nights) in enumerate(events):
        first = today + datetime.timedelta(days=start)
        end = first + datetime.timedelta(days=nights)
        summary = [["Reserved", "Airbnb (Not available)"][index % 2], "CLOSED - Not available", "Blocked"][kind]
        lines += ["BEGIN:VEVENT", "DTSTAMP:" + stamp,
                  "DTSTART;VALUE=DATE:" + first.strftime("%Y%m%d"), "DTEND;VALUE=DATE:" + end.strftime("%Y%m%d"),
                  "UID:%d-%d-%d@channel.example" % (number, start, nights), "SUMMARY:" + summary]
        if kind == 0 and summary == "Reserved":
            lines += ["DESCRIPTION:Reservation URL: https://www.airbnb.com/hosting/reservations/details/HM%06d\\n"
                      "Phone Number (Last 4 Digits): %04d" % (number * 31 + start, number % 10000)]
        lines.append("END:VEVENT")
    lines.append("END:VCALENDAR")
    return ("\r\n".join(lines) + "\r\n").encode()


class FeedServer(http.server.ThreadingHTTPServer):
    daemon_threads = True


def feed_handler(refresh, today, served):
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_GET(self):
            match = re.fullmatch(r"/feeds/(\d+)\.ics", self.path)
            if not match:
                self.send_error(404)
                return
            body = feed(int(match.group(1)), int(time.time() // refresh), today)
            served.append(1)
            self.send_response(200)
            self.send_header("Content-Type", "text/calendar; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass
    return Handler


# MARK: Stays

def call(port, method, path, body=None, token=None):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    headers = {"Authorization": "Bearer " + token} if token else {}
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    conn.request(method, path, body=data, headers=headers)
    response = conn.getresponse()
    payload = response.read()
    conn.close()
    return response.status, (json.loads(payload) if payload[:1] in b"{[" else payload.decode())


def cpu_seconds(pid):
    fields = open("/proc/%d/stat" % pid).read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS  # utime, stime (fields 14 and 15)


def sync_counters(port):
    """The calendar sync counters of `/metrics`: syncs by outcome, events read, nights changed."""
    _, text = call(port, "GET", "/metrics")
    found = re.findall(r'^stays_calendar_syncs_total\{outcome="(\w+)"\} (\d+)$', text, re.M)
    counters = {outcome: int(count) for outcome, count in found}
    for name in ["events", "changed_nights"]:
        counters[name] = int(re.search(r"^stays_calendar_sync_%s_total (\d+)$" % name, text, re.M).group(1))
    return counters


def searches(port, seconds, rate, cities):
    """One keep-alive client sending `rate` searches a second for `seconds`; their latencies (ms)."""
    rng = random.Random(7)
    today = datetime.date.fromisoformat(TODAY)
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    latencies = []
    started = time.monotonic()
    for index in range(int(seconds * rate)):
        due = started + index / rate
        pause = due - time.monotonic()
        if pause > 0:
            time.sleep(pause)
        checkin = today + datetime.timedelta(days=rng.randint(1, 300))
        checkout = checkin + datetime.timedelta(days=rng.randint(1, 5))
        path = "/listings?locationId=%s&checkin=%s&checkout=%s&adults=2&limit=20" % (rng.choice(cities), checkin, checkout)
        sent = time.perf_counter()
        conn.request("GET", path)
        response = conn.getresponse()
        response.read()
        if response.status != 200:
            raise SystemExit("search answered %d: %s" % (response.status, path))
        latencies.append((time.perf_counter() - sent) * 1000)
    conn.close()
    return latencies


def window(pid, port, seconds, rate, cities):
    before, wall = cpu_seconds(pid), time.monotonic()
    latencies = searches(port, seconds, rate, cities)
    elapsed = time.monotonic() - wall
    cpu = (cpu_seconds(pid) - before) / elapsed
    latencies.sort()
    return {"seconds": elapsed, "cpu": cpu, "median": latencies[len(latencies) // 2],
            "p99": latencies[int(len(latencies) * 0.99) - 1], "count": len(latencies),
            "load": open("/proc/loadavg").read().split()[0]}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--stays", required=True)
    parser.add_argument("--imports", type=int, default=1000)
    parser.add_argument("--refresh", type=int, default=90)
    parser.add_argument("--periods", type=int, default=3)
    parser.add_argument("--rate", type=float, default=20)
    parser.add_argument("--baseline", type=float)
    args = parser.parse_args()
    args.baseline = args.baseline or args.periods * args.refresh

    today = datetime.date.fromisoformat(TODAY)
    served = []
    feeds = FeedServer(("127.0.0.1", 0), feed_handler(args.refresh, today, served))
    threading.Thread(target=feeds.serve_forever, daemon=True).start()
    folder = tempfile.mkdtemp(prefix="stays-ical-bench-")
    log_path = os.path.join(folder, "stderr.log")
    log = open(log_path, "w")
    server = subprocess.Popen([args.stays, "serve", "--port", "0", "--database", os.path.join(folder, "stays.sqlite"),
                               "--today", TODAY, "--guest-rate-limit", "0", "--quiet", "--allow-private-addresses",
                               "--ical-refresh", str(args.refresh), "--mail-dir", os.path.join(folder, "mail")],
                              stdout=subprocess.DEVNULL, stderr=log)
    try:
        port = password = None
        for _ in range(2400):
            text = open(log_path).read()
            password = password or (re.search(r"password (\S+) \(shown only now", text) or [None, None])[1]
            found = re.search(r"listening on http://127\.0\.0\.1:(\d+)", text)
            if found:
                port = int(found.group(1))
                break
            time.sleep(0.25)
        if not port or not password:
            raise SystemExit("the server did not start with demo accounts: see " + log_path)
        _, body = call(port, "GET", "/locations?bbox=33,124,39,132&kind=city&limit=20")
        cities = [item["id"] for item in body["items"]]

        # The demo hosts and their listings, one import each.
        owned = []
        for email in ["host@stays.example", "host2@stays.example", "host3@stays.example"]:
            status, session = call(port, "POST", "/sessions", {"email": email, "password": password})
            if status != 201 and status != 200:
                raise SystemExit("sign-in %s: %s %s" % (email, status, session))
            token, cursor = session["accessToken"], None
            while True:
                status, page = call(port, "GET", "/host/listings?limit=50" + ("&cursor=" + cursor if cursor else ""), token=token)
                owned += [(item["id"], token) for item in page["listings"] if item.get("status") == "published"]
                cursor = page.get("nextCursor")
                if not cursor:
                    break
        if len(owned) < args.imports:
            raise SystemExit("only %d demo listings for %d imports" % (len(owned), args.imports))

        print("machine: %s, %d cores, load average %s" % (
            re.search(r"model name\s*: (.*)", open("/proc/cpuinfo").read()).group(1), os.cpu_count(),
            open("/proc/loadavg").read().split()[0]), flush=True)
        without = window(server.pid, port, args.baseline, args.rate, cities)

        created_at = time.monotonic()
        feed_port = feeds.server_address[1]
        for number, (listing, token) in enumerate(owned[:args.imports]):
            status, made = call(port, "POST", "/host/listings/%s/calendar-imports" % listing,
                                {"url": "http://127.0.0.1:%d/feeds/%d.ics" % (feed_port, number),
                                 "name": ["Airbnb", "Booking.com", "Vrbo"][number % 3]}, token)
            if status != 201 or made.get("lastStatus") != "ok":
                raise SystemExit("import %d: %s %s" % (number, status, made))
        created = time.monotonic() - created_at
        print("created %d imports in %.0f s (each with its first sync)" % (args.imports, created), flush=True)
        time.sleep(max(0, args.refresh - created))  # the imports made first are due from here on

        before = sync_counters(port)
        with_polling = window(server.pid, port, args.periods * args.refresh, args.rate, cities)
        after = sync_counters(port)
        ok, failed, events, changed = (after[key] - before.get(key, 0) for key in ["ok", "failed", "events", "changed_nights"])

        print("| window | seconds | searches | Stays CPU (one core = 100%) | search median | search p99 | load at end |")
        print("| --- | --- | --- | --- | --- | --- | --- |")
        for name, result in [("no imports", without), ("%d imports polled every %d s" % (args.imports, args.refresh),
                                                        with_polling)]:
            print("| %s | %.0f | %d | %.1f%% | %.1f ms | %.1f ms | %s |" % (
                name, result["seconds"], result["count"], result["cpu"] * 100, result["median"], result["p99"],
                result["load"]))
        print("syncs in the polled window: %d ok, %d failed (%.1f per second; %d expected at one per import per "
              "period), %d events read, %d nights opened or closed"
              % (ok, failed, (ok + failed) / with_polling["seconds"], args.imports * args.periods, events, changed))
        print("polling's cost: %.1f%% of one core (the difference of the two windows)"
              % ((with_polling["cpu"] - without["cpu"]) * 100))
    finally:
        server.terminate()
        server.wait()
        feeds.shutdown()


if __name__ == "__main__":
    sys.exit(main())
