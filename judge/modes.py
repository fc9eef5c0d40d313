"""The judging modes, one object each in one registry. A mode says how its `Judge:` field and
its flag read, how it judges an output, and how it explains a failure. Nothing outside this
module compares a mode's name: it asks the mode. Each mode is an entry of REGISTRY, and the
docs' table is printed from REGISTRY."""

from __future__ import annotations

import argparse
import shlex
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence, Union

from . import checkers, verdicts
from .build import tool_command
from .compare import (
    COMPARATORS,
    INVALID_CHARACTER,
    KattisFlags,
    eps_error,
    float_difference,
    kattis_difference,
    kattis_flags,
)
from .explain import NEWLINE, float_mismatch, hints, mismatch
from .model import Command, UsageError, Verdict
from .text import printable, shorten
from .verdicts import Decision, Judging

if TYPE_CHECKING:
    from .process.trees import Workdir
    from .process.watch import Running

Folder = Union[str, Path]  # where a judging program is found, or built


class Mode:
    """A way of judging an output. kind: its name in the registry; argument: what follows it."""

    interactive = False  # whether a program talks to the solution as it runs
    judged_by_program = False  # whether a program judges it, found by resolved()
    command: Command | None = None  # the judging program, (args, executable), once found
    missing: str | None = None  # why it was not found, or not built: an IE for each case
    flags: tuple[str, ...] = ()  # words after the judging program's files: a Kattis package's
    checker: Mode | None = None  # the checker mode of an interactor's output file (Polygon's)

    def __init__(self, kind: str, argument: str = "") -> None:
        self.kind, self.argument = kind, argument

    @property
    def text(self) -> str:
        """The mode as written on a Judge: line."""
        return f"{self.kind} {self.argument}" if self.argument else self.kind

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Mode):
            return False
        mine = (self.text, self.command, self.missing, self.flags)
        return mine == (other.text, other.command, other.missing, other.flags)

    def __hash__(self) -> int:
        return hash(self.text)

    def __repr__(self) -> str:
        return f"Mode({self.text!r})"

    def resolved(
        self,
        root: Folder,
        what: str | None = None,
        strict: bool = False,
        builds: Folder | None = None,
    ) -> Mode:
        """The mode with its judging program found from root, a source built into builds
        (judge.build.tool_command); a mode with none: itself."""
        return self

    @property
    def bytes_count(self) -> bool:
        """Whether every byte of an answer counts: then a .out must be clean text. Elsewhere
        (tokens, a tolerance, a judging program) the judge reads past spaces and newlines."""
        return REGISTRY[self.kind].bytes_count

    def oj_flags(self, python: str) -> list[str] | None:
        """The flags of `oj test` that judge as this mode does, or None where oj has none. A
        .py program is run by python."""
        template = REGISTRY[self.kind].oj
        if template is None:
            return None
        argument = self.argument
        if argument.split()[:1] and argument.split()[0].endswith(".py"):
            argument = f"{shlex.quote(python)} {argument}"
        return [word.format(argument) for word in template]

    def judge_output(
        self,
        input_path: Path,
        output: bytes,
        expected: bytes,
        running: Running,
        workdir: Workdir,
    ) -> Decision | Judging:
        """The Decision on an output against the answer: a comparator's here; a judging
        program's mode gives what that program did (a judge.verdicts.Judging)."""
        verdict = self.verdict(expected, output)
        return Decision(verdict, tuple(self.explain(verdict, output, expected)), "compared")

    def verdict(self, expected: bytes, got: bytes) -> Verdict:
        """A comparator's verdict on an output against the answer; a mode whose output a
        program judges has none (its judge_output() runs the program)."""
        raise NotImplementedError(f"{self.text}: a program judges its outputs")

    def explain(self, verdict: Verdict, got: bytes, expected: bytes) -> list[str]:
        """The lines that explain a comparator's verdict on an output."""
        raise NotImplementedError(f"{self.text}: a program judges its outputs")


class Comparison(Mode):
    """Equal outputs under one of the comparators (judge.compare.COMPARATORS)."""

    def verdict(self, expected: bytes, got: bytes) -> Verdict:
        comparator = COMPARATORS[self.kind]
        return comparator.verdict(comparator.normal(expected), comparator.normal(got))

    def explain(self, verdict: Verdict, got: bytes, expected: bytes) -> list[str]:
        if verdict == Verdict.IC:
            invalid = INVALID_CHARACTER.search(got)
            assert invalid is not None  # an IC: the output has a byte Jutge.org refuses
            at = invalid.start()
            line = got.count(NEWLINE, 0, at) + 1
            where = f"line {line}, column {at - got.rfind(NEWLINE, 0, at)}"
            text = f"invalid character: byte {got[at]:#04x} at {where}; Jutge.org accepts "
            return [text + "printable ASCII, newline, CR and tab only"]
        if verdict in (Verdict.WA, Verdict.PE):
            return mismatch(verdict, got, expected, COMPARATORS[self.kind])
        return []


class Tolerance(Mode):
    """Tokens equal, or numbers within EPS, absolute or relative (testlib's doubleCompare)."""

    def verdict(self, expected: bytes, got: bytes) -> Verdict:
        wrong = float_difference(expected, got, float(self.argument))
        return Verdict.WA if wrong else Verdict.AC

    def explain(self, verdict: Verdict, got: bytes, expected: bytes) -> list[str]:
        return float_mismatch(got, expected, self.argument) if verdict == Verdict.WA else []


class KattisDefault(Mode):
    """Kattis's default output validator, by its flags (judge.compare.kattis_flags)."""

    def verdict(self, expected: bytes, got: bytes) -> Verdict:
        return Verdict.WA if kattis_difference(expected, got, self.parsed) else Verdict.AC

    @property
    def parsed(self) -> KattisFlags:
        return kattis_flags(self.argument.split())

    def explain(self, verdict: Verdict, got: bytes, expected: bytes) -> list[str]:
        if verdict != Verdict.WA:
            return []
        rejected = kattis_difference(expected, got, self.parsed)
        assert rejected is not None  # a WA: the validator rejects the output
        number, at, wrong = rejected
        line = got.count(NEWLINE, 0, at) + 1
        piece = "piece" if self.parsed.space_change_sensitive else "token"
        return [*hints(got, expected), f"{piece} {number}, line {line} of the output: {wrong}"]


class Judged(Mode):
    """An output judged by a program that speaks `protocol` (judge.checkers)."""

    judged_by_program = True

    def __init__(
        self,
        kind: str,
        argument: str,
        protocol: verdicts.Protocol,
        command: Command | None = None,
        flags: Iterable[str] = (),
    ) -> None:
        super().__init__(kind, argument)
        self.protocol, self.command, self.flags = protocol, command, tuple(flags)

    def resolved(
        self,
        root: Folder,
        what: str | None = None,
        strict: bool = False,
        builds: Folder | None = None,
    ) -> Mode:
        """The mode with its command found from root; with strict, a UsageError if it is not
        there (or not built), else the reason kept, an IE for each case."""
        if self.command is not None or self.missing is not None:
            return self
        made = type(self)(self.kind, self.argument, self.protocol, None, self.flags)
        what = what or f"the Judge: line's {self.kind}"
        made.command, made.missing = found(self.argument, root, what, strict, builds)
        return made

    def judge_output(
        self,
        input_path: Path,
        output: bytes,
        expected: bytes,
        running: Running,
        workdir: Workdir,
    ) -> Decision | Judging:
        return checkers.check_output(self, input_path, output, expected, running, workdir)


def found(
    text: str, root: Folder, what: str, strict: bool, builds: Folder | None = None
) -> tuple[Command | None, str | None]:
    """(the command of a CMD found from root (a source built into builds), None), or with
    strict a UsageError if it is not there or does not build, else (None, the reason), kept:
    an IE for each case."""
    try:
        args, executable = tool_command(text, root, what, builds)
        assert isinstance(args, list)  # a tool's command is its words, never one line of text
        return (args, executable), None
    except UsageError as error:
        if strict:
            raise
        return None, str(error)


def checked_after(text: str) -> tuple[str, str | None]:
    """(the interactor's CMD, the checker's CMD or None) of `CMD [checker CMD]`."""
    own, _, checker = f" {text} ".partition(" checker ")
    return own.strip(), (checker.strip() if _ else None)


class Interactive(Judged):
    """A program piped both ways with the solution as it runs, whose exit code is the verdict;
    with Polygon (`interactor CMD checker CMD`), a checker then judges its output file."""

    interactive = True

    def resolved(
        self,
        root: Folder,
        what: str | None = None,
        strict: bool = False,
        builds: Folder | None = None,
    ) -> Mode:
        if self.command is not None or self.missing is not None:
            return self
        own, checker = checked_after(self.argument)
        made = type(self)(self.kind, self.argument, self.protocol, None, self.flags)
        what = what or f"the Judge: line's {self.kind}"
        made.command, made.missing = found(own, root, what, strict, builds)
        if checker is not None:
            what = (what or f"the Judge: line's {self.kind}").replace(self.kind, "checker")
            made.checker = make_mode(f"checker {checker}").resolved(root, what, strict, builds)
        return made


@dataclass(frozen=True)
class Entry:
    """A mode of the registry: the class, what follows the kind on a Judge: line, its protocol,
    the flag's help, and the flags of `oj test` that judge as it does ("{}": the argument;
    None: oj has none), and whether every byte of an answer counts (so a clean .out matters:
    no trailing space, say)."""

    make: type[Mode]
    takes: str | None
    protocol: verdicts.Protocol | None
    help: str
    oj: tuple[str, ...] | None = ()
    bytes_count: bool = False


REGISTRY = {
    "exact": Entry(Comparison, None, None, "the bytes, CRLF read as LF, as oj test", (), True),
    "jutge": Entry(Comparison, None, None, "as Jutge.org: AC, PE, IC or WA", (), True),
    "tokens": Entry(Comparison, None, None, "compare whitespace-separated tokens only", ("-N",)),
    "loose": Entry(
        Comparison,
        None,
        None,
        "also ignore spaces at line ends and empty lines at the end",
        None,
    ),
    "float": Entry(
        Tolerance,
        "EPS",
        None,
        "compare tokens, numbers equal within EPS, absolute or relative",
        ("-e", "{}"),
    ),
    "checker": Entry(
        Judged,
        "CMD",
        verdicts.TESTLIB_CHECKER,
        "testlib's checker: CMD INPUT OUTPUT ANSWER, exit 0 AC, 1 WA, 2 PE",
        ("--judge-command", "{}"),
    ),
    "validator": Entry(
        Judged,
        "CMD",
        verdicts.KATTIS_VALIDATOR,
        "an output validator: CMD INPUT ANSWER DIR < OUTPUT, exit 42 AC, 43 WA",
        None,
    ),
    "interactor": Entry(
        Interactive,
        "CMD",
        verdicts.TESTLIB_INTERACTOR,
        "testlib's interactor: CMD INPUT OUTPUT ANSWER, its stdout the program's stdin,"
        " and the other way round; exit 0 AC, 1 WA, 2 PE; with --checker, which then judges"
        " its OUTPUT file (Polygon)",
        None,
    ),
    "kattis": Entry(
        KattisDefault,
        "FLAGS",
        None,
        "Kattis's default output validator: tokens in any letter case, its flags"
        " case_sensitive, space_change_sensitive, float_tolerance EPS,"
        " float_absolute_tolerance EPS, float_relative_tolerance EPS",
        None,
    ),
    "interactive_validator": Entry(
        Interactive,
        "CMD",
        verdicts.KATTIS_INTERACTIVE,
        "a Kattis interactive validator: CMD INPUT ANSWER DIR, piped both ways; exit 42 AC,"
        " 43 WA; the first to end decides",
        None,
    ),
}
SHORTCUTS = ("loose", "tokens")  # comparators with a flag of their own: --loose, --tokens
COMPARISONS = [kind for kind, entry in REGISTRY.items() if entry.make is Comparison]
JUDGE_FORMAT = "Judge: NAME; N s; M MiB; " + "|".join(COMPARISONS)
MODES = "|".join(COMPARISONS) + ", float EPS, kattis [FLAGS], "
MODES += " or ".join(f"{kind} CMD" for kind, entry in REGISTRY.items() if entry.takes == "CMD")
TOGETHER = ("interactor", "checker")  # the flags that may go together: Polygon's way


def mode_error(text: str) -> str | None:
    """None when text is a judging mode (`exact`, `float 1e-6`, `checker CMD` ...), else why not."""
    kind, _, argument = text.strip().partition(" ")  # argument: empty, or ends in no space
    entry = REGISTRY.get(kind)
    if entry and not entry.takes and not argument:
        return None
    if entry and entry.takes == "EPS":
        return eps_error(argument.strip())
    if entry and entry.takes == "FLAGS":
        try:
            kattis_flags(argument.split())
        except ValueError as error:
            return str(error)
        return None
    if entry and entry.takes == "CMD" and entry.make is Interactive and argument:
        own, checker = checked_after(argument)
        if not own or checker == "":
            return f"'{kind} CMD checker CMD' needs both commands"
    if entry and entry.takes == "CMD":
        return None if argument else f"'{kind}' needs a command: '{kind} CMD'"
    return f"'{shorten(printable(text))}' is no judging mode: want {MODES}"


def parse_mode(text: str) -> Mode:
    """The Mode written as text on a Judge: line; a ValueError says why text is none."""
    wrong = mode_error(text)
    if wrong:
        raise ValueError(wrong)
    return make_mode(" ".join(text.split(None, 1)))


def make_mode(text: str) -> Mode:
    """The Mode of text as a flag gives it, KIND or KIND ARGUMENT, not checked further."""
    kind, _, argument = text.partition(" ")
    entry = REGISTRY[kind]
    if issubclass(entry.make, Judged) and entry.protocol is not None:  # a program judges it
        return entry.make(kind, argument, entry.protocol)
    return entry.make(kind, argument)


def add_flags(parser: argparse.ArgumentParser, default: str) -> None:
    """Each mode's flag; each adds (the flag, the mode's text) to the list mode_flags, which
    chosen_mode() makes one mode of."""
    parser.set_defaults(mode_flags=())
    add = parser.add_argument
    add(
        "--compare",
        choices=COMPARISONS,
        action=ModeFlag,
        help=f"how outputs are compared {default}",
    )
    for kind in SHORTCUTS:
        help = f"--compare {kind}: {REGISTRY[kind].help}"
        add("--" + kind, nargs=0, action=ModeFlag, const=kind, help=help)
    for kind, entry in REGISTRY.items():
        if entry.takes:
            reader, metavar = flag_reader(kind, entry.takes), entry.takes
            flag, help = "--" + kind.replace("_", "-"), entry.help
            if entry.takes == "FLAGS":  # optional: its const "" is read too
                add(
                    flag,
                    type=reader,
                    action=ModeFlag,
                    metavar=metavar,
                    help=help,
                    nargs="?",
                    const="",
                )
            else:
                add(flag, type=reader, action=ModeFlag, metavar=metavar, help=help)


class ModeFlag(argparse.Action):
    """A judging mode's flag: (the flag, the mode's text) added to the namespace's mode_flags."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[Any] | None,  # Any: as argparse.Action's
        option_string: str | None = None,
    ) -> None:
        text = self.const if values in (None, []) else values
        namespace.mode_flags = (*namespace.mode_flags, (option_string, text))


def chosen_mode(flags: Sequence[tuple[str, str]]) -> str | None:
    """The text of the mode that the flags ((flag, text) each) choose, or None; a ValueError
    for two at once, unless they are --interactor and --checker, Polygon's pair."""
    texts = {text.partition(" ")[0]: text for _, text in flags}
    if len(flags) == 2 and sorted(texts) == sorted(TOGETHER):
        return f"{texts[TOGETHER[0]]} {texts[TOGETHER[1]]}"
    if len(flags) > 1:
        first, second = flags[0][0], flags[1][0]
        raise ValueError(f"argument {second}: not allowed with argument {first}")
    return flags[0][1] if flags else None


def flag_reader(kind: str, takes: str) -> Callable[[str], str]:
    """argparse's type for --KIND ARG: the mode's text; a tolerance or flags checked at once."""

    def read(text: str) -> str:
        wrong = None if takes == "CMD" else mode_error(f"{kind} {text}")
        if wrong:
            raise argparse.ArgumentTypeError(wrong)
        return f"{kind} {text.strip()}".strip() if takes != "CMD" else f"{kind} {text}"

    return read
