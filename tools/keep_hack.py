"""A hack made a testcase: `make keep-hack P=NAME H=HACK [CASE=CASE]`.

`make stress` saves each failing input it shrinks as hacks/NAME/HACK.in (a git-ignored
folder; `python3 runner.py NAME --hacks` judges them). This moves one into testcases/NAME/
as CASE.in, CASE default HACK, and writes CASE.out from the oracle, never from a solution.
A judge case (tests/NAME/validate.py) is named `judge-*`: the prefix is added when CASE lacks
it, and refused on an input the judge never sends.
"""

import argparse
import sys
from pathlib import Path

from judge import JUDGE_PREFIX
from tools.problem import ROOT, problems, run_tool, tooling
from tools.shrink import judge_sends
from tools.stress import HACKS


class KeepError(Exception):
    """Why the hack cannot become a testcase: one line."""


def keep(name, hack, case=None, root=ROOT):
    """Move hacks/NAME/HACK.in to testcases/NAME/CASE.in with the oracle's CASE.out; return
    the path of the new .in."""
    stem = Path(hack).name
    for suffix in (".in", ".out"):
        stem = stem[: -len(suffix)] if stem.endswith(suffix) else stem
    source = root / HACKS.name / name / (stem + ".in")
    if not source.is_file():
        raise KeepError(f"no hack {source.relative_to(root)}")
    data = source.read_bytes()
    text = data.decode("utf-8")
    judge = (ROOT / "tests" / name / "validate.py").is_file() and judge_sends(name, text)
    case = case or stem
    if judge and not case.startswith(JUDGE_PREFIX):
        case = JUDGE_PREFIX + case
    if not judge and case.startswith(JUDGE_PREFIX):
        why = tooling(name, "validate").why_extended(data)
        raise KeepError(f"{case}: the judge never sends this input ({why}): drop '{JUDGE_PREFIX}'")
    target = root / "testcases" / name / (case + ".in")
    if target.exists():
        raise KeepError(f"{target.relative_to(root)} is there already")
    target.write_bytes(data)
    target.with_suffix(".out").write_bytes(tooling(name, "oracle").solve(text).encode())
    source.unlink()
    source.with_suffix(".out").unlink(missing_ok=True)
    return target


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="make keep-hack P=NAME H=HACK [CASE=CASE]",
        description="Make a hack of hacks/NAME/ a testcase, its .out from the oracle.",
    )
    parser.add_argument("name", metavar="NAME", help="the problem")
    parser.add_argument("hack", metavar="HACK", help="the hack: judge-hack-1a2b3c4d, or its path")
    parser.add_argument("--as", dest="case", metavar="CASE", help="the case's name (what it tests)")
    args = parser.parse_args(argv)
    if args.name not in problems():
        parser.error(f"no problem {args.name!r}: the problems are {', '.join(problems())}")
    try:
        target = keep(args.name, args.hack, args.case)
    except (KeepError, OSError, UnicodeDecodeError) as error:
        print(f"keep-hack: {error}", file=sys.stderr)
        return 1
    shown = target.relative_to(ROOT).with_suffix("")
    print(f"saved as {shown}.in and .out (the oracle's answer): `git add` them to keep them")
    return 0


if __name__ == "__main__":
    run_tool(main)
