#!/usr/bin/env python3
"""Checks Stays' iCalendar export with an independent parser (Python's `icalendar`).

    python3 Tests/ICalendarTests/check_export.py            # runs the Swift writer, then checks
    python3 Tests/ICalendarTests/check_export.py --dir DIR  # checks feeds already written to DIR

The Swift test ExportForPythonTests (enabled by STAYS_ICAL_EXPORT_DIR) writes 40 exported
feeds of random calendars and manifest.json (each feed's expected nights, UIDs and calendar
name). For each feed this checks the raw bytes (every line ends in CRLF, no physical line
over 75 octets, continuation lines begin with a space, no fold inside a UTF-8 sequence),
then parses it with `icalendar` and checks VERSION, PRODID, CALSCALE, METHOD, the calendar
name (unescaped), one VEVENT per expected UID, all-day DTSTART/DTEND with DTEND after
DTSTART, a UTC DTSTAMP, the SUMMARY, and that the events' nights are exactly the expected
ones. Exit status 0 when every check passed.
"""
import argparse
import datetime
import json
import os
import pathlib
import subprocess
import sys
import tempfile

try:
    import icalendar
except ImportError:
    subprocess.check_call([sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "icalendar"])
    import icalendar

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
failures = []


def fail(feed, message):
    failures.append(f"{feed}: {message}")


def check_bytes(name, data):
    if b"\r\n" not in data or data.replace(b"\r\n", b"").count(b"\n") or data.replace(b"\r\n", b"").count(b"\r"):
        fail(name, "a line does not end in CRLF")
    if not data.endswith(b"\r\n"):
        fail(name, "the last line does not end in CRLF")
    lines = data.split(b"\r\n")[:-1]
    for number, line in enumerate(lines, 1):
        if len(line) > 75:
            fail(name, f"line {number} has {len(line)} octets")
        try:
            line.decode("utf-8")
        except UnicodeDecodeError:
            fail(name, f"line {number} is not UTF-8 on its own (a fold split a character)")
        if number > 1 and line[:1] not in (b" ",) and b":" not in line:
            fail(name, f"line {number} is neither a content line nor a continuation")
    return sum(1 for line in lines if line.startswith(b" "))


def text_value(raw):
    """`raw` read as a TEXT value by icalendar (which keeps an X- property's value raw: read
    as a SUMMARY, its TEXT reader unescapes it)."""
    wrapper = icalendar.Calendar.from_ical(b"BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:" + raw
                                           + b"\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
    return str(wrapper.walk("VEVENT")[0]["SUMMARY"])


def check_feed(directory, entry):
    name = entry["file"]
    data = (directory / name).read_bytes()
    folds = check_bytes(name, data)
    calendar = icalendar.Calendar.from_ical(data)
    for key, expected in (("VERSION", "2.0"), ("CALSCALE", "GREGORIAN"), ("METHOD", "PUBLISH")):
        if str(calendar.get(key)) != expected:
            fail(name, f"{key} is {calendar.get(key)!r}")
    if not str(calendar.get("PRODID", "")):
        fail(name, "no PRODID")
    calendar_name = text_value(calendar.get("X-WR-CALNAME").to_ical())
    if calendar_name != entry["name"]:
        fail(name, f"X-WR-CALNAME reads {calendar_name!r}, not {entry['name']!r}")
    events = calendar.walk("VEVENT")
    uids = sorted(str(event.get("UID")) for event in events)
    if uids != entry["uids"]:
        fail(name, f"UIDs {uids} differ from {entry['uids']}")
    nights = set()
    for event in events:
        start, end = event.decoded("DTSTART"), event.decoded("DTEND")
        if isinstance(start, datetime.datetime) or isinstance(end, datetime.datetime):
            fail(name, f"{event.get('UID')}: not all-day")
            continue
        if event["DTSTART"].params.get("VALUE") != "DATE" or event["DTEND"].params.get("VALUE") != "DATE":
            fail(name, f"{event.get('UID')}: DTSTART/DTEND without VALUE=DATE")
        if end <= start:
            fail(name, f"{event.get('UID')}: DTEND {end} not after DTSTART {start}")
        stamp = event.decoded("DTSTAMP")
        if not isinstance(stamp, datetime.datetime) or stamp.utcoffset() != datetime.timedelta(0):
            fail(name, f"{event.get('UID')}: DTSTAMP {stamp!r} is not UTC")
        summary = str(event.get("SUMMARY"))
        expected_summary = "Reserved" if "-r" in str(event.get("UID")) else "Not available"
        if summary != expected_summary:
            fail(name, f"{event.get('UID')}: SUMMARY {summary!r}")
        night = start
        while night < end:
            if night in nights:
                fail(name, f"night {night} in two events")
            nights.add(night)
            night += datetime.timedelta(days=1)
    expected = {datetime.date.fromisoformat(text) for text in entry["nights"]}
    if nights != expected:
        fail(name, f"nights differ: extra {sorted(nights - expected)[:5]}, missing {sorted(expected - nights)[:5]}")
    return len(events), folds


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dir", help="feeds already written by ExportForPythonTests")
    args = parser.parse_args()
    if args.dir:
        directory = pathlib.Path(args.dir)
    else:
        directory = pathlib.Path(tempfile.mkdtemp(prefix="stays-ical-"))
        environment = dict(os.environ, STAYS_ICAL_EXPORT_DIR=str(directory))
        run = subprocess.run(["swift", "test", "--filter", "ICalendarTests.ExportForPythonTests"],
                             cwd=ROOT, env=environment, capture_output=True, text=True)
        if run.returncode != 0:
            print(run.stdout[-4000:], run.stderr[-4000:], sep="\n")
            sys.exit(f"the Swift writer failed (exit {run.returncode})")
    manifest = json.loads((directory / "manifest.json").read_text(encoding="utf-8"))
    if len(manifest) < 40:
        fail("manifest.json", f"{len(manifest)} feeds, expected 40")
    events = folds = 0
    for entry in manifest:
        counted, folded = check_feed(directory, entry)
        events += counted
        folds += folded
    if folds == 0:
        fail("all feeds", "no line was folded: folding went unchecked")
    for failure in failures[:20]:
        print("FAIL", failure)
    print(f"icalendar {icalendar.__version__}: {len(manifest)} feeds, {events} events, {folds} folded lines, "
          f"{len(failures)} failures")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
