"""A Kattis package's own submissions judged as verifyproblem judges them: each folder of
submissions/ says the verdict its programs must get, the time limit comes from problem.yaml or
from the accepted submissions, and the groups are graded by Kattis's default grader.

- Accepted submissions run first. Where problem.yaml sets no time limit they run under
  problemtools' bound while none is known (300 s), and the limit is the slowest one's CPU
  time times time_multiplier, rounded up to a whole second (judge.packages.derived_limit).
- Every other submission runs under the limit times time_safety_margin; a case over the limit
  is TLE at the limit. A submission that gets its folder's verdict only with the margin is
  ok "with extra time", as problemtools says it.
- Cases run one at a time, in order, and a group stops at its first failure where its
  on_reject says break: as the judge does, no more than the verdict needs. A Table says which
  case is still wanted; the runner's one executor (judge.cli) runs them.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable, Iterable, Mapping, Sequence

from .console import say
from .grading import CaseResult, grade, score_text
from .model import Case, Command, Judgement, Result
from .packages import Package, Skipped, Unbuilt, derived_limit, program_command
from .report import Checked
from .text import printable
from .verdicts import at_limit, kattis_name, time_judged

# Each folder of submissions/ and the verdict its programs must get, in the order judged.
FOLDERS = {
    "accepted": "AC",
    "partially_accepted": "AC",
    "wrong_answer": "WA",
    "run_time_error": "RTE",
    "time_limit_exceeded": "TLE",
}
ALSO = {"RTE": ("MLE",)}  # a run-time error may be judged MLE: the memory limit killed it
SHOWN_DETAILS = 6  # the lines shown under a submission not ok, of its first failed case


@dataclass(frozen=True)
class Submission:
    """A submission: its name (FOLDER/FILE), the verdict its folder wants, and its command, or
    None and why it has none: built is False where it cannot run here (skipped), True where
    it does not build (CE)."""

    label: str
    expected: str
    command: Command | None
    why: str | None = None
    built: bool | None = None

    @property
    def accepted(self) -> bool:
        return self.label.startswith("accepted/")


@dataclass(frozen=True)
class Verdicts:
    """One submission judged: its verdict and score at the time limit, the same with the
    margin, its slowest CPU (or wall) time, and its first failed case, (name, Judgement), or
    None."""

    verdict: str
    score: float | None
    high: str
    high_score: float | None
    slowest: float
    deciding: tuple[str, Judgement] | None


@dataclass(frozen=True)
class Building:
    """How the submissions are built: the Python that runs a .py, bwrap's path to build in a
    sandbox (None: as the user), the folders it hides, and where builds go (None: the
    runner's own build/)."""

    python: str
    sandbox: str | None = None
    hidden: tuple[str, ...] = ()
    builds: Path | None = None


def find_submissions(
    package: Package, how: Building, folders: Iterable[str] = tuple(FOLDERS)
) -> list[Submission]:
    """The Submissions under the package's submissions/ (of those folders), in the order
    judged, each built as how says."""
    found = []
    for folder in folders:
        path = package.folder / "submissions" / folder
        names = sorted(os.listdir(path)) if path.is_dir() else []
        for name in (n for n in names if not n.startswith(".")):
            found.append(built_submission(path / name, f"{folder}/{name}", FOLDERS[folder], how))
    return found


def built_submission(path: Path, label: str, expected: str, how: Building) -> Submission:
    """The Submission of the program at path, built: its command, or why it has none."""
    try:
        command = program_command(path, how.python, how.sandbox, how.hidden, how.builds)
    except Skipped as error:
        return Submission(label, expected, None, str(error), False)
    except Unbuilt as error:
        return Submission(label, expected, None, str(error), True)
    return Submission(label, expected, command)


class Asked(Exception):
    """The grader asked for a case not judged yet: the next one it needs."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


class Table:
    """A run of submissions as its cases' results come (each case's problem is its
    submission's label): which case the grader still wants, each submission's Verdicts at
    limit (and with the margin its cases ran under) once it needs no more, and its row said
    then, with width (None: not said)."""

    def __init__(
        self,
        package: Package,
        submissions: Sequence[Submission],
        limit: float,
        width: int | None = None,
    ) -> None:
        self.package, self.limit, self.width = package, limit, width
        self.submissions = list(submissions)
        self.judged: dict[str, dict[str, Result]] = {s.label: {} for s in submissions}
        self.checked: dict[str, tuple[Checked, Verdicts | None]] = {}

    def wants(self, case: Case) -> bool:
        """Whether the grader needs the case: asked in order, just before it would run."""
        self.close_before(case.problem)
        if case.problem in self.checked:
            return False
        return self.next_needed(case.problem) == case.name

    def add(self, result: Result) -> None:
        label = result.case.problem
        self.judged[label][result.case.name] = result
        if self.next_needed(label) is None:
            self.close(label)

    def finish(self) -> list[tuple[Checked, Verdicts | None]]:
        """Each submission checked, in order, with its Verdicts (None: it ran no case)."""
        self.close_before(None)
        return [self.checked[s.label] for s in self.submissions]

    def next_needed(self, label: str) -> str | None:
        """The case the grader asks for next, at the limit or with the margin; None once it
        has all it needs."""
        judged = self.judged[label]
        for result_of in (high_of(judged), low_of(judged, self.limit)):
            try:
                grade(self.package.data, result_of)
            except Asked as asked:
                return asked.name
        return None

    def close_before(self, label: str | None) -> None:
        """Close each submission before label (None: every one) not closed yet."""
        for each in self.submissions:
            if each.label == label:
                return
            if each.label not in self.checked:
                self.close(each.label)

    def close(self, label: str) -> None:
        """Check the submission, and say its row (as a row says one that ran no case)."""
        each = next(s for s in self.submissions if s.label == label)
        judged = self.judged[label]
        verdicts = check(self.package, judged, self.limit) if judged else None
        checked = checked_of(self.package, each, verdicts, judged.values())
        self.checked[label] = (checked, verdicts)
        if self.width is not None:
            say(row(each, verdicts, self.width))


def high_of(judged: Mapping[str, Judgement]) -> Callable[[str], CaseResult]:
    """The grader's result_of with the margin: each case's verdict and score as judged."""

    def result_of(name: str) -> CaseResult:
        if name not in judged:
            raise Asked(name)
        return judged[name].verdict, judged[name].score

    return result_of


def low_of(judged: Mapping[str, Judgement], limit: float) -> Callable[[str], CaseResult]:
    """The grader's result_of at the limit itself: over it, TLE (and no score)."""

    def result_of(name: str) -> CaseResult:
        if name not in judged:
            raise Asked(name)
        verdict = at_limit(judged[name], limit)
        return verdict, (judged[name].score if verdict == judged[name].verdict else None)

    return result_of


def check(package: Package, judged: Mapping[str, Judgement], limit: float) -> Verdicts:
    """The Verdicts of a submission's cases judged: graded at the limit and with the margin."""
    data = package.data
    high, low = grade(data, high_of(judged))[-1], grade(data, low_of(judged, limit))[-1]
    times = [time_judged(j) for j in judged.values()]
    failed = [(n, j) for n, j in judged.items() if j.verdict != "AC"]
    low_score, high_score = (low.score, high.score) if package.scoring else (None, None)
    slowest, deciding = max(times, default=0.0), (failed[0] if failed else None)
    return Verdicts(low.verdict, low_score, high.verdict, high_score, slowest, deciding)


def checked_of(
    package: Package,
    each: Submission,
    verdicts: Verdicts | None,
    results: Iterable[Result],
) -> Checked:
    """What --json says of a submission: its outcome, and its cases under the package's name."""
    shown = tuple(replace(r, case=replace(r.case, problem=package.name)) for r in results)
    if verdicts is None:  # it ran no case: CE, or skipped
        got, ok = ("CE", False) if each.built else (None, None)
        return Checked(each.label, each.expected, got, ok, False, None, each.why, ())
    said = outcome(each, verdicts)[2]
    extra, score = said == "ok with extra time", verdicts.score
    return Checked(
        each.label, each.expected, verdicts.verdict, said != "NO", extra, score, None, shown
    )


def outcome(submission: Submission, verdicts: Verdicts) -> tuple[str, str, str]:
    """The table's cells after the name: expected, got, ok (and how)."""
    wanted = (submission.expected, *ALSO.get(submission.expected, ()))
    if verdicts.verdict in wanted:
        ok = "ok"
    elif verdicts.high in wanted:
        ok = "ok with extra time"
    else:
        ok = "NO"
    return submission.expected, verdicts.verdict, ok


def header(width: int) -> str:
    """The table's first line."""
    return f"{'submission':<{width}}  expected  got       ok"


def time_line(package: Package, limit: float, slowest: float | None, margin: bool = True) -> str:
    """The line that says where the time limit comes from (slowest None: problem.yaml), and
    with margin the limit that gives."""
    high = limit * package.margin
    said = f"; the safety margin {package.margin:g} (time_safety_margin) gives {high:g} s"
    said = said if margin else ""
    if slowest is None:
        return f"{package.name}: time limit {limit:g} s, problem.yaml's{said}"
    return (
        f"{package.name}: time limit {limit:g} s: the slowest accepted submission used"
        f" {slowest:.3f} s of CPU, times {package.multiplier:g} (time_multiplier), rounded up"
        f" to a multiple of {package.resolution:g} s as problemtools rounds{said}"
    )


def accepted_limit(
    package: Package, timed: Iterable[tuple[Checked, Verdicts | None]], margin: bool = True
) -> tuple[float, str]:
    """(the time limit, the line that says how it was found) from the accepted submissions
    checked under the bound while none is known."""
    slowest = max(verdicts.slowest for _, verdicts in timed if verdicts is not None)
    limit = derived_limit(slowest, package.multiplier, package.resolution)
    return limit, time_line(package, limit, slowest, margin)


def row(submission: Submission, verdicts: Verdicts | None, width: int) -> str:
    """A submission's row (and why, under one not ok, or one that ran no case)."""
    if verdicts is None:
        return unrun(submission, width)
    expected, got, ok = outcome(submission, verdicts)
    if verdicts.score is not None and got == "AC":
        got = f"AC {score_text(verdicts.score)}"
    line = f"{printable(submission.label):<{width}}  {expected:<8}  {got:<8}  {ok}"
    lines = [line + f"  (slowest case {verdicts.slowest * 1000:.0f} ms)"]
    if ok == "NO" and verdicts.deciding:
        name, judged = verdicts.deciding
        lines.append(f"    {printable(name)}: {kattis_name(judged.verdict)}")
        lines += ["      " + printable(detail) for detail in judged.details[:SHOWN_DETAILS]]
    return "\n".join(lines)


def unrun(submission: Submission, width: int) -> str:
    """The row of a submission that did not run: skipped, or CE."""
    label, why = printable(submission.label), printable(submission.why or "")
    if not submission.built:
        return f"{label:<{width}}  skipped: {why}"
    return f"{label:<{width}}  {submission.expected:<8}  {'CE':<8}  NO\n    {why}"


def summary(checked: Sequence[Checked]) -> int:
    """Say the closing line; the exit status."""
    judged = [one.ok for one in checked if one.ok is not None]
    skipped = len(checked) - len(judged)
    text = f"{sum(judged)} of {len(judged)} submissions got what their folder says"
    say(text + (f"; {skipped} skipped" if skipped else ""))
    return 0 if all(judged) and judged else 1


def graded_lines(package: Package, results: Iterable[Result]) -> tuple[list[str], float | None]:
    """The lines that close a package's run with --command: each group's verdict (and score,
    in a scored package), then the package's."""
    by_name = {result.case.name: (result.verdict, result.score) for result in results}
    graded = grade(package.data, by_name.get)
    lines = []
    for group in graded[:-1] if len(graded) > 1 else []:
        score = f", score {score_text(group.score)}" if package.scoring else ""
        lines.append(f"   group {printable(group.path)}: {group.verdict}{score}")
    if graded:
        top = graded[-1]
        score = f", score {score_text(top.score)}" if package.scoring else ""
        lines.append(f"== {printable(package.name)}: Kattis's verdict {top.verdict}{score}")
    return lines, (graded[-1].score if graded and package.scoring else None)
