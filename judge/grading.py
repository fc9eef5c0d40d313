"""Kattis's default grader: the verdict and score of a package's groups, from their cases' and
subgroups' in order, as each group's testdata.yaml says (on_reject, grader_flags, accept_score,
reject_score). problemtools' default grader and its walk of the groups are the model:

- A case scores its group's accept_score (1) if accepted, else reject_score (0), unless its
  judging program gave it a score (a Kattis score.txt, testlib's points).
- `on_reject: break` (the default) stops a group at its first result that is not accepted;
  `continue` judges the rest.
- grader_flags: the verdict is worst_error (the default: the worst of JE, RTE, MLE, TLE, OLE,
  WA, PE), first_error or always_accept, and accept_if_any_accepted accepts a group with one
  accepted result; the score is the sum (the default), avg, min or max of its results';
  ignore_sample keeps the last result alone (data/ with sample and secret). Of two, the last
  given counts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping, Optional, Sequence, Tuple

from .model import Verdict
from .packages import Group, number_of, text_of
from .verdicts import kattis_name

WORST_FIRST = ("JE", "IF", "RTE", "MLE", "TLE", "OLE", "WA", "PE", "AC")
VERDICT_MODES = ("worst_error", "no_errors", "first_error", "always_accept")
SCORE_MODES: dict[str, Callable[[list[float]], float]] = {
    "sum": sum,
    "avg": lambda scores: sum(scores) / len(scores),
    "min": min,
    "max": max,
}

# A case's result as the grader is given it: its verdict, and the score its judging program
# gave it (None: none).
CaseResult = Tuple[Verdict, Optional[float]]


@dataclass(frozen=True)
class Graded:
    """A result of the grader: the group's path under data/ ("" for data/ itself, or a case's
    name), its verdict by Kattis's name ("RTE", "JE" ...: a string, as Kattis names it), and
    its score."""

    path: str
    verdict: str
    score: float


def grade(group: Group, result_of: Callable[[str], CaseResult | None]) -> list[Graded]:
    """The Graded of each group judged, subgroups before theirs, the group's own last (none if
    it judged nothing). result_of(case name) gives (verdict, score or None), or None for a
    case not judged; it is asked in order, and only for the cases the grader needs."""
    graded: list[Graded] = []
    children: list[Graded] = []
    for item in group.items:
        if isinstance(item, Group):
            below = grade(item, result_of)
            graded += below
            child = below[-1] if below else None
        else:
            child = case_result(item, group.config, result_of(item))
        if child is None:
            continue
        children.append(child)
        if child.verdict != "AC" and text_of(group.config, "on_reject", "break") == "break":
            break
    if children:
        graded.append(aggregate(group, children))
    return graded


def case_result(
    name: str, config: Mapping[str, object], result: CaseResult | None
) -> Graded | None:
    """A case's Graded: its verdict, and the score it was given, else its group's."""
    if result is None:
        return None
    verdict, score = kattis_name(result[0]), result[1]
    if score is None:
        key = "accept_score" if verdict == "AC" else "reject_score"
        score = number_of(config, key, 1.0 if verdict == "AC" else 0.0, "testdata.yaml")
    return Graded(name, verdict, score)


def aggregate(group: Group, children: Sequence[Graded]) -> Graded:
    """The default grader on a group's results, by its grader_flags."""
    flags = text_of(group.config, "grader_flags").split()
    verdicts, scores = [c.verdict for c in children], [c.score for c in children]
    if "JE" in verdicts:  # a judging program failed: the group's result is that
        return Graded(group.path, "JE", 0.0)
    if "ignore_sample" in flags:
        verdicts, scores = verdicts[-1:], scores[-1:]
    verdict_mode = ([f for f in flags if f in VERDICT_MODES] or ["worst_error"])[-1]
    score_mode = ([f for f in flags if f in SCORE_MODES] or ["sum"])[-1]
    if ("accept_if_any_accepted" in flags and "AC" in verdicts) or verdict_mode == "always_accept":
        verdict = "AC"
    elif verdict_mode == "first_error":
        verdict = next((v for v in verdicts if v != "AC"), "AC")
    else:
        known = [v for v in verdicts if v in WORST_FIRST]
        verdict = (
            min([*known, "AC"], key=WORST_FIRST.index) if len(known) == len(verdicts) else "JE"
        )
    return Graded(group.path, verdict, float(SCORE_MODES[score_mode](scores)))


def score_text(score: float) -> str:
    """A score as a report shows it: 30, 12.5."""
    return f"{score:.6g}"
