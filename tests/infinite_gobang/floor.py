"""The benchmark floor of infinite_gobang: read stdin and decode every JSON array in it, as
the solution does (json.loads line by line), and nothing else."""

import json
import re
import sys

before = re.compile(r"[\s,\ufeff]*(?:pieces\s*[=:]?\s*)?")  # what may come before an array
text = sys.stdin.buffer.read().decode("utf-8", "replace")
text = text[1:] if text.startswith("\ufeff") else text
lines = [line[before.match(line).end() :].rstrip() for line in text.splitlines()]
arrays = [json.loads(line.rstrip(",")) for line in lines if line]
