"""The verdicts a run earns by its limits and its exit, before its output is judged, and their
explanations."""

from judge.explain import exit_description, stderr_tail
from judge.platform import LINUX
from judge.process.watch import BACKSTOP, CEILING, MEMORY_BACKSTOP, ceiling


def verdict_of(run, expected, profile):
    """MLE, TLE, OLE, RE, or "--" for a case with no .out; None: the mode's to say."""
    used = run.wall if run.cpu is None else run.cpu
    judged = run.peak_mib if run.judged_mib is None else run.judged_mib
    failures = (
        ("MLE", run.memory_out),
        ("TLE", run.timed_out or used > profile.time_limit),
        ("OLE", run.overflowed),
        ("MLE", judged is not None and judged > profile.memory_limit),
        ("RE", run.status != 0),
        ("--", expected is None),
    )
    return next((verdict for verdict, failed in failures if failed), None)


def explain_limit(verdict, run, profile, output_mib):
    """The lines that explain a verdict of verdict_of()."""
    limit, cpu = profile.time_limit, run.cpu
    if verdict == "TLE" and cpu is None:
        return [f"killed after {limit:g} s of wall time (CPU time is not measured here)"]
    if verdict == "TLE" and cpu > limit:
        return [f"CPU time {cpu:.2f} s, over the {limit:g} s limit"]
    if verdict == "TLE" and run.wall >= ceiling(limit):  # it waited for a CPU all along
        text = f"wall time reached the {ceiling(limit):g} s ceiling ({CEILING[0]}x the limit and "
        return [text + f"{CEILING[1]:g} s) with only {cpu:.2f} s of CPU: the machine is too busy"]
    if verdict == "TLE":  # on Linux, time waiting for a CPU is not counted: not a busy machine
        busy = "" if LINUX else " or the machine is busy"
        text = f"wall time passed the {limit * BACKSTOP:g} s backstop ({BACKSTOP}x the limit) with "
        return [text + f"only {cpu:.2f} s of CPU: it waits (on input, a sleep, a child){busy}"]
    if verdict == "OLE":
        return [f"output passed {output_mib:g} MiB: stopped reading and killed it"]
    if verdict == "MLE":
        text = f"peak memory {run.peak_mib:.1f} MiB, over the {profile.memory_limit:g} MiB"
        stopped = f": stopped when it passed {MEMORY_BACKSTOP}x the limit"
        return [text + " limit" + (stopped if run.memory_out else "")]
    if verdict == "RE":
        return [exit_description(run.status), *(stderr_tail(run.stderr) or ["(nothing on stderr)"])]
    return []
