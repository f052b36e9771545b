#!/usr/bin/env python3
"""The trips benchmark on PostgreSQL (Benchmarks/trips.sh with POSTGRES=1).

Usage: trips_postgres.py --url postgres://... --results DIR

DIR/trips.json is trips.py's (guest ids and today); the database at --url holds the same
rows (`stays copy-database` of trips.py's SQLite file). Times, with pgbench (one client,
--transactions each, per-transaction latencies from its log), the trips query before
issue 17 (commit ca3dad4) and the walks after (PostgresBookingStore.upcomingTrips /
pastTrips, copied here) for the first page and the past group's first page, LIMIT 21.
Writes DIR/trips-postgres.md and .json.
"""
import argparse
import glob
import json
import os
import shutil
import subprocess
import tempfile

COLUMNS = """r.id, r.guest_id, r.listing_id, r.checkin, r.checkout, r.adults, r.children, r.infants, r.currency,
r.nightly_prices, r.line_items, r.total, r.cancellation_policy, r.status, r.created_at, r.cancelled_at,
r.refund_lines, l.title, l.photo_urls, loc.name, l.time_zone, r.cancelled_on"""
JOINS = "JOIN listings l ON l.id = r.listing_id JOIN locations loc ON loc.id = l.location_id"
BIG = 2**63 - 1

# pgbench variables: :today :guest :after_group (NULL or 0) :after_date :after_id :limit
BEFORE = f"""SELECT * FROM (SELECT {COLUMNS},
CASE WHEN r.status = 'confirmed' AND r.checkout > :today THEN 0 ELSE 1 END AS grp
FROM reservations r {JOINS} WHERE r.guest_id = :guest) AS trips
WHERE :after_group::bigint IS NULL OR (grp, CASE grp WHEN 0 THEN checkin ELSE -checkin END,
CASE grp WHEN 0 THEN id ELSE -id END) > (:after_group::bigint, :after_date::bigint, :after_id::bigint)
ORDER BY grp, CASE grp WHEN 0 THEN checkin ELSE -checkin END, CASE grp WHEN 0 THEN id ELSE -id END
LIMIT :limit;"""

UPCOMING = f"""SELECT {COLUMNS} FROM (SELECT id, checkin FROM reservations
WHERE guest_id = :guest AND status = 'confirmed' AND checkin >= :from AND checkout > :today
AND (checkin > :after_checkin OR id > 0) ORDER BY checkin, id LIMIT :limit) AS p
JOIN reservations r ON r.id = p.id {JOINS} ORDER BY p.checkin, p.id;"""

PAST = f"""SELECT {COLUMNS} FROM (SELECT id, checkin FROM (
(SELECT id, checkin FROM reservations WHERE guest_id = :guest AND status = 'cancelled'
AND checkin <= {BIG} AND (checkin < {BIG} OR id < {BIG}) ORDER BY checkin DESC, id DESC LIMIT :limit)
UNION ALL
(SELECT id, checkin FROM reservations WHERE guest_id = :guest AND status = 'confirmed'
AND checkin <= :through AND checkout <= :today AND (checkin < {BIG} OR id < {BIG})
ORDER BY checkin DESC, id DESC LIMIT :limit)) AS arms ORDER BY checkin DESC, id DESC LIMIT :limit) AS p
JOIN reservations r ON r.id = p.id {JOINS} ORDER BY p.checkin DESC, p.id DESC;"""


def one_line(sql):
    return " ".join(sql.split())


def run(url, script, variables, transactions, workdir, tag):
    path = os.path.join(workdir, f"{tag}.sql")
    with open(path, "w") as f:
        for name, value in variables.items():
            f.write(f"\\set {name} {value}\n")
        f.write(one_line(script) + "\n")
    logdir = os.path.join(workdir, tag)
    os.makedirs(logdir)
    subprocess.run(["pgbench", "-n", "-c", "1", "-t", str(transactions), "-f", path, "-l",
                    "--log-prefix", os.path.join(logdir, "log"), "-M", "extended", url],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    latencies = []
    for log in glob.glob(os.path.join(logdir, "log*")):
        with open(log) as f:
            latencies += [int(line.split()[2]) / 1000 for line in f if line.strip()]
    latencies.sort()
    pick = lambda p: latencies[min(len(latencies) - 1, int(p / 100 * len(latencies)))]  # noqa: E731
    return {"n": len(latencies), "median_ms": round(pick(50), 3), "p99_ms": round(pick(99), 3),
            "max_ms": round(latencies[-1], 3)}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--url", required=True)
    parser.add_argument("--results", required=True)
    parser.add_argument("--transactions", type=int, default=300)
    opts = parser.parse_args()
    results = json.load(open(os.path.join(opts.results, "trips.json")))
    import datetime
    today = (datetime.date.fromisoformat(results["today"]) - datetime.date(1970, 1, 1)).days
    subprocess.run(["psql", "-q", opts.url, "-c", "VACUUM ANALYZE"], check=True)
    version = subprocess.run(["psql", "-Atq", opts.url, "-c", "SHOW server_version"], check=True,
                             capture_output=True, text=True).stdout.strip()
    workdir = tempfile.mkdtemp(prefix="trips-pgbench-")
    out = {"postgres": version, "guests": {}}
    try:
        for count, guest in results["guest_ids"].items():
            entry = out["guests"][count] = {}
            common = {"today": today, "guest": guest, "limit": 21}
            entry["before_first"] = run(opts.url, BEFORE.replace(":after_group::bigint", "NULL::bigint"),
                                        {**common, "after_date": 0, "after_id": 0}, opts.transactions, workdir,
                                        f"before-first-{count}")
            entry["before_past"] = run(opts.url, BEFORE, {**common, "after_group": 0, "after_date": BIG,
                                                          "after_id": BIG}, opts.transactions, workdir,
                                       f"before-past-{count}")
            entry["after_first"] = run(opts.url, UPCOMING, {**common, "from": today + 1 - 365,
                                                            "after_checkin": today - 365}, opts.transactions,
                                       workdir, f"after-first-{count}")
            entry["after_past"] = run(opts.url, PAST, {**common, "through": today - 1}, opts.transactions, workdir,
                                      f"after-past-{count}")
    finally:
        shutil.rmtree(workdir)
    fmt = lambda s: f"{s['median_ms']} / {s['p99_ms']} / {s['max_ms']}"  # noqa: E731
    lines = [f"PostgreSQL {version}, pgbench one client, {opts.transactions} each; ms median / p99 / max", "",
             "| guest's reservations | page | SQL before | SQL after |", "|---:|---|---|---|"]
    for count, entry in out["guests"].items():
        for page in ("first", "past"):
            lines.append(f"| {count} | {page} | {fmt(entry[f'before_{page}'])} | {fmt(entry[f'after_{page}'])} |")
    text = "\n".join(lines)
    print(text)
    with open(os.path.join(opts.results, "trips-postgres.md"), "w") as f:
        f.write(text + "\n")
    with open(os.path.join(opts.results, "trips-postgres.json"), "w") as f:
        json.dump(out, f, indent=2)


if __name__ == "__main__":
    main()
