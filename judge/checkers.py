"""Programs that judge an output: a checker and an output validator run after the program, an
interactor talks to it as it runs. This module runs them, each by its protocol's arguments,
and gathers what each did (a judge.verdicts.Judging); judge.verdicts decides the verdict."""

from __future__ import annotations

import contextlib
import os
import tempfile
import threading
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterator, Mapping

from .files import open_regular, read_regular
from .model import MESSAGE_KEPT, MIB, Command, Verdict
from .process.watch import Limits, Run, Running, ceiling, execute, watch
from .verdicts import Judging, Protocol

if TYPE_CHECKING:
    from .modes import Judged
    from .process import trees
    from .process.trees import CaseTree, Started, Workdir

CHECK_SECONDS = 10.0  # CPU seconds a judging program may take (BACKSTOP times that in wall time)
CHECK_LIMITS = Limits(CHECK_SECONDS, 4096.0, MIB)  # and MiB of memory, and bytes of stdout
GRACE = 0.25  # seconds a validator's output may end before its exit is seen (see Ends.relay)


def judging_limits(time_limit: float) -> Limits:
    """An interactor's Limits. It waits for its program, and works as its program asks: as
    long as the program may run (its ceiling in wall time, however busy the machine), it uses
    at most that much CPU. So it has CHECK_SECONDS more than that, and is never stopped by its
    own clock before its program is by its limit: a program that spins is TLE, not IE."""
    return replace(CHECK_LIMITS, time=CHECK_SECONDS + ceiling(time_limit))


class Unjudged(Exception):
    """A judging program that cannot judge: not found, not built, or not started. Its text
    says why; the case is IE."""


def judging_command(mode: Judged, input_path: Path, folder: str) -> Command:
    """The judging program's command, (args, executable), with its files from folder."""
    if mode.command is None:
        raise Unjudged(mode.missing or f"the {mode.kind} has no command")
    args, executable = mode.command
    paths = [os.path.abspath(str(input_path))]
    paths += [os.path.join(folder, name) for name in mode.protocol.files]
    return [*args, *paths, *mode.flags], executable


def feedback(protocol: Protocol, folder: str, run: Run) -> tuple[bytes, bytes | None]:
    """What the program run with its files in folder said: its message file (the first 4
    KiB), else its stderr, else its stdout; and its score.txt."""
    message, score = run.stderr.strip() or run.output.strip(), None
    if protocol.message:
        with contextlib.suppress(OSError), open_regular(Path(folder, protocol.message)) as file:
            message = file.read(4096).strip() or message
        with contextlib.suppress(OSError), open_regular(Path(folder, "score.txt")) as file:
            score = file.read(256)
    return message, score


def judge_message(protocol: Protocol, folder: str) -> bytes | None:
    """A Kattis validator's judgemessage.txt in folder, its first MESSAGE_KEPT bytes; None
    where it wrote none (or speaks another protocol)."""
    if protocol.message != "judgemessage.txt":
        return None
    with contextlib.suppress(OSError), open_regular(Path(folder, protocol.message)) as file:
        return file.read(MESSAGE_KEPT) or b""
    return None


@contextlib.contextmanager
def feedback_folder(given: str | None) -> Iterator[str]:
    """The folder of a judging program's files: given (a multi-pass case keeps its folder from
    pass to pass), else a new one, removed after."""
    if given is not None:
        yield given
        return
    with tempfile.TemporaryDirectory(prefix="runner-") as folder:
        yield folder


def check_output(
    mode: Judged,
    input_path: Path,
    output: bytes,
    expected: bytes,
    running: Running,
    workdir: Workdir,
    folder: str | None = None,
) -> Judging:
    """What mode's program did on an output, its files in folder (None: a new one); its files
    that cannot be written (a full disk) raise OSError."""
    with feedback_folder(folder) as folder:
        Path(folder, "output").write_bytes(output)
        Path(folder, "answer").write_bytes(expected)
        command = judging_command(mode, input_path, folder)
        try:  # the output on its stdin too: a validator reads it there
            run = execute(running, command, Path(folder, "output"), workdir, CHECK_LIMITS)
        except OSError as error:
            raise Unjudged(f"could not run the {mode.kind}: {error.strerror or error}") from None
        message, score = feedback(mode.protocol, folder, run)
        kept = judge_message(mode.protocol, folder)
    return Judging(mode.kind, mode.protocol, run, message, score, CHECK_LIMITS, kept)


class Watched(threading.Thread):
    """A started judging program watched on a thread of its own, so that its stderr is read
    while the program it judges runs (a full pipe would stop it); on_end(its Run) once it
    ended and was reaped."""

    def __init__(
        self, running: Running, started: Started, on_end: Callable[[Run], None], limits: Limits
    ) -> None:
        super().__init__(daemon=True)
        self.running, self.started, self.on_end, self.limits = running, started, on_end, limits
        self.outcome: Run | None = None
        self.error: BaseException | None = None
        self.start()

    @property
    def stopped(self) -> bool:
        return self.running.stopped

    def tick(self) -> None:
        """watch() calls it: the status line is the main thread's to draw."""

    def kill(self, case_tree: CaseTree) -> None:
        self.running.kill(case_tree)

    def run(self) -> None:
        try:
            self.outcome = watch(self, *self.started, self.limits)
            self.on_end(self.outcome)
        except BaseException as error:  # raised again by result(), on the thread that asks
            self.error = error

    def result(self) -> Run:
        self.join()
        if self.error is not None:
            raise self.error
        assert self.outcome is not None
        return self.outcome


class Ends:
    """The pipes that join a program and its judging program: to_program (the program's stdin)
    and to_judging (the judging program's), (read end, write end) each, and the runner's
    copies of their ends. The runner holds them, so that each process sees the other's end of
    file only once the runner saw it end: which went first is never a race. Testlib's way, the
    interactor writes to to_program itself, and once the program is gone its writes fail.

    Where the first to end decides (the Kattis way), the judging program writes to a pipe of
    its own, from_judging, which relay() copies to the program on a thread: so the program sees
    the end of that output as soon as it ends, where the judging program exits or only closes
    its output (it gave the whole input, and waits for the answer). The judging program may
    always write: once the program is gone, what it writes is read and dropped, so that it
    never waits on a full pipe for a program that spun to its limit. One that rejects first
    ends the program; the program may write after it accepted: what it writes then is read and
    dropped, so that it never waits on a full pipe."""

    def __init__(self, first_decides: bool) -> None:
        self.to_program, self.to_judging = os.pipe(), os.pipe()
        self.from_judging = os.pipe() if first_decides else self.to_program
        self.open = {*self.to_program, *self.to_judging, *self.from_judging}
        self.lock, self.rejected, self.first_decides = threading.Lock(), False, first_decides
        self.kill_program: Callable[[], None] | None = None
        self.judging_gone = threading.Event()  # its end was seen
        self.relaying: threading.Thread | None = None

    def close(self, *fds: int) -> None:
        with self.lock:  # each once: a number closed may be another file's soon after
            for fd in set(fds) & self.open:
                self.open.discard(fd)
                os.close(fd)

    def judging_started(self) -> None:
        """The judging program holds its end of its output now. Where its output is relayed,
        the runner lets go of its copy (or that output would never end), and relays it."""
        if not self.first_decides:
            return
        self.close(self.from_judging[1])
        with self.lock:  # the relay's own from now on: it closes them
            self.open -= {self.from_judging[0], self.to_program[1]}
        self.relaying = threading.Thread(target=self.relay, daemon=True)
        self.relaying.start()

    def relay(self) -> None:
        """Copy the judging program's output to the program until it ends, dropping what the
        program no longer reads (it is gone, or closed its input); then, once the judging
        program's exit is seen (GRACE seconds at most: it may only have closed its output), the
        program sees its end of file."""
        source, target = self.from_judging[0], self.to_program[1]
        sending = True
        try:
            data = os.read(source, 65536)
            while data:
                while sending and data:
                    try:
                        data = data[os.write(target, data) :]
                    except OSError:  # no reader: what follows is dropped
                        sending = False
                data = os.read(source, 65536)
        except OSError:
            pass
        finally:
            self.judging_gone.wait(GRACE)
            os.close(target)
            os.close(source)

    def judging_ended(self, run: Run, codes: Mapping[int, Verdict]) -> None:
        """The judging program ended: the program sees its end of file; what the program
        writes now is no longer read by it: dropped after an accept, refused after a reject."""
        self.judging_gone.set()
        rejected = codes.get(run.status) != Verdict.AC
        self.close(self.to_program[1], *(self.to_judging[:1] if rejected else ()))
        if not rejected:
            self.drain()
        with self.lock:
            self.rejected, kill = rejected, self.kill_program
        if rejected and self.first_decides and kill:  # decided: no use running on
            kill()

    def drain(self) -> None:
        """Read what the program writes to the judging program's side until its end, on a
        thread that then closes that end."""
        with self.lock:
            fd = self.to_judging[0]
            if fd not in self.open:
                return
            self.open.discard(fd)

        def read_to_end() -> None:
            try:
                while os.read(fd, 65536):
                    pass
            except OSError:
                pass
            finally:
                os.close(fd)

        threading.Thread(target=read_to_end, daemon=True).start()

    def program_started(self, kill: Callable[[], None]) -> None:
        """kill() ends the program: now, if the judging program already rejected it (a busy
        machine may run both before this thread goes on). Where the judging program's output
        is relayed, the program alone holds its input now: once it is gone, the relay's writes
        fail, and what follows is dropped."""
        if self.first_decides:
            self.close(self.to_program[0])
        with self.lock:
            self.kill_program, rejected = kill, self.rejected
        if rejected and self.first_decides:
            kill()

    def program_ended(self) -> None:
        """The judging program sees its end of file; testlib's interactor also a broken pipe."""
        self.close(self.to_judging[1], *(() if self.first_decides else self.to_program[:1]))

    def finish(self) -> None:
        """Close what the runner still holds, and let the relay end (its source ends with the
        judging program, which is reaped by now)."""
        self.close(*self.open)
        if self.relaying is not None:
            self.relaying.join(GRACE + 1.0)


def interact(
    mode: Judged,
    input_path: Path,
    command: trees.Command,
    expected: bytes | None,
    limits: Limits,
    running: Running,
    workdir: Workdir,
    folder: str | None = None,
) -> tuple[Run, Judging]:
    """The Run of the program (its command as the process layer starts it: under bwrap, say)
    and what its judging program did (testlib's interactor, CMD INPUT OUTPUT ANSWER, or a
    Kattis validator, CMD INPUT ANSWER FEEDBACK_DIR), piped together, its files in folder (None:
    a new one). The judging program's Run has, as its output, what it wrote to OUTPUT: with
    Polygon, the checker judges that."""
    with feedback_folder(folder) as folder:
        Path(folder, "answer").write_bytes(expected or b"")
        own_limits = replace(judging_limits(limits.time), unlimited_stack=limits.unlimited_stack)
        judging_program = judging_command(mode, input_path, folder)
        ends, judging = Ends(mode.protocol.first_decides), None
        try:
            to_program, to_judging = ends.to_program, ends.to_judging
            cap = CHECK_LIMITS.output
            stack = own_limits.stack  # each program's stack is as its limits say
            started = running.start(
                judging_program, to_judging[0], workdir, cap, ends.from_judging[1], True, stack
            )
            ends.judging_started()
            codes = mode.protocol.codes
            judging = Watched(
                running, started, lambda run: ends.judging_ended(run, codes), own_limits
            )
            program = running.start(
                command, to_program[0], workdir, limits.output, to_judging[1], stack=limits.stack
            )
            ends.program_started(lambda: running.kill(program[0]))
            outcome = watch(running, *program, limits)
            ends.program_ended()
        except BaseException:  # the program never started, or the run stops: no use waiting
            if judging:
                running.kill(judging.started[0])
            raise
        finally:  # the judging program is watched, killed and reaped whatever the program did
            ends.program_ended()
            try:
                judged = judging.result() if judging else None
            finally:
                ends.finish()
        assert judged is not None
        message, score = feedback(mode.protocol, folder, judged)
        kept = judge_message(mode.protocol, folder)
        with contextlib.suppress(OSError):  # none written: none to judge
            judged = replace(judged, output=read_regular(Path(folder, "output")))
    return outcome, Judging(mode.kind, mode.protocol, judged, message, score, own_limits, kept)
