"""The report of a run: a line per case and a summary per problem on stdout, as results come,
and the JSON file of --json (docs/report.schema.json), both made from the same Results; and
the JSON file of a package's submissions checked (--submissions)."""

from __future__ import annotations

import contextlib
import json
import math
import os
import shlex
import stat
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Dict, Iterable, Mapping, Sequence

from .console import say
from .model import EXTENDED_NOTE, PASSING, Case, Profile, Result, UsageError, Verdict
from .platform import FRONT_DOOR
from .process.watch import BACKSTOP
from .progress import Progress
from .text import as_text, printable

if TYPE_CHECKING:
    from .validation import Validated, Validation

REPORT_VERSION = 1  # of the JSON report; it changes when a field changes meaning or goes
LINE = "{} {:<{}} {:>6} ms CPU {:>6} ms wall {:>7} MiB"  # verdict, case, CPU, wall, peak
FAILED_SHOWN = 10  # failed cases named at the end of a run, then how many more
COLOURS = {"AC": "32", "PE": "33", "--": "2", "slow": "33"}  # anything else is red: "31"
JSON_CASE = ("problem", "case", "judge_case", "verdict", "cpu_ms", "wall_ms", "peak_mib", "slow")
Data = Dict[str, Any]  # a JSON object, as json.dumps takes it


@dataclass(frozen=True)
class RunInfo:
    """What the JSON report says of the run besides its cases: the interpreter (None with
    --command), the command as given, --judge-only, the process path, the output limit in
    MiB, and each problem's profile by name."""

    python: str | None
    command: str | None
    judge_only: bool
    path: str
    ole_mib: float
    profiles: Mapping[str, Profile]


@dataclass(frozen=True)
class Checked:
    """A package's submission checked, as the JSON report says it: its name (FOLDER/NAME),
    what is expected of it, short (None: nothing that can be read), the verdict it got by
    Kattis's name (CE: it did not build; None: not judged), whether it met its expectation
    (None: not judged), whether only with the safety margin, its score (None: unscored), why
    it ran no case (else None), the Results of its cases run, who says what is expected
    ("folder", "submissions.yaml", "@EXPECTED_RESULTS@"), and what of it was not met."""

    name: str
    expected: str | None
    got: str | None
    ok: bool | None
    extra_time: bool
    score: float | None
    why: str | None
    results: tuple[Result, ...]
    expected_by: str | None = None
    unmet: tuple[str, ...] = ()


def rerun(argv: Sequence[str], failed: Sequence[Result]) -> str:
    """The runner's command line with its -k words replaced by the failed cases' names."""
    kept, skip = [], False
    for word in argv:
        if skip or word == "-k":
            skip = not skip
            continue
        if not word.startswith("-k"):
            kept.append(word)
    names = dict.fromkeys(result.case.name for result in failed)
    words = [*FRONT_DOOR, *kept] + [w for name in names for w in ("-k", name)]
    return " ".join(shlex.quote(printable(word)) for word in words)


def label(case: Case) -> str:
    return printable(case.problem + "/" + case.name)


def ms(seconds: float | None) -> str:
    return "?" if seconds is None else f"{seconds * 1000:.0f}"


def result_lines(result: Result) -> list[str]:
    """The lines under a case's line: the extended note (on a case that ran), the details, the
    short input."""
    lines = list(result.details)
    if result.input_lines:
        lines += ["input:", *result.input_lines]
    if lines and result.ran and result.case.judge_case is False:
        lines.insert(0, EXTENDED_NOTE)
    return lines


class Report:
    """Prints each result in case order, and a summary after each problem."""

    def __init__(
        self,
        cases: Sequence[Case],
        profiles: Mapping[str, Profile],
        colour: bool,
        progress: Progress | None = None,
    ) -> None:
        self.profiles, self.colour = profiles, colour
        self.progress = progress or Progress(len(cases), delay=math.inf)  # never shown
        self.width = min(max(len(label(case)) for case in cases), 48)
        self.left = Counter(case.problem for case in cases)  # each problem's cases to come
        self.results: list[Result] = []

    def paint(self, text: str, key: str) -> str:
        return "\033[{}m{}\033[0m".format(COLOURS.get(key, "31"), text) if self.colour else text

    def add(self, result: Result) -> None:
        self.results.append(result)
        peak = "?" if result.peak_mib is None else f"{result.peak_mib:.1f}"
        cells = label(result.case), self.width, ms(result.cpu), ms(result.wall), peak
        line = LINE.format(self.paint(f"{result.verdict:<3}", result.verdict), *cells)
        if result.score is not None:
            line += f" score {result.score:.6g}"
        if result.slow:
            line += " " + self.paint("slow", "slow")
        lines = [line] + ["    " + printable(detail) for detail in result_lines(result)]
        problem = result.case.problem
        self.left[problem] -= 1
        if not self.left[problem]:
            done = [r for r in self.results if r.case.problem == problem]
            lines.append(summary(problem, self.profiles[problem], done))
        self.progress.clear()
        say("\n".join(lines))
        self.progress.step(result.verdict not in PASSING)

    def failures(self, argv: Sequence[str], shown: int = FAILED_SHOWN) -> list[str]:
        """The lines that close a run with failures: the first failed cases by name, then how
        many more, and the command that judges only them (argv: the runner's own words)."""
        failed = [result for result in self.results if result.verdict not in PASSING]
        if not failed:
            return []
        names = ", ".join(f"{label(r.case)} ({r.verdict})" for r in failed[:shown])
        more = f", and {len(failed) - shown} more" if len(failed) > shown else ""
        return [f"failed: {names}{more}", "again, only those: " + rerun(argv, failed)]

    def counts(self) -> tuple[int, int]:
        """(passed, failed): AC, and every verdict but AC and --."""
        passed = sum(result.verdict == "AC" for result in self.results)
        return passed, sum(result.verdict not in PASSING for result in self.results)


def summary(problem: str, profile: Profile, results: Sequence[Result]) -> str:
    """The line that closes a problem's cases."""
    counts = Counter(result.verdict for result in results)
    failures = sorted((verdict, n) for verdict, n in counts.items() if verdict not in PASSING)
    mode = printable(profile.mode.text)
    limits = f"{profile.time_limit:g} s CPU, {profile.memory_limit:g} MiB, {mode}"
    if profile.output_limit is not None:
        limits += f", {profile.output_limit:g} MiB output"
    judge_name = printable(profile.judge_name or "no Judge: line")
    text = f"== {printable(problem)} ({judge_name}: {limits}): "
    text += f"{counts[Verdict.AC]} passed, {sum(n for _, n in failures)} failed"
    if failures:
        text += " (" + ", ".join(f"{n} {verdict}" for verdict, n in failures) + ")"
    if counts[Verdict.UNCHECKED]:
        text += f", {counts[Verdict.UNCHECKED]} not checked (no .out)"
    scores = [result.score for result in results if result.score is not None]
    if scores:
        text += f"; score {sum(scores):.6g}, its cases' summed"
    if any(result.case.judge_case is not None for result in results):  # it names judge cases
        for kind, judge in (("judge cases", True), ("extended", False)):
            ran = [result for result in results if result.case.judge_case == judge]
            text += "; " if judge else ", "
            text += f"{kind} {counted(ran)}" if ran else f"no {kind}"
    return text + figures(results)


def counted(results: Sequence[Result]) -> str:
    """How many passed of how many: a case with no .out is not checked, never passed."""
    passed = sum(result.verdict == "AC" for result in results)
    unchecked = sum(result.verdict == "--" for result in results)
    return f"{passed} of {len(results)} passed" + (
        f", {unchecked} not checked" if unchecked else ""
    )


def figures(results: Sequence[Result]) -> str:
    """The slowest case's times and the highest peak, and what is not measured here."""
    ran = [result for result in results if result.ran and result.verdict != "IE"]
    if not ran:  # nothing ran: no figures to give
        return ""
    cpus = [result.cpu for result in ran if result.cpu is not None]
    peaks = [result.peak_mib for result in ran if result.peak_mib is not None]
    slowest = ms(max(result.wall for result in ran))
    text = f"; slowest {ms(max(cpus, default=None))} ms CPU, {slowest} ms wall"
    if peaks:
        text += f", peak {max(peaks):.1f} MiB"
    if len(cpus) < len(ran):
        text += "; CPU time not measured here: TLE judged by wall time"
    if len(peaks) < len(ran):
        text += "; memory not measured here: MLE not judged"
    return text


def clear_report(path: str) -> None:
    """Check that path can take a report (a FIFO would hang), and remove an earlier one."""
    if not path:
        raise UsageError("--json needs a file name")
    with contextlib.suppress(OSError):
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise UsageError(f"--json {path}: cannot write it: not a regular file")
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT))  # can it be written, or made?
    except OSError as error:
        raise UsageError(f"--json {path}: cannot write it: {error.strerror or error}") from None
    with contextlib.suppress(OSError):
        os.remove(path)


def rounded(value: float | None, scale: float = 1) -> float | None:
    return None if value is None else round(value * scale, 1)


def report_data(
    info: RunInfo,
    results: Sequence[Result],
    passed: int,
    failed: int,
    scores: Mapping[str, float | None] | None = None,
) -> Data:
    """The JSON report as data; scores: a problem's score by name where its judge gives one
    (a Kattis package's grader), else its cases' summed, where they have scores."""
    given = dict(scores or {})
    for result in results:
        if result.score is not None and result.case.problem not in given:
            summed = [r.score for r in results if r.case.problem == result.case.problem]
            given[result.case.problem] = sum(score for score in summed if score is not None)
    python = info.python and as_text(info.python)
    command = info.command and as_text(info.command)
    data: Data = {"version": REPORT_VERSION, "python": python, "command": command}
    data.update(judge_only=info.judge_only, path=info.path, ole_mib=info.ole_mib)
    data.update(wall_backstop=BACKSTOP, problems=problems_data(info.profiles, given))
    data.update(passed=passed, failed=failed, cases=[case_data(result) for result in results])
    return data


def problems_data(profiles: Mapping[str, Profile], scores: Mapping[str, float | None]) -> Data:
    """Each problem's profile as the JSON report says it, and its score where it has one."""
    problems: Data = {}
    for name, profile in profiles.items():
        limits = profile.time_limit, profile.memory_limit, profile.mode.text, profile.other_limit
        keys = "judge", "time_limit_s", "memory_limit_mib", "compare", "other_limit"
        problems[as_text(name)] = dict(zip(keys, (profile.judge_name, *limits)))
        if profile.output_limit is not None:
            problems[as_text(name)]["output_limit_mib"] = profile.output_limit
        if scores.get(name) is not None:
            problems[as_text(name)]["score"] = scores[name]
    return problems


def case_data(result: Result) -> Data:
    """A case's record in the JSON report."""
    case, cpu, wall = result.case, rounded(result.cpu, 1000), rounded(result.wall, 1000)
    values = (as_text(case.problem), as_text(case.name), case.judge_case, result.verdict, cpu, wall)
    data: Data = dict(zip(JSON_CASE, (*values, rounded(result.peak_mib), result.slow)))
    data.update(reason=result.reason, details=result_lines(result))
    if result.score is not None:
        data["score"] = result.score
    return data


def submissions_data(info: RunInfo, checked: Iterable[Checked], margin: float) -> Data:
    """The JSON report of a package's submissions checked (--submissions): the run, the
    package's profile at its time limit, the safety margin, how many got what their folder
    says, how many did not, how many were skipped, and each submission with its cases."""
    records = [submission_data(one) for one in checked]
    oks = [record["ok"] for record in records]
    data: Data = {"version": REPORT_VERSION, "python": info.python and as_text(info.python)}
    data.update(path=info.path, wall_backstop=BACKSTOP, problems=problems_data(info.profiles, {}))
    data.update(safety_margin=margin, passed=oks.count(True), failed=oks.count(False))
    data.update(skipped=oks.count(None), submissions=records)
    return data


def submission_data(checked: Checked) -> Data:
    """A submission's record in the JSON report of --submissions."""
    data: Data = {"submission": as_text(checked.name), "expected": checked.expected}
    data.update(expected_by=checked.expected_by, got=checked.got, ok=checked.ok)
    data.update(extra_time=checked.extra_time, unmet=list(checked.unmet))
    if checked.score is not None:
        data["score"] = checked.score
    if checked.why is not None:
        data["why"] = as_text(checked.why)
    data["cases"] = [case_data(result) for result in checked.results]
    return data


def validation_data(info: RunInfo, validation: Validation, validated: Sequence[Validated]) -> Data:
    """The JSON report of a package's validators run on its cases (--validate): the run, the
    validators' limits, each validator (and why it was skipped), how many cases are valid
    and how many not, and each case with each validator's verdict."""
    profile = validation.profile
    data: Data = {"version": REPORT_VERSION, "python": info.python and as_text(info.python)}
    data.update(path=info.path, wall_backstop=BACKSTOP)
    limits = profile.time_limit, profile.memory_limit, profile.output_limit
    data["limits"] = dict(zip(("time_limit_s", "memory_limit_mib", "output_limit_mib"), limits))
    data["validators"] = [
        {"validator": as_text(v.name), "kind": v.kind, "skipped": v.skipped and as_text(v.skipped)}
        for v in validation.validators
    ]
    words = [case.word for case in validated]
    data.update(valid=words.count("valid"), invalid=len(words) - words.count("valid"))
    data["unexpected"] = sum(not case.ok for case in validated)
    data["cases"] = [
        {
            "case": as_text(case.name),
            "result": case.word,
            "expected": case.expected,
            "validators": [checked_data(validation, result) for result in case.results],
        }
        for case in validated
    ]
    return data


def checked_data(validation: Validation, result: Result) -> Data:
    """A validator's record on a case in the JSON report of --validate."""
    check = validation.checks[result.case.problem]
    data: Data = {"validator": as_text(check.validator.name), "kind": check.validator.kind}
    data.update(args=[as_text(word) for word in check.args], verdict=result.verdict)
    data.update(reason=result.reason, cpu_ms=rounded(result.cpu, 1000))
    data.update(wall_ms=rounded(result.wall, 1000), peak_mib=rounded(result.peak_mib))
    data["details"] = list(result.details)
    return data


def write_json(path: str, data: Data) -> None:
    """The report written whole, or not at all: a temporary file renamed into place."""
    text = json.dumps(data, indent=2, allow_nan=False) + "\n"
    temporary = f"{path}.{os.getpid()}.tmp"
    try:
        with open(temporary, "w", encoding="utf-8") as file:
            file.write(text)
        os.replace(temporary, path)
    finally:
        with contextlib.suppress(OSError):
            os.remove(temporary)
