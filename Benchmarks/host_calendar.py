#!/usr/bin/env python3
"""The host calendar write benchmark: how long a 365-night change of one listing takes,
committed and visible to search (the answer is sent after the change log row commits and
search on every server reads the log before answering).

Usage: Benchmarks/host_calendar.py path/to/stays [DATABASE] [N] [SECONDS]
  Starts `stays serve` on a free port on DATABASE (a copy is made; default: a fresh demo
  database), signs up a host (verified through the mail folder), creates and publishes a
  listing, then sends N (default 50) PATCH /host/listings/{id}/calendar requests each
  setting a new price on 365 nights, and prints the median, p95 and max latency, and the
  latency of a search made right after each change that must already show the new price.
  Then search under host writes: `wrk` (1 thread, 4 connections) on a dated search for
  SECONDS (default 15) at a time, alternately with no writes and with 10 such 365-night
  changes a second, twice each, and the p99 of each run.
Everything stays on loopback; the server it starts is stopped by PID.
"""
import glob, json, os, re, shutil, statistics, subprocess, sys, tempfile, threading, time, urllib.request, email

def wrk_p99(base, path, seconds):
    """The p99 latency (ms) and requests/s of `wrk --latency` on one path."""
    out = subprocess.run(["wrk", "-t1", "-c4", "-d%ds" % seconds, "--latency", base + path],
                         capture_output=True, text=True, check=True).stdout
    value, unit = re.search(r"^\s+99%\s+([\d.]+)(us|ms|s)\s*$", out, re.M).groups()
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    return float(value) * {"us": 0.001, "ms": 1, "s": 1000}[unit], rate

def call(base, method, path, body=None, token=None, headers=None):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, method=method)
    if data is not None: request.add_header("Content-Type", "application/json")
    if token: request.add_header("Authorization", "Bearer " + token)
    for k, v in (headers or {}).items(): request.add_header(k, v)
    started = time.perf_counter()
    try:
        with urllib.request.urlopen(request) as response:
            payload = response.read()
            return response.status, (json.loads(payload) if payload else None), time.perf_counter() - started
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null"), time.perf_counter() - started

def main(argv):
    binary = argv[1]
    count = int(argv[3]) if len(argv) > 3 else 50
    work = tempfile.mkdtemp(prefix="stays-hostcal.")
    database = os.path.join(work, "db.sqlite")
    if len(argv) > 2 and argv[2]: shutil.copy(argv[2], database)
    mail = os.path.join(work, "mail")
    log = open(os.path.join(work, "stderr.log"), "w")
    server = subprocess.Popen([binary, "serve", "--port", "0", "--database", database, "--mail-dir", mail,
                               "--quiet"], stdout=subprocess.DEVNULL, stderr=log)
    try:
        base = None
        for _ in range(1200):
            found = re.search(r"listening on (http://127\.0\.0\.1:\d+)", open(log.name).read())
            if found: base = found.group(1); break
            time.sleep(0.25)
        if not base: raise SystemExit("server did not start")
        status, account, _ = call(base, "POST", "/accounts", {"email": "bench-host@example.com", "password": "bench host password 2026",
                                                              "name": "Bench", "roles": ["host"]})
        token = account["accessToken"]
        for _ in range(200):
            files = [p for p in sorted(glob.glob(mail + "/*.eml")) if "bench-host@example.com" in open(p).read()]
            if files: break
            time.sleep(0.1)
        message = email.message_from_file(open(files[-1]))
        link = re.search(r"token=([A-Za-z0-9_-]{43})", message.get_payload()[0].get_payload(decode=True).decode()).group(1)
        call(base, "POST", "/email-verifications", {"token": link})
        _, listing, _ = call(base, "POST", "/host/listings", {"title": "Bench", "locationId": "1",
                             "coordinate": {"lat": 37.58, "lng": 126.98}, "photos": ["https://img.example/1.jpg"],
                             "basePrice": 100000}, token)
        lid = listing["id"]
        status, _, publish_seconds = call(base, "POST", "/host/listings/%s/publish" % lid, token=token)
        if status != 200: raise SystemExit("publish: %s" % status)
        found = call(base, "GET", "/listings?bbox=37.5799,126.9799,37.5801,126.9801&limit=50")[1]["items"]
        print("first publish (answers once this server's index holds it): %.0f ms; in search right after: %s"
              % (publish_seconds * 1000, any(item["id"] == lid for item in found)))
        _, days, _ = call(base, "GET", "/host/listings/%s/calendar?months=1" % lid, token=token)
        import datetime
        today = next(day["date"] for day in days["days"] if not day["isPast"])  # the listing's today
        start = datetime.date(*map(int, today.split("-")))
        end = start + datetime.timedelta(days=364)  # the whole default window of 365 nights
        writes, searches = [], []
        for i in range(count):
            price = 100000 + (i + 1) * 100
            status, body, seconds = call(base, "PATCH", "/host/listings/%s/calendar" % lid,
                                         {"changes": [{"from": str(start), "to": str(end), "price": price}]}, token)
            if status != 200 or body["changedNights"] != 365: raise SystemExit("write %d: %s %s" % (i, status, body))
            writes.append(seconds * 1000)
            q = "/quote?listingId=%s&checkin=%s&checkout=%s&adults=1" % (lid, start + datetime.timedelta(days=10),
                                                                        start + datetime.timedelta(days=11))
            status, quote, seconds = call(base, "GET", q)
            if status != 200 or quote["nightlyPrices"][0]["price"] != price: raise SystemExit("stale read after write %d" % i)
            searches.append(seconds * 1000)
        def summary(values):
            values = sorted(values)
            return "median %.1f ms, p95 %.1f ms, max %.1f ms" % (statistics.median(values),
                                                                values[int(len(values) * 0.95) - 1], values[-1])
        print("365-night calendar PATCH (%d runs): %s" % (count, summary(writes)))
        print("quote right after each (shows the new price every time): %s" % summary(searches))

        seconds = int(argv[4]) if len(argv) > 4 else 15
        search = "/listings?checkin=%s&checkout=%s&adults=2&limit=20" % (start + datetime.timedelta(days=30),
                                                                         start + datetime.timedelta(days=32))
        def host_writes(stop, done):
            i = 0
            while not stop.is_set():
                began = time.monotonic()
                i += 1
                status, _, _ = call(base, "PATCH", "/host/listings/%s/calendar" % lid,
                                    {"changes": [{"from": str(start), "to": str(end), "price": 200000 + i % 2}]}, token)
                if status != 200: raise SystemExit("write under load: %s" % status)
                done.append(1)
                stop.wait(max(0.0, 0.1 - (time.monotonic() - began)))  # 10 a second
        for writing in [False, True, False, True]:
            stop, done = threading.Event(), []
            writer = threading.Thread(target=host_writes, args=(stop, done)) if writing else None
            if writer: writer.start()
            p99, rate = wrk_p99(base, search, seconds)
            if writer: stop.set(); writer.join()
            print("search p99 %s: %.2f ms (%.0f requests/s)%s" % (
                "with host writes" if writing else "without writes ", p99, rate,
                " (%.1f writes/s)" % (len(done) / seconds) if writing else ""))
    finally:
        server.terminate(); server.wait()
        shutil.rmtree(work, ignore_errors=True)

if __name__ == "__main__":
    main(sys.argv)
