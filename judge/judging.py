"""Judging: one input by a problem's profile, and a run of cases, in parallel or not.

A case's path: its .out is read first (whatever the case writes, the answer stays the one it
had), the program runs under the profile's limits (judge.process), the limits and the exit
give a verdict (judge.verdicts), and otherwise the mode judges the output (judge.modes)."""

import contextlib
import os

from judge.checkers import interact, interactive_verdict
from judge.explain import stderr_tail
from judge.files import read_regular
from judge.model import MIB, PASSING, Checked, Judgement, Result, not_judged
from judge.process.choose import new_running
from judge.process.sandbox import sandboxed, unsandboxed
from judge.process.trees import TICK
from judge.process.watch import BACKSTOP, Limits, execute
from judge.stop import STOPPED
from judge.text import printable
from judge.verdicts import explain_limit, verdict_of

OUTPUT_MIB = 64.0  # the output limit unless told otherwise
SHORT_INPUT, SHORT_INPUT_LINES = 400, 10  # an input at most this long is shown with a failure


def judge_input(program, input_path, profile, expected_path=None, running=None):
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


def judge_one(program, input_path, expected_path, profile, running):
    """judge_input() in a run: a file too large for memory (ulimit -v) is that input's IE."""
    output_mib = profile.output_limit or OUTPUT_MIB  # --ole's, else the judge's, else 64
    if program.failure is not None:  # not built: the compiler's lines, and nothing runs
        return Judgement("CE", 0.0, None, None, False, list(program.failure), (), False)
    try:
        try:  # the .out first: read before the case runs, whatever the case writes
            expected = read_regular(expected_path) if expected_path else None
        except OSError as error:
            return not_judged("could not read the .out: " + (error.strerror or str(error)))
        limits = Limits(profile.time_limit, profile.memory_limit, output_mib * MIB)
        mode, workdir = profile.mode, program.workdir
        try:  # the sandbox opens a file input inside, and may want another stdin for bwrap
            given = None if mode.interactive else input_path  # interactive: a pipe
            command, stdin = sandboxed(
                program.sandbox, program.command, workdir, limits.memory, given
            )
            if mode.interactive:
                run, judged, said = interact(
                    input_path, command, expected, mode, limits, running, workdir
                )
            else:
                run = execute(running, command, stdin, workdir, limits)
            run = unsandboxed(program.sandbox, run)
        except OSError as error:
            return not_judged(f"could not run: {error}")
        if mode.interactive:
            checked = interactive_verdict(run, judged, profile, output_mib, said)
            if checked[0] == "AC" and mode.checker:  # Polygon: the interactor's output checked
                checker = mode.checker
                checked = judged_output(checker, input_path, judged, expected, running, workdir)
        else:
            checked = verdict_of(run, expected, profile)
            if checked is None:
                checked = judged_output(mode, input_path, run, expected, running, workdir)
            else:
                checked = Checked(checked, explain_limit(checked, run, profile, output_mib))
        verdict, details = checked
        if verdict not in (*PASSING, "RE"):  # what the program said on stderr (RE says it already)
            details = [*details, *stderr_tail(run.stderr)]
        half = profile.time_limit / 2  # slow: over half the CPU limit, or half the wall backstop
        over = run.wall > (half if run.cpu is None else half * BACKSTOP)
        slow = verdict in PASSING and (over or (run.cpu or 0) > half)
        shown = shown_input(input_path) if verdict not in (*PASSING, "OLE") else []
        score, final = getattr(checked, "score", None), getattr(checked, "final", False)
        return Judgement(
            verdict, run.wall, run.cpu, run.peak_mib, slow, details, shown, True, score, final
        )
    except MemoryError:
        return not_judged("out of memory: a file too large?")


def judged_output(mode, input_path, run, expected, running, workdir):
    """The mode's verdict on the output; a judging program's files that cannot be written
    (a full disk) are this case's IE, and the run goes on."""
    try:
        return mode.judge(input_path, run.output, expected or b"", running, workdir)
    except OSError as error:
        return "IE", [f"could not write the {mode.kind}'s files: {error.strerror or error}"]


def shown_lines(data):
    """The lines of an input (bytes) as a failure shows them, indented and escaped, when it is
    short: SHORT_INPUT bytes and SHORT_INPUT_LINES lines at most; None when it is longer."""
    if len(data) > SHORT_INPUT:
        return None
    lines = data.decode("utf-8", "backslashreplace").splitlines()
    return ["  " + printable(line) for line in lines] if len(lines) <= SHORT_INPUT_LINES else None


def shown_input(path):
    """The lines of the input at path, when it is short enough to show with a failure; else
    none."""
    data = b""
    with contextlib.suppress(OSError):
        if os.stat(path).st_size <= SHORT_INPUT:
            data = read_regular(path)
    return shown_lines(data) or []


def judge_case(case, profile, program, running):
    """The Result of one case of a run."""
    judged = judge_one(program, case.input, case.expected, profile, running)
    return Result(case, *judged)


def run_all(cases, judge, jobs, on_result, on_wait=lambda: None):
    """Call judge(case, running) for each case, on `jobs` threads, or with 1 on this one
    (handing each case to a thread and back costs CPU); on_result(each result) in case order,
    and on_wait() every TICK while one is awaited."""
    if STOPPED:  # while the runner started: no case starts
        raise KeyboardInterrupt
    running, pool, futures = new_running(), None, []
    try:
        if jobs == 1:  # each case judged on this thread, which calls on_wait
            running.tick, results = on_wait, (judge(case, running) for case in cases)
        else:  # concurrent.futures takes 10 ms to import: only here
            from concurrent.futures import ThreadPoolExecutor, wait

            pool = ThreadPoolExecutor(max_workers=jobs)
            futures = [pool.submit(judge, case, running) for case in cases]

            def in_order():  # on_wait() every TICK while a result is awaited; None once stopped
                for future in futures:
                    while not (STOPPED or wait([future], timeout=TICK).done):
                        on_wait()
                    yield None if STOPPED else future.result()

            results = in_order()
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
