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
  on_reject says break: as the judge does, no more than the verdict needs.
"""

import contextlib
import os
from collections import namedtuple
from dataclasses import replace

from judge.console import say
from judge.grading import grade, score_text
from judge.judging import judge_one
from judge.model import Program, UsageError
from judge.packages import UNKNOWN_TIME_LIMIT, Skipped, Unbuilt, derived_limit, program_command
from judge.process.choose import new_running
from judge.stop import STOPPED
from judge.text import printable
from judge.verdicts import at_limit, kattis_name

# Each folder of submissions/ and the verdict its programs must get, in the order judged.
FOLDERS = {
    "accepted": "AC",
    "partially_accepted": "AC",
    "wrong_answer": "WA",
    "run_time_error": "RTE",
    "time_limit_exceeded": "TLE",
}
ALSO = {"RTE": ("MLE",)}  # a run-time error may be judged MLE: the memory limit killed it

# A submission: its name (FOLDER/FILE), the verdict its folder wants, and its command, or None
# and why it has none: built is False where it cannot run here (skipped), True where it does
# not build (CE).
Submission = namedtuple("Submission", "label expected command why built")
# One submission judged: its verdict and score at the time limit, the same with the margin,
# its slowest CPU (or wall) time, and its first failed case, (name, Judgement), or None.
Verdicts = namedtuple("Verdicts", "verdict score high high_score slowest deciding")


def find_submissions(package, python, folders=tuple(FOLDERS)):
    """The Submissions under the package's submissions/ (of those folders), in the order
    judged."""
    found = []
    for folder in folders:
        expected, path = FOLDERS[folder], package.folder / "submissions" / folder
        names = sorted(os.listdir(path)) if path.is_dir() else []
        for name in (n for n in names if not n.startswith(".")):
            label = f"{folder}/{name}"
            try:
                found.append(
                    Submission(label, expected, program_command(path / name, python), None, None)
                )
            except Skipped as error:
                found.append(Submission(label, expected, None, str(error), False))
            except Unbuilt as error:
                found.append(Submission(label, expected, None, str(error), True))
    return found


class Judge:
    """One submission's cases judged on demand, each once, under a limit and its margin."""

    def __init__(self, package, command, limit, margin, running):
        self.package, self.limit, self.running = package, limit, running
        self.profile = replace(package.profile, time_limit=limit * margin)
        self.program = Program(command, str(package.folder))
        self.judged = {}
        self.cases = {case.name: case for case in package.cases}

    def high(self, name):
        """(verdict, score) of a case under the limit with its margin."""
        judged = self.judgement(name)
        return judged.verdict, judged.score

    def low(self, name):
        """(verdict, score) of a case under the limit itself: over it, TLE."""
        judged = self.judgement(name)
        verdict = at_limit(judged, self.limit)
        return verdict, (judged.score if verdict == judged.verdict else None)

    def judgement(self, name):
        if name not in self.judged:
            if STOPPED:
                raise KeyboardInterrupt
            case = self.cases[name]
            profile = replace(self.profile, mode=self.package.modes.get(name, self.profile.mode))
            self.judged[name] = judge_one(
                self.program, case.input, case.expected, profile, self.running
            )
        return self.judged[name]


def check(judge):
    """The Verdicts of a Judge: graded at its limit and with its margin."""
    high = grade(judge.package.data, judge.high)[-1]
    low = grade(judge.package.data, judge.low)[-1]
    times = [(j.wall if j.cpu is None else j.cpu) for j in judge.judged.values()]
    failed = [(n, j) for n, j in judge.judged.items() if j.verdict != "AC"]
    deciding = failed[0] if failed else None
    slowest, scoring = max(times, default=0.0), judge.package.scoring
    low_score, high_score = (low.score, high.score) if scoring else (None, None)
    return Verdicts(low.verdict, low_score, high.verdict, high_score, slowest, deciding)


def outcome(submission, verdicts):
    """The table's cells after the name: expected, got, ok (and how)."""
    wanted = (submission.expected, *ALSO.get(submission.expected, ()))
    if verdicts.verdict in wanted:
        ok = "ok"
    elif verdicts.high in wanted:
        ok = "ok with extra time"
    else:
        ok = "NO"
    return submission.expected, verdicts.verdict, ok


def time_line(package, limit, slowest, margin=True):
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


def run_check(package, python):
    """Judge every submission of the package, saying its table's lines as they come. The exit
    status: 0 when each got its folder's verdict (those skipped aside), else 1."""
    submissions = find_submissions(package, python)
    if not submissions:
        say(f"{package.name}: no submission under {package.folder / 'submissions'}")
        return 1
    width = max(len(s.label) for s in submissions)
    rows, limit = {}, package.profile.time_limit
    with one_run() as running:
        say(f"{'submission':<{width}}  expected  got       ok")
        if limit is None:
            limit, line, first = accepted_limit(package, submissions, running)
            rows.update(show(s, verdicts, width) for s, verdicts in first)
            say(line)
        else:
            say(time_line(package, limit, None))
        for submission in (s for s in submissions if s.label not in rows):
            if submission.command is None:
                rows.update([unrun(submission, width)])
                continue
            verdicts = check(Judge(package, submission.command, limit, package.margin, running))
            rows.update([show(submission, verdicts, width)])
    return summary(rows.values())


def accepted_limit(package, submissions, running, margin=True):
    """(the time limit, the line that says how it was found, each accepted submission with its
    Verdicts) from the accepted submissions, judged under UNKNOWN_TIME_LIMIT."""
    first = []
    for submission in submissions:
        if submission.command and submission.label.startswith("accepted/"):
            judge = Judge(package, submission.command, UNKNOWN_TIME_LIMIT, 1.0, running)
            first.append((submission, check(judge)))
    if not first:
        raise UsageError(
            f"{package.folder / 'problem.yaml'} sets no time limit, and no accepted submission"
            " runs here to give one: give it with --tle S"
        )
    slowest = max(verdicts.slowest for _, verdicts in first)
    limit = derived_limit(slowest, package.multiplier, package.resolution)
    return limit, time_line(package, limit, slowest, margin), first


def derive_time_limit(package, python):
    """The time limit from the accepted submissions, and the line that says so."""
    with one_run() as running:
        submissions = find_submissions(package, python, ["accepted"])  # only they are run
        limit, line, _ = accepted_limit(package, submissions, running, False)
    return limit, line


@contextlib.contextmanager
def one_run():
    """A new Running for the with block: its cases killed where the block raises (a signal, a
    closed stdout), and ended after it."""
    running = new_running()
    try:
        yield running
    except BaseException:
        running.kill_all()
        raise
    finally:
        running.end()


def show(submission, verdicts, width):
    """Say a submission's row (and why, under one not ok); the row: (label, ok or None)."""
    expected, got, ok = outcome(submission, verdicts)
    if verdicts.score is not None and got == "AC":
        got = f"AC {score_text(verdicts.score)}"
    line = f"{printable(submission.label):<{width}}  {expected:<8}  {got:<8}  {ok}"
    lines = [line + f"  (slowest case {verdicts.slowest * 1000:.0f} ms)"]
    if ok == "NO" and verdicts.deciding:
        name, judged = verdicts.deciding
        lines.append(f"    {printable(name)}: {kattis_name(judged.verdict)}")
        lines += ["      " + printable(detail) for detail in judged.details[:6]]
    say("\n".join(lines))
    return submission.label, ok != "NO"


def unrun(submission, width):
    """Say the row of a submission that did not run: skipped, or CE."""
    if not submission.built:
        say(f"{printable(submission.label):<{width}}  skipped: {printable(submission.why)}")
        return submission.label, None
    line = f"{printable(submission.label):<{width}}  {submission.expected:<8}  {'CE':<8}  NO"
    say(line + f"\n    {printable(submission.why)}")
    return submission.label, False


def summary(oks):
    """Say the closing line; the exit status."""
    oks = list(oks)
    judged = [ok for ok in oks if ok is not None]
    skipped = len(oks) - len(judged)
    text = f"{sum(judged)} of {len(judged)} submissions got what their folder says"
    say(text + (f"; {skipped} skipped" if skipped else ""))
    return 0 if all(judged) and judged else 1


def graded_lines(package, results):
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
