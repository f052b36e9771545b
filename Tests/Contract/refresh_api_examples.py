#!/usr/bin/env python3
"""Re-runs the examples of docs/API.md against a running server and writes their real output.

Usage: refresh_api_examples.py BASE_URL [docs/API.md]

Each ```console block of the document starts with one `$ command` line (curl, often piped to
jq to trim long arrays); everything after it in the block is replaced by what the command
prints now. `http://127.0.0.1:8080` in a command is replaced by BASE_URL when it runs, so
the document keeps the default address. Run it against `stays serve --today 2026-11-23`
on the seeded demo data so the dates in the document stay meaningful.
"""

import re
import subprocess
import sys
from pathlib import Path

DOC_BASE = "http://127.0.0.1:8080"
BLOCK = re.compile(r"```console\n\$ (?P<command>.+?)\n(?P<output>.*?)```", re.S)


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    base = sys.argv[1].rstrip("/")
    path = Path(sys.argv[2]) if len(sys.argv) > 2 else Path(__file__).resolve().parents[2] / "docs" / "API.md"
    text = path.read_text(encoding="utf-8")
    failures = []

    def refresh(match):
        command = match.group("command")
        run = subprocess.run(["bash", "-o", "pipefail", "-c", command.replace(DOC_BASE, base)],
                             capture_output=True, text=True, timeout=60)
        if run.returncode != 0:
            failures.append("%s: exit %d %s" % (command, run.returncode, run.stderr.strip()))
            return match.group(0)
        output = run.stdout.replace(base, DOC_BASE).replace("\r\n", "\n")
        if output and not output.endswith("\n"):
            output += "\n"
        return "```console\n$ %s\n%s```" % (command, output)

    path.write_text(BLOCK.sub(refresh, text), encoding="utf-8")
    for failure in failures:
        print("failed: " + failure, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
