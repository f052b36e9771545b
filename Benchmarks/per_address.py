#!/usr/bin/env python3
"""The per-address connection cap at 20,000 connections: can one client address deny
service to another?

Usage: per_address.py --stays BIN [--connections 20000] [--cap 100] [--attackers 2] [--hold 10]

Runs the scenario twice on a fresh demo database (`stays serve` seeds it; started here on
a free port and stopped by its PID at the end, on error or on SIGINT/SIGTERM), once with
`--max-connections-per-address CAP` and once without it (only the global connection cap,
which the server fits under its descriptor limit):

1. A victim on 127.0.0.2 (its socket bound there before connect: loopback is 127.0.0.0/8
   on Linux) sends `GET /listings?limit=5` on a new connection every 20 ms, throughout.
2. After 5 s, ATTACKERS processes on 127.0.0.1 open CONNECTIONS connections between them
   and hold them open, sending nothing (the server's header and idle timeouts are raised to
   10 minutes for the run, so it never frees them itself), for HOLD seconds after the last
   one connected; then they close everything.
3. The victim's answers before, during and after the attack: statuses and latency. The
   server's open descriptors at the peak, and `stays_connections_refused_total` by reason.

Prints a Markdown table (and writes it to --out if given). Exit status 1 when, with the
cap, the victim got anything but 200 during the attack.
"""
import argparse
import http.client
import os
import re
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import bench  # noqa: E402  (start, stop_all, on_signal, free_port, machine)


def log(message):
    print(f"per_address: {message}", file=sys.stderr, flush=True)


def raise_descriptor_limit():
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY:
        hard = 1 << 20
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return hard


def attack(port, count):
    """Child mode: opens `count` idle connections from 127.0.0.1, prints `opened N`, holds
    them until SIGTERM."""
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM, signal.SIGINT})
    raise_descriptor_limit()
    sockets = []
    failed = 0
    for _ in range(count):
        s = socket.socket()
        try:
            s.connect(("127.0.0.1", port))
            sockets.append(s)
        except OSError:
            failed += 1
            s.close()
    print(f"opened {len(sockets)} failed {failed}", flush=True)
    signal.sigwait({signal.SIGTERM, signal.SIGINT})
    for s in sockets:
        s.close()


class Victim(threading.Thread):
    """A client on 127.0.0.2: one request per new connection every `interval` seconds."""

    def __init__(self, port, interval=0.02):
        super().__init__(daemon=True)
        self.port, self.interval = port, interval
        self.phase = "before"
        self.results = []  # (phase, status or error text, seconds)
        self.done = threading.Event()

    def one(self):
        started = time.monotonic()
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10, source_address=("127.0.0.2", 0))
        try:
            conn.request("GET", "/listings?limit=5", headers={"Accept": "application/json"})
            response = conn.getresponse()
            response.read()
            outcome = response.status
        except (OSError, http.client.HTTPException) as error:
            outcome = type(error).__name__
        finally:
            conn.close()
        self.results.append((self.phase, outcome, time.monotonic() - started))

    def run(self):
        while not self.done.is_set():
            self.one()
            self.done.wait(self.interval)


def open_fds(pid):
    return len(os.listdir(f"/proc/{pid}/fd"))


def refused(port):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10, source_address=("127.0.0.2", 0))
    conn.request("GET", "/metrics")
    text = conn.getresponse().read().decode()
    conn.close()
    return {m.group(1): int(float(m.group(2)))
            for m in re.finditer(r'^stays_connections_refused_total\{reason="([a-z_]+)"\} (\S+)$', text, re.M)}


def percentile(values, p):
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p / 100))]


def scenario(opts, cap, workdir):
    database = os.path.join(workdir, f"stays-{cap}.sqlite")
    extra = ["--header-timeout", "600", "--idle-timeout", "600"]
    if cap:
        extra += ["--max-connections-per-address", str(cap)]
    port = bench.free_port()
    log_path = os.path.join(workdir, f"serve-{cap}.log")
    with open(log_path, "w") as log_file:
        server = bench.start([opts.stays, "serve", "--port", str(port), "--database", database, "--quiet",
                              "--today", "2026-11-23", *extra], stdout=subprocess.DEVNULL, stderr=log_file)
    deadline = time.time() + 120
    while "listening on" not in open(log_path).read():
        if server.poll() is not None or time.time() > deadline:
            raise RuntimeError(f"stays serve did not start: {open(log_path).read()}")
        time.sleep(0.05)
    victim = Victim(port)
    victim.start()
    time.sleep(5)
    victim.phase = "during"
    per = opts.connections // opts.attackers
    started = time.monotonic()
    attackers = [bench.start([sys.executable, __file__, "attack", str(port), str(per)],
                             stdout=subprocess.PIPE, text=True) for _ in range(opts.attackers)]
    peak_fds = open_fds(server.pid)
    opened = 0
    for a in attackers:
        while True:
            line = a.stdout.readline()
            peak_fds = max(peak_fds, open_fds(server.pid))
            if not line or line.startswith("opened"):
                break
        opened += int(line.split()[1]) if line else 0
    connect_s = time.monotonic() - started
    end = time.time() + opts.hold
    while time.time() < end:
        peak_fds = max(peak_fds, open_fds(server.pid))
        time.sleep(0.2)
    for a in attackers:
        bench.stop(a)
    victim.phase = "after"
    time.sleep(3)
    # Scraped after the attack: without the per-address cap, a scrape during it is refused too.
    counts = refused(port)
    victim.done.set()
    victim.join(15)
    bench.stop(server)
    phases = {}
    for phase in ("before", "during", "after"):
        rows = [r for r in victim.results if r[0] == phase]
        ok = [r[2] for r in rows if r[1] == 200]
        other = {}
        for r in rows:
            if r[1] != 200:
                other[str(r[1])] = other.get(str(r[1]), 0) + 1
        phases[phase] = {"requests": len(rows), "ok": len(ok), "other": other,
                         "p50_ms": percentile(ok, 50) * 1000, "p99_ms": percentile(ok, 99) * 1000,
                         "max_ms": max(ok, default=0) * 1000}
    server_log = open(log_path).read()
    cap_line = re.search(r"connection cap (\d+)", server_log)
    return {"cap": cap, "opened": opened, "connect_s": connect_s, "peak_fds": peak_fds, "refused": counts,
            "global_cap": int(cap_line.group(1)) if cap_line else None, "phases": phases}


def markdown(results, opts):
    lines = [f"{opts.connections} connections from 127.0.0.1 ({opts.attackers} processes) held {opts.hold} s; "
             "victim on 127.0.0.2, `GET /listings?limit=5` on a new connection every 20 ms.", "",
             "| server | attacker connected | in | server fds at peak | refused (reason: count) | victim phase | "
             "requests | 200 | other | p50 ms | p99 ms | max ms |",
             "|---|---:|---:|---:|---|---|---:|---:|---|---:|---:|---:|"]
    for r in results:
        name = (f"`--max-connections-per-address {r['cap']}`" if r["cap"]
                else f"no per-address cap (global cap {r['global_cap']})")
        refused_text = ", ".join(f"{k}: {v}" for k, v in sorted(r["refused"].items()) if v) or "none"
        for i, phase in enumerate(("before", "during", "after")):
            p = r["phases"][phase]
            other = ", ".join(f"{k} × {v}" for k, v in sorted(p["other"].items())) or "0"
            head = (f"| {name} | {r['opened']} | {r['connect_s']:.1f} s | {r['peak_fds']} | {refused_text} "
                    if i == 0 else "| | | | | ")
            lines.append(head + f"| {phase} | {p['requests']} | {p['ok']} | {other} | {p['p50_ms']:.1f} | "
                         f"{p['p99_ms']:.1f} | {p['max_ms']:.1f} |")
    return "\n".join(lines)


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "attack":
        attack(int(sys.argv[2]), int(sys.argv[3]))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--stays", required=True)
    parser.add_argument("--connections", type=int, default=20_000)
    parser.add_argument("--cap", type=int, default=100)
    parser.add_argument("--attackers", type=int, default=2)
    parser.add_argument("--hold", type=int, default=10)
    parser.add_argument("--out")
    opts = parser.parse_args()
    signal.signal(signal.SIGTERM, bench.on_signal)
    signal.signal(signal.SIGINT, bench.on_signal)
    raise_descriptor_limit()
    results = []
    with tempfile.TemporaryDirectory(prefix="stays-per-address-") as workdir:
        try:
            for cap in (opts.cap, 0):
                log(f"scenario: per-address cap {cap or 'off'}")
                results.append(scenario(opts, cap, workdir))
        finally:
            bench.stop_all()
    text = markdown(results, opts)
    print(text)
    if opts.out:
        with open(opts.out, "w") as f:
            f.write(text + "\n")
    capped = results[0]["phases"]["during"]
    return 0 if capped["requests"] > 0 and capped["ok"] == capped["requests"] else 1


if __name__ == "__main__":
    sys.exit(main())
