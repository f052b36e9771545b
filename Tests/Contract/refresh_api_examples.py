#!/usr/bin/env python3
"""Regenerates (or checks) every example of docs/API.md from a real server.

Usage:
  refresh_api_examples.py [--check] path/to/stays [docs/API.md]
      Starts `stays serve --today 2026-11-23` on a free port with a fresh database (the
      seeded demo data), runs the examples against it, stops it.
  refresh_api_examples.py [--check] http://HOST:PORT [docs/API.md]
      Runs the examples against a server you started the same way on a FRESH database
      (the booking walkthrough expects guest 3, after the demo accounts' guests, and reservations 1 and 2).

Without --check the document is rewritten with what the server answers now. With --check
nothing is written: the exit status is 1, with a diff per example, when an example's output
differs from the document. CI runs the check (.ci/run).

Each ```console block of the document starts with one `$ command` line (curl, often piped to
jq to trim long arrays); everything after it in the block is the command's output. When a
command runs, `http://127.0.0.1:8080` becomes the server's address and `/tmp/stays-` (the
files the booking walkthrough keeps its guest token and reservations in) a private
directory, so the document keeps the addresses a reader pastes.

Values that depend on the real clock or on randomness cannot be reproduced: `createdAt`,
`cancelledAt`, `requestId`, the `X-Request-Id` header and guest tokens. They are masked on
both sides before comparing, and a refresh keeps a block as written when it differs only in
them (so refreshing twice changes nothing).
"""

import difflib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

DOC_BASE = "http://127.0.0.1:8080"
DOC_FILES = "/tmp/stays-"
TODAY = "2026-11-23"
BLOCK = re.compile(r"```console\n\$ (?P<command>.+?)\n(?P<output>.*?)```", re.S)
MASKS = [
    (re.compile(r'("(?:createdAt|cancelledAt|requestId|token)"\s*:\s*)"[^"]*"'), r'\1"<masked>"'),
    (re.compile(r"^(X-Request-Id:) .*$", re.M | re.I), r"\1 <masked>"),
]
STARTUP_SECONDS = int(os.environ.get("STAYS_CONTRACT_STARTUP_SECONDS", "180"))


def mask(text):
    for pattern, replacement in MASKS:
        text = pattern.sub(replacement, text)
    return text


def start_server(binary, workdir):
    """Starts the server on a fresh database; returns (process, base URL)."""
    stderr_path = workdir / "stderr.log"
    stderr = open(stderr_path, "w")
    process = subprocess.Popen(
        [binary, "serve", "--port", "0", "--database", str(workdir / "docs.sqlite"), "--mail-dir", str(workdir / "stays-mail"),
         "--today", TODAY, "--quiet"],
        stdout=subprocess.DEVNULL, stderr=stderr)
    deadline = time.monotonic() + STARTUP_SECONDS
    listening = re.compile(r"listening on (http://127\.0\.0\.1:\d+)")
    while True:
        found = listening.search(stderr_path.read_text(errors="replace"))
        if found:
            return process, found.group(1)
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            process.wait()
            raise RuntimeError("the server did not start:\n" + stderr_path.read_text(errors="replace"))
        time.sleep(0.1)


def run_examples(text, base, files):
    """Returns [(match, output or None, error)] for every block, in order."""
    results = []
    for match in BLOCK.finditer(text):
        command = match.group("command")
        run = subprocess.run(
            ["bash", "-o", "pipefail", "-c", command.replace(DOC_BASE, base).replace(DOC_FILES, files)],
            capture_output=True, text=True, timeout=60)
        if run.returncode != 0:
            results.append((match, None, "exit %d %s" % (run.returncode, run.stderr.strip())))
            continue
        output = run.stdout.replace(base, DOC_BASE).replace(files, DOC_FILES).replace("\r\n", "\n")
        if output and not output.endswith("\n"):
            output += "\n"
        results.append((match, output, None))
    return results


def main(argv):
    check = "--check" in argv
    args = [a for a in argv if a != "--check"]
    if not args or args[0].startswith("-"):
        print(__doc__, file=sys.stderr)
        return 2
    target = args[0]
    path = Path(args[1]) if len(args) > 1 else Path(__file__).resolve().parents[2] / "docs" / "API.md"
    for tool in ("curl", "jq"):
        if shutil.which(tool) is None:
            print("refresh_api_examples: %s is not installed" % tool, file=sys.stderr)
            return 2
    text = path.read_text(encoding="utf-8")

    workdir = Path(tempfile.mkdtemp(prefix="stays-docs."))
    process = None
    try:
        if target.startswith("http://") or target.startswith("https://"):
            base = target.rstrip("/")
        else:
            binary = os.path.abspath(target)
            if not os.access(binary, os.X_OK):
                print("refresh_api_examples: no executable at %s (run swift build first)" % binary,
                      file=sys.stderr)
                return 2
            try:
                process, base = start_server(binary, workdir)
            except RuntimeError as error:
                print("refresh_api_examples: %s" % error, file=sys.stderr)
                return 2
        results = run_examples(text, base, str(workdir / "stays-"))
    finally:
        if process is not None:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        shutil.rmtree(workdir, ignore_errors=True)

    failures = []
    differing = 0
    pieces = []
    position = 0
    for match, output, error in results:
        command = match.group("command")
        pieces.append(text[position:match.start()])
        position = match.end()
        if error is not None:
            failures.append("%s: %s" % (command, error))
            pieces.append(match.group(0))
            continue
        old = match.group("output")
        if mask(old) == mask(output):
            pieces.append(match.group(0))
            continue
        differing += 1
        if check:
            line = text.count("\n", 0, match.start()) + 1
            print("%s:%d: the output of `%s` differs from the server's:" % (path, line, command))
            sys.stdout.writelines(difflib.unified_diff(
                mask(old).splitlines(True), mask(output).splitlines(True), "docs", "server"))
            print()
        pieces.append("```console\n$ %s\n%s```" % (command, output))
    pieces.append(text[position:])

    for failure in failures:
        print("failed: " + failure, file=sys.stderr)
    if check:
        if differing:
            print("%d of %d examples differ: run `python3 Tests/Contract/refresh_api_examples.py "
                  ".build/debug/stays` and review the diff" % (differing, len(results)))
        else:
            print("all %d examples of %s match the server" % (len(results), path))
        return 1 if differing or failures else 0
    path.write_text("".join(pieces), encoding="utf-8")
    print("%d of %d examples refreshed" % (differing, len(results)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
