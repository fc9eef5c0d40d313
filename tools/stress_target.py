"""What P= names for `make stress` (tools/stress.py), and the one line that says what it lacks.

P is a folder from the current folder (a folder of cases, say ~/cf/1850A, or any folder, ./mine)
or a problem's NAME: one of the repo, or a NAME with no solution yet. A problem of the repo
plays its own generator and oracle (tests/NAME/), or your GEN= and BRUTE=, against its
solutions/NAME.EXT (any language of the runner's), or your SOLUTION=. A folder, or a NAME with
no solution file, needs SOLUTION=, GEN= and BRUTE=, and is judged by TLE= and MLE= or the
runner's default limits. The hacks of a folder go to its own hacks/; a NAME's to hacks/NAME/.
"""

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from judge import UsageError, problem_name_error
from judge.problems import case_folder, problem_named
from tools.contract import FOR_STRESS, missing
from tools.problem import ROOT, has_validator, known, solution_of
from tools.stress_failure import HACKS

YOURS = "SOLUTION=PROGRAM GEN=CMD BRUTE=CMD"


@dataclass(frozen=True)
class Target:
    """What P names. shown: P as given; name: the problem's NAME (None for a folder), whose
    Judge: line, tests/NAME/ and validate.py count; solution: its solutions/NAME.EXT, from the
    root, if it has one; hacks: where its hacks go; folder: the folder P names, if it does."""

    shown: str
    name: Optional[str]
    solution: Optional[str]
    hacks: Path
    folder: Optional[Path] = None


def new(name=None):
    """The end of a line that says what is missing: how a new problem starts."""
    return f"(make new P={name or 'NAME'} starts a new problem)"


def is_path(text):
    """Whether text names a path rather than a problem: a folder in it, or a leading . or ~."""
    return text.startswith((".", "~")) or "/" in text or os.sep in text


def problem_of(text):
    """The problem a path names, as the runner reads it (solutions/NAME.cpp, testcases/NAME, a
    problem's own hacks/NAME/), or None."""
    path = Path(text).expanduser()
    if path.parent.name in ("solutions", "testcases"):
        return problem_named(text)
    return path.name if path.is_dir() else None  # hacks/NAME/: case_folder said it is NAME's


def target(text):
    """The Target that P (text) names; a UsageError, one line, where it names none."""
    folder = case_folder(ROOT, text)  # a word that is a folder here and a problem: refused
    if folder is not None:
        return Target(text, None, None, folder / "hacks", folder)
    name = problem_of(text) if is_path(text) else text
    if name is None:
        raise UsageError(f"no folder {text}: give a folder, or a problem's NAME {new()}")
    solution = solution_of(name)
    if solution is None and problem_name_error(name):
        raise UsageError(f"{problem_name_error(name)} {new()}")
    return Target(text, name, solution, HACKS / name)


def lacking(target, args):
    """The one line that says what the run args asks for lacks, or None."""
    own = bool(args.gen or args.brute)
    if own and not (args.gen and args.brute):
        return "GEN and BRUTE go together: GEN makes the inputs, BRUTE the answers"
    if own and args.judge:
        return "JUDGE=1 draws from tests/NAME/gen.py; with GEN, your GEN draws"
    if target.folder is not None:
        if own and args.solution:
            return None
        return f"{target.shown} is a folder: give {'SOLUTION=PROGRAM' if own else YOURS} {new()}"
    if own:
        if args.solution or target.solution:
            return None
        name = target.name
        return f"no solutions/{name}.py: give SOLUTION=PROGRAM, or write it {new(name)}"
    return tooling_lacks(target, args)


def tooling_lacks(target, args):
    """The line that says what a problem played by its own generator and oracle lacks."""
    name = target.name
    if name not in known():
        return f"no problem {name!r}: give {YOURS} {new(name)}"
    if not (ROOT / "tests" / name).is_dir():
        return f"tests/{name}/ is missing, its generator and oracle: give GEN=CMD BRUTE=CMD"
    lines = missing(name, files=FOR_STRESS)
    if target.solution:  # solutions/NAME.cpp serves as well as solutions/NAME.py
        lines = [line for line in lines if not line.startswith("solutions/")]
    if lines:
        return f"{'; '.join(lines)}: give GEN=CMD BRUTE=CMD, your generator and brute force"
    if args.judge and not has_validator(name):
        return f"--judge: {name} has no tests/{name}/validate.py"
    return None
