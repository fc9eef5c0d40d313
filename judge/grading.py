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

The 2023-07 and 2025-09 formats grade by max_score and score_aggregation instead (2023-07's
scoring: score and aggregation), in data/secret and each of its groups (its subfolders; in
2025-09 those with a test_group.yaml): `pass-fail` gives a group its max_score when all its
cases are accepted, else 0; `sum` and `min` sum its cases' scores or take the least. An
accepted case scores what its validator gave, else the group's max_score (`min`) or its share
of it (`sum`); data/secret's score (by default `sum` of at most 100) is the problem's, and the
sample's verdict counts, not its score. A verdict is the first that is not accepted.

DOMjudge's reading (`--as domjudge`: SubmissionService::maybeSetScoringResult) grades the
groups judge.domjudge finds, not these (grade_domjudge). A leaf group scores its cases'
score.txt where any wrote one (a correct or wrong answer's; another verdict's, 0), else its
own accept_score when all its cases are correct, else 0; with neither it adds nothing. A group
above scores its groups' (ignore_sample: not data/sample's) by its own grader_flags: sum (the
default), avg, min or max. Its verdict is its first that is not correct. A group is decided
once all below it are, or at a failure where its on_reject is not continue; cases run in
DOMjudge's order until the whole is decided (its lazy evaluation). A problem that is not
scored gets its first case that is not correct.

A sum past the largest float is that float (1.8e308): a score is never inf.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Callable, Collection, Iterator, Mapping, Optional, Sequence, Tuple

from .domjudge import DomGroup, domjudge_groups, rank_order
from .model import Verdict
from .packages import Group, number_of, text_of
from .verdicts import kattis_name

WORST_FIRST = ("JE", "IF", "RTE", "MLE", "TLE", "OLE", "WA", "PE", "AC")
VERDICT_MODES = ("worst_error", "no_errors", "first_error", "always_accept")
SCORE_MODES: dict[str, Callable[[list[float]], float]] = {
    "sum": lambda scores: clamped(sum(scores)),
    "avg": lambda scores: sum(score / len(scores) for score in scores),  # no sum overflows
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


def clamped(score: float) -> float:
    """A sum of finite scores, kept finite: past the largest float, that float."""
    return max(-sys.float_info.max, min(sys.float_info.max, score))


ResultOf = Callable[[str], Optional[CaseResult]]


def grade(group: Group, result_of: ResultOf) -> list[Graded]:
    """The Graded of each group judged, subgroups before theirs, the group's own last (none if
    it judged nothing). result_of(case name) gives (verdict, score or None), or None for a
    case not judged; it is asked in order, and only for the cases the grader needs."""
    if group.config.get("judged_as") == "domjudge":
        return grade_domjudge(group, result_of)
    if group.config.get("format", "legacy") != "legacy":
        return grade_newer(group, result_of)
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


# ---------------------------------------------------------------- 2023-07 and 2025-09


def scored_node(group: Group) -> bool:
    """Whether the newer formats grade the folder as a whole: data/, the sample, data/secret
    and its groups (in 2025-09, a subfolder of secret with a test_group.yaml)."""
    if group.path in ("", "sample", "secret"):
        return True
    below_secret = group.path.startswith("secret/") and group.path.count("/") == 1
    return below_secret and (
        group.config.get("format") == "2023-07" or bool(group.config.get("grouped"))
    )


def members(group: Group) -> Iterator[str | Group]:
    """A node's cases and groups in order, the cases of its other subfolders among them."""
    for item in group.items:
        if isinstance(item, Group) and not scored_node(item):
            yield from members(item)
        else:
            yield item


def rules_of(group: Group) -> tuple[str, float | None]:
    """A node's aggregation and max_score (None: unbounded), with the defaults of secret (sum
    of 100) and of the others (pass-fail, unbounded)."""
    secret = group.path == "secret"
    aggregation = text_of(group.config, "aggregation", "sum" if secret else "pass-fail")
    most = group.config.get("max_score", 100.0 if secret else None)
    return aggregation, (float(most) if isinstance(most, (int, float)) else None)


def grade_newer(group: Group, result_of: ResultOf) -> list[Graded]:
    """grade() for the newer formats: each node judged, those below first, its own last."""
    items = list(members(group))
    count = sum(1 for item in items if isinstance(item, str))
    aggregation, most = rules_of(group)
    goes_on = bool(group.config.get("scoring")) and (aggregation == "sum" or group.path == "")
    graded: list[Graded] = []
    children: list[Graded] = []
    for item in items:
        if isinstance(item, Group):
            below = grade_newer(item, result_of)
            graded += below
            child = below[-1] if below else None
        else:
            child = newer_case(item, result_of(item), aggregation, most, count)
        if child is None:
            continue
        children.append(child)
        if child.verdict != "AC" and not goes_on:
            break
    if children:
        graded.append(newer_aggregate(group.path, children, aggregation, most))
    return graded


def newer_case(
    name: str, result: CaseResult | None, aggregation: str, most: float | None, count: int
) -> Graded | None:
    """A case's Graded in the newer formats: 0 if rejected; its validator's score, else its
    share of its group's max_score; JE where the group is unbounded and no score was given."""
    if result is None:
        return None
    verdict, score = kattis_name(result[0]), result[1]
    if verdict != "AC":
        return Graded(name, verdict, 0.0)
    if score is None and most is None and aggregation != "pass-fail":
        return Graded(name, "JE", 0.0)  # an unbounded group's case wants a score.txt
    if score is None:
        score = (most or 0.0) / (count if aggregation == "sum" else 1)
    return Graded(name, verdict, score)


def newer_aggregate(
    path: str, children: Sequence[Graded], aggregation: str, most: float | None
) -> Graded:
    """A node's Graded from its children's: the first verdict that is not AC; data/'s score is
    data/secret's."""
    verdicts = [child.verdict for child in children]
    if "JE" in verdicts:
        return Graded(path, "JE", 0.0)
    verdict = next((v for v in verdicts if v != "AC"), "AC")
    scores = [child.score for child in children]
    if path == "":
        score = next((c.score for c in children if c.path == "secret"), 0.0)
    elif aggregation == "pass-fail":
        score = (most or 0.0) if verdict == "AC" else 0.0
    elif aggregation == "min":
        score = min(scores)
    else:
        score = clamped(sum(scores))
    return Graded(path, verdict, score)


# ---------------------------------------------------------------- DOMjudge's reading


def grade_domjudge(data: Group, result_of: ResultOf) -> list[Graded]:
    """grade() as DOMjudge grades: its cases asked in its order, until the whole is decided.
    A case result_of gives None (not judged) is left out of its group."""
    root = domjudge_groups(data)
    results: dict[str, CaseResult] = {}
    left_out: set[str] = set()
    for name in rank_order(data):
        result = result_of(name)
        if result is None:
            left_out.add(name)
            continue
        results[name] = result
        if kattis_name(result[0]) == "AC":
            continue
        if root is None or not data.config.get("scoring"):
            return [Graded("", kattis_name(result[0]), 0.0)]  # its first failure decides
        if domjudge_grade(root, results, left_out) is not None:
            break  # decided: DOMjudge judges no more
    if root is None or not data.config.get("scoring"):
        return [Graded("", "AC", 0.0)] if results else []
    graded: list[Graded] = []
    domjudge_grade(root, results, left_out, graded)
    return graded


def domjudge_grade(
    group: DomGroup,
    results: Mapping[str, CaseResult],
    left_out: Collection[str],
    graded: list[Graded] | None = None,
) -> Graded | None:
    """A DOMjudge group's Graded by the results so far, None while it is not decided; each
    decided is added to graded (if given), those below first."""
    scores, verdicts, ready = [], [], True
    if group.children:
        for child in group.children:
            if group.ignore_sample and child.path == "sample":
                continue
            below = domjudge_grade(child, results, left_out, graded)
            if below is None:
                ready = False
            else:
                scores.append(below.score)
                verdicts.append(below.verdict)
    else:
        cases = [name for name in group.cases if name not in left_out]
        ready = all(name in results for name in cases)
        judged = [results[name] for name in cases if name in results]
        verdicts = [kattis_name(verdict) for verdict, _ in judged]
        scores = [
            (score if name in ("AC", "WA") else 0.0)
            for name, (_, score) in zip(verdicts, judged)
            if score is not None
        ]
        if not scores and group.accept_score is not None and cases:
            scores = [group.accept_score if set(verdicts) <= {"AC"} else 0.0]
    failed = next((verdict for verdict in verdicts if verdict != "AC"), None)
    if not ready and (failed is None or group.goes_on):
        return None
    result = Graded(group.path, failed or "AC", domjudge_score(group.aggregation, scores))
    if graded is not None:
        graded.append(result)
    return result


def domjudge_score(aggregation: str, scores: Sequence[float]) -> float:
    """A group's score of its results' by its aggregation; 0 where it has none."""
    if not scores:
        return 0.0
    if aggregation == "avg":
        return SCORE_MODES["avg"](list(scores))
    return float(SCORE_MODES[aggregation](list(scores)))
