#!/usr/bin/env python3
"""The benchmark driver behind Benchmarks/run.sh and Benchmarks/smoke.sh.

Starts every process it needs (nginx, `stays serve`, the idle-connection holder) itself and
stops each by its PID when done, on error, or on SIGINT/SIGTERM. Load stays on loopback and
every wrk run is bounded by -d.

Per scenario and dataset it records requests/s, latency p50/p99/max, non-2xx responses and
socket errors, server CPU time per request (utime+stime from /proc/PID/stat around the run,
divided by the responses wrk counted) and peak RSS (VmHWM, reset before each run through
/proc/PID/clear_refs). It also runs the SQLite floor (`bench-db sql`) with the same
request lists, the micro-benchmarks, nginx serving a static 1 KB JSON file, and a
connection-scale scenario with thousands of idle keep-alive connections held open.

Results go to OUT/results.json, and (unless --smoke) a Markdown section of --doc between
the markers `<!-- results:begin -->` and `<!-- results:end -->`; the rest of the file is
left as written by hand.
"""
import argparse
import datetime
import json
import os
import platform
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
LUA = os.path.join(HERE, "lua", "paths.lua")
SCENARIOS = ["health", "locations", "listings", "histogram", "calendar", "quote", "mixed"]
# The `bench-db sql` route whose SQL each scenario runs (None: no SQL per request).
FLOOR_ROUTE = {"listings": "listings", "histogram": "histogram", "calendar": "calendar", "quote": "quote"}
INDEX_ROUTES = ("listings", "histogram")
CLK_TCK = os.sysconf("SC_CLK_TCK")

started = []  # every Popen this driver started, stopped by PID in stop_all()


def log(message):
    print(f"bench: {message}", file=sys.stderr, flush=True)


def start(args, **kwargs):
    process = subprocess.Popen(args, **kwargs)
    started.append(process)
    return process


def stop(process, sig=signal.SIGTERM, timeout=10):
    if process.poll() is None:
        os.kill(process.pid, sig)
        try:
            process.wait(timeout)
        except subprocess.TimeoutExpired:
            os.kill(process.pid, signal.SIGKILL)
            process.wait()
    if process in started:
        started.remove(process)


def stop_all():
    for process in list(reversed(started)):
        stop(process)


def on_signal(signum, _frame):
    stop_all()
    sys.exit(128 + signum)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def stat_ticks(path):
    """utime+stime from a /proc .../stat file (fields 14 and 15)."""
    with open(path) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def cpu_ticks(pid):
    return stat_ticks(f"/proc/{pid}/stat")


def loop_ticks(pid):
    """utime+stime of the server's event-loop threads (named `http.io.N`): reading, parsing,
    serializing and sending. They live as long as the server; the handler threads are the
    process total minus these (a thread that ended keeps counting in the total only)."""
    ticks = 0
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return 0
    for tid in tids:
        try:
            with open(f"/proc/{pid}/task/{tid}/comm") as f:
                if f.read().startswith("http.io."):
                    ticks += stat_ticks(f"/proc/{pid}/task/{tid}/stat")
        except OSError:
            continue   # the thread ended meanwhile
    return ticks


def status_kb(pid, key):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(key + ":"):
                return int(line.split()[1])
    return 0


def reset_peak_rss(pid):
    try:
        with open(f"/proc/{pid}/clear_refs", "w") as f:
            f.write("5")
        return True
    except OSError:
        return False


def children(pid):
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            return [int(x) for x in f.read().split()]
    except OSError:
        return []


def wrk(url, paths_file, duration, connections, threads, timeout="5s"):
    args = ["wrk", f"-t{threads}", f"-c{connections}", f"-d{duration}s", "--latency", f"--timeout={timeout}",
            "-s", LUA, url, "--", paths_file]
    output = subprocess.run(args, capture_output=True, text=True, timeout=duration + 60)
    match = re.search(r"^RESULT (\{.*\})$", output.stdout, re.M)
    if not match:
        raise RuntimeError(f"wrk printed no result:\n{output.stdout}\n{output.stderr}")
    result = json.loads(match.group(1))
    result["rps"] = result["requests"] / (result["duration_us"] / 1e6)
    return result


def wait_idle(pids, timeout=180):
    """Waits until the processes use no CPU for 0.3 s: a server keeps working on requests
    whose client has gone (wrk stops with up to -c requests in flight), and that work must
    not land in the next run's numbers. Returns the seconds waited."""
    start = time.time()
    while time.time() - start < timeout:
        before = sum(cpu_ticks(pid) for pid in pids)
        time.sleep(0.3)
        if sum(cpu_ticks(pid) for pid in pids) - before <= 1:
            break
    return time.time() - start


def measure(pids, url, paths_file, opts, connections=None):
    """One wrk run against the processes `pids` (their CPU summed, peak RSS of the first).
    CPU is read from an idle server to the moment wrk ends: the window holds the requests
    wrk counted plus at most the few in progress on the cores at its end."""
    drained = wait_idle(pids)
    for pid in pids:
        reset_peak_rss(pid)
    before = sum(cpu_ticks(pid) for pid in pids)
    loops_before = loop_ticks(pids[0])
    result = wrk(url, paths_file, opts.duration, connections or opts.connections, opts.threads)
    loops_after = loop_ticks(pids[0])
    after = sum(cpu_ticks(pid) for pid in pids)
    cpu_us = (after - before) * 1e6 / CLK_TCK
    result["cpu_us_per_req"] = cpu_us / max(1, result["requests"])
    result["loop_cpu_us_per_req"] = (loops_after - loops_before) * 1e6 / CLK_TCK / max(1, result["requests"])
    result["peak_rss_mb"] = status_kb(pids[0], "VmHWM") / 1024
    result["rss_mb"] = status_kb(pids[0], "VmRSS") / 1024
    result["drained_before_s"] = drained
    return result


class Server:
    """`stays serve` on a free loopback port, stderr to a file."""

    def __init__(self, opts, database, workdir, extra=()):
        self.log_path = os.path.join(workdir, f"serve-{os.path.basename(database)}.log")
        self.log_file = open(self.log_path, "w")
        args = [opts.stays, "serve", "--port", "0", "--database", database, "--quiet", "--no-seed",
                "--today", opts.today, *extra]
        self.process = start(args, stdout=subprocess.DEVNULL, stderr=self.log_file)
        # Start-up loads the search index: about 3 s at 100k, up to a minute at 1M.
        deadline = time.time() + 300
        self.port = None
        while time.time() < deadline and self.port is None:
            if self.process.poll() is not None:
                raise RuntimeError(f"stays serve exited with {self.process.returncode}: {open(self.log_path).read()}")
            match = re.search(r"listening on http://127\.0\.0\.1:(\d+)", open(self.log_path).read())
            if match:
                self.port = int(match.group(1))
            else:
                time.sleep(0.05)
        if self.port is None:
            raise RuntimeError("stays serve did not start listening")
        self.url = f"http://127.0.0.1:{self.port}"

    @property
    def pid(self):
        return self.process.pid

    def alive(self):
        return self.process.poll() is None

    def stop(self):
        stop(self.process)
        self.log_file.close()


def start_nginx(workdir):
    root = os.path.join(workdir, "nginx")
    os.makedirs(os.path.join(root, "www"), exist_ok=True)
    body = json.dumps({"status": "ok", "padding": "x" * (1024 - len('{"status": "ok", "padding": ""}'))})
    with open(os.path.join(root, "www", "health.json"), "w") as f:
        f.write(body)
    port = free_port()
    conf = os.path.join(root, "nginx.conf")
    with open(conf, "w") as f:
        f.write(f"""
worker_processes 1;
user root;
pid {root}/nginx.pid;
error_log {root}/error.log warn;
events {{ worker_connections 16384; }}
http {{
    access_log off;
    client_body_temp_path {root}/body;
    proxy_temp_path {root}/proxy;
    fastcgi_temp_path {root}/fastcgi;
    uwsgi_temp_path {root}/uwsgi;
    scgi_temp_path {root}/scgi;
    keepalive_requests 1000000;
    server {{
        listen 127.0.0.1:{port};
        root {root}/www;
        location / {{ default_type application/json; }}
    }}
}}
""")
    process = start(["nginx", "-p", root, "-c", conf, "-g", "daemon off;"],
                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 10
    while time.time() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            break
        except OSError:
            if process.poll() is not None:
                raise RuntimeError("nginx exited; see " + os.path.join(root, "error.log"))
            time.sleep(0.05)
    with open(os.path.join(root, "paths.txt"), "w") as f:
        f.write("/health.json\n")
    return process, f"http://127.0.0.1:{port}", os.path.join(root, "paths.txt"), len(body)


def floor(opts, database, route, paths_file, extra=()):
    args = [opts.bench_db, "sql", "--database", database, "--route", route, "--requests", paths_file,
            "--seconds", str(opts.floor_seconds), "--threads", str(os.cpu_count()), "--today", opts.today, *extra]
    output = subprocess.run(args, capture_output=True, text=True, timeout=opts.floor_seconds + 120)
    match = re.search(r"ops_per_s=([\d.]+) cpu_us_per_op=([\d.]+)", output.stdout)
    if output.returncode != 0 or not match:
        raise RuntimeError(f"bench-db sql {route} failed ({output.returncode}): {output.stdout}{output.stderr}")
    return {"ops_per_s": float(match.group(1)), "cpu_us_per_op": float(match.group(2)), "command": " ".join(args)}


def hold_idle(url, count, workdir):
    """Starts the idle-connection holder; returns it once `count` connections are open."""
    port = url.rsplit(":", 1)[1]
    out_path = os.path.join(workdir, "idle.out")
    out = open(out_path, "w")
    process = start([sys.executable, os.path.join(HERE, "idle_connections.py"), "127.0.0.1", port, str(count)],
                    stdout=out, stderr=subprocess.STDOUT)
    deadline = time.time() + 120
    while time.time() < deadline:
        text = open(out_path).read()
        if "ready" in text:
            return process, text.strip()
        if process.poll() is not None:
            raise RuntimeError("idle connection holder failed: " + text)
        time.sleep(0.2)
    raise RuntimeError("idle connections not ready in 120 s")


def run(opts):
    workdir = tempfile.mkdtemp(prefix="stays-bench-")
    results = {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": machine(), "options": {k: v for k, v in vars(opts).items() if k != "dataset"},
        "datasets": {}, "failures": [],
    }
    try:
        if not opts.smoke:
            process, url, paths, size = start_nginx(workdir)
            deadline = time.time() + 5
            while not children(process.pid) and time.time() < deadline:
                time.sleep(0.05)  # the master forks its worker after it starts listening
            pids = [process.pid] + children(process.pid)
            results["nginx"] = measure(pids, url, paths, opts)
            results["nginx"]["body_bytes"] = size
            stop(process)
            log(f"nginx static {size} B: {results['nginx']['rps']:.0f} req/s")

        for spec in opts.dataset:
            name, database, info = spec.split(":", 2)
            dataset = {"database": database, "info": info, "scenarios": {}, "floors": {}, "index_floors": {}}
            results["datasets"][name] = dataset
            server = Server(opts, database, workdir)
            lists = os.path.join(opts.out, "requests-" + name)
            subprocess.run([sys.executable, os.path.join(HERE, "genrequests.py"), server.url, database, lists,
                            opts.today, str(opts.requests)], check=True, timeout=900)
            dataset["requests_dir"] = lists
            for scenario in opts.scenarios:
                result = measure([server.pid], server.url, os.path.join(lists, scenario + ".txt"), opts)
                dataset["scenarios"][scenario] = result
                log(f"{name} {scenario}: {result['rps']:.0f} req/s p50 {result['p50'] / 1000:.1f} ms "
                    f"p99 {result['p99'] / 1000:.1f} ms non-2xx {result['non2xx']} "
                    f"cpu {result['cpu_us_per_req']:.0f} us/req")
                errors = result["non2xx"] + result["connect"] + result["read"] + result["write"]
                if errors:
                    results["failures"].append(f"{name} {scenario}: {result['non2xx']} non-2xx, "
                                               f"{errors - result['non2xx']} socket errors")
                if not server.alive():
                    results["failures"].append(f"{name} {scenario}: the server exited ({server.process.returncode})")
                    raise RuntimeError(f"server crashed during {name} {scenario}; log {server.log_path}")
            server.stop()
            for scenario in opts.scenarios:
                route = FLOOR_ROUTE.get(scenario)
                if route:
                    dataset["floors"][scenario] = floor(opts, database, route, os.path.join(lists, scenario + ".txt"))
                    log(f"{name} floor {route}: {dataset['floors'][scenario]['cpu_us_per_op']:.0f} us/op")
                    if route in INDEX_ROUTES and not opts.smoke:
                        # Diagnostic only: the index search with its SQL, to split the overhead.
                        dataset["index_floors"][scenario] = floor(opts, database, route,
                                                                  os.path.join(lists, scenario + ".txt"), ["--index"])

        if opts.idle and opts.idle_dataset in results["datasets"]:
            results["idle"] = connection_scale(opts, results["datasets"][opts.idle_dataset], workdir)

        if opts.micro and not opts.smoke:
            output = subprocess.run([opts.micro, str(opts.micro_seconds)], capture_output=True, text=True, timeout=300)
            results["micro"] = output.stdout
    finally:
        stop_all()
        if not opts.keep:
            shutil.rmtree(workdir, ignore_errors=True)
    return results


def connection_scale(opts, dataset, workdir):
    server = Server(opts, dataset["database"], workdir, extra=["--idle-timeout", "900"])
    lists = dataset["requests_dir"]
    out = {"count": opts.idle, "dataset": opts.idle_dataset}
    try:
        out["rss_before_mb"] = status_kb(server.pid, "VmRSS") / 1024
        for scenario in ("health", "listings"):
            out[scenario + "_before"] = measure([server.pid], server.url, os.path.join(lists, scenario + ".txt"), opts)
        out["rss_after_load_mb"] = status_kb(server.pid, "VmRSS") / 1024
        holder, message = hold_idle(server.url, opts.idle, workdir)
        out["holder"] = message
        out["rss_idle_mb"] = status_kb(server.pid, "VmRSS") / 1024
        out["fds"] = len(os.listdir(f"/proc/{server.pid}/fd"))
        for scenario in ("health", "listings"):
            out[scenario + "_idle"] = measure([server.pid], server.url, os.path.join(lists, scenario + ".txt"), opts)
        out["rss_idle_after_load_mb"] = status_kb(server.pid, "VmRSS") / 1024
        out["peak_rss_mb"] = status_kb(server.pid, "VmHWM") / 1024
        out["holder_alive"] = holder.poll() is None
        stop(holder)
        log(f"idle {opts.idle}: RSS {out['rss_idle_mb']:.0f} MB, /health p99 "
            f"{out['health_before']['p99'] / 1000:.1f} -> {out['health_idle']['p99'] / 1000:.1f} ms")
    finally:
        server.stop()
    return out


def machine():
    model = "unknown"
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    mem = status_line("/proc/meminfo", "MemTotal")
    versions = {}
    for tool, args in {"wrk": ["wrk", "-v"], "nginx": ["nginx", "-v"], "swift": ["swift", "--version"],
                       "sqlite3": ["sqlite3", "--version"]}.items():
        try:
            p = subprocess.run(args, capture_output=True, text=True, timeout=30)
            versions[tool] = (p.stdout + p.stderr).strip().splitlines()[0]
        except (OSError, IndexError, subprocess.TimeoutExpired):
            versions[tool] = "missing"
    return {"cores": os.cpu_count(), "cpu": model, "memory": mem, "kernel": platform.release(), "versions": versions}


def status_line(path, key):
    with open(path) as f:
        for line in f:
            if line.startswith(key + ":"):
                return line.split(":", 1)[1].strip()
    return "?"


# MARK: report

def ms(us):
    return f"{us / 1000:.1f}"


def markdown(results, opts):
    m = results["machine"]
    o = results["options"]
    lines = [
        f"Run {results['date']} on {m['cores']} cores ({m['cpu']}), {m['memory']} RAM, Linux {m['kernel']}; "
        f"{m['versions'].get('swift', '?')}; {m['versions'].get('wrk', '?')}; {m['versions'].get('nginx', '?')}; "
        f"SQLite {m['versions'].get('sqlite3', '?').split(' ')[0]}.",
        "",
        f"Command: `{opts.command}`. wrk: `-t{o['threads']} -c{o['connections']} -d{o['duration']}s --latency` "
        f"with `Benchmarks/lua/paths.lua` cycling through {o['requests']} pre-generated requests per scenario; "
        f"SQLite floor: `bench-db sql --threads {os.cpu_count()} --seconds {o['floor_seconds']} --requests <the same list>`. "
        "The load generator shares the cores with the server, so req/s is a lower bound; CPU µs/req "
        "(server utime+stime / responses) is the steadier number.",
        "",
    ]
    nginx = results.get("nginx")
    if nginx:
        lines += [f"**Reference, nginx** (static {nginx['body_bytes']} B JSON file, 1 worker, access log off): "
                  f"{nginx['rps']:.0f} req/s, p50 {ms(nginx['p50'])} ms, p99 {ms(nginx['p99'])} ms, "
                  + (f"CPU {nginx['cpu_us_per_req']:.1f} µs/req." if nginx["cpu_us_per_req"] > 0
                     else "CPU not measured (its worker was not found in time)."), ""]
    for name, dataset in results["datasets"].items():
        lines += [f"### {name} listings ({dataset['info']})", "",
                  "| scenario | req/s | p50 ms | p99 ms | max ms | non-2xx | errors | server CPU µs/req | SQLite floor µs/op | overhead µs | peak RSS MB |",
                  "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
        for scenario, r in dataset["scenarios"].items():
            fl = dataset["floors"].get(scenario)
            floor_text = f"{fl['cpu_us_per_op']:.0f}" if fl else ("0 (cached)" if scenario == "locations" else "—")
            floor_us = fl["cpu_us_per_op"] if fl else 0
            overhead = f"{r['cpu_us_per_req'] - floor_us:.0f}" if scenario != "health" and scenario != "mixed" else "—"
            socket_errors = r["connect"] + r["read"] + r["write"] + r["timeout"]
            lines.append(f"| {scenario} | {r['rps']:.0f} | {ms(r['p50'])} | {ms(r['p99'])} | {ms(r['max'])} | "
                         f"{r['non2xx']} | {socket_errors} | {r['cpu_us_per_req']:.0f} | {floor_text} | {overhead} | "
                         f"{r['peak_rss_mb']:.0f} |")
        lines.append("")
        names = list(dataset["scenarios"])
        backlog = [f"{names[i - 1]} {r['drained_before_s']:.1f} s" for i, (_, r) in enumerate(dataset["scenarios"].items())
                   if i > 0 and r.get("drained_before_s", 0) >= 0.9]
        if backlog:
            lines += ["Server still busy after wrk stopped (requests whose client had gone, finished anyway): "
                      + ", ".join(backlog) + ". Each run starts once the server is idle.", ""]
    split = [(name, scenario, dataset["scenarios"][scenario], dataset["floors"][scenario], fl)
             for name, dataset in results["datasets"].items()
             for scenario, fl in dataset.get("index_floors", {}).items()]
    if split:
        lines += ["### Where the index routes' overhead goes", "",
                  "The SQLite floor of `/listings` and `/price-histogram` leaves out their search, which runs "
                  "in the in-memory index. `bench-db sql --index` times the index search with its SQL, "
                  "in-process on the same request list; what the server spends beyond that is HTTP, "
                  "validation, the histogram's statistics or the page's prices, and JSON. Diagnostic only: "
                  "the target is against the SQLite floor.", "",
                  "| dataset | scenario | server CPU µs/req | SQLite floor µs/op | index + SQL µs/op | beyond index + SQL µs |",
                  "|---|---|---:|---:|---:|---:|"]
        for name, scenario, r, fl, ifl in split:
            lines.append(f"| {name} | {scenario} | {r['cpu_us_per_req']:.0f} | {fl['cpu_us_per_op']:.0f} | "
                         f"{ifl['cpu_us_per_op']:.0f} | {r['cpu_us_per_req'] - ifl['cpu_us_per_op']:.0f} |")
        lines.append("")
    names = list(results["datasets"])
    if any(r.get("loop_cpu_us_per_req") for d in results["datasets"].values() for r in d["scenarios"].values()):
        lines += ["### Event loops and handler threads", "",
                  "Server CPU per response split by thread: the event loops (`http.io.N`: accepting, reading, "
                  "parsing, serializing, sending, timers) and the handler threads (routing, validation, the "
                  "route's own work, JSON). Diagnostic only: the kernel charges threads by timer tick, so "
                  "a thread that sleeps and wakes many times per tick is charged roughly.", "",
                  "| scenario | " + " | ".join(f"{n} loops µs | {n} handlers µs" for n in names) + " |",
                  "|---|" + "---:|---:|" * len(names)]
        scenarios = list(dict.fromkeys(s for d in results["datasets"].values() for s in d["scenarios"]))
        for scenario in scenarios:
            cells = []
            for n in names:
                r = results["datasets"][n]["scenarios"].get(scenario)
                cells += ([f"{r.get('loop_cpu_us_per_req', 0):.0f}",
                           f"{r['cpu_us_per_req'] - r.get('loop_cpu_us_per_req', 0):.0f}"] if r else ["—", "—"])
            lines.append(f"| {scenario} | " + " | ".join(cells) + " |")
        lines.append("")
    idle = results.get("idle")
    if idle:
        lines += [f"### {idle['count']} idle keep-alive connections ({idle['dataset']} listings)", "",
                  "| | RSS MB | /health req/s | /health p99 ms | /listings req/s | /listings p99 ms |", "|---|---:|---:|---:|---:|---:|",
                  f"| without | {idle['rss_after_load_mb']:.0f} | {idle['health_before']['rps']:.0f} | "
                  f"{ms(idle['health_before']['p99'])} | {idle['listings_before']['rps']:.0f} | {ms(idle['listings_before']['p99'])} |",
                  f"| with {idle['count']} idle | {idle['rss_idle_mb']:.0f} (after load {idle['rss_idle_after_load_mb']:.0f}) | "
                  f"{idle['health_idle']['rps']:.0f} | {ms(idle['health_idle']['p99'])} | {idle['listings_idle']['rps']:.0f} | "
                  f"{ms(idle['listings_idle']['p99'])} |", "",
                  f"Server file descriptors while held: {idle['fds']}; holder: {idle['holder']}; all held to the end: "
                  f"{idle['holder_alive']}. The server ran with `--idle-timeout 900` so the connections outlive the run.", ""]
    lines += targets(results)
    if results.get("micro"):
        lines += ["### Micro-benchmarks (`bench-micro`, release)", "", "```", results["micro"].rstrip(), "```", ""]
    if results.get("seeding"):
        lines += ["### Dataset generation (`stays seed`, release)", "", "| dataset | seconds | database |", "|---|---:|---|"]
        for name, text in results["seeding"].items():
            lines.append(f"| {name} | {text} |")
        lines.append("")
    if results["failures"]:
        lines += ["**Failures:** " + "; ".join(results["failures"]), ""]
    return "\n".join(lines)


def targets(results):
    rows = []
    nginx = results.get("nginx")
    sets = results["datasets"]
    for name, dataset in sets.items():
        health = dataset["scenarios"].get("health")
        if health and nginx:
            ratio = health["rps"] / nginx["rps"]
            ok = ratio >= 0.5 and health["cpu_us_per_req"] <= 25
            rows.append((f"/health ≥ 50% of nginx req/s, CPU ≤ 25 µs/req ({name})",
                         f"{ratio * 100:.0f}% of nginx, {health['cpu_us_per_req']:.1f} µs/req", ok))
        for scenario, fl in dataset["floors"].items():
            r = dataset["scenarios"][scenario]
            over = r["cpu_us_per_req"] - fl["cpu_us_per_op"]
            rows.append((f"{scenario} CPU/req ≤ floor + 40 µs ({name})",
                         f"{r['cpu_us_per_req']:.0f} vs {fl['cpu_us_per_op']:.0f} (+{over:.0f} µs)", over <= 40))
    if "100k" in sets:
        for scenario in ("listings", "histogram", "calendar", "quote"):
            r = sets["100k"]["scenarios"].get(scenario)
            if r:
                rows.append((f"{scenario} p99 < 25 ms at {results['options']['connections']} connections (100k)",
                             f"{ms(r['p99'])} ms", r["p99"] < 25000))
    if "100k" in sets and "1m" in sets:
        # Under saturation wrk's p50 is concurrency / throughput, capped by its timeout; a
        # request's latency on an unloaded server is about its CPU time (one thread per
        # request), so that ratio decides.
        for scenario in ("listings", "histogram", "calendar", "quote", "locations"):
            a, b = sets["100k"]["scenarios"].get(scenario), sets["1m"]["scenarios"].get(scenario)
            if a and b:
                ratio = b["cpu_us_per_req"] / max(1, a["cpu_us_per_req"])
                rows.append((f"{scenario} p50 at 1M within 2x of 100k",
                             f"CPU/req {b['cpu_us_per_req'] / 1000:.1f} vs {a['cpu_us_per_req'] / 1000:.1f} ms ({ratio:.1f}x); "
                             f"loaded p50 {ms(b['p50'])} vs {ms(a['p50'])} ms", ratio <= 2))
    idle = results.get("idle")
    if idle:
        rows.append((f"{idle['count']} idle connections: RSS < 200 MB", f"{idle['rss_idle_after_load_mb']:.0f} MB",
                     idle["rss_idle_after_load_mb"] < 200))
        before, after = idle["health_before"]["p99"], idle["health_idle"]["p99"]
        rows.append((f"{idle['count']} idle connections: /health p99 ≤ 2x", f"{ms(before)} -> {ms(after)} ms",
                     after <= 2 * before))
    if not rows:
        return []
    out = ["### Targets", "", "| target | measured | |", "|---|---|---|"]
    out += [f"| {t} | {m} | {'met' if ok else '**missed**'} |" for t, m, ok in rows]
    return out + [""]


def write_doc(path, section):
    begin, end = "<!-- results:begin -->", "<!-- results:end -->"
    text = open(path).read() if os.path.exists(path) else f"# Performance\n\n{begin}\n{end}\n"
    if begin not in text:
        text += f"\n{begin}\n{end}\n"
    head, rest = text.split(begin, 1)
    _, tail = rest.split(end, 1)
    with open(path, "w") as f:
        f.write(head + begin + "\n" + section.rstrip() + "\n" + end + tail)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--stays")
    parser.add_argument("--micro")
    parser.add_argument("--bench-db", help="the bench-db executable (the SQLite floor: bench-db sql)")
    parser.add_argument("--dataset", action="append", default=[], help="NAME:DATABASE:INFO")
    parser.add_argument("--scenarios", default=",".join(SCENARIOS))
    parser.add_argument("--duration", type=int, default=10)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--floor-seconds", type=int, default=5)
    parser.add_argument("--micro-seconds", type=float, default=1)
    parser.add_argument("--idle", type=int, default=0, help="idle connections for the connection-scale scenario")
    parser.add_argument("--idle-dataset", default="100k")
    parser.add_argument("--today", default="2026-11-23")
    parser.add_argument("--seeding", action="append", default=[], help="NAME:SECONDS | DATABASE INFO")
    parser.add_argument("--out")
    parser.add_argument("--doc")
    parser.add_argument("--command", default="Benchmarks/run.sh")
    parser.add_argument("--smoke", action="store_true", help="no nginx, no report; fail on any error response")
    parser.add_argument("--keep", action="store_true", help="keep the temporary directory")
    parser.add_argument("--report", help="re-render the Markdown of a saved results.json into --doc, run nothing")
    opts = parser.parse_args()
    if opts.report:
        results = json.load(open(opts.report))
        opts.command = results["options"].get("command", opts.command)
        section = markdown(results, opts)
        if opts.doc:
            write_doc(opts.doc, section)
        print(section)
        return 0
    if not opts.stays or not opts.bench_db:
        parser.error("--stays and --bench-db are required (bench-db sql runs the SQLite floor)")
    opts.scenarios = [s for s in opts.scenarios.split(",") if s]
    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)

    results = run(opts)
    results["seeding"] = dict(item.split(":", 1) for item in opts.seeding)
    os.makedirs(opts.out, exist_ok=True)
    with open(os.path.join(opts.out, "results.json"), "w") as f:
        json.dump(results, f, indent=1)
    section = markdown(results, opts)
    with open(os.path.join(opts.out, "results.md"), "w") as f:
        f.write(section)
    if opts.doc and not opts.smoke:
        write_doc(opts.doc, section)
        log(f"wrote {opts.doc}")
    print(section)
    if results["failures"]:
        log("FAILED: " + "; ".join(results["failures"]))
        return 1
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    finally:
        stop_all()
