# Accepts the output that is n, the input; else says what it wanted in judgemessage.txt.
import sys
from pathlib import Path

wanted = Path(sys.argv[1]).read_text().strip()
got = sys.stdin.read().strip()
if got != wanted:
    Path(sys.argv[3], "judgemessage.txt").write_text(f"wanted {wanted}, got {got}\n")
    sys.exit(43)
sys.exit(42)
