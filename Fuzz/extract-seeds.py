#!/usr/bin/env python3
"""Extracts fuzzer seeds from the string literals of the Swift tests.

    Fuzz/extract-seeds.py http  OUTDIR   # raw requests (Tests/HTTP1Tests, Tests/HTTPServerTests)
    Fuzz/extract-seeds.py body  OUTDIR   # JSON bodies and query strings (JSON, server and API tests)
    Fuzz/extract-seeds.py ical  OUTDIR   # iCalendar feeds (Tests/ICalendarTests: fixtures and content lines)

CI runs it before each fuzz run, so a request, body or query added to a test feeds the
fuzzer without anything else to update. Each seed is written to OUTDIR/<sha1 of its bytes>
(libFuzzer's own naming), so running it twice, or over a corpus, adds nothing twice.

Swift literals understood: "...", #"..."# (any number of #), multi-line \"\"\" literals, the
escapes \\0 \\t \\n \\r \\" \\' \\\\ \\u{...}, and `"a" + "b"` concatenation. An interpolation
`\\(x)` cannot be evaluated: it becomes "1" (seeds need not be exact, only close to what
the tests exercise). The literal is kept as UTF-8.
"""
import hashlib
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def literals(source):
    """Yields (value, start, end) for each string literal in `source`."""
    i, n = 0, len(source)
    while i < n:
        c = source[i]
        if source.startswith("//", i):
            i = source.find("\n", i)
            i = n if i < 0 else i
            continue
        if source.startswith("/*", i):
            j = source.find("*/", i + 2)
            i = n if j < 0 else j + 2
            continue
        m = re.compile(r'(#*)("""|")').match(source, i)
        if c in '#"' and m:
            hashes, quote = m.group(1), m.group(2)
            value, end = read_literal(source, m.end(), hashes, quote)
            yield value, i, end
            i = end
            continue
        i += 1


def read_literal(source, i, hashes, quote):
    closing = quote + hashes
    escape = "\\" + hashes
    out = []
    n = len(source)
    while i < n:
        if source.startswith(closing, i):
            i += len(closing)
            break
        if source.startswith(escape, i):
            j = i + len(escape)
            e = source[j] if j < n else ""
            simple = {"0": "\0", "t": "\t", "n": "\n", "r": "\r", '"': '"', "'": "'", "\\": "\\"}
            if e in simple:
                out.append(simple[e])
                i = j + 1
            elif e == "u" and source.startswith("{", j + 1):
                k = source.index("}", j)
                out.append(chr(int(source[j + 2:k], 16)))
                i = k + 1
            elif e == "(":
                depth, k = 0, j
                while k < n:
                    if source[k] == "(":
                        depth += 1
                    elif source[k] == ")":
                        depth -= 1
                        if depth == 0:
                            break
                    k += 1
                out.append("1")
                i = k + 1
            elif e == "\n":  # line continuation in a multi-line literal
                i = j + 1
            else:
                out.append(source[i:j + 1])
                i = j + 1
            continue
        out.append(source[i])
        i += 1
    value = "".join(out)
    if quote == '"""':
        value = dedent(value)
    return value, i


def dedent(value):
    # The text after the opening delimiter's newline, minus the closing line's indentation.
    lines = value.split("\n")
    if len(lines) < 2:
        return value
    indent = lines[-1]
    body = [line[len(indent):] if line.startswith(indent) else line for line in lines[1:-1]]
    return "\n".join(body)


def joined_literals(path):
    """The literals of a file, with `"a" + "b"` (across lines too) joined into one."""
    source = path.read_text(encoding="utf-8")
    result = []
    previous_end = None
    for value, start, end in literals(source):
        if result and previous_end is not None and re.fullmatch(r"\s*\+\s*", source[previous_end:start]):
            result[-1] += value
        else:
            result.append(value)
        previous_end = end
    return result


REQUEST = re.compile(r"^[A-Za-z]+ \S*( HTTP/|$)|HTTP/\d")


def http_seeds():
    for directory in ("Tests/HTTP1Tests", "Tests/HTTPServerTests"):
        for path in sorted((ROOT / directory).glob("*.swift")):
            for text in joined_literals(path):
                if REQUEST.search(text) and ("\n" in text or " HTTP/" in text):
                    yield text


def body_seeds():
    # JSON: every literal of the JSON parser tests (they are nearly all inputs), and the
    # object or array literals of the body reader and API tests.
    for path in sorted((ROOT / "Tests/JSONTests").glob("JSONParser*.swift")):
        yield from joined_literals(path)
    for directory in ("Tests/HTTPServerTests", "Tests/APITests"):
        for path in sorted((ROOT / directory).glob("*.swift")):
            for text in joined_literals(path):
                if text.lstrip()[:1] in ("{", "["):
                    yield text
                # A query: what follows `?` in a target, or a literal of the query tests.
                m = re.match(r"^/[^ ?]*\?([^ #]+)", text)
                if m:
                    yield m.group(1)
    for name in ("Tests/HTTP1Tests/QueryParametersTests.swift", "Tests/APITests/QueryReaderTests.swift"):
        path = ROOT / name
        if path.exists():
            yield from (t for t in joined_literals(path) if "=" in t or "%" in t)


ICAL_LINE = re.compile(r"^[A-Z][A-Z-]*[;:]")


def ical_seeds():
    # Every fixture feed, and each content line a test writes, inside a minimal calendar.
    for path in sorted((ROOT / "Tests/ICalendarTests/Fixtures").glob("*.ics")):
        yield path.read_bytes().decode("utf-8", "surrogateescape")
    for path in sorted((ROOT / "Tests/ICalendarTests").glob("*.swift")):
        for text in joined_literals(path):
            if ICAL_LINE.match(text) and "BEGIN:VCALENDAR" not in text:
                yield ("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART;VALUE=DATE:20261205\r\n" + text
                       + "\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
            elif "BEGIN:VCALENDAR" in text:
                yield text


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("http", "body", "ical"):
        sys.exit(__doc__)
    kind, out = sys.argv[1], pathlib.Path(sys.argv[2])
    out.mkdir(parents=True, exist_ok=True)
    sources = {"http": http_seeds, "body": body_seeds, "ical": ical_seeds}
    seeds = {s.encode("utf-8", "surrogateescape") if kind == "ical" else s.encode("utf-8", "surrogatepass")
             for s in sources[kind]()}
    for data in seeds:
        (out / hashlib.sha1(data).hexdigest()).write_bytes(data)
    print(f"{len(seeds)} {kind} seeds from the tests in {out}")


if __name__ == "__main__":
    main()
