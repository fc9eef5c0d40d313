"""A legacy package read as DOMjudge reads it (`--package DIR --as domjudge`), where that
differs from problemtools' reading (judge.packages). DOMjudge's importer
(webapp/src/Service/ImportProblemService.php), its judgedaemon and runguard are the model:

- Limits: the time limit is problem.yaml's limits.time_limit, else domjudge-problem.ini's
  timelimit, else the .timelimit file's, else 10 s. It is never derived from the accepted
  submissions, and no safety margin is given. A .timelimit that differs from problem.yaml's
  refuses the package, as DOMjudge refuses its import. Memory: limits.memory, else 2048 MiB
  (DOMjudge's memory_limit); output: limits.output, else 8 MiB (its output_limit).
- Wall time: a case is killed, TLE, at the time limit plus its overshoot, the larger of 1 s
  and 10% of it (DOMjudge's default timelimit_overshoot, 1s|10%), the wall-time limit the
  judgedaemon gives runguard: a program that sleeps is TLE there, not at the runner's
  backstop (Profile.wall_overshoot).
- Judgehost: with --sandbox, a case runs as on a judgehost (Profile.judgehost): pinned to one
  CPU, and with the chroot's /etc/root-permission-test.txt, which it cannot read
  (judge.process.sandbox).
- Output: a stdout past the output limit is cut there and the program runs on (Bounds.runs_on
  in judge.verdicts): one that floods it for ever is TLE, one that writes past it and exits 0
  is OLE.
- A validator's score.txt counts on a wrong answer too (Protocol.rejects_scored).
- Groups: a group is a folder with its own testdata.yaml, and its parent is the group of the
  folder just above it, if that folder is one. data/testdata.yaml's group is the whole; a
  scoring problem wants it. Each group keeps its own keys (accept_score, grader_flags,
  on_reject): none is inherited. judge.grading grades them (grade_domjudge).
- Cases run in DOMjudge's order: data/sample's, then data/secret's, each by its path.
"""

from __future__ import annotations

import configparser
import copy
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Iterator, Mapping

from .model import UsageError
from .modes import Judged, Mode
from .packages import GROUPS, Group, Package, number_of, read_yaml, text_of
from .text import printable
from .verdicts import KATTIS_CODES

TIME_LIMIT = 10.0  # DOMjudge's time limit where the package gives none
MEMORY_MIB = 2048.0  # its memory_limit (2097152 kB)
OUTPUT_MIB = 8.0  # its output_limit (8192 kB)
OVERSHOOT = (1.0, 0.1)  # its timelimit_overshoot, 1s|10%: the larger of 1 s and 10% of the limit
AGGREGATIONS = ("sum", "avg", "min", "max")


@dataclass(frozen=True)
class DomGroup:
    """A group as DOMjudge makes it: its path under data/ ("" for data/ itself), its own
    accept_score (None: none), aggregation (sum, avg, min, max), ignore_sample and on_reject:
    continue, its child groups by name, and its own cases (those of its folder) by name."""

    path: str
    accept_score: float | None
    aggregation: str
    ignore_sample: bool
    goes_on: bool
    children: tuple[DomGroup, ...]
    cases: tuple[str, ...]


def judged_as(package: Package, reading: str) -> Package:
    """The package as reading ("kattis" or "domjudge") judges it."""
    if reading != "domjudge":
        return package
    limits = domjudge_limits(package.folder)
    if package.scoring and domjudge_groups(package.data) is None:
        raise UsageError(
            f"{package.folder / 'data'}: DOMjudge grades a scoring problem by the group of"
            " data/testdata.yaml, and there is none"
        )
    name = (package.profile.judge_name or "").replace("Kattis", "DOMjudge", 1) or None
    profile = replace(
        package.profile,
        judge_name=name,
        time_limit=limits[0],
        memory_limit=limits[1],
        output_limit=limits[2],
        output_runs_on=True,
        mode=scored_on_reject(package.profile.mode),
        wall_overshoot=OVERSHOOT,
        judgehost=True,
    )
    modes = {name: scored_on_reject(mode) for name, mode in package.modes.items()}
    data = replace(package.data, config={**package.data.config, "judged_as": "domjudge"})
    order = {name: index for index, name in enumerate(rank_order(package.data))}
    cases = tuple(sorted(package.cases, key=lambda case: order.get(case.name, len(order))))
    return replace(
        package,
        time_limit=limits[0],
        profile=profile,
        modes=modes,
        data=data,
        cases=cases,
        margin=1.0,
    )


def scored_on_reject(mode: Mode) -> Mode:
    """A Kattis validator's mode, its score.txt read on a wrong answer too; another as it is."""
    if not isinstance(mode, Judged) or dict(mode.protocol.codes) != KATTIS_CODES:
        return mode
    scored = copy.copy(mode)
    scored.protocol = replace(mode.protocol, rejects_scored=True)
    return scored


def domjudge_limits(folder: Path) -> tuple[float, float, float]:
    """The time limit (s), memory limit and output limit (MiB) DOMjudge reads of the package
    in folder; a UsageError, one line, where one cannot be read or two disagree."""
    where = printable(str(folder / "problem.yaml"))
    config = read_yaml(folder / "problem.yaml")
    limits = config.get("limits")
    limits = limits if isinstance(limits, dict) else {}
    said = folder / ".timelimit"
    from_file = file_time_limit(said)
    time_limit = ini_time_limit(folder / "domjudge-problem.ini")
    time_limit = time_limit if time_limit is not None else from_file
    if limits.get("time_limit") is not None:
        time_limit = number_of(limits, "time_limit", TIME_LIMIT, f"{where} limits")
    time_limit = TIME_LIMIT if time_limit is None else time_limit
    if from_file is not None and abs(time_limit - from_file) > 1e-9:
        raise UsageError(
            f"{printable(str(said))} says {from_file:g} s, and the time limit is {time_limit:g} s:"
            " DOMjudge refuses such a package"
        )
    memory = number_of(limits, "memory", MEMORY_MIB, f"{where} limits")
    output = number_of(limits, "output", OUTPUT_MIB, f"{where} limits")
    for name, value in (("time limit", time_limit), ("memory", memory), ("output", output)):
        if value <= 0:
            raise UsageError(f"{where} limits: {name} must be positive, not {value:g}")
    return time_limit, memory, output


def file_time_limit(path: Path) -> float | None:
    """The number in a .timelimit file (None: no such file); a UsageError where it is none."""
    if not path.is_file():
        return None
    try:
        text = path.read_text(encoding="utf-8", errors="replace").strip()
    except OSError as error:
        raise UsageError(f"{printable(str(path))}: {error.strerror or error}") from None
    try:
        return float(text)
    except ValueError:
        said = printable(text[:40])
        raise UsageError(f"{printable(str(path))}: '{said}' is no time limit") from None


def ini_time_limit(path: Path) -> float | None:
    """domjudge-problem.ini's timelimit (None: none, or no such file): its keys are lines of
    `key = value`, as PHP's parse_ini_string reads them."""
    if not path.is_file():
        return None
    parser = configparser.ConfigParser(interpolation=None)
    try:
        parser.read_string("[ini]\n" + path.read_text(encoding="utf-8", errors="replace"))
    except (OSError, configparser.Error):
        return None  # DOMjudge: "invalid, ignoring"
    value = parser.get("ini", "timelimit", fallback=None)
    try:
        return None if value is None else float(value.strip().strip("\"'"))
    except ValueError:
        raise UsageError(f"{printable(str(path))}: timelimit is no number") from None


def rank_order(data: Group) -> list[str]:
    """The package's cases in DOMjudge's order: data/sample's, then data/secret's, each sorted
    by its path."""
    names = list(case_names(data))
    return [name for top in GROUPS for name in sorted(n for n in names if n.startswith(top + "/"))]


def case_names(group: Group) -> Iterator[str]:
    for item in group.items:
        if isinstance(item, Group):
            yield from case_names(item)
        else:
            yield item


def domjudge_groups(data: Group) -> DomGroup | None:
    """The group of data/ as DOMjudge makes its groups (None: data/ has no testdata.yaml)."""
    found: dict[str, Group] = {}
    walk(data, found)
    return made(found[""], found) if "" in found else None


def walk(group: Group, found: dict[str, Group]) -> None:
    """Each group with a file of its own, by its path."""
    if group.config.get("grouped"):
        found[group.path] = group
    for item in group.items:
        if isinstance(item, Group):
            walk(item, found)


def parent_of(path: str) -> str:
    return path.rsplit("/", 1)[0] if "/" in path else ""


def made(group: Group, found: Mapping[str, Group]) -> DomGroup:
    """The DomGroup of a group with a file of its own, and of those below it."""
    own = group.config.get("own")
    own = own if isinstance(own, dict) else {}
    children = [
        made(found[path], found)
        for path in sorted(found)
        if path != group.path and parent_of(path) == group.path
    ]
    flags = text_of(own, "grader_flags").split()
    aggregation = ([flag for flag in flags if flag in AGGREGATIONS] or ["sum"])[-1]
    score = own.get("accept_score")
    return DomGroup(
        group.path,
        float(score) if isinstance(score, (int, float)) else None,
        aggregation,
        "ignore_sample" in flags,
        text_of(own, "on_reject", "break") == "continue",
        tuple(children),
        tuple(item for item in group.items if isinstance(item, str)),
    )
