"""A package's own submissions judged, each against what is expected of it
(judge.expectations: its folder, submissions.yaml, DOMjudge's @EXPECTED_RESULTS@), as
verifyproblem, BAPCtools and DOMjudge judge them: the time limit comes from problem.yaml or
from the accepted submissions, and the groups are graded by the package's grader.

- Where problem.yaml sets no time limit, the submissions that bound it from below run first
  (legacy: accepted/; 2023-07 and 2025-09: each whose rule permits no TLE, on the cases that
  rule holds for), under problemtools' bound while none is known (300 s). The limit is the
  slowest case's CPU time times time_multiplier (ac_to_time_limit), rounded up to a whole
  second (judge.packages.derived_limit). Their cases are not run again.
- Then every submission runs under the limit times time_safety_margin; a case over the limit
  is TLE at the limit, and the JSON report says it so. A submission that meets its
  expectation only with the margin is ok "with extra time", as problemtools says it. A
  case where a TLE would meet the expectation and leave no case to run runs to the limit
  alone (Table.cut): the judges have the verdict there.
- Cases run one at a time, in order: those the grader needs (a group stops at its first
  failure where its on_reject says break), then those a rule still undecided needs
  (judge.expectations.undecided), and no more. A Table says which case is still wanted; the
  runner's one executor (judge.cli) runs them.
- A submission with no expectation that can be read, or whose submissions.json names a
  language or entry point other than the one the runner finds, is not judged, and its row
  says why. submissions.yaml's language and entry point are those it is built by.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable, Iterable, Iterator, Mapping, MutableMapping, Sequence

from .console import say
from .expectations import (
    Expectation,
    Expectations,
    Got,
    Unread,
    consistent,
    sorted_labels,
    undecided,
    unmet,
)
from .grading import CaseResult, Graded, grade, score_text
from .model import Case, Command, Judgement, Result, Verdict
from .packages import (
    Package,
    Skipped,
    Unbuilt,
    derived_limit,
    program_command,
    source_of,
)
from .process.watch import BACKSTOP
from .report import Checked
from .text import printable
from .verdicts import at_limit, kattis_name, time_judged

SHOWN_DETAILS = 6  # the lines shown under a submission not ok, of its first failed case
SHOWN_UNMET = 3  # the expectations not met shown under it
CUT_PAST = 0.001  # seconds: the least a run cut at the time limit is over it by


@dataclass(frozen=True)
class Submission:
    """A submission: its name (FOLDER/NAME), what is expected of it (None: nothing that can
    be read), and its command, or None and why it has none: built is False where it is not
    judged (skipped), True where it does not build (CE)."""

    label: str
    expected: Expectation | None
    command: Command | None
    why: str | None = None
    built: bool | None = None

    @property
    def accepted(self) -> bool:
        """Whether it bounds the time limit from below: it runs first where none is known."""
        return self.expected is not None and self.expected.timing


@dataclass(frozen=True)
class Verdicts:
    """One submission judged: its verdict and score at the time limit, the same with the
    margin, its slowest CPU (or wall) time, its first failed case, (name, Judgement), or None;
    what it got at the limit and with the margin, as its expectation is checked; and its cases
    judged, by name."""

    verdict: str
    score: float | None
    high: str
    high_score: float | None
    slowest: float
    deciding: tuple[str, Judgement] | None
    low_got: Got | None = None
    high_got: Got | None = None
    judged: Mapping[str, Result] = field(default_factory=dict)


@dataclass(frozen=True)
class Building:
    """How the submissions are built: the Python that runs a .py, bwrap's path to build in a
    sandbox (None: as the user), the folders it hides, where builds go (None: the runner's own
    build/), and whether a program's language is found as DOMjudge reads its endings (.pl:
    Perl, where the format's table says Prolog)."""

    python: str
    sandbox: str | None = None
    hidden: tuple[str, ...] = ()
    builds: Path | None = None
    domjudge: bool = False


def find_submissions(
    package: Package, how: Building, accepted_only: bool = False
) -> list[Submission]:
    """Every submission under the package's submissions/, the accepted ones first (with
    accepted_only, they alone), each built as how says; those not judged, with why. A
    UsageError, one line, where submissions.yaml or submissions.json cannot be read."""
    known = Expectations(package)
    how = replace(how, domjudge=package.data.config.get("judged_as") == "domjudge")
    found = []
    for label, path in submission_paths(package.folder / "submissions"):
        if "/" not in label and not accepted_only:  # a file beside the folders
            why = "not in a folder of submissions/, where the format wants each one"
            found.append(Submission(label, None, None, why, False))
        if "/" not in label:
            continue
        try:
            expected = known.of(label, path)
        except Unread as error:
            if not accepted_only:
                found.append(Submission(label, None, None, str(error), False))
            continue
        if expected.timing or not accepted_only:
            found.append(built_submission(path, label, expected, how))
    return [s for s in found if s.accepted] + [s for s in found if not s.accepted]


def expectation_warnings(package: Package) -> list[str]:
    """What the package's expectations warn of (a submissions.yaml not read)."""
    return Expectations(package).warnings


def submission_paths(folder: Path) -> Iterator[tuple[str, Path]]:
    """Each submission's label (FOLDER/NAME) and path, in the order judged: a file or folder in
    a folder of submissions/ (a file beside them is not one: it is refused when judged)."""
    found = {}
    for name in sorted(os.listdir(folder)) if folder.is_dir() else []:
        path = folder / name
        if name.startswith(".") or name == "submissions.yaml":
            continue
        if not path.is_dir():
            found[name] = path
            continue
        for each in (n for n in sorted(os.listdir(path)) if not n.startswith(".")):
            found[f"{name}/{each}"] = path / each
    for label in sorted_labels(found):
        yield label, found[label]


def built_submission(path: Path, label: str, expected: Expectation, how: Building) -> Submission:
    """The Submission of the program at path, built (in the language and from the entry point
    submissions.yaml names, if it does): its command, or why it has none."""
    if expected.checked != (None, None):
        try:
            why = consistent(expected, source_of(path, how.domjudge))
        except (Skipped, Unbuilt) as error:
            why = f"it names its language or entry point, and the runner finds none: {error}"
        if why is not None:
            return Submission(label, expected, None, why, False)
    named = (expected.language, expected.entrypoint)
    try:
        command = program_command(
            path, how.python, how.sandbox, how.hidden, how.builds, *named, domjudge=how.domjudge
        )
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
    submission's label): which case is still wanted, each submission's Verdicts at limit (and
    with the margin its cases ran under) once it needs no more, and its row said then, with
    width (None: not said). timing: the run that finds the time limit, where each submission
    runs the cases that bound it (Expectation.times), every one. before: what such a run
    checked, whose cases are not run again."""

    def __init__(
        self,
        package: Package,
        submissions: Sequence[Submission],
        limit: float,
        width: int | None = None,
        timing: bool = False,
        before: Iterable[tuple[Checked, Verdicts | None]] = (),
    ) -> None:
        self.package, self.limit, self.width, self.timing = package, limit, width, timing
        self.submissions = list(submissions)
        self.judged: dict[str, dict[str, Result]] = {s.label: {} for s in submissions}
        high, ran = limit * package.margin, "timed with no time limit known"
        for checked, verdicts in before:  # judged again at the limit with the margin
            if verdicts is not None and checked.name in self.judged:
                for name, result in verdicts.judged.items():
                    self.judged[checked.name][name] = judged_again(result, high, ran)
        self.checked: dict[str, tuple[Checked, Verdicts | None]] = {}

    def wants(self, case: Case) -> bool:
        """Whether the case is still needed: asked in order, just before it would run."""
        self.close_before(case.problem)
        if case.problem in self.checked:
            return False
        return self.next_needed(case.problem) == case.name

    def cut(self, case: Case) -> float | None:
        """The time limit a wanted case runs under in place of the margin's: the limit itself
        where a TLE there would meet its submission's expectation at the limit and leave no
        case to run, as the judges then have their verdict (the margin could only say what a
        submission that meets its expectation got with extra time); else None."""
        each = next(s for s in self.submissions if s.label == case.problem)
        if each.expected is None or self.package.margin <= 1:
            return None
        judged = self.judged[case.problem]
        over = self.limit + CUT_PAST  # what a run cut at the limit gives
        tle = Judgement(Verdict.TLE, over, over, None, False, (), reason="cpu-limit")
        self.judged[case.problem] = {**judged, case.name: Result.of(case, tle)}
        try:
            if self.next_needed(case.problem) is not None:
                return None
            low = check(self.package, self.judged[case.problem], self.limit).low_got
        finally:
            self.judged[case.problem] = judged
        return self.limit if low is not None and not unmet(each.expected, low) else None

    def add(self, result: Result) -> None:
        """Note a case's result (its judgemessage.txt only where a rule looks in it)."""
        label = result.case.problem
        expected = next(s.expected for s in self.submissions if s.label == label)
        asks = expected is not None and any(r.message is not None for r in expected.rules)
        if result.judgemessage is not None and not asks:
            result = replace(result, judgemessage=None)
        self.judged[label][result.case.name] = result
        if self.next_needed(label) is None:
            self.close(label)

    def finish(self) -> list[tuple[Checked, Verdicts | None]]:
        """Each submission checked, in order, with its Verdicts (None: it ran no case)."""
        self.close_before(None)
        return [self.checked[s.label] for s in self.submissions]

    def next_needed(self, label: str) -> str | None:
        """The case wanted next: the one the grader asks for, at the limit or with the margin,
        then the first a rule still undecided needs (timing: the first that bounds the time
        limit not run); None once all that is needed is known."""
        judged = self.judged[label]
        expected = next(s.expected for s in self.submissions if s.label == label)
        if self.timing and expected is not None and expected.rules:
            wanted = (c.name for c in self.package.cases if expected.times(c.name))
            return next((name for name in wanted if name not in judged), None)
        for result_of in (high_of(judged), low_of(judged, self.limit)):
            try:
                grade(self.package.data, result_of)
            except Asked as asked:
                return asked.name
        if expected is None or not judged:
            return None
        verdicts = check(self.package, judged, self.limit)
        low, high = verdicts.low_got, verdicts.high_got
        assert low is not None and high is not None
        needed = undecided(expected, high) if unmet(expected, low) else undecided(expected, low)
        return needed[0] if needed else None

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
        verdicts = None
        if self.timing and judged and each.expected is not None and each.expected.rules:
            verdicts = timed_only(judged)  # not graded: the run of every submission checks it
        elif judged:
            verdicts = check(self.package, judged, self.limit)
        checked = checked_of(self.package, each, verdicts, self.limit)
        self.checked[label] = (checked, verdicts)
        if self.width is not None:
            say(row(each, verdicts, self.width))


def timed_only(judged: Mapping[str, Result]) -> Verdicts:
    """The Verdicts of a submission run on the cases that bound the time limit, not all the
    grader needs: its slowest time and its cases, to be checked with the others'."""
    slowest = max(time_judged(j) for j in judged.values())
    return Verdicts("", None, "", None, slowest, None, judged=dict(judged))


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


def check(package: Package, judged: Mapping[str, Result], limit: float) -> Verdicts:
    """The Verdicts of a submission's cases judged: graded at the limit and with the margin."""
    high, low = (
        got_of(package, judged, high_of(judged)),
        got_of(package, judged, low_of(judged, limit)),
    )
    times = [time_judged(j) for j in judged.values()]
    failed = [(n, j) for n, j in judged.items() if j.verdict != "AC"]
    slowest, deciding = max(times, default=0.0), (failed[0] if failed else None)
    return Verdicts(
        low.final, low.score, high.final, high.score, slowest, deciding, low, high, dict(judged)
    )


def got_of(
    package: Package, judged: Mapping[str, Judgement], result_of: Callable[[str], CaseResult]
) -> Got:
    """What a submission got, graded by result_of: the verdict and score of the whole and of
    each group, each case's verdict of those run (Kattis's name), and the judgemessage.txt of
    each whose verdict there is the one its validator gave."""
    graded = grade(package.data, asked_of(result_of, {}))
    top = graded[-1] if graded else Graded("", "AC", 0.0)
    silent = frozenset(name for name, one in judged.items() if one.silent)
    cases = tuple(case.name for case in package.cases)
    verdicts, messages = {}, {}
    for name in (name for name in cases if name in judged):
        verdict, _ = result_of(name)
        verdicts[name] = kattis_name(verdict)
        message = judged[name].judgemessage
        if message is not None and verdict == judged[name].verdict:
            messages[name] = message
    interactive = package.profile.mode.interactive
    score = top.score if package.scoring else None
    return Got(top.verdict, score, verdicts, tuple(graded), silent, cases, interactive, messages)


def asked_of(
    result_of: Callable[[str], CaseResult], asked: MutableMapping[str, str]
) -> Callable[[str], CaseResult]:
    """result_of, that notes in asked each case's verdict (Kattis's name) as it is asked."""

    def noted(name: str) -> CaseResult:
        verdict, score = result_of(name)
        asked[name] = kattis_name(verdict)
        return verdict, score

    return noted


def at_the_limit(result: Result, limit: float) -> Result:
    """A case's Result as the report says it: judged again at the time limit where it ran
    with the safety margin (over the limit: TLE, whatever it got with the margin), and without
    its judgemessage.txt, which is kept only to check a rule."""
    return judged_again(replace(result, judgemessage=None), limit, "with the safety margin")


def judged_again(result: Result, limit: float, ran: str) -> Result:
    """A case's Result judged again under a lower time limit than the one it ran under (ran:
    which, in words): over it, TLE, and the first of its details says so."""
    verdict = at_limit(result, limit)
    if verdict == result.verdict:
        return result
    if verdict != Verdict.TLE:  # MLE within the limit
        return replace(result, verdict=verdict, reason="memory-peak")
    by_cpu = result.cpu is not None and result.cpu > limit
    reason = (
        "cpu-limit" if by_cpu else "wall-backstop" if result.cpu is not None else "wall-unmeasured"
    )
    used = (
        f"CPU time {result.cpu:.3f} s"
        if by_cpu and result.cpu is not None
        else f"wall time {result.wall:.3f} s"
    )
    where = f"the {limit:g} s time limit" if by_cpu else f"{BACKSTOP:g}x the {limit:g} s time limit"
    said = f"{used}, past {where}; {ran} it got {result.verdict.value}"
    return replace(result, verdict=verdict, reason=reason, details=(said, *result.details))


def checked_of(
    package: Package, each: Submission, verdicts: Verdicts | None, limit: float
) -> Checked:
    """What --json says of a submission: its outcome, and its cases under the package's name,
    in its order, each as judged at the time limit."""
    judged = verdicts.judged if verdicts is not None else {}
    results = [judged[case.name] for case in package.cases if case.name in judged]
    shown = tuple(
        replace(at_the_limit(r, limit), case=replace(r.case, problem=package.name)) for r in results
    )
    expected = each.expected
    said = expected.said if expected is not None else None
    by = expected.by if expected is not None else None
    if expected is None or (verdicts is None and not each.built):  # not judged
        return Checked(each.label, said, None, None, False, None, each.why, (), by)
    if verdicts is None:  # it did not build
        lines = tuple(unmet(expected, built_not(package)))
        return Checked(each.label, said, "CE", not lines, False, None, each.why, (), by, lines)
    ok, lines = outcome(each, verdicts)[2:]
    extra, score = ok == "ok with extra time", verdicts.score
    return Checked(
        each.label, said, verdicts.verdict, ok != "NO", extra, score, None, shown, by, lines
    )


def built_not(package: Package) -> Got:
    """What a submission that did not build got: CE, and no case."""
    cases = tuple(case.name for case in package.cases)
    return Got("CE", None, cases=cases, interactive=package.profile.mode.interactive)


def outcome(submission: Submission, verdicts: Verdicts) -> tuple[str, str, str, tuple[str, ...]]:
    """The table's cells after the name: expected, got, ok (and how); and what of its
    expectation it did not get, at the limit where it is not ok."""
    expected = submission.expected
    assert expected is not None, "a submission judged has an expectation"
    low = verdicts.low_got or Got(verdicts.verdict, verdicts.score)
    high = verdicts.high_got or Got(verdicts.high, verdicts.high_score)
    lines = unmet(expected, low)
    if not lines:
        ok = "ok"
    elif not unmet(expected, high):
        ok, lines = "ok with extra time", []
    else:
        ok = "NO"
    return expected.said, verdicts.verdict, ok, tuple(lines)


def header(width: int) -> str:
    """The table's first line."""
    return f"{'submission':<{width}}  expected  got       ok"


def time_line(package: Package, limit: float, slowest: float | None, margin: bool = True) -> str:
    """The line that says where the time limit comes from (slowest None: problem.yaml), and
    with margin the limit that gives."""
    high = limit * package.margin
    newer = package.data.config.get("format", "legacy") != "legacy"
    key = "time_limit_to_tle" if newer else "time_safety_margin"
    said = f"; the safety margin {package.margin:g} ({key}) gives {high:g} s"
    said = said if margin else ""
    if slowest is None and package.data.config.get("judged_as") == "domjudge":
        return f"{package.name}: time limit {limit:g} s, as DOMjudge reads it; no safety margin"
    if slowest is None:
        return f"{package.name}: time limit {limit:g} s, problem.yaml's{said}"
    if newer:
        return (
            f"{package.name}: time limit {limit:g} s: the slowest case of the submissions that"
            f" bound it from below used {slowest:.3f} s of CPU, times {package.multiplier:g}"
            f" (ac_to_time_limit), rounded up to a multiple of {package.resolution:g} s{said}"
        )
    return (
        f"{package.name}: time limit {limit:g} s: the slowest accepted submission used"
        f" {slowest:.3f} s of CPU, times {package.multiplier:g} (time_multiplier), rounded up"
        f" to a multiple of {package.resolution:g} s as problemtools rounds{said}"
    )


def accepted_limit(
    package: Package, timed: Iterable[tuple[Checked, Verdicts | None]], margin: bool = True
) -> tuple[float, str]:
    """(the time limit, the line that says how it was found) from the submissions that bound
    it from below, run on the cases that do under the bound while none is known."""
    slowest = max(verdicts.slowest for _, verdicts in timed if verdicts is not None)
    limit = derived_limit(slowest, package.multiplier, package.resolution)
    return limit, time_line(package, limit, slowest, margin)


def row(submission: Submission, verdicts: Verdicts | None, width: int) -> str:
    """A submission's row (and why, under one not ok, or one that ran no case)."""
    if verdicts is None:
        return unrun(submission, width)
    expected, got, ok, lines = outcome(submission, verdicts)
    if verdicts.score is not None and got == "AC":
        got = f"AC {score_text(verdicts.score)}"
    line = f"{printable(submission.label):<{width}}  {printable(expected):<8}  {got:<8}  {ok}"
    shown = [line + f"  (slowest case {verdicts.slowest * 1000:.0f} ms)"]
    shown += ["    " + printable(text) for text in lines[:SHOWN_UNMET]]
    if ok == "NO" and verdicts.deciding:
        name, judged = verdicts.deciding
        shown.append(f"    {printable(name)}: {kattis_name(judged.verdict)}")
        shown += ["      " + printable(detail) for detail in judged.details[:SHOWN_DETAILS]]
    return "\n".join(shown)


def unrun(submission: Submission, width: int) -> str:
    """The row of a submission that did not run: not judged, or CE."""
    label, why = printable(submission.label), printable(submission.why or "")
    if submission.expected is None or not submission.built:
        return f"{label:<{width}}  skipped: {why}"
    expected = printable(submission.expected.said)
    lines = unmet(submission.expected, Got("CE", None))
    ok = "NO" if lines else "ok"
    return f"{label:<{width}}  {expected:<8}  {'CE':<8}  {ok}\n    {why}"


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
        judge = "DOMjudge" if package.data.config.get("judged_as") == "domjudge" else "Kattis"
        lines.append(f"== {printable(package.name)}: {judge}'s verdict {top.verdict}{score}")
    return lines, (graded[-1].score if graded and package.scoring else None)
