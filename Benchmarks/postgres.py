#!/usr/bin/env python3
"""The PostgreSQL scale-out benchmark (run by Benchmarks/postgres.sh, which starts the
cluster and seeds both engines with the same generator seed and day).

Configurations, each measured with wrk over loopback:
  sqlite-1    one Stays server on the SQLite file (the reference for CPU per request)
  postgres-1  one Stays server on PostgreSQL, behind nginx
  postgres-2  two Stays servers on PostgreSQL, behind nginx (round robin, keep-alive upstream)
Scenarios: the read scenarios of genrequests.py (listings, quote, mixed) on all three, and the
booking scenario (Benchmarks/lua/booking.lua, distinct one-night stays, 64 guests) on the
PostgreSQL ones. For each: requests/s, latency p50/p99, and CPU per request of the Stays
processes and of every PostgreSQL process (postmaster and backends), from /proc tick
counts before and after the run. Also: the time from starting a server on the seeded
PostgreSQL database to `listening on` (restart-to-serving), and the 1-to-2 server ratio.
Writes postgres.json and postgres.md into --out.
"""
import argparse
import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request

TICK = os.sysconf("SC_CLK_TCK")
READ_SCENARIOS = ["listings", "quote", "mixed"]  # the default --scenarios
HERE = os.path.dirname(os.path.abspath(__file__))


def log(message):
    print(f"postgres.py: {message}", file=sys.stderr, flush=True)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def ticks(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])
    except (FileNotFoundError, ProcessLookupError):
        return 0


def system_ticks(pid):
    """The kernel's share of `ticks` (system calls: sockets, futexes, epoll)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return int(f.read().rsplit(")", 1)[1].split()[12])
    except (FileNotFoundError, ProcessLookupError):
        return 0


def postgres_ticks(postmaster):
    """The postmaster and every process it started (backends, walwriter, checkpointer...),
    including those that exited and were reaped (their time is in cutime/cstime)."""
    total = 0
    with open(f"/proc/{postmaster}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    total += int(fields[11]) + int(fields[12]) + int(fields[13]) + int(fields[14])
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except (FileNotFoundError, ProcessLookupError):
            continue
        if int(fields[1]) == postmaster:
            total += int(fields[11]) + int(fields[12])
    return total


class Stays:
    def __init__(self, binary, database, workdir, name):
        self.port = free_port()
        self.log_path = os.path.join(workdir, f"{name}.log")
        self.log_file = open(self.log_path, "w")
        started = time.monotonic()
        self.process = subprocess.Popen(
            [binary, "serve", "--port", str(self.port), "--database", database, "--no-seed", "--quiet",
             "--guest-rate-limit", "0", "--today", "2026-11-23"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        for line in self.process.stderr:
            self.log_file.write(line)
            self.log_file.flush()
            if "listening on" in line:
                break
        else:
            raise RuntimeError(f"stays exited before listening; see {self.log_path}")
        self.startup_seconds = time.monotonic() - started
        self.url = f"http://127.0.0.1:{self.port}"

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


class Nginx:
    def __init__(self, upstream_ports, workdir):
        self.port = free_port()
        prefix = os.path.join(workdir, f"nginx-{self.port}")
        os.makedirs(os.path.join(prefix, "logs"), exist_ok=True)
        servers = "\n".join(f"        server 127.0.0.1:{p};" for p in upstream_ports)
        conf = os.path.join(prefix, "nginx.conf")
        with open(conf, "w") as f:
            f.write(f"""worker_processes 1;
pid {prefix}/nginx.pid;
error_log {prefix}/logs/error.log warn;
events {{ worker_connections 4096; }}
http {{
    access_log off;
    upstream stays {{
{servers}
        keepalive 64;
    }}
    server {{
        listen 127.0.0.1:{self.port};
        location / {{
            proxy_pass http://stays;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header X-Forwarded-For $remote_addr;
        }}
    }}
}}
""")
        self.process = subprocess.Popen(["nginx", "-p", prefix, "-c", conf, "-g", "daemon off;"])
        for _ in range(100):
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    break
            except OSError:
                time.sleep(0.05)
        self.url = f"http://127.0.0.1:{self.port}"

    def stop(self):
        self.process.send_signal(signal.SIGQUIT)
        self.process.wait(timeout=20)


class Direct:
    """No balancer: wrk talks to the one server itself."""
    def __init__(self, server):
        self.url = server.url

    def stop(self):
        pass


def wrk(url, script, script_args, opts):
    args = ["wrk", "-t2", f"-c{opts.connections}", f"-d{opts.duration}s", "--latency", "-s",
            os.path.join(HERE, "lua", script), url, "--"] + script_args
    output = subprocess.run(args, capture_output=True, text=True, check=True)
    match = re.search(r"^RESULT (\{.*\})$", output.stdout, re.M)
    if not match:
        raise RuntimeError(f"wrk printed no result:\n{output.stdout}\n{output.stderr}")
    return json.loads(match.group(1))


def measure(servers, postmaster, url, script, script_args, opts):
    before = sum(ticks(s.process.pid) for s in servers)
    system_before = sum(system_ticks(s.process.pid) for s in servers)
    pg_before = postgres_ticks(postmaster) if postmaster else 0
    started = time.monotonic()
    result = wrk(url, script, script_args, opts)
    elapsed = time.monotonic() - started
    stays_cpu = (sum(ticks(s.process.pid) for s in servers) - before) / TICK
    stays_system = (sum(system_ticks(s.process.pid) for s in servers) - system_before) / TICK
    pg_cpu = ((postgres_ticks(postmaster) - pg_before) / TICK) if postmaster else 0.0
    requests = result["requests"]
    out = {
        "requests": requests, "rps": requests / (result["duration_us"] / 1e6 if result.get("duration_us") else elapsed),
        "p50_ms": result.get("p50", 0) / 1000, "p99_ms": result.get("p99", 0) / 1000,
        "stays_cpu_us_per_request": stays_cpu * 1e6 / max(1, requests),
        "stays_system_cpu_us_per_request": stays_system * 1e6 / max(1, requests),
        "postgres_cpu_us_per_request": pg_cpu * 1e6 / max(1, requests),
    }
    for key in ("s201", "s409", "s409_unavailable", "s422", "wrapped", "non2xx", "other"):
        if key in result:
            out[key] = result[key]
    return out


def get_json(url, method="GET"):
    request = urllib.request.Request(url, method=method, headers={"Accept": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read() or b"{}")
    except urllib.error.HTTPError as error:
        return error.code, {}


def booking_work(url, listings, count, seed, path):
    """`count` distinct one-night stays ("listingId checkin checkout expectedTotal") that quote 200."""
    import datetime
    rng = random.Random(seed)
    today = datetime.date(2026, 11, 23)
    seen, lines, attempts = set(), [], 0
    while len(lines) < count and attempts < count * 4:
        attempts += 1
        listing = rng.randint(1, listings)
        checkin = today + datetime.timedelta(days=rng.randint(20, 330))
        if (listing, checkin) in seen:
            continue
        seen.add((listing, checkin))
        checkout = checkin + datetime.timedelta(days=1)
        # booking.lua books for 2 adults: quote the same, or the totals differ (409 price-changed)
        # and 1-guest listings refuse (422).
        status, body = get_json(f"{url}/quote?listingId={listing}&checkin={checkin}&checkout={checkout}&adults=2")
        if status == 200:
            lines.append(f"{listing} {checkin} {checkout} {body['total']}")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    return len(lines)


def tokens(url, count, path):
    values = [get_json(f"{url}/guests", "POST")[1]["token"] for _ in range(count)]
    with open(path, "w") as f:
        f.write("\n".join(values) + "\n")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--stays", required=True)
    parser.add_argument("--sqlite", required=True)
    parser.add_argument("--postgres", required=True)
    parser.add_argument("--postmaster-pid-file", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--today", default="2026-11-23")
    parser.add_argument("--duration", type=int, default=10)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--listings", type=int, required=True, help="how many were seeded (ids 1...N)")
    parser.add_argument("--scenarios", default=",".join(READ_SCENARIOS),
                        help="read scenarios of genrequests.py, comma-separated (listings, quote, mixed, calendar, ...)")
    parser.add_argument("--servers", default="1,2", help="PostgreSQL configurations: how many Stays servers each")
    parser.add_argument("--no-booking", action="store_true", help="skip the booking scenario")
    parser.add_argument("--direct", action="store_true",
                        help="measure one PostgreSQL server without nginx in front (as SQLite's is)")
    opts = parser.parse_args()
    opts.scenarios = [s for s in opts.scenarios.split(",") if s]
    opts.servers = [int(c) for c in opts.servers.split(",") if c]
    opts.out = os.path.abspath(opts.out)
    os.makedirs(opts.out, exist_ok=True)
    with open(opts.postmaster_pid_file) as f:
        postmaster = int(f.readline())
    lists = os.path.join(opts.out, "requests")
    results = {"configurations": {}, "startup_seconds": {}}

    # The reference, and the request lists (from the SQLite file; the same data in both).
    running = []
    try:
        run(opts, postmaster, lists, results, running)
    finally:
        for process in running:
            process.stop()


def run(opts, postmaster, lists, results, running):
    reference = Stays(opts.stays, opts.sqlite, opts.out, "sqlite-1")
    running.append(reference)
    listings = opts.listings
    results["listings"] = listings
    subprocess.run([sys.executable, os.path.join(HERE, "genrequests.py"), reference.url, opts.sqlite, lists,
                    opts.today], check=True, stdout=subprocess.DEVNULL)
    config = {}
    for scenario in opts.scenarios:
        config[scenario] = measure([reference], None, reference.url, "paths.lua",
                                   [os.path.join(lists, scenario + ".txt")], opts)
        log(f"sqlite-1 {scenario}: {config[scenario]}")
    results["configurations"]["sqlite-1"] = config
    reference.stop()

    for count in opts.servers:
        name = f"postgres-{count}"
        servers = []
        for index in range(count):
            server = Stays(opts.stays, opts.postgres, opts.out, f"{name}-{index}")
            running.append(server)
            results["startup_seconds"][f"{name}-{index}"] = server.startup_seconds
            log(f"{name}-{index}: serving {server.startup_seconds:.2f} s after start")
            servers.append(server)
        # --direct: one server without nginx in front, as the SQLite reference is measured.
        balancer = Direct(servers[0]) if opts.direct and count == 1 else Nginx([s.port for s in servers], opts.out)
        running.append(balancer)
        config = {}
        try:
            for scenario in opts.scenarios:
                config[scenario] = measure(servers, postmaster, balancer.url, "paths.lua",
                                           [os.path.join(lists, scenario + ".txt")], opts)
                log(f"{name} {scenario}: {config[scenario]}")
            if not opts.no_booking:
                work = os.path.join(opts.out, f"booking-{name}.txt")
                # A seed of its own per run: stays booked by an earlier run on a kept cluster would 409.
                made = booking_work(servers[0].url, listings, 12_000, int(time.time()) * 10 + count, work)
                tokens(servers[0].url, 64, os.path.join(opts.out, "tokens.txt"))
                config["booking"] = measure(servers, postmaster, balancer.url, "booking.lua",
                                            [work, os.path.join(opts.out, "tokens.txt"), name, "distinct", "2"], opts)
                config["booking"]["stays_prepared"] = made
                log(f"{name} booking: {config['booking']}")
        finally:
            balancer.stop()
            for server in servers:
                server.stop()
        results["configurations"][name] = config

    configurations = results["configurations"]
    one, two = configurations.get("postgres-1", {}), configurations.get("postgres-2", {})
    sqlite = configurations["sqlite-1"]
    results["ratio_2_to_1"] = {s: two[s]["rps"] / one[s]["rps"] for s in opts.scenarios + ["booking"]
                               if s in one and s in two}
    results["stays_cpu_postgres_over_sqlite"] = {
        s: one[s]["stays_cpu_us_per_request"] / sqlite[s]["stays_cpu_us_per_request"] for s in opts.scenarios if s in one}
    with open(os.path.join(opts.out, "postgres.json"), "w") as f:
        json.dump(results, f, indent=2)
    lines = ["| configuration | scenario | req/s | p50 ms | p99 ms | Stays CPU µs/req | of it kernel | PostgreSQL CPU µs/req |",
             "|---|---|---:|---:|---:|---:|---:|---:|"]
    for name, config in results["configurations"].items():
        for scenario, r in config.items():
            lines.append(f"| {name} | {scenario} | {r['rps']:.0f} | {r['p50_ms']:.1f} | {r['p99_ms']:.1f} | "
                         f"{r['stays_cpu_us_per_request']:.0f} | {r['stays_system_cpu_us_per_request']:.0f} | "
                         f"{r['postgres_cpu_us_per_request']:.0f} |")
    lines.append("")
    lines.append("2-to-1 server ratio (req/s): " + ", ".join(f"{k} {v:.2f}" for k, v in results["ratio_2_to_1"].items()))
    lines.append("Stays CPU per request, PostgreSQL over SQLite (one server): "
                 + ", ".join(f"{k} {v:.2f}x" for k, v in results["stays_cpu_postgres_over_sqlite"].items()))
    lines.append("Start to serving on PostgreSQL: "
                 + ", ".join(f"{k} {v:.1f} s" for k, v in results["startup_seconds"].items()))
    with open(os.path.join(opts.out, "postgres.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
