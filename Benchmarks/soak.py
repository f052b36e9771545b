#!/usr/bin/env python3
"""The soak benchmark's driver, behind Benchmarks/soak.sh.

Usage: soak.py --stays BIN --database COPY --today YYYY-MM-DD --out DIR [--duration S] [--rate R]

On one `stays serve` (started here on COPY, stopped by its PID at the end, on error or on
SIGINT/SIGTERM), WORKERS threads, each with its own keep-alive connection and guest token,
send a paced mix (RATE requests per second in all) for DURATION seconds:

    search  GET /listings?locationId&checkin&checkout&adults=2&limit=20   35 %
    detail  GET /listings/{id}                                            20 %
    quote   GET /quote?listingId&checkin&checkout&adults=2 (stays never booked) 15 %
    trips   GET /reservations (the worker's own)                           5 %
    book    POST /reservations on a free stay from a shared pool          15 %
    cancel  POST /reservations/{id}/cancel, the stay back into the pool   10 %

Booking and cancelling keep the pool from running dry, so the run can last as long as asked.
Every answer must be the expected one (200, or 201 for a booking); anything else, or a
connection error, is an error. Every SAMPLE seconds it records the server's RSS (VmRSS),
open descriptors (/proc/PID/fd), threads, and the window's request count, errors, p50/p99.

Writes OUT/soak.json and OUT/soak.md (the first and last windows side by side, then every
window) and prints the latter. Exit status 1 when there was any error.
"""
import argparse
import datetime
import http.client
import json
import os
import random
import signal
import sys
import threading
import time
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import bench  # noqa: E402  (Server, status_kb, machine, stop_all, on_signal)
import booking  # noqa: E402  (create_guests, locations, find_stays)

MIX = [("search", 35), ("detail", 20), ("quote", 15), ("trips", 5), ("book", 15), ("cancel", 10)]


def log(message):
    print(f"soak: {message}", file=sys.stderr, flush=True)


class Window:
    """Latencies and errors of one sampling window, shared by the workers."""

    def __init__(self):
        self.lock = threading.Lock()
        self.latencies = []
        self.errors = 0
        self.by_kind = {}
        self.last_error = None

    def record(self, kind, seconds, ok, detail=None):
        with self.lock:
            self.latencies.append(seconds)
            self.by_kind.setdefault(kind, []).append(seconds)
            if not ok:
                self.errors += 1
                self.last_error = detail

    def swap(self):
        with self.lock:
            out = (self.latencies, self.errors, self.by_kind, self.last_error)
            self.latencies, self.errors, self.by_kind, self.last_error = [], 0, {}, None
            return out


def percentile(values, p):
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p / 100))]


class Worker(threading.Thread):
    def __init__(self, index, port, token, pool, pool_lock, quoted, listings, location_ids, today, rate, stop,
                 window):
        super().__init__(name=f"soak-{index}", daemon=True)
        self.index, self.port, self.token = index, port, token
        self.pool, self.pool_lock, self.quoted = pool, pool_lock, quoted
        self.listings, self.location_ids, self.today = listings, location_ids, today
        self.interval = 1.0 / rate
        self.stop, self.window = stop, window
        self.random = random.Random(index)
        self.held = []  # (reservation id, stay)
        self.conn = None
        self.sent = 0

    def request(self, method, path, body=None, auth=False):
        headers = {"Accept": "application/json", "User-Agent": "StaysApp/1.4 (soak)"}
        if auth:
            headers["Authorization"] = f"Bearer {self.token}"
        if body is not None:
            headers["Content-Type"] = "application/json"
            if method == "POST" and path == "/reservations":
                headers["Idempotency-Key"] = f"soak-{self.index}-{self.sent}-{time.time_ns()}"
        elif method == "POST":
            headers["Content-Length"] = "0"
        if self.conn is None:
            self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            self.conn.request(method, path, body=body, headers=headers)
            response = self.conn.getresponse()
            data = response.read()
            return response.status, data
        except (http.client.HTTPException, OSError) as error:
            self.conn.close()
            self.conn = None
            return None, str(error).encode()

    def stay_dates(self):
        checkin = self.today + datetime.timedelta(days=self.random.randrange(1, 300))
        return checkin.isoformat(), (checkin + datetime.timedelta(days=self.random.randrange(1, 5))).isoformat()

    def one(self, kind):
        """Sends one request of `kind`; returns (kind, status, expected, body)."""
        if kind == "cancel" and not self.held:
            kind = "book"
        if kind == "book" and len(self.held) >= 4:
            kind = "cancel"
        if kind == "search":
            checkin, checkout = self.stay_dates()
            path = "/listings?" + urllib.parse.urlencode({
                "locationId": self.random.choice(self.location_ids), "checkin": checkin, "checkout": checkout,
                "adults": 2, "limit": 20})
            return kind, *self.request("GET", path), 200
        if kind == "detail":
            return kind, *self.request("GET", f"/listings/{self.random.choice(self.listings)}"), 200
        if kind == "quote":
            listing, checkin, checkout, _ = self.random.choice(self.quoted)
            path = f"/quote?listingId={listing}&checkin={checkin}&checkout={checkout}&adults=2"
            return kind, *self.request("GET", path), 200
        if kind == "trips":
            return kind, *self.request("GET", "/reservations?limit=20", auth=True), 200
        if kind == "book":
            with self.pool_lock:
                stay = self.pool.pop(0)
            listing, checkin, checkout, total = stay
            body = json.dumps({"listingId": listing, "checkin": checkin, "checkout": checkout, "adults": 2,
                               "expectedTotal": total}).encode()
            status, data = self.request("POST", "/reservations", body=body, auth=True)
            if status == 201:
                self.held.append((json.loads(data)["id"], stay))
            else:
                with self.pool_lock:
                    self.pool.append(stay)
            return kind, status, data, 201
        reservation, stay = self.held.pop(0)
        status, data = self.request("POST", f"/reservations/{reservation}/cancel", auth=True)
        if status == 200:
            with self.pool_lock:
                self.pool.append(stay)
        return kind, status, data, 200

    def run(self):
        kinds = [k for k, _ in MIX]
        weights = [w for _, w in MIX]
        next_at = time.monotonic() + self.random.random() * self.interval
        while not self.stop.is_set():
            delay = next_at - time.monotonic()
            if delay > 0:
                self.stop.wait(delay)
                if self.stop.is_set():
                    break
            # Paced, not closed-loop: a slow answer does not lower the offered rate, but a
            # worker that fell behind does not burst to catch up either.
            next_at = max(next_at + self.interval, time.monotonic() - self.interval)
            kind = self.random.choices(kinds, weights)[0]
            started = time.monotonic()
            kind, status, data, expected = self.one(kind)
            self.sent += 1
            ok = status == expected
            self.window.record(kind, time.monotonic() - started, ok,
                               None if ok else f"{kind} -> {status}: {data[:200]!r}")

    def release_all(self):
        """Cancels what this worker still holds, so the copy ends without soak bookings."""
        while self.held:
            self.one("cancel")


def open_fds(pid):
    return len(os.listdir(f"/proc/{pid}/fd"))


def threads(pid):
    return bench.status_kb(pid, "Threads")


def index_rebuilds(port):
    """`stays_search_index_rebuilds_total` from /metrics (None when the server has no such
    series): a rebuild builds the index's memory anew, so RSS steps are read against it."""
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("GET", "/metrics")
        text = conn.getresponse().read().decode()
        conn.close()
    except (OSError, http.client.HTTPException):
        return None
    for line in text.splitlines():
        if line.startswith("stays_search_index_rebuilds_total "):
            return int(float(line.split()[1]))
    return None


def sample(server, window, started, out):
    latencies, errors, by_kind, last_error = window.swap()
    row = {
        "t_s": round(time.time() - started),
        "requests": len(latencies),
        "errors": errors,
        "p50_ms": percentile(latencies, 50) * 1000,
        "p99_ms": percentile(latencies, 99) * 1000,
        "max_ms": max(latencies, default=0) * 1000,
        "rss_mb": bench.status_kb(server.pid, "VmRSS") / 1024,
        "fds": open_fds(server.pid),
        "threads": threads(server.pid),
        "index_rebuilds": index_rebuilds(server.port),
        # Per request kind: count and p99 (ms), to tell which route a tail comes from.
        "by_kind": {kind: {"requests": len(values), "p99_ms": round(percentile(values, 99) * 1000, 2)}
                    for kind, values in sorted(by_kind.items())},
    }
    if last_error:
        row["last_error"] = last_error
    out.append(row)
    log(f"t={row['t_s']}s requests {row['requests']} errors {errors} p50 {row['p50_ms']:.1f} ms "
        f"p99 {row['p99_ms']:.1f} ms RSS {row['rss_mb']:.1f} MB fds {row['fds']} threads {row['threads']} "
        f"index rebuilds {row['index_rebuilds']} p99 by kind "
        + " ".join(f"{kind} {stats['p99_ms']:.1f}" for kind, stats in row["by_kind"].items())
        + (f" last error: {last_error}" if last_error else ""))


def markdown(results):
    first, last = results["windows"][0], results["windows"][-1]
    lines = [
        f"Soak: {results['options']['duration']} s at {results['options']['rate']} req/s offered by "
        f"{results['options']['workers']} keep-alive clients (mix: "
        + ", ".join(f"{k} {w} %" for k, w in MIX) + f"); {results['requests']} requests, "
        f"{results['errors']} errors; {results['stays']} stays in the booking pool.",
        "",
        "| window | requests | errors | p50 ms | p99 ms | max ms | RSS MB | open fds | threads |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for name, row in (("first", first), ("last", last)):
        lines.append(f"| {name} (ends t={row['t_s']} s) | {row['requests']} | {row['errors']} | {row['p50_ms']:.1f} | "
                     f"{row['p99_ms']:.1f} | {row['max_ms']:.1f} | {row['rss_mb']:.1f} | {row['fds']} | "
                     f"{row['threads']} |")
    lines += ["", f"Server right after start: RSS {results['rss_at_start_mb']:.1f} MB, "
              f"{results['fds_at_start']} open fds. Every window:", "",
              "| t s | requests | errors | p99 ms | RSS MB | fds | threads | index rebuilds |",
              "|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for row in results["windows"]:
        lines.append(f"| {row['t_s']} | {row['requests']} | {row['errors']} | {row['p99_ms']:.1f} | "
                     f"{row['rss_mb']:.1f} | {row['fds']} | {row['threads']} | {row.get('index_rebuilds')} |")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--stays", required=True)
    parser.add_argument("--database", required=True, help="a copy: the run books into it")
    parser.add_argument("--today", default="2026-11-23")
    parser.add_argument("--out", required=True)
    parser.add_argument("--duration", type=int, default=1800)
    parser.add_argument("--rate", type=float, default=200, help="requests per second offered, in all")
    parser.add_argument("--workers", type=int, default=8)
    parser.add_argument("--sample", type=int, default=60, help="seconds per window")
    parser.add_argument("--pool", type=int, default=3000, help="bookable stays prepared")
    opts = parser.parse_args()
    signal.signal(signal.SIGTERM, bench.on_signal)
    signal.signal(signal.SIGINT, bench.on_signal)
    os.makedirs(opts.out, exist_ok=True)
    today = datetime.date.fromisoformat(opts.today)
    results = {"options": vars(opts), "machine": bench.machine()}
    server = bench.Server(argparse.Namespace(stays=opts.stays, today=opts.today), opts.database, opts.out,
                          extra=["--guest-rate-limit", "0"])
    try:
        log(f"server pid {server.pid} on {server.url}")
        results["rss_at_start_mb"] = bench.status_kb(server.pid, "VmRSS") / 1024
        results["fds_at_start"] = open_fds(server.pid)
        client = booking.Client(server.port)
        tokens = booking.create_guests(client, opts.workers)
        location_ids = booking.locations(opts.database)
        found, _, _ = booking.find_stays(client, location_ids, today, opts.pool)
        # A fifth only quoted, never booked (a quote of a booked stay would rightly be a 409).
        quoted, pool = found[:len(found) // 5], found[len(found) // 5:]
        listings = sorted({s[0] for s in found})
        results["stays"] = len(pool)
        log(f"{len(pool)} stays over {len(listings)} listings; soaking for {opts.duration} s")
        stop, window, pool_lock = threading.Event(), Window(), threading.Lock()
        workers = [Worker(i, server.port, tokens[i], pool, pool_lock, quoted, listings, location_ids, today,
                          opts.rate / opts.workers, stop, window) for i in range(opts.workers)]
        started = time.time()
        for w in workers:
            w.start()
        windows = []
        end = started + opts.duration
        while time.time() < end:
            time.sleep(max(0, min(opts.sample, end - time.time())))
            if not server.alive():
                raise RuntimeError("the server exited during the soak")
            sample(server, window, started, windows)
        stop.set()
        for w in workers:
            w.join(60)
        late = window.swap()  # requests that ended after the last sample: errors still count
        for w in workers:
            w.release_all()
        results["windows"] = windows
        results["requests"] = sum(r["requests"] for r in windows) + len(late[0])
        results["errors"] = sum(r["errors"] for r in windows) + late[1]
    finally:
        server.stop()
    with open(os.path.join(opts.out, "soak.json"), "w") as f:
        json.dump(results, f, indent=2)
    text = markdown(results)
    with open(os.path.join(opts.out, "soak.md"), "w") as f:
        f.write(text + "\n")
    print(text)
    return 1 if results["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
