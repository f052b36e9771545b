#!/usr/bin/env python3
"""Two builds of `stays`, before and after a change, alternated in one run on the same data.

Usage: before_after.py --before BIN --after BIN --before-db DB --after-db DB --out DIR [options]

BEFORE_DB and AFTER_DB hold the same seeded dataset (the after build may have migrated its
copy further). Both servers run at once on free loopback ports; per round and per route,
wrk measures one and then the other (the order flips every round and every route, so
neither build always runs first), as bench.py measures: requests/s and server CPU per
request (utime+stime from /proc around the run, divided by the responses). Only the
measured server gets requests; the other sits idle.

Routes: the request lists of genrequests.py (made once, against the after server), with
`/listings` split into the searches without dates and those with dates, and `/listings/map`
built from the same searches (sort dropped, a zoom of 10-15 added).

Then bookings/s: per round, each build books on a fresh copy of its database with
booking.py --no-reads (the same preparation and wrk booking run as Benchmarks/booking.sh).

Writes OUT/before_after.json and OUT/before_after.md (medians, min-max, change), and prints
the latter. Every process started here is stopped by its PID, also on SIGINT/SIGTERM.
"""
import argparse
import json
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import bench  # noqa: E402  (Server, measure, stop_all)

ROUTES = ["health", "locations", "listings", "listings_dates", "map", "histogram", "calendar", "quote"]
LABELS = {"health": "`/health`", "locations": "`/locations` (autocomplete)",
          "listings": "`/listings` without dates", "listings_dates": "`/listings` with dates",
          "map": "`/listings/map`", "histogram": "`/price-histogram`", "calendar": "`/calendar` (12 months)",
          "quote": "`/quote`"}


def log(message):
    print(f"before_after: {message}", file=sys.stderr, flush=True)


def derive_lists(lists):
    """listings.txt split by dates; map.txt from the same searches."""
    paths = [p for p in open(os.path.join(lists, "listings.txt")).read().split("\n") if p]
    rng = random.Random(24)
    with open(os.path.join(lists, "listings_dates.txt"), "w") as f:
        f.write("\n".join(p for p in paths if "checkin=" in p) + "\n")
    with open(os.path.join(lists, "listings_nodates.txt"), "w") as f:
        f.write("\n".join(p for p in paths if "checkin=" not in p) + "\n")
    maps = []
    for p in paths:
        params = [(k, v) for k, v in urllib.parse.parse_qsl(urllib.parse.urlsplit(p).query) if k != "sort"]
        params.append(("zoom", str(rng.randint(10, 15))))
        maps.append("/listings/map?" + urllib.parse.urlencode(params, safe=","))
    with open(os.path.join(lists, "map.txt"), "w") as f:
        f.write("\n".join(maps) + "\n")


def list_file(lists, route):
    return os.path.join(lists, {"listings": "listings_nodates"}.get(route, route) + ".txt")


def summary(values):
    return {"median": statistics.median(values), "min": min(values), "max": max(values), "all": values}


def booking_run(opts, side, binary, database, run_dir):
    copy = os.path.join(opts.copy_dir, f"stays-before-after-{os.getpid()}-{side}.sqlite")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(copy + suffix):
            os.remove(copy + suffix)
    shutil.copyfile(database, copy)
    try:
        process = bench.start([sys.executable, os.path.join(HERE, "booking.py"), "--stays", binary, "--database", copy,
                               "--today", opts.today, "--out", run_dir, "--duration", str(opts.booking_duration),
                               "--connections", str(opts.connections), "--stays-wanted", str(opts.stays_wanted),
                               "--no-reads"], stdout=subprocess.DEVNULL)
        process.wait()
        result = json.load(open(os.path.join(run_dir, "booking.json")))
        if process.returncode != 0:
            raise RuntimeError(f"booking.py failed for {side} ({process.returncode}); see {run_dir}")
        return result["distinct"]
    finally:
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(copy + suffix):
                os.remove(copy + suffix)


def markdown(results, opts):
    lines = ["| route | before CPU µs/req median (min-max) | after CPU µs/req median (min-max) | change | "
             "before req/s median | after req/s median |", "|---|---:|---:|---:|---:|---:|"]
    for route in ROUTES:
        r = results["reads"].get(route)
        if not r:
            continue
        b, a = r["before"]["cpu"], r["after"]["cpu"]
        change = (a["median"] / b["median"] - 1) * 100
        lines.append(f"| {LABELS[route]} | {b['median']:.0f} ({b['min']:.0f}-{b['max']:.0f}) | "
                     f"{a['median']:.0f} ({a['min']:.0f}-{a['max']:.0f}) | {change:+.1f}% | "
                     f"{r['before']['rps']['median']:.0f} | {r['after']['rps']['median']:.0f} |")
    if results.get("bookings"):
        b, a = results["bookings"]["before"], results["bookings"]["after"]
        change = (a["bps"]["median"] / b["bps"]["median"] - 1) * 100
        lines.append(f"| bookings/s (`POST /reservations`, distinct stays) | {b['bps']['median']:.0f} "
                     f"({b['bps']['min']:.0f}-{b['bps']['max']:.0f}) bookings/s, {b['cpu']['median']:.0f} µs CPU each | "
                     f"{a['bps']['median']:.0f} ({a['bps']['min']:.0f}-{a['bps']['max']:.0f}) bookings/s, "
                     f"{a['cpu']['median']:.0f} µs CPU each | {change:+.1f}% bookings/s | | |")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--before", required=True)
    parser.add_argument("--after", required=True)
    parser.add_argument("--before-db", required=True)
    parser.add_argument("--after-db", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--duration", type=int, default=5)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--routes", default=",".join(ROUTES), help="comma list; empty: bookings only")
    parser.add_argument("--booking-rounds", type=int, default=3)
    parser.add_argument("--booking-duration", type=int, default=5)
    parser.add_argument("--stays-wanted", type=int, default=40000,
                        help="stays prepared per booking run: more than a run books, or bookings/s is capped")
    parser.add_argument("--copy-dir", default=None, help="where booking copies go (default OUT)")
    parser.add_argument("--today", default="2026-11-23")
    opts = parser.parse_args()
    opts.copy_dir = opts.copy_dir or opts.out
    signal.signal(signal.SIGTERM, bench.on_signal)
    signal.signal(signal.SIGINT, bench.on_signal)
    os.makedirs(opts.out, exist_ok=True)
    routes = [r for r in opts.routes.split(",") if r]
    results = {"options": vars(opts), "machine": bench.machine(), "reads": {}, "bookings": None}
    sides = {"before": (opts.before, opts.before_db), "after": (opts.after, opts.after_db)}
    try:
        if routes:
            servers = {side: bench.Server(argparse.Namespace(stays=binary, today=opts.today), database, opts.out)
                       for side, (binary, database) in sides.items()}
            lists = os.path.join(opts.out, "requests")
            subprocess.run([sys.executable, os.path.join(HERE, "genrequests.py"), servers["after"].url, opts.after_db,
                            lists, opts.today, str(opts.requests)], check=True, timeout=900)
            derive_lists(lists)
            raw = {route: {side: [] for side in sides} for route in routes}
            for round_ in range(opts.rounds):
                for i, route in enumerate(routes):
                    order = ["before", "after"] if (round_ + i) % 2 == 0 else ["after", "before"]
                    for side in order:
                        server = servers[side]
                        result = bench.measure([server.pid], server.url, list_file(lists, route), opts)
                        errors = result["non2xx"] + result["connect"] + result["read"] + result["write"]
                        raw[route][side].append(result)
                        log(f"round {round_ + 1} {route} {side}: {result['rps']:.0f} req/s, "
                            f"cpu {result['cpu_us_per_req']:.1f} us/req, non-2xx {result['non2xx']}, errors {errors}")
                        if errors:
                            raise RuntimeError(f"{route} {side}: {errors} errors or non-2xx answers")
                        if not server.alive():
                            raise RuntimeError(f"the {side} server exited")
            for route in routes:
                results["reads"][route] = {side: {"cpu": summary([r["cpu_us_per_req"] for r in raw[route][side]]),
                                                  "rps": summary([r["rps"] for r in raw[route][side]]),
                                                  "p99_ms": summary([r["p99"] / 1000 for r in raw[route][side]])}
                                           for side in sides}
            for server in servers.values():
                server.stop()
        if opts.booking_rounds:
            runs = {side: [] for side in sides}
            for round_ in range(opts.booking_rounds):
                for side in (["before", "after"] if round_ % 2 == 0 else ["after", "before"]):
                    binary, database = sides[side]
                    d = booking_run(opts, side, binary, database, os.path.join(opts.out, f"booking-{side}-{round_ + 1}"))
                    runs[side].append(d)
                    log(f"round {round_ + 1} bookings {side}: {d['bookings_per_s']:.0f} bookings/s, "
                        f"cpu {d['cpu_us_per_req']:.0f} us/req, 201 {d['s201']} other {d['other']}")
            results["bookings"] = {side: {"bps": summary([d["bookings_per_s"] for d in runs[side]]),
                                          "cpu": summary([d["cpu_us_per_req"] for d in runs[side]])}
                                   for side in sides}
    finally:
        bench.stop_all()
        with open(os.path.join(opts.out, "before_after.json"), "w") as f:
            json.dump(results, f, indent=1)
    text = markdown(results, opts)
    with open(os.path.join(opts.out, "before_after.md"), "w") as f:
        f.write(text + "\n")
    print(text)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    finally:
        bench.stop_all()
