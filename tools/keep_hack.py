"""A hack made a testcase: `make keep-hack P=NAME H=HACK [CASE=CASE]`.

`make stress` saves each failing input as hacks/NAME/HACK.in (a git-ignored folder; `python3
runner.py NAME --hacks` judges them) with HACK.out, the oracle's answer or BRUTE's. This moves
one into testcases/NAME/ as CASE.in, CASE default HACK, with CASE.out: the oracle's answer
when the problem has one (tests/NAME/oracle.py), else the saved HACK.out; never a solution's.
Both files are written or neither. A judge case (tests/NAME/validate.py) is named `judge-*`:
the prefix is added when CASE lacks it, and refused on an input the judge never sends. The
validate.py and oracle.py are those of the root the case is filed in (keep's tooling=, that
root by default), not those of the repo the tools run from. NAME needs hacks, not a solution:
a problem solved in solutions/NAME.cpp, or not yet solved, keeps its hacks too.
"""

import contextlib
import sys
from pathlib import Path

from judge import JUDGE_PREFIX, printable, problem_name_error
from tools.problem import ENCODING, ROOT, judge_sends, problem_parser, run_tool, write_all
from tools.problem import tooling as load
from tools.stress_failure import HACKS


class KeepError(Exception):
    """Why the hack cannot become a testcase: one line."""


def has_oracle(name, root=ROOT):
    return (Path(root) / "tests" / name / "oracle.py").is_file()


def answer(name, data, source, root=ROOT):
    """The .out of the input data (of the hack at source): root's oracle's answer, else the
    .out saved beside it."""
    if has_oracle(name, root):
        try:
            expected = load(name, "oracle", root).solve(data.decode(*ENCODING))
        except Exception as error:
            why = f"{type(error).__name__}: {error}"
            raise KeepError(f"tests/{name}/oracle.py failed on it: {why}") from None
        return expected.encode(*ENCODING)
    saved = source.with_suffix(".out")
    if not saved.is_file():
        raise KeepError(
            f"{name} has no oracle (tests/{name}/oracle.py) and {source.name} no .out beside it: "
            "nothing to write the testcase's .out from"
        )
    return saved.read_bytes()


def keep(name, hack, case=None, root=ROOT, tooling=None):
    """Move root's hacks/NAME/HACK.in to its testcases/NAME/CASE.in with CASE.out (see the
    module's doc), judged and answered by tooling's tests/NAME/ (default: root's); return the
    path of the new .in."""
    tooling = root if tooling is None else tooling
    stem = Path(hack).name
    for suffix in (".in", ".out"):
        stem = stem[: -len(suffix)] if stem.endswith(suffix) else stem
    source = root / HACKS.name / name / (stem + ".in")
    if not source.is_file():
        raise KeepError(f"no hack {source.relative_to(root)}")
    data = source.read_bytes()
    judge, why = judge_sends(name, data, tooling)
    case = case or stem
    if judge and not case.startswith(JUDGE_PREFIX):
        case = JUDGE_PREFIX + case
    if why is not None and case.startswith(JUDGE_PREFIX):
        raise KeepError(f"{case}: the judge never sends this input ({why}): drop '{JUDGE_PREFIX}'")
    target = root / "testcases" / name / (case + ".in")
    for path in (target, target.with_suffix(".out")):
        if path.exists():
            raise KeepError(f"{path.relative_to(root)} is there already")
    expected = answer(name, data, source, tooling)
    target.parent.mkdir(parents=True, exist_ok=True)
    write_all(((target.with_suffix(".out"), expected), (target, data)))  # both or neither
    source.unlink()
    with contextlib.suppress(OSError):
        source.with_suffix(".out").unlink()
    return target


def main(argv=None):
    parser = problem_parser(
        "make keep-hack P=NAME H=HACK [CASE=CASE]",
        "Make a hack of hacks/NAME/ a testcase, its .out from the oracle, or the "
        "one saved with it.",
        "the problem",
    )
    parser.add_argument("hack", metavar="HACK", help="the hack: judge-hack-1a2b3c4d, or its path")
    parser.add_argument("--as", dest="case", metavar="CASE", help="the case's name (what it tests)")
    args = parser.parse_args(argv)
    if problem_name_error(args.name):
        parser.error(problem_name_error(args.name))
    try:
        target = keep(args.name, args.hack, args.case)
    except Exception as error:  # KeepError, OSError, a validate.py that fails: one line
        why = error if isinstance(error, KeepError) else f"{type(error).__name__}: {error}"
        print(printable(f"keep-hack: {why}"), file=sys.stderr)
        return 1
    shown = target.relative_to(ROOT).with_suffix("")
    whose = "the oracle's answer" if has_oracle(args.name) else "the answer saved with the hack"
    print(f"saved as {shown}.in and .out ({whose}): `git add` them to keep them")
    return 0


if __name__ == "__main__":
    run_tool(main)
