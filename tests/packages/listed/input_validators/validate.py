"""Valid (42): one line, a whole number from 0; else invalid (43)."""

import re
import sys

sys.exit(42 if re.fullmatch(rb"[0-9]+\n", sys.stdin.buffer.read()) else 43)
