#!/usr/bin/env python3
"""`/listings` latency with and without a concurrent sign-in flood (issue 26's measurement).

Usage: signin_flood.py --stays BIN --database COPY --out DIR [--listings-file FILE] [options]

Per sign-in limit setting (`--limits`, default "0,default": `--sign-in-limit 0`, so every
wrong password is hashed, then the server's default limit), starts `stays serve` on COPY (a
throw-away copy of a seeded dataset: sign-up writes into it) with `--guest-rate-limit 0`
and its mail in OUT, creates a demo account with `POST /accounts`, then per `/listings`
connection count (`--listings-connections`, default "64,8"):

1. alone: wrk over the `/listings` request list (Benchmarks/lua/paths.lua) for DURATION s;
2. flooded: wrk with Benchmarks/lua/signin.lua, FLOOD connections posting the demo email
   with a wrong password to `POST /sessions`, started 2 s before the same `/listings` run
   and ending 2 s after it.

Reports `/listings` p50/p99 both ways, their ratio (target: flooded p99 within 1.5x of
alone), server CPU per `/listings` request when alone, and the flood's rate and statuses
(401 wrong password, 429 limited, 503 hashing pool full). Writes OUT/signin_flood.json and
OUT/signin_flood.md and prints the latter. Every process started here is stopped by its PID.
"""
import argparse
import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import bench  # noqa: E402  (Server, wrk, wait_idle, cpu_ticks, start, stop, stop_all)

SIGNIN_LUA = os.path.join(HERE, "lua", "signin.lua")


def log(message):
    print(f"signin_flood: {message}", file=sys.stderr, flush=True)


def post_json(url, path, body):
    request = urllib.request.Request(url + path, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json", "Accept": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def start_flood(url, email, connections, duration, out_path):
    args = ["wrk", "-t1", f"-c{connections}", f"-d{duration}s", "--timeout=15s", "-s", SIGNIN_LUA, url, "--", email]
    return bench.start(args, stdout=open(out_path, "w"), stderr=subprocess.STDOUT)


def flood_result(process, out_path, duration):
    process.wait(duration + 60)
    text = open(out_path).read()
    match = re.search(r"^RESULT (\{.*\})$", text, re.M)
    if not match:
        raise RuntimeError(f"the flood's wrk printed no result:\n{text}")
    result = json.loads(match.group(1))
    result["rps"] = result["requests"] / (result["duration_us"] / 1e6)
    return result


def listings_run(server, listings_file, opts, connections):
    before = bench.cpu_ticks(server.pid)
    result = bench.wrk(server.url, listings_file, opts.duration, connections, opts.threads)
    result["cpu_us_per_req"] = (bench.cpu_ticks(server.pid) - before) * 1e6 / bench.CLK_TCK / max(1, result["requests"])
    return result


def run_setting(opts, limit, listings_file):
    extra = ["--guest-rate-limit", "0", "--mail-dir", os.path.join(opts.out, "mail")]
    if limit != "default":
        extra += ["--sign-in-limit", limit]
    server = bench.Server(argparse.Namespace(stays=opts.stays, today=opts.today), opts.database, opts.out, extra=extra)
    setting = {"limit": limit, "runs": {}}
    try:
        email = f"demo-{limit}-{os.getpid()}@example.com"
        status = post_json(server.url, "/accounts", {"email": email, "password": "correct horse battery staple",
                                                     "name": "Demo", "roles": ["guest"]})
        if status != 201:
            raise RuntimeError(f"POST /accounts answered {status}")
        bench.wait_idle([server.pid])
        for connections in opts.listings_connections:
            bench.wait_idle([server.pid])
            alone = listings_run(server, listings_file, opts, connections)
            bench.wait_idle([server.pid])
            flood_out = os.path.join(opts.out, f"flood-{limit}-{connections}.txt")
            flood = start_flood(server.url, email, opts.flood, opts.duration + 4, flood_out)
            time.sleep(2)
            flooded = listings_run(server, listings_file, opts, connections)
            flood_stats = flood_result(flood, flood_out, opts.duration + 4)
            if not server.alive():
                raise RuntimeError("the server exited")
            run = {"alone": alone, "flooded": flooded, "flood": flood_stats,
                   "p99_ratio": flooded["p99"] / max(1, alone["p99"])}
            setting["runs"][str(connections)] = run
            log(f"limit {limit}, /listings -c{connections}: alone p50 {alone['p50'] / 1000:.1f} p99 "
                f"{alone['p99'] / 1000:.1f} ms; flooded p50 {flooded['p50'] / 1000:.1f} p99 {flooded['p99'] / 1000:.1f} ms "
                f"(x{run['p99_ratio']:.2f}); flood {flood_stats['rps']:.0f}/s 401 {flood_stats['s401']} "
                f"429 {flood_stats['s429']} 503 {flood_stats['s503']} other {flood_stats['other']} "
                f"timeouts {flood_stats['timeout']}")
    finally:
        server.stop()
    return setting


def markdown(results):
    lines = ["| sign-in limit | `/listings` connections | alone p50 / p99 ms | flooded p50 / p99 ms | p99 ratio | "
             "target ≤ 1.5x | `/listings` req/s alone / flooded | flood answers/s | flood 401 | 429 | 503 | other | "
             "flood p50 / p99 ms |",
             "|---|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|"]
    for setting in results["settings"]:
        for connections, run in setting["runs"].items():
            a, f, s = run["alone"], run["flooded"], run["flood"]
            name = "0 (off)" if setting["limit"] == "0" else setting["limit"]
            lines.append(f"| {name} | {connections} | {a['p50'] / 1000:.1f} / {a['p99'] / 1000:.1f} | "
                         f"{f['p50'] / 1000:.1f} / {f['p99'] / 1000:.1f} | {run['p99_ratio']:.2f}x | "
                         f"{'met' if run['p99_ratio'] <= 1.5 else 'missed'} | {a['rps']:.0f} / {f['rps']:.0f} | "
                         f"{s['rps']:.0f} | {s['s401']} | {s['s429']} | {s['s503']} | {s['other'] + s['timeout']} | "
                         f"{s['p50'] / 1000:.0f} / {s['p99'] / 1000:.0f} |")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--stays", required=True)
    parser.add_argument("--database", required=True, help="a copy: sign-up writes into it")
    parser.add_argument("--out", required=True)
    parser.add_argument("--listings-file", help="a /listings request list (default: made by genrequests.py)")
    parser.add_argument("--limits", default="0,default")
    parser.add_argument("--listings-connections", default="64,8")
    parser.add_argument("--flood", type=int, default=64, help="flood connections")
    parser.add_argument("--duration", type=int, default=10)
    parser.add_argument("--threads", type=int, default=1, help="wrk threads for /listings")
    parser.add_argument("--today", default="2026-11-23")
    opts = parser.parse_args()
    opts.listings_connections = [int(c) for c in opts.listings_connections.split(",")]
    signal.signal(signal.SIGTERM, bench.on_signal)
    signal.signal(signal.SIGINT, bench.on_signal)
    os.makedirs(opts.out, exist_ok=True)
    results = {"options": vars(opts), "machine": bench.machine(), "settings": []}
    try:
        listings_file = opts.listings_file
        if not listings_file:
            server = bench.Server(argparse.Namespace(stays=opts.stays, today=opts.today), opts.database, opts.out)
            lists = os.path.join(opts.out, "requests")
            subprocess.run([sys.executable, os.path.join(HERE, "genrequests.py"), server.url, opts.database, lists,
                            opts.today, "2000"], check=True, timeout=900, stdout=subprocess.DEVNULL)
            server.stop()
            listings_file = os.path.join(lists, "listings.txt")
        for limit in opts.limits.split(","):
            results["settings"].append(run_setting(opts, limit, listings_file))
    finally:
        bench.stop_all()
        with open(os.path.join(opts.out, "signin_flood.json"), "w") as f:
            json.dump(results, f, indent=1)
    text = markdown(results)
    with open(os.path.join(opts.out, "signin_flood.md"), "w") as f:
        f.write(text + "\n")
    print(text)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    finally:
        bench.stop_all()
