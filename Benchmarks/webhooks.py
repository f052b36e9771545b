#!/usr/bin/env python3
"""Bookings per second with and without slow webhook receivers (issue 29's measurement).

Usage: webhooks.py --stays BIN [--seconds 10] [--clients 8] [--endpoints 100] [--delay 5]

Starts `stays serve` on a fresh demo database in a temporary folder (--allow-private-addresses,
stopped by its PID at the end), then measures three phases of CLIENTS threads booking
distinct stays (a quote, then the booking) for SECONDS each:

1. no webhooks;
2. ENDPOINTS webhooks, one per host (ENDPOINTS host accounts, the listings dealt among
   them round-robin), each receiver answering only after DELAY seconds, so every delivery
   holds a worker until it times out or is answered;
3. no webhooks again (the endpoints deleted), to see drift.

Prints bookings/s per phase and the ratio with/without (the issue's target: within 10%).
Everything stays on loopback.
"""
import argparse
import http.client
import http.server
import json
import os
import re
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import uuid

TODAY = "2026-11-23"


class SlowReceiver(http.server.ThreadingHTTPServer):
    daemon_threads = True


def slow_handler(delay):
    class Handler(http.server.BaseHTTPRequestHandler):
        def do_POST(self):
            self.rfile.read(int(self.headers.get("Content-Length", "0")))
            time.sleep(delay)
            self.send_response(200)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args):
            pass
    return Handler


def call(port, method, path, body=None, token=None, headers=None):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    all_headers = dict(headers or {})
    if token:
        all_headers["Authorization"] = "Bearer " + token
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        all_headers["Content-Type"] = "application/json"
    conn.request(method, path, body=data, headers=all_headers)
    response = conn.getresponse()
    payload = response.read()
    conn.close()
    return response.status, (json.loads(payload) if payload and payload[:1] in b"{[" else None)


def add_days(day, n):
    import datetime
    return (datetime.date.fromisoformat(day) + datetime.timedelta(days=n)).isoformat()


def book_for(port, token, listings, seconds, clients, window_base):
    """CLIENTS threads book distinct (listing, 1-night window) stays for SECONDS; returns 201s/s."""
    counts = [0] * clients
    stop = time.monotonic() + seconds

    counter = iter(range(10 ** 9))
    lock = threading.Lock()

    def worker(index):
        while time.monotonic() < stop:
            with lock:
                c = next(counter)
            # Each (listing, night) once: the listings in turn, then the next night.
            listing = listings[c % len(listings)]
            night = add_days(TODAY, window_base + c // len(listings))
            checkout = add_days(night, 1)
            status, quote = call(port, "GET", "/quote?listingId=%s&checkin=%s&checkout=%s&adults=1" % (listing, night, checkout))
            if status != 200:
                continue
            status, _ = call(port, "POST", "/reservations", {"listingId": listing, "checkin": night, "checkout": checkout,
                                                             "adults": 1, "expectedTotal": quote["total"]},
                             token=token, headers={"Idempotency-Key": uuid.uuid4().hex})
            if status == 201:
                counts[index] += 1

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(clients)]
    started = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return sum(counts) / (time.monotonic() - started)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--stays", required=True)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--endpoints", type=int, default=100)
    parser.add_argument("--delay", type=float, default=5)
    args = parser.parse_args()

    folder = tempfile.mkdtemp(prefix="stays-webhooks-bench-")
    database = os.path.join(folder, "stays.sqlite")
    server = subprocess.Popen([args.stays, "serve", "--port", "0", "--database", database, "--today", TODAY,
                               "--guest-rate-limit", "0", "--quiet", "--allow-private-addresses",
                               "--mail-dir", os.path.join(folder, "mail")],
                              stderr=subprocess.PIPE, text=True)
    receiver = SlowReceiver(("127.0.0.1", 0), slow_handler(args.delay))
    threading.Thread(target=receiver.serve_forever, daemon=True).start()
    try:
        port = None
        for line in server.stderr:
            match = re.search(r"listening on http://127\.0\.0\.1:(\d+)", line)
            if match:
                port = int(match.group(1))
                break
        threading.Thread(target=lambda: [None for _ in server.stderr], daemon=True).start()
        status, guest = call(port, "POST", "/guests")
        token = guest["token"]
        listings = []
        cursor = None
        while len(listings) < 200:
            status, page = call(port, "GET", "/listings?limit=50" + ("&cursor=" + cursor if cursor else ""))
            listings += [item["id"] for item in page["items"]]
            cursor = page.get("nextCursor")
            if not cursor:
                break

        def phase(name, base):
            rate = book_for(port, token, listings, args.seconds, args.clients, base)
            print("%-28s %7.1f bookings/s" % (name, rate), flush=True)
            return rate

        before = phase("no webhooks", 20)
        hosts = []
        for index in range(args.endpoints):
            status, signed = call(port, "POST", "/accounts", {
                "email": "bench-host-%d@example.com" % index, "password": "bench passphrase 2026", "name": "Host",
                "roles": ["guest", "host"]})
            hosts.append((signed["account"]["id"], signed["accessToken"]))
        with sqlite3.connect(database, timeout=30) as db:
            for position, listing in enumerate(listings):
                db.execute("UPDATE listings SET host_account_id = ? WHERE id = ?",
                           (int(hosts[position % len(hosts)][0]), int(listing)))
        webhook_ids = []
        for index, (_, host_token) in enumerate(hosts):
            status, created = call(port, "POST", "/host/webhooks",
                                   {"url": "http://127.0.0.1:%d/hook/%d" % (receiver.server_address[1], index),
                                    "events": ["*"]}, token=host_token)
            webhook_ids.append((created["id"], host_token))
        during = phase("%d slow webhooks (%gs)" % (args.endpoints, args.delay), 60)
        for webhook, host_token in webhook_ids:
            call(port, "DELETE", "/host/webhooks/" + webhook, token=host_token)
        after = phase("no webhooks again", 100)
        print("with/without: %.3f (against the mean of both runs without)" % (during / ((before + after) / 2)))
    finally:
        server.terminate()
        server.wait()
        receiver.shutdown()


if __name__ == "__main__":
    sys.exit(main())
