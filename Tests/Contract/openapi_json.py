#!/usr/bin/env python3
"""Writes (or checks) docs/openapi.json: docs/openapi.yaml, the authored contract, as JSON.

Usage:
  openapi_json.py            rewrite docs/openapi.json from docs/openapi.yaml
  openapi_json.py --check    exit 1 (saying where) unless docs/openapi.json is exactly what
                             a rewrite would write: the same document, members in the
                             YAML's order, formatted as this script formats it

The binary embeds both files as they are (the EmbedOpenAPI plugin) and serves them at
/openapi.yaml and /openapi.json, so after editing the YAML run this script and commit both;
CI runs the check (.ci/run). Needs PyYAML (Debian: python3-yaml; pip: pyyaml).
"""

import json
import os
import sys

import yaml

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
YAML_PATH = os.path.join(ROOT, "docs", "openapi.yaml")
JSON_PATH = os.path.join(ROOT, "docs", "openapi.json")


class StrictLoader(yaml.SafeLoader):
    """YAML's safe loader, except that a value JSON cannot hold (a YAML timestamp such as an
    unquoted 2028-01-10, binary, a set) or a key given twice is an error instead of a
    silent conversion."""


def _reject(loader, node):
    raise yaml.constructor.ConstructorError(
        None, None, f"{node.tag} has no JSON form: quote it", node.start_mark)


for tag in ("tag:yaml.org,2002:timestamp", "tag:yaml.org,2002:binary", "tag:yaml.org,2002:set"):
    StrictLoader.add_constructor(tag, _reject)


def _mapping_without_duplicates(loader, node, deep=False):
    """A key given twice in one mapping is an error: PyYAML keeps the last silently, while
    stricter readers (openapi-python-client) refuse the whole document."""
    seen = set()
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=deep)
        if key in seen:
            raise yaml.constructor.ConstructorError(
                None, None, f"duplicate key {key!r}", key_node.start_mark)
        seen.add(key)
    return yaml.SafeLoader.construct_mapping(loader, node, deep)


StrictLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping_without_duplicates)


def load_yaml():
    with open(YAML_PATH, encoding="utf-8") as file:
        return yaml.load(file, Loader=StrictLoader)


def render(document):
    """Two-space indentation for reviewable diffs; UTF-8 text as is (the spec has Korean)."""
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


def first_difference(expected, actual):
    for index, (a, b) in enumerate(zip(expected, actual)):
        if a != b:
            return index
    return min(len(expected), len(actual))


def main(arguments):
    if arguments not in ([], ["--check"]):
        print(__doc__, file=sys.stderr)
        return 2
    document = load_yaml()
    expected = render(document)
    if not arguments:
        with open(JSON_PATH, "w", encoding="utf-8") as file:
            file.write(expected)
        print(f"wrote {os.path.relpath(JSON_PATH, ROOT)} ({len(expected.encode())} bytes)")
        return 0
    try:
        with open(JSON_PATH, encoding="utf-8") as file:
            actual = file.read()
    except FileNotFoundError:
        print("docs/openapi.json is missing: run Tests/Contract/openapi_json.py", file=sys.stderr)
        return 1
    if actual == expected:
        print("docs/openapi.json is docs/openapi.yaml")
        return 0
    try:
        same_document = json.loads(actual) == document
    except json.JSONDecodeError as error:
        print(f"docs/openapi.json is not JSON: {error}", file=sys.stderr)
        return 1
    at = first_difference(expected, actual)
    line = expected.count("\n", 0, at) + 1
    reason = ("the same document, formatted differently" if same_document
              else "a different document than docs/openapi.yaml")
    print(f"docs/openapi.json is {reason} (first difference at line {line}):\n"
          f"  expected: {expected[at:at + 80]!r}\n  found:    {actual[at:at + 80]!r}\n"
          "run Tests/Contract/openapi_json.py and commit docs/openapi.json", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
