"""The programs of a problem package, as the format (2025-09, "Programs") and its judges read
them: a submission, or an output validator.

- A program is a file, or a folder that is one program. A folder with a `build` or `run`
  script is built by its build script (if it has one) in a copy of it, and run by its `run`.
- Else its language is the one most of its files are of, by the extensions of
  judge.build.LANGUAGES (read as DOMjudge reads a package, its DOMJUDGE_LANGUAGES first: .pl
  is Perl, where the format's table says Prolog); a tie goes to problemtools' priority (C++
  before C). A `.py` with a
  python2 `#!` line counts for Python 2 too, as problemtools counts it.
- Its sources are its files of that language, compiled together where the language reads
  them so (C, C++, Java), or its entry point alone (Rust, Pascal). The entry point is
  Python's `__main__.py`, else a file named `main.*`, else the first by name; Java's is the
  class with a main method (with its package; one named Main where several have one). A Java
  program with none does not build, as DOMjudge finds the class when it compiles; nor does
  a JavaScript one with a file node --check refuses (judge.build).
- A submission gets the files of its package's `include/default/` and `include/CODE/` (CODE:
  its language's code in the format's table), the latter's on a clash, over its own.
- A program of one source, with nothing to include, is built from where it is
  (judge.build.program_for); one of several files from a copy of them all, keyed by every
  file (judge.build.folder_program). A Python program of several files is zipped into one.
- A .py runs on the runner's Python (or --python), checked to compile first; a Python 2 one
  on python2, else PyPy 2, where one runs.

Skipped says a program cannot run here (no language of the runner's, or its compiler is
missing), Unbuilt that it does not build: the submission's CE, a validator's one line."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path, PurePosixPath
from typing import Sequence

from . import build
from .commands import Command as AnyCommand
from .model import Command

PYTHON2 = re.compile(rb"#!.*python2\b")  # a Python 2 program, as problemtools tells it
MAIN = re.compile(r"main\.", re.I)  # a file problemtools takes for the entry point
SCRIPTS = ("build", "run")  # a folder's own build and run, which make it a program of its own
INCLUDE, DEFAULT = "include", "default"  # a package's files for every submission
LEFT_OUT = "__pycache__"  # a folder of a program that is not read
MOST_FILES = 1000  # a program of more files is refused: a folder program is a few sources


class Skipped(Exception):
    """A program that cannot run here: no build support or compiler for its language."""


class Unbuilt(Exception):
    """A program that does not build; its message says why."""


def program_files(path: Path) -> list[tuple[str, Path]]:
    """The files of a program, as (the name in it, the absolute path): a file alone, or a
    folder's files at any depth (dot files and __pycache__ left out), by name."""
    path = Path(os.path.abspath(path))
    if not path.is_dir():
        return [(path.name, path)]
    found: list[tuple[str, Path]] = []
    for folder, folders, files in os.walk(str(path)):
        folders[:] = sorted(d for d in folders if not d.startswith(".") and d != LEFT_OUT)
        for name in sorted(n for n in files if not n.startswith(".")):
            full = Path(folder, name)
            if full.is_file():
                found.append((full.relative_to(path).as_posix(), full))
        if len(found) > MOST_FILES:
            raise Unbuilt(f"{path.name} holds more than {MOST_FILES} files: not one program")
    return sorted(found)


def python2_evidence(name: str, path: Path) -> bool:
    """Whether a file counts for Python 2: a .py2, or a .py whose #! line names python2."""
    if name.endswith(".py2"):
        return True
    if not name.endswith(".py"):
        return False
    try:
        with open(path, "rb") as file:
            return PYTHON2.match(file.read(100)) is not None
    except OSError:
        return False


def language_for(
    files: Sequence[tuple[str, Path]], domjudge: bool = False
) -> build.Language | None:
    """The language of a program's files: the one most of them count for (with domjudge, by
    DOMjudge's endings), a tie to the higher priority (problemtools' rule); None where none is
    a language of the runner's."""
    counts: dict[build.Language, int] = {}
    for name, path in files:
        language = build.language_of(name, domjudge)
        if language is not None and language is not build.PYTHON2:
            counts[language] = counts.get(language, 0) + 1
        if python2_evidence(name, path):
            counts[build.PYTHON2] = counts.get(build.PYTHON2, 0) + 1
    if not counts:
        return None
    return max(counts, key=lambda language: (counts[language], language.priority))


def sources_of(language: build.Language, files: Sequence[tuple[str, Path]]) -> list[str]:
    """The names of a program's files of its language (Python 2's: .py2 and .py), by name."""
    wanted = (build.PYTHON, build.PYTHON2) if language is build.PYTHON2 else (language,)
    return sorted(name for name, _ in files if any(build.is_source(name, w) for w in wanted))


def entry_of(
    language: build.Language, sources: Sequence[str], files: Sequence[tuple[str, Path]]
) -> tuple[str, str]:
    """(the entry point's name, Java's class): Python's __main__.py, Java's class with a main
    method (one named Main where several have one; "" where none has one: it does not build),
    else main.*, else the first source by name."""
    named = [name for name in sources if MAIN.match(PurePosixPath(name).name)]
    entry = "__main__.py" if "__main__.py" in sources else (named or list(sources))[0]
    if language is not build.language_of("x.java"):
        return entry, "Main"
    paths = dict(files)
    mains: list[tuple[str, str]] = []
    for name in sources:
        with contextlib.suppress(OSError):
            text = paths[name].read_bytes().decode("utf-8", "replace")
            mains += [(name, main) for main in build.java_mains(text)]
    chosen = [each for each in mains if each[1].rsplit(".", 1)[-1] == "Main"] or mains
    return chosen[0] if chosen else (entry, "")


def package_of(path: Path) -> Path | None:
    """The package that holds the program at path among its submissions, or None."""
    for parent in Path(os.path.abspath(path)).parents:
        if parent.name == "submissions" and (parent.parent / "problem.yaml").is_file():
            return parent.parent
    return None


def include_files(path: Path, language: build.Language) -> list[tuple[str, Path]]:
    """The files the package's include/default/ and include/CODE/ add to a submission of the
    language (CODE's on a clash), as program_files gives them."""
    package = package_of(path)
    if package is None:
        return []
    found: dict[str, Path] = {}
    for code in (DEFAULT, language.code):
        folder = package / INCLUDE / code
        if code and folder.is_dir():
            found.update(program_files(folder))
    return sorted(found.items())


def source_of(path: Path, domjudge: bool = False) -> Path:
    """The file that runs, of a program that is a file or a folder: its entry point (a folder
    with a run script: that script). Skipped where it has no language of the runner's."""
    files = program_files(Path(path))
    if Path(path).is_dir() and any(name in SCRIPTS for name, _ in files):
        return Path(path) / "run"
    language = found_language(files, domjudge)
    entry, _ = entry_of(language, sources_of(language, files), files)
    return dict(files)[entry]


def found_language(files: Sequence[tuple[str, Path]], domjudge: bool = False) -> build.Language:
    """The language of a program's files (with domjudge, as DOMjudge reads their endings);
    Skipped where it has none of the runner's."""
    language = language_for(files, domjudge)
    if language is None:
        first = PurePosixPath(files[0][0]) if files else None
        said = (first.suffix or first.name) if first else "an empty folder"
        raise Skipped(f"no build support for {said}")
    return language


def program_command(
    path: Path,
    python: str | None = None,
    sandbox: str | None = None,
    hidden: Sequence[str] = (),
    builds: Path | None = None,
    language: str | None = None,
    entrypoint: str | None = None,
    domjudge: bool = False,
) -> Command:
    """(args, executable) that runs the program at path (a file, or a folder that is one
    program): a .py on python (default: the runner's), checked to compile; another language
    built by judge.build into builds (default: the runner's), with sandbox (bwrap's path)
    inside it, where the folders hidden are out of sight. language (the format's code) and
    entrypoint (a file, or Java's class), where given, are taken over those found, as
    submissions.yaml gives them; with domjudge, the language is found as DOMjudge reads the
    endings (.pl: Perl). Skipped where judge.build knows no such language, or its compiler
    is missing; Unbuilt where it does not build (a source too deep to compile too)."""
    path, where = Path(os.path.abspath(path)), builds or build.RUNNER_BUILDS
    files = program_files(path)
    if path.is_dir() and any(name in SCRIPTS for name, _ in files) and language is None:
        scripts = build.Folder(path, tuple(files), None, "run")
        return built_command(build.folder_program(scripts, where, python, sandbox, hidden))
    chosen = found_language(files, domjudge) if language is None else language_named(language)
    sources = sources_of(chosen, files)
    if not sources:
        raise Unbuilt(f"{path.name} holds no {chosen.name} source")
    entry, main = entry_of(chosen, sources, files)
    if entrypoint is not None:
        entry, main = given_entry(chosen, entrypoint, sources, entry)
    extra = include_files(path, chosen)
    if len(sources) == 1 and not extra and entrypoint is None:
        return single_command(dict(files)[entry], chosen, python, sandbox, hidden, where)
    return folder_command(path, files, extra, chosen, (entry, main), python, sandbox, hidden, where)


def folder_command(
    path: Path,
    files: Sequence[tuple[str, Path]],
    extra: Sequence[tuple[str, Path]],
    language: build.Language,
    entry: tuple[str, str],
    python: str | None,
    sandbox: str | None,
    hidden: Sequence[str],
    where: Path,
) -> Command:
    """The command of a program built from a copy of its files and those included (entry: its
    entry point and Java's class), a Python one checked to compile first."""
    if language in (build.PYTHON, build.PYTHON2):
        python = checked_python(language, files, python or sys.executable)
    merged = tuple(sorted({**dict(files), **dict(extra)}.items()))
    program = build.Folder(path, merged, language, *entry)
    return built_command(build.folder_program(program, where, python, sandbox, hidden))


def language_named(code: str) -> build.Language:
    """The language of the format's code (cpp, python3); Skipped where the runner has none."""
    for language in build.LANGUAGES.values():
        if language.code == code:
            return language
    raise Skipped(f"no build support for the language {code}")


def given_entry(
    language: build.Language, entrypoint: str, sources: Sequence[str], found: str
) -> tuple[str, str]:
    """(the entry point, Java's class) an entrypoint names: Java's class (its file as found),
    else one of the sources; Unbuilt where it is none of them."""
    if language is build.language_of("x.java"):
        return found, entrypoint
    if entrypoint not in sources:
        raise Unbuilt(f"the entry point {entrypoint} is no {language.name} source of it")
    return entrypoint, "Main"


def single_command(
    source: Path,
    language: build.Language,
    python: str | None,
    sandbox: str | None,
    hidden: Sequence[str],
    builds: Path,
) -> Command:
    """The command of a program of one source, built (or for Python, run) where it is."""
    if language in (build.PYTHON, build.PYTHON2):
        return python_command(source, python or sys.executable, language is build.PYTHON2)
    built = build.program_for(
        source.parent, str(source.resolve()), builds, python, sandbox, hidden, language=language
    )
    return built_command(built)


def built_command(built: build.Built) -> Command:
    """A Built's command; Skipped where its compiler is missing, else Unbuilt without one."""
    if built.command is None:
        why = " ".join(built.failure or ["it did not build"])
        raise (Skipped if " on PATH" in why else Unbuilt)(why)
    return listed(built.command)


def checked_python(language: build.Language, files: Sequence[tuple[str, Path]], python: str) -> str:
    """The Python a program of several .py files runs on, once each compiles here: python, or
    for Python 2, python2 (Skipped where none runs)."""
    if language is build.PYTHON2:
        found = python2()
        if found is None:
            raise Skipped("Python 2, and no python2 or pypy on PATH that runs")
        return found
    for name, path in files:
        if build.language_of(name) is build.PYTHON:
            compiled(path)
    return python


def compiled(source: Path) -> bytes:
    """The source's bytes, once it compiles here; Unbuilt where it does not, or is nested too
    deep for the compiler (RecursionError, MemoryError), or cannot be read."""
    try:
        data = source.read_bytes()
        compile(data, str(source), "exec")
    except (SyntaxError, ValueError, OSError, RecursionError, MemoryError) as error:
        raise Unbuilt(one_line(error)) from None
    return data


def listed(command: AnyCommand) -> Command:
    """A build's command as a list of words (only --command's is ever a command line's text)."""
    args, executable = command
    assert isinstance(args, list), "a build runs a list of words"
    return args, executable


def python2() -> str | None:
    """A Python 2 that runs (python2, else PyPy, as problemtools runs one), or None. A shim
    such as pyenv's may stand on PATH for one that is not installed."""
    for name in ("python2", "pypy"):
        found = shutil.which(name)
        with contextlib.suppress(OSError, subprocess.TimeoutExpired):
            asked = (
                [found, "-c", "import sys; sys.exit(sys.version_info[0] != 2)"] if found else None
            )
            if asked and subprocess.run(asked, capture_output=True, timeout=10).returncode == 0:
                return os.path.abspath(asked[0])
    return None


def python_command(source: Path, python: str, version2: bool = False) -> Command:
    """The command of a .py on python, once it compiles here; a Python 2 one (version2, or a
    python2 shebang) on python2. A source nested too deep for the compiler (RecursionError,
    MemoryError) is Unbuilt."""
    try:
        head = source.read_bytes()[:100]
    except OSError as error:
        raise Unbuilt(one_line(error)) from None
    if version2 or PYTHON2.match(head):
        found = python2()
        if found is None:
            raise Skipped("a python2 shebang, and no python2 or pypy on PATH that runs")
        python = found
    else:
        compiled(source)
    return [python, str(source.resolve())], python


def one_line(error: BaseException) -> str:
    """An error as one line: its type, and its message's first line if it has one."""
    message = str(error).strip().splitlines()[:1]
    return ": ".join([type(error).__name__, *message])
