"""Judging: one input by a problem's profile, and a run of cases, in parallel or not.

A case's path: its .out is read first (whatever the case writes, the answer stays the one it
had), the program runs under the profile's limits (judge.process), the limits and the exit
give a verdict (judge.verdicts), and otherwise the mode judges the output (judge.modes). A file
I/O problem's case runs in a folder of its own, its output read from its file
(judge.fileio). A multi-pass problem's case runs pass after pass, each on the input its
validator wrote in the last (run_passes)."""

from __future__ import annotations

import contextlib
import os
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable, Iterator, TypeVar

from .checkers import Unjudged, check_output, interact
from .explain import beside_answer, stderr_tail
from .fileio import case_folder, read_output, rooted
from .files import open_regular, read_regular
from .model import MIB, Case, Judgement, Profile, Program, Result, Verdict, not_judged
from .modes import Judged, Mode
from .process.choose import new_running
from .process.sandbox import sandboxed, unsandboxed
from .process.trees import TICK
from .process.watch import BACKSTOP, Limits, Run, Running, execute
from .stop import STOPPED
from .text import printable
from .verdicts import Bounds, Decision, Judging, Seen, decide, output_to_judge

if TYPE_CHECKING:  # concurrent.futures is imported where a run uses threads
    from concurrent.futures import Future

OUTPUT_MIB = 64.0  # the output limit unless told otherwise
SHORT_INPUT, SHORT_INPUT_LINES = 400, 10  # an input at most this long is shown with a failure
CaseT = TypeVar("CaseT")  # what run_all() judges
ResultT = TypeVar("ResultT")  # and what it gives of each


def judge_input(
    program: Program,
    input_path: Path,
    profile: Profile,
    expected_path: Path | None = None,
    running: Running | None = None,
) -> Judgement:
    """The Judgement of program (a judge.model.Program) on one input, by profile's limits and
    mode, against the answer in expected_path (None: run, not checked). A running from
    new_running() serves many calls; without one, one is made and ended here."""
    if running is not None:
        return judge_one(program, input_path, expected_path, profile, running)
    running = new_running()
    try:
        return judge_one(program, input_path, expected_path, profile, running)
    finally:
        running.end()


def bounds_of(profile: Profile) -> Bounds:
    """The limits a case of profile is judged by: its output limit --ole's, else the judge's,
    else OUTPUT_MIB; past it, the output cut and the program run on where the judge does so;
    the judge's wall-time limit, where it gives one."""
    output = profile.output_limit or OUTPUT_MIB
    runs_on, overshoot = profile.output_runs_on, profile.wall_overshoot
    return Bounds(profile.time_limit, profile.memory_limit, output, runs_on, overshoot)


def judge_one(
    program: Program,
    input_path: Path,
    expected_path: Path | None,
    profile: Profile,
    running: Running,
) -> Judgement:
    """judge_input() in a run: a file too large for memory (ulimit -v) is that input's IE."""
    bounds = bounds_of(profile)
    if program.failure is not None:  # not built: the compiler's lines, and nothing runs
        return judgement(decide(Seen(bounds, build_failure=program.failure)), None, input_path)
    try:
        try:  # the .out first: read before the case runs, whatever the case writes
            expected = read_regular(expected_path) if expected_path else None
        except OSError as error:
            seen = Seen(bounds, answer_error=error.strerror or str(error))
            return judgement(decide(seen), None, input_path)
        runs: list[Run] = []  # a multi-pass case's, its output judged pass by pass
        try:
            if multi_pass(profile):
                seen, runs = run_passes(program, input_path, expected, profile, bounds, running)
            else:
                seen = run_case(program, input_path, expected, profile, bounds, running)
        except (OSError, Unjudged) as error:
            return not_judged(f"could not run: {error}")
        if output_to_judge(seen) and not runs:
            seen = with_output_judged(seen, profile.mode, input_path, expected, running, program)
        decision = decide(seen)
        if len(runs) > 1:  # timed by its slowest pass, as each pass has the time limit
            decision = in_pass(decision, len(runs))
            seen = replace(seen, program=slowest(runs))
        checker = profile.mode.checker
        if seen.interactive and checker is not None and decision.verdict == Verdict.AC:
            assert seen.judging is not None  # Polygon: the interactor's output, checked
            output = seen.judging.run.output
            seen = replace(seen, interactive=False, answered=True, judging=None)
            seen = with_output_judged(seen, checker, input_path, expected, running, program, output)
            decision = decide(seen)
        shown = None if seen.interactive or checker else seen.program  # the output a checker read
        decision = beside_answer(decision, shown, expected)
        judged = judgement(decision, seen.program, input_path, bounds)
        kept = seen.judging.judgemessage if seen.judging is not None else None
        return judged if kept is None else replace(judged, judgemessage=kept)
    except MemoryError:
        return not_judged("out of memory: a file too large?")


def multi_pass(profile: Profile) -> bool:
    """Whether a case of profile may run more than one pass: a Kattis validator judges it,
    which may write the next pass's input to its feedback folder."""
    mode = profile.mode
    return profile.passes > 1 and isinstance(mode, Judged) and "" in mode.protocol.files


def run_passes(
    program: Program,
    input_path: Path,
    expected: bytes | None,
    profile: Profile,
    bounds: Bounds,
    running: Running,
) -> tuple[Seen, list[Run]]:
    """What is seen of a multi-pass case's last pass, its output judged, and the Run of each
    pass. A pass runs on the input the last one's validator wrote to nextpass.in, where it
    accepted, each with the same feedback folder, until one writes none, or fails, or asks
    for a pass past profile.passes (judge.verdicts.decide says which)."""
    mode = profile.mode
    assert isinstance(mode, Judged)
    runs: list[Run] = []
    with tempfile.TemporaryDirectory(prefix="runner-") as top:
        feedback, given = os.path.join(top, "feedback"), input_path
        os.mkdir(feedback)
        while True:
            seen = run_case(program, given, expected, profile, bounds, running, feedback)
            if output_to_judge(seen):
                seen = with_output_judged(
                    seen, mode, given, expected, running, program, None, feedback
                )
            asked = next_input(feedback)
            seen = replace(seen, next_pass=asked, last_pass=len(runs) + 1 == profile.passes)
            assert seen.program is not None
            runs.append(seen.program)
            if not asked or decide(seen).verdict != Verdict.AC:
                return seen, runs
            given = Path(top, f"pass-{len(runs) + 1}.in")
            os.replace(os.path.join(feedback, NEXT_PASS), given)


NEXT_PASS = "nextpass.in"  # where a multi-pass validator writes the next pass's input


def next_input(feedback: str) -> bool:
    """Whether a validator wrote the next pass's input, a regular file, to its folder."""
    try:
        with open_regular(Path(feedback, NEXT_PASS)):
            return True
    except OSError:
        return False


def slowest(runs: list[Run]) -> Run:
    """The last Run of a case's passes, with the most time and memory any pass took."""
    last = runs[-1]
    cpus = [run.cpu for run in runs if run.cpu is not None]
    peaks = [run.peak_mib for run in runs if run.peak_mib is not None]
    judged = [run.judged_mib for run in runs if run.judged_mib is not None]
    return replace(
        last,
        wall=max(run.wall for run in runs),
        cpu=max(cpus) if last.cpu is not None else None,
        peak_mib=max(peaks) if last.peak_mib is not None else None,
        judged_mib=max(judged) if last.judged_mib is not None else None,
    )


def in_pass(decision: Decision, number: int) -> Decision:
    """A decision on pass number of a case: a failure says which pass."""
    if decision.verdict.passing:
        return decision
    return replace(decision, details=(f"in pass {number}", *decision.details))


def run_case(
    program: Program,
    input_path: Path,
    expected: bytes | None,
    profile: Profile,
    bounds: Bounds,
    running: Running,
    feedback: str | None = None,
) -> Seen:
    """What is seen of the program run on one input (with its interactor, if any); a file
    I/O problem's in a folder of its own (an interactive one's files are not used). feedback:
    the folder of the interactor's files, kept from pass to pass (None: a new one)."""
    given, taken = profile.input_file, profile.output_file
    if profile.mode.interactive or not (given or taken):
        return run_program(program, input_path, expected, profile, bounds, running, None, feedback)
    with case_folder(input_path, given) as folder:
        moved = replace(program, command=rooted(program.command, program.workdir))
        seen = run_program(moved, folder.stdin, expected, profile, bounds, running, folder.path)
        if taken is None:
            return seen
        output, file = read_output(folder.path, taken, int(bounds.output_mib * MIB))
    assert seen.program is not None
    return replace(seen, program=replace(seen.program, output=output), output_file=file)


def run_program(
    program: Program,
    input_path: Path,
    expected: bytes | None,
    profile: Profile,
    bounds: Bounds,
    running: Running,
    folder: str | None = None,
    feedback: str | None = None,
) -> Seen:
    """What is seen of the program run on one input (with its interactor, if any), in its
    workdir, or with folder, in that folder; feedback: the interactor's folder (None: new)."""
    output = int(bounds.output_mib * MIB)
    stack = profile.unlimited_stack
    limits = Limits(
        bounds.time_limit, bounds.memory_limit, output, bounds.runs_on, stack, bounds.overshoot
    )
    mode, workdir = profile.mode, program.workdir
    given = None if mode.interactive else input_path  # interactive: a pipe
    # the sandbox opens a file input inside, and may want another stdin for bwrap
    command, stdin = sandboxed(
        program.sandbox, program.command, workdir, limits.memory, given, folder, profile.judgehost
    )
    judging = None
    if isinstance(mode, Judged) and mode.interactive:
        run, judging = interact(
            mode, input_path, command, expected, limits, running, workdir, feedback
        )
    else:
        assert stdin is not None  # a file's, as the case is not interactive
        run = execute(running, command, stdin, folder or workdir, limits)
    run = unsandboxed(program.sandbox, run)
    return Seen(
        bounds,
        program=run,
        answered=expected is not None,
        judging=judging,
        interactive=mode.interactive,
    )


def with_output_judged(
    seen: Seen,
    mode: Mode,
    input_path: Path,
    expected: bytes | None,
    running: Running,
    program: Program,
    output: bytes | None = None,
    feedback: str | None = None,
) -> Seen:
    """What is seen once mode judged the output (Polygon's checker: the interactor's output):
    a comparator's Decision, or what the judging program did, its files in feedback (None: a
    new folder). A judging program that cannot judge, or whose files cannot be written (a full
    disk), is this case's IE, and the run goes on."""
    assert seen.program is not None
    output = seen.program.output if output is None else output
    answer, workdir = expected or b"", program.workdir
    try:
        if feedback is not None and isinstance(mode, Judged):
            judged: Decision | Judging = check_output(
                mode, input_path, output, answer, running, workdir, feedback
            )
        else:
            judged = mode.judge_output(input_path, output, answer, running, workdir)
    except Unjudged as error:
        judged = Decision(Verdict.IE, (str(error),), "not-judged")
    except OSError as error:
        text = f"could not write the {mode.kind}'s files: {error.strerror or error}"
        judged = Decision(Verdict.IE, (text,), "not-judged")
    if isinstance(judged, Judging):
        return replace(seen, judging=judged)
    return replace(seen, compared=judged)


def judgement(
    decision: Decision, run: Run | None, input_path: Path, bounds: Bounds | None = None
) -> Judgement:
    """The Judgement of a decision: what the program said on stderr under a failure (RE says
    it already), whether a pass was slow, and the short input under a failure."""
    verdict, details = decision.verdict, decision.details
    if run is None or bounds is None:
        return Judgement(
            verdict, 0.0, None, None, False, details, (), False, reason=decision.reason
        )
    if not verdict.passing and verdict != Verdict.RE:
        details = (*details, *stderr_tail(run.stderr))
    slow = verdict.passing and slow_under(run.wall, run.cpu, bounds.time_limit)
    shown = shown_input(input_path) if not verdict.passing and verdict != Verdict.OLE else ()
    return Judgement(
        verdict,
        run.wall,
        run.cpu,
        run.peak_mib,
        slow,
        details,
        tuple(shown),
        True,
        decision.score,
        decision.final,
        decision.reason,
        not run.output,
        run.memory_at,
        run.waited,
    )


def shown_lines(data: bytes) -> list[str] | None:
    """The lines of an input (bytes) as a failure shows them, indented and escaped, when it is
    short: SHORT_INPUT bytes and SHORT_INPUT_LINES lines at most; None when it is longer."""
    if len(data) > SHORT_INPUT:
        return None
    lines = data.decode("utf-8", "backslashreplace").splitlines()
    return ["  " + printable(line) for line in lines] if len(lines) <= SHORT_INPUT_LINES else None


def shown_input(path: str | os.PathLike[str]) -> list[str]:
    """The lines of the input at path, when it is short enough to show with a failure; else
    none."""
    data = b""
    with contextlib.suppress(OSError):
        if os.stat(path).st_size <= SHORT_INPUT:
            data = read_regular(path)
    return shown_lines(data) or []


def slow_under(wall: float, cpu: float | None, time_limit: float) -> bool:
    """Whether a pass is slow under time_limit: over half of it in CPU time, or over half its
    wall backstop (where no CPU time is measured, half the limit in wall time)."""
    half = time_limit / 2
    return wall > (half if cpu is None else half * BACKSTOP) or (cpu or 0) > half


def judge_case(
    case: Case, profile: Profile, program: Program, running: Running, cut: float | None = None
) -> Result:
    """The Result of one case of a run. With cut, a time limit below the profile's, the case
    runs under cut instead, as a TLE there decides all that is wanted of it; a pass is slow
    as under the profile's limit all the same."""
    if cut is None or cut >= profile.time_limit:
        return Result.of(case, judge_one(program, case.input, case.expected, profile, running))
    lower = replace(profile, time_limit=cut)
    judged = judge_one(program, case.input, case.expected, lower, running)
    slow = judged.slow and slow_under(judged.wall, judged.cpu, profile.time_limit)
    return Result.of(case, replace(judged, slow=slow))


def run_all(
    cases: Iterable[CaseT],
    judge: Callable[[CaseT, Running], ResultT],
    jobs: int,
    on_result: Callable[[ResultT], object],
    on_wait: Callable[[], None] = lambda: None,
) -> None:
    """Call judge(case, running) for each case, on `jobs` threads, or with 1 on this one
    (handing each case to a thread and back costs CPU); on_result(each result) in case order,
    and on_wait() every TICK while one is awaited."""
    if STOPPED:  # while the runner started: no case starts
        raise KeyboardInterrupt
    running, pool = new_running(), None
    futures: list[Future[ResultT]] = []
    results: Iterator[ResultT]
    try:
        if jobs == 1:  # each case judged on this thread, which calls on_wait
            running.tick, results = on_wait, (judge(case, running) for case in cases)
        else:  # concurrent.futures takes 10 ms to import: only here
            from concurrent.futures import ThreadPoolExecutor

            pool = ThreadPoolExecutor(max_workers=jobs)
            futures = [pool.submit(judge, case, running) for case in cases]
            results = in_order(futures, on_wait)
        for result in results:
            if STOPPED:
                raise KeyboardInterrupt
            on_result(result)
    except BaseException:  # a signal or a closed stdout: leave no case running
        running.kill_all()
        for future in futures:
            future.cancel()
        raise
    finally:
        if pool:
            pool.shutdown()  # every thread ended
        running.end()


def in_order(futures: list[Future[ResultT]], on_wait: Callable[[], None]) -> Iterator[ResultT]:
    """The futures' results in order, on_wait() every TICK while one is awaited; once the run
    is stopped, a KeyboardInterrupt."""
    from concurrent.futures import wait  # imported by now: run_all() made the futures

    for future in futures:
        while not (STOPPED or wait([future], timeout=TICK).done):
            on_wait()
        if STOPPED:
            raise KeyboardInterrupt
        yield future.result()
