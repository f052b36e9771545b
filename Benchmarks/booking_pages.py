#!/usr/bin/env python3
"""Pages a booking writes to SQLite's write-ahead log, by table or index.

Usage: Benchmarks/booking_pages.py --stays BIN --database COPY [--bookings 1000]

Starts BIN (`stays serve --no-seed`) on COPY (a throw-away copy of a seeded file: the run
books into it), signs up an anonymous guest, finds one-night stays from dated searches,
books BOOKINGS of them one after another over one connection, copies the `-wal` file at
once and stops the server by its PID. Then reads the copy: every frame written since the
first booking (or since the log last started over, its salt, if it did meanwhile), each
frame one page as a commit wrote it, and names each page's b-tree with SQLite's `dbstat`
on COPY. Prints the frames per commit and, per b-tree, the pages per commit. Every commit in the window counts, a background job's too (they are
rare beside the bookings: the count of commits is printed with the bookings made). The
server runs as Benchmarks/bench.py starts it; the guest and the requests are booking.py's.

Each page a commit writes is a `pwrite` of 4 KiB (plus its 24-byte frame header) while the
writer holds the write lock, so pages per booking bound how fast bookings can commit one
after another (docs/performance.md, "Where a booking's writer time goes").
"""
import argparse
import collections
import datetime
import json
import os
import shutil
import signal
import sqlite3
import struct
import sys
import tempfile
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import bench  # noqa: E402  (Server, on_signal, stop_all)
from booking import Client, create_guests  # noqa: E402


def book(client, count):
    """Books `count` one-night stays found by dated searches, one after another; returns the 201s."""
    token = create_guests(client, 1)[0]
    stays, day = [], datetime.date(2027, 3, 1)
    while len(stays) < count:
        checkin, checkout = day, day + datetime.timedelta(days=1)
        _, page = client.request("GET", f"/listings?checkin={checkin}&checkout={checkout}&adults=1&limit=50")
        stays += [{"listingId": item["id"], "checkin": str(checkin), "checkout": str(checkout), "adults": 1,
                   "expectedTotal": item["totalPrice"]} for item in page["items"] if item.get("totalPrice")]
        day += datetime.timedelta(days=1)
    made = 0
    for stay in stays[:count]:
        status, _ = client.request("POST", "/reservations", body=json.dumps(stay).encode(), headers={
            "Content-Type": "application/json", "Authorization": "Bearer " + token,
            "Idempotency-Key": str(uuid.uuid4())})
        made += status == 201
    return made


def frames(wal):
    """The log's salt, and (page number, commit?) of each frame since the log last started over."""
    data = open(wal, "rb").read() if os.path.exists(wal) else b""
    if len(data) < 32:
        return None, []
    page_size, salt = struct.unpack(">I", data[8:12])[0], data[16:24]
    out, offset = [], 32
    while offset + 24 + page_size <= len(data):
        page, size_after = struct.unpack(">II", data[offset:offset + 8])
        if data[offset + 8:offset + 16] != salt:
            break
        out.append((page, size_after != 0))
        offset += 24 + page_size
    return salt, out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--stays", required=True)
    parser.add_argument("--database", required=True, help="a copy: the run books into it")
    parser.add_argument("--bookings", type=int, default=1000)
    opts = parser.parse_args()
    signal.signal(signal.SIGTERM, bench.on_signal)
    signal.signal(signal.SIGINT, bench.on_signal)
    workdir = tempfile.mkdtemp(prefix="stays-pages-")
    server = bench.Server(argparse.Namespace(stays=opts.stays, today="2026-11-23"), opts.database, workdir,
                          extra=("--guest-rate-limit", "0"))
    wal_copy = os.path.join(workdir, "copy-wal")
    try:
        # The frames written before the first booking (a migration at start) are left out.
        salt_before, before = frames(opts.database + "-wal")
        made = book(Client(server.port), opts.bookings)
        shutil.copyfile(opts.database + "-wal", wal_copy)
    finally:
        server.stop()
    salt, written = frames(wal_copy)
    shutil.rmtree(workdir)
    if salt == salt_before:
        written = written[len(before):]
    owner = dict((page, name) for name, page in
                 sqlite3.connect(f"file:{opts.database}?mode=ro", uri=True).execute("SELECT name, pageno FROM dbstat"))
    commits = sum(1 for _, commit in written if commit) or 1
    print(f"{made} bookings made; {len(written)} frames in {commits} commits: "
          f"{len(written) / commits:.1f} pages per commit")
    for name, count in collections.Counter(owner.get(page, "(freed)") for page, _ in written).most_common():
        if count / commits >= 0.005:
            print(f"{count / commits:7.2f}  {name}")


if __name__ == "__main__":
    main()
