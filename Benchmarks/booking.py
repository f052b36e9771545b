#!/usr/bin/env python3
"""The booking benchmark's driver, behind Benchmarks/booking.sh.

Usage: booking.py --stays BIN --database COPY --today YYYY-MM-DD --out DIR [options]

On one `stays serve` (started here on COPY, a throw-away copy of a seeded dataset, with
`--guest-rate-limit 0`; stopped by its PID at the end, on error or on SIGINT/SIGTERM):

1. Reads before: wrk over /listings and /quote with the request lists of genrequests.py and
   Benchmarks/lua/paths.lua, measured as bench.py measures (server utime+stime from /proc
   around the run, per response).
2. Prepares the work: a few guests (`POST /guests`), then bookable stays found the way an
   app finds them: `/listings?locationId=..&checkin&checkout&adults=2&limit=50` pages over
   many locations and 2-night windows that never overlap (window k = today+1+2k), each
   (listing, window) kept once, shuffled so that concurrent requests hit different
   listings. The search's `totalPrice` is the quote's total; a sample is checked with /quote.
3. Distinct: wrk -c CONNECTIONS with Benchmarks/lua/booking.lua walking those stays, one
   unique Idempotency-Key per request: 201s per second, latency, server CPU per booking.
4. Contention: every connection on the same CONTENDED listings and nights (each request its
   own key): exactly CONTENDED 201s, everything else 409 dates-unavailable.
5. Checks with SQLite: confirmed reservations = 201s (plus at most the requests still in
   flight when wrk stopped, which the server finishes), no (listing, night) held twice.
6. Reads after (one search first, so the index catches up on the change log and any rebuild
   it starts finishes before the measurement).

Writes OUT/booking.json and OUT/booking.md (a Markdown table) and prints the latter.
"""
import argparse
import datetime
import http.client
import json
import os
import random
import re
import signal
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import bench  # noqa: E402  (Server, measure, wait_idle, cpu_ticks, loop_ticks, stop_all)

BOOKING_LUA = os.path.join(HERE, "lua", "booking.lua")


def log(message):
    print(f"booking: {message}", file=sys.stderr, flush=True)


class Client:
    """One keep-alive HTTP/1.1 connection per thread."""

    def __init__(self, port):
        self.port = port
        self.local = threading.local()

    def request(self, method, path, body=None, headers=None):
        for attempt in range(2):
            conn = getattr(self.local, "conn", None)
            if conn is None:
                conn = self.local.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
            try:
                conn.request(method, path, body=body, headers=headers or {})
                response = conn.getresponse()
                data = response.read()
                return response.status, (json.loads(data) if data else None)
            except (http.client.HTTPException, OSError):
                conn.close()
                self.local.conn = None
                if attempt:
                    raise


def create_guests(client, count):
    tokens = []
    for _ in range(count):
        status, body = client.request("POST", "/guests", body=b"", headers={"Content-Length": "0"})
        if status != 201:
            raise RuntimeError(f"POST /guests answered {status}: {body}")
        tokens.append(body["token"])
    return tokens


def locations(database):
    db = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    rows = db.execute("SELECT id, kind, listing_count FROM locations WHERE listing_count >= 50 "
                      "ORDER BY kind = 'neighbourhood' DESC, kind = 'district' DESC, id").fetchall()
    db.close()
    # Neighbourhoods first: the smallest areas overlap least, so their pages hold the most
    # different listings; districts and cities after them.
    return [row[0] for row in rows]


def find_stays(client, location_ids, today, wanted, workers=4, windows=150):
    """(listing, checkin, checkout, total) stays, at most one per (listing, window)."""
    found = {}
    lock = threading.Lock()
    jobs = []
    # Window k is [today+1+2k, today+3+2k): windows never share a night, so stays of one
    # listing in different windows never collide. Each job is one page of 50.
    per_window = max(1, -(-wanted // (windows * 40)))  # pages per window, a margin for overlaps
    cursor = 0
    for k in range(windows):
        checkin = today + datetime.timedelta(days=1 + 2 * k)
        for _ in range(per_window):
            jobs.append((checkin, location_ids[cursor % len(location_ids)]))
            cursor += 1
    searched = [0]
    empty = [0]

    def work(job_slice):
        for checkin, location in job_slice:
            with lock:
                if len(found) >= wanted:
                    return
            checkout = checkin + datetime.timedelta(days=2)
            path = "/listings?" + urllib.parse.urlencode({
                "locationId": location, "checkin": checkin.isoformat(), "checkout": checkout.isoformat(),
                "adults": 2, "limit": 50})
            status, body = client.request("GET", path, headers={"Accept": "application/json"})
            if status != 200:
                raise RuntimeError(f"{path} answered {status}: {body}")
            with lock:
                searched[0] += 1
                if not body["items"]:
                    empty[0] += 1
                for item in body["items"]:
                    if item.get("totalPrice") is None:
                        continue
                    found.setdefault((item["id"], checkin.isoformat()),
                                     (item["id"], checkin.isoformat(), checkout.isoformat(), item["totalPrice"]))

    threads = [threading.Thread(target=work, args=(jobs[i::workers],)) for i in range(workers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    stays = list(found.values())
    random.Random(20261124).shuffle(stays)
    return stays[:wanted], searched[0], empty[0]


def check_quotes(client, stays, sample):
    """Quotes a sample of the stays: each must answer 200 with the search's total."""
    bad = []
    for listing, checkin, checkout, total in random.Random(7).sample(stays, min(sample, len(stays))):
        status, body = client.request("GET", f"/quote?listingId={listing}&checkin={checkin}&checkout={checkout}&adults=2",
                                      headers={"Accept": "application/json"})
        if status != 200 or body.get("total") != total:
            bad.append((listing, checkin, status, body.get("total") if isinstance(body, dict) else None, total))
    return bad


def contended_stays(client, location_ids, today, count, quoted=frozenset()):
    """`count` listings bookable for the same 2 nights, far from the distinct windows."""
    checkin = today + datetime.timedelta(days=320)
    checkout = checkin + datetime.timedelta(days=2)
    for location in location_ids:
        status, body = client.request("GET", "/listings?" + urllib.parse.urlencode({
            "locationId": location, "checkin": checkin.isoformat(), "checkout": checkout.isoformat(),
            "adults": 2, "limit": 50}), headers={"Accept": "application/json"})
        items = [i for i in body.get("items", []) if i.get("totalPrice") is not None
                 and not {(i["id"], checkin.isoformat()), (i["id"], (checkin + datetime.timedelta(days=1)).isoformat())} & quoted
                 ] if status == 200 else []
        if len(items) >= count:
            return [(i["id"], checkin.isoformat(), checkout.isoformat(), i["totalPrice"]) for i in items[:count]]
    raise RuntimeError("no location has enough listings free on the contended nights")


def write_lines(path, stays):
    with open(path, "w") as f:
        for stay in stays:
            f.write(" ".join(str(x) for x in stay) + "\n")


def run_wrk(url, work_file, tokens_file, tag, mode, opts):
    args = ["wrk", f"-t{opts.threads}", f"-c{opts.connections}", f"-d{opts.duration}s", "--latency",
            "--timeout=10s", "-s", BOOKING_LUA, url, "--", work_file, tokens_file, tag, mode, str(opts.threads)]
    output = subprocess.run(args, capture_output=True, text=True, timeout=opts.duration + 120)
    match = re.search(r"^RESULT (\{.*\})$", output.stdout, re.M)
    if not match:
        raise RuntimeError(f"wrk printed no result:\n{output.stdout}\n{output.stderr}")
    result = json.loads(match.group(1))
    result["seconds"] = result["duration_us"] / 1e6
    result["command"] = " ".join(args)
    return result


def measure_booking(server, work_file, tokens_file, tag, mode, opts):
    drained = bench.wait_idle([server.pid])
    before = bench.cpu_ticks(server.pid)
    loops_before = bench.loop_ticks(server.pid)
    result = run_wrk(server.url, work_file, tokens_file, tag, mode, opts)
    loops_after = bench.loop_ticks(server.pid)
    after = bench.cpu_ticks(server.pid)
    # The requests still in flight when wrk stopped finish after it: their CPU is left out,
    # as bench.py leaves it out, but wait for them so the next run and the checks see them.
    result["drained_after_s"] = bench.wait_idle([server.pid])
    cpu_us = (after - before) * 1e6 / bench.CLK_TCK
    result["cpu_s"] = cpu_us / 1e6
    result["cpu_us_per_req"] = cpu_us / max(1, result["requests"])
    result["cpu_us_per_201"] = cpu_us / max(1, result["s201"])
    result["loop_cpu_us_per_req"] = (loops_after - loops_before) * 1e6 / bench.CLK_TCK / max(1, result["requests"])
    result["bookings_per_s"] = result["s201"] / result["seconds"]
    result["conflicts_per_s"] = result["s409"] / result["seconds"]
    result["rps"] = result["requests"] / result["seconds"]
    result["drained_before_s"] = drained
    return result


def reads(server, lists, opts, label):
    out = {}
    for scenario in ("listings", "quote"):
        # A short unmeasured pass first: the first run on a fresh server pays for cold pages.
        bench.wrk(server.url, os.path.join(lists, scenario + ".txt"), 2, opts.connections, opts.threads)
        r = bench.measure([server.pid], server.url, os.path.join(lists, scenario + ".txt"), opts_for_reads(opts))
        out[scenario] = r
        log(f"reads {label} {scenario}: {r['rps']:.0f} req/s p99 {r['p99'] / 1000:.1f} ms non-2xx {r['non2xx']} "
            f"cpu {r['cpu_us_per_req']:.0f} us/req")
    return out


def opts_for_reads(opts):
    return argparse.Namespace(duration=opts.read_duration, connections=opts.connections, threads=opts.threads)


def db_checks(database, contended):
    db = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    out = {
        "confirmed": db.execute("SELECT count(*) FROM reservations WHERE status = 'confirmed'").fetchone()[0],
        "double_booked_nights": db.execute(
            "SELECT count(*) FROM (SELECT listing_id, night FROM reservation_nights GROUP BY 1, 2 HAVING count(*) > 1)"
        ).fetchone()[0],
        "nights": db.execute("SELECT count(*) FROM reservation_nights").fetchone()[0],
        "journal_mode": db.execute("PRAGMA journal_mode").fetchone()[0],
    }
    if contended:
        ids = [int(s[0]) for s in contended]
        checkin = datetime.date.fromisoformat(contended[0][1])
        days = (checkin - datetime.date(1970, 1, 1)).days
        out["contended_confirmed"] = db.execute(
            f"SELECT count(*) FROM reservations WHERE status = 'confirmed' AND checkin = ? "
            f"AND listing_id IN ({','.join('?' * len(ids))})", [days, *ids]).fetchone()[0]
    db.close()
    return out


def ms(us):
    return f"{us / 1000:.1f}"


def markdown(results):
    d, c = results["distinct"], results["contention"]
    lines = [
        "| scenario | requests | 201 | 409 (dates-unavailable) | other | bookings/s | 409s/s | p50 ms | p99 ms | "
        "max ms | server CPU µs/req | µs/201 | loops µs/req |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for name, r in (("distinct listings", d), (f"contention ({len(results['contended'])} listings)", c)):
        lines.append(
            f"| {name} | {r['requests']} | {r['s201']} | {r['s409']} ({r['s409_unavailable']}) | "
            f"{r['s422'] + r['other']} | {r['bookings_per_s']:.0f} | {r['conflicts_per_s']:.0f} | {ms(r['p50'])} | "
            f"{ms(r['p99'])} | {ms(r['max'])} | {r['cpu_us_per_req']:.0f} | "
            f"{r['cpu_us_per_201']:.0f} | {r['loop_cpu_us_per_req']:.0f} |")
    lines += ["", "| reads | before: req/s | p99 ms | CPU µs/req | after: req/s | p99 ms | CPU µs/req | non-2xx after |",
              "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for scenario in ("listings", "quote"):
        b, a = results["reads_before"][scenario], results["reads_after"][scenario]
        lines.append(f"| {scenario} | {b['rps']:.0f} | {ms(b['p99'])} | {b['cpu_us_per_req']:.0f} | "
                     f"{a['rps']:.0f} | {ms(a['p99'])} | {a['cpu_us_per_req']:.0f} | {a['non2xx']} |")
    k = results["checks"]
    lines += ["", f"Checks: {k['confirmed']} confirmed reservations for {k['s201_total']} 201s "
              f"(+{k['in_flight']} requests in flight when wrk stopped) — {'ok' if k['count_ok'] else 'MISMATCH'}; "
              f"(listing, night) held twice: {k['double_booked_nights']}; contended listings confirmed: "
              f"{k.get('contended_confirmed')}; journal {k['journal_mode']}. Work: {results['stays']} stays from "
              f"{results['searches']} searches, {len(results['quote_mismatches'])} of {results['quote_sample']} "
              f"sampled quotes differing; distinct run wrapped {d['wrapped']} times; "
              f"first search after the bookings {results['catch_up_s'] * 1000:.0f} ms, idle again after "
              f"{results['catch_up_idle_s']:.1f} s."]
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--stays", required=True)
    parser.add_argument("--database", required=True, help="a copy: the run books into it")
    parser.add_argument("--today", default="2026-11-23")
    parser.add_argument("--out", required=True)
    parser.add_argument("--duration", type=int, default=10)
    parser.add_argument("--read-duration", type=int, default=10)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--stays-wanted", type=int, default=80000, help="stays prepared for the distinct run")
    parser.add_argument("--guests", type=int, default=8)
    parser.add_argument("--contended", type=int, default=4)
    parser.add_argument("--quote-sample", type=int, default=300)
    parser.add_argument("--requests", type=int, default=2000, help="read request lists (genrequests.py)")
    parser.add_argument("--no-reads", action="store_true")
    opts = parser.parse_args()
    signal.signal(signal.SIGTERM, bench.on_signal)
    signal.signal(signal.SIGINT, bench.on_signal)
    os.makedirs(opts.out, exist_ok=True)
    today = datetime.date.fromisoformat(opts.today)
    results = {"options": vars(opts)}
    server = bench.Server(argparse.Namespace(stays=opts.stays, today=opts.today), opts.database, opts.out,
                          extra=["--guest-rate-limit", "0"])
    try:
        client = Client(server.port)
        log(f"server pid {server.pid} on {server.url}")
        if not opts.no_reads:
            lists = os.path.join(opts.out, "requests")
            subprocess.run([sys.executable, os.path.join(HERE, "genrequests.py"), server.url, opts.database, lists,
                            opts.today, str(opts.requests)], check=True, timeout=900, stdout=subprocess.DEVNULL)
            results["reads_before"] = reads(server, lists, opts, "before")

        started = time.time()
        tokens = create_guests(client, opts.guests)
        tokens_file = os.path.join(opts.out, "tokens.txt")
        write_lines(tokens_file, [(t,) for t in tokens])
        location_ids = locations(opts.database)
        stays, searched, empty = find_stays(client, location_ids, today, opts.stays_wanted)
        quoted = set()
        if not opts.no_reads:
            # Leave alone the nights the read lists quote, so /quote answers 200 after too.
            for line in open(os.path.join(lists, "quote.txt")):
                q = urllib.parse.parse_qs(urllib.parse.urlsplit(line.strip()).query)
                day = datetime.date.fromisoformat(q["checkin"][0])
                while day < datetime.date.fromisoformat(q["checkout"][0]):
                    quoted.add((q["listingId"][0], day.isoformat()))
                    day += datetime.timedelta(days=1)
            stays = [s for s in stays if (s[0], s[1]) not in quoted
                     and (s[0], (datetime.date.fromisoformat(s[1]) + datetime.timedelta(days=1)).isoformat()) not in quoted]
        results.update(stays=len(stays), searches=searched, empty_pages=empty)
        bad = check_quotes(client, stays, opts.quote_sample)
        results.update(quote_sample=min(opts.quote_sample, len(stays)), quote_mismatches=bad)
        contended = contended_stays(client, location_ids, today, opts.contended, quoted)
        results["contended"] = contended
        work_file = os.path.join(opts.out, "stays.txt")
        contended_file = os.path.join(opts.out, "contended.txt")
        write_lines(work_file, stays)
        write_lines(contended_file, contended)
        results["prepare_s"] = time.time() - started
        log(f"prepared {len(stays)} stays from {searched} searches ({empty} empty pages), {len(bad)} of "
            f"{results['quote_sample']} sampled quotes differing, in {results['prepare_s']:.0f} s")

        tag = str(int(time.time()))
        d = measure_booking(server, work_file, tokens_file, tag + "d", "distinct", opts)
        results["distinct"] = d
        log(f"distinct: {d['bookings_per_s']:.0f} bookings/s, 201 {d['s201']} 409 {d['s409']} 422 {d['s422']} "
            f"other {d['other']} wrapped {d['wrapped']}, p50 {ms(d['p50'])} p99 {ms(d['p99'])} ms, "
            f"cpu {d['cpu_us_per_req']:.0f} us/req")
        c = measure_booking(server, contended_file, tokens_file, tag + "c", "contention", opts)
        results["contention"] = c
        log(f"contention: 201 {c['s201']} 409 {c['s409']} ({c['s409_unavailable']} dates-unavailable) other "
            f"{c['other'] + c['s422']}, {c['conflicts_per_s']:.0f} 409s/s, p50 {ms(c['p50'])} p99 {ms(c['p99'])} ms, "
            f"cpu {c['cpu_us_per_req']:.0f} us/req")

        checks = db_checks(opts.database, contended)
        in_flight = (d["sent"] - d["requests"]) + (c["sent"] - c["requests"])
        s201 = d["s201"] + c["s201"]
        checks.update(s201_total=s201, in_flight=in_flight,
                      count_ok=s201 <= checks["confirmed"] <= s201 + in_flight,
                      contention_ok=c["s201"] == opts.contended and checks.get("contended_confirmed") == opts.contended
                      and c["s409_unavailable"] == c["s409"] and c["other"] + c["s422"] == 0)
        results["checks"] = checks
        log(f"checks: {checks}")

        # The first search after the bookings catches the index up (and may start a rebuild,
        # past IndexedCatalog.patchLimit log rows); its cost is not a read's.
        t0 = time.time()
        client.request("GET", "/listings?limit=1", headers={"Accept": "application/json"})
        results["catch_up_s"] = time.time() - t0
        results["catch_up_idle_s"] = bench.wait_idle([server.pid])
        if not opts.no_reads:
            results["reads_after"] = reads(server, lists, opts, "after")
        if not server.alive():
            raise RuntimeError("the server exited")
    finally:
        server.stop()
        bench.stop_all()
    with open(os.path.join(opts.out, "booking.json"), "w") as f:
        json.dump(results, f, indent=1)
    if not opts.no_reads:
        text = markdown(results)
        with open(os.path.join(opts.out, "booking.md"), "w") as f:
            f.write(text + "\n")
        print(text)
    ok = results["checks"]["count_ok"] and results["checks"]["double_booked_nights"] == 0 \
        and results["checks"]["contention_ok"]
    if not ok:
        log("FAILED: a check did not hold (see above)")
    return 0 if ok else 1


if __name__ == "__main__":
    try:
        sys.exit(main())
    finally:
        bench.stop_all()
