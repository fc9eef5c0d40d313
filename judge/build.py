"""Programs in any language: the table of languages, and a source built once, under limits,
into the build folder before it runs. SRC is the source's name, compiled in its own folder
(so `#include "testlib.h"` finds the testlib.h beside it); BIN and DIR are in the build.

| extension          | built by                                                    | run as      |
|--------------------|-------------------------------------------------------------|-------------|
| .py .py3           |                                                             | PY SRC      |
| .py2               |                                                             | python2 SRC |
| .c                 | gcc -std=gnu11 -O2 -pipe -DONLINE_JUDGE DEPS -o BIN SRC -lm | BIN         |
| .cpp .cc .cxx .c++ | g++ -std=gnu++17 -O2 -pipe -DONLINE_JUDGE DEPS -o BIN SRC   | BIN         |
| .java              | javac -encoding UTF-8 -d DIR/classes DIR/FILE.java          | JAVA        |
|                    | jar --create --file BIN.jar -C DIR/classes .                |             |
| .rs                | rustc -O --edition 2021 --emit=link,dep-info=DIR/deps.d     | BIN         |
|                    |   -o BIN SRC                                                |             |
| .js .mjs           | node --check SRC                                            | node SRC    |
| .sh .bash          |                                                             | bash SRC    |
| .pas               | fpc -O2 -Sg -XS -FEDIR -oBIN SRC                            | BIN         |
| .rb                |                                                             | ruby SRC    |
| .kt                | kotlinc SRC -include-runtime -d BIN.jar                     | java -jar   |
| .pm                | perl -c -W SRC                                              | perl SRC    |
| .pl .plg           | swipl -O -q -g main -t halt -o BIN -c SRC                   | BIN         |
| .awk               |                                                             | awk -f SRC  |
| .lua               | luac -o BIN.luac SRC                                        | lua BIN.luac |
| .r                 | Rscript -e invisible(parse(commandArgs(TRUE)[1])) SRC       | Rscript SRC |
| .hs .lhs           | ghc -O2 -ferror-spans -threaded -rtsopts                    | BIN         |
|                    |   -outputdir DIR/objects -tmpdir DIR -o BIN SRC             |             |
| .f90 .f95          | gfortran -x f95 -Wall -O2 -cpp -JDIR -o BIN SRC             | BIN         |
| .cs                | mcs -out:BIN.exe -optimize+ -r:System.Numerics SRC          | mono BIN.exe |
| .adb .ads          | gnatmake -q -O2 -o BIN SRC (from DIR)                       | BIN         |
| .ml                | ocamlopt -o BIN DIR/STEM.ml                                 | BIN         |
| .go                | go build -o BIN SRC                                         | BIN         |
| .php               | php PHP -l SRC                                              | php RUNPHP  |
| .lisp .cl          | sbcl --noinform --noprint --non-interactive --eval LISP     | sbcl --load |

Those of the format's table, with DOMjudge's own endings (.bash, .plg, .f95, .awk, .r), each
built as problemtools (else DOMjudge) builds it, with only where its files go added (DIR), so
that nothing is written beside the source: OCaml's source is copied to DIR/STEM.ml (STEM: its
name without its ending) as ocamlopt writes beside it. PHP is `-n -d display_errors=stderr
-d html_errors=0`, RUNPHP that and `-d memory_limit=-1 -f SRC`. LISP is `(if (compile-file
"SRC" :output-file "BIN.fasl") () (sb-ext:exit :code 43))`, run as `sbcl --noinform
--non-interactive --load BIN.fasl`. The format's .pl is Prolog; read as DOMjudge reads a
package (DOMJUDGE_LANGUAGES), .pl is Perl and .p Pascal. A language's sources in a program
of several files are its files of either reading's endings (is_source): a Perl program's .pl
files are Perl, as the format's table lists .pl among Perl's endings that do not tell the
language. An AWK, Bash or Ruby source is not checked before it runs, as BAPCtools runs .bash
and .sh.

DEPS is `-MD -MF DIR/deps.d`: gcc lists every file it read in DIR/deps.d, as rustc's
dep-info does.
PY is --python for a solution, the runner's Python for a checker. JAVA is `java -Xss64m
-XX:+UseSerialGC -cp BIN.jar CLASS`. FILE is the class the source's file names (Main.java:
Main) where it declares it at its top level, else its public top-level class (else its
first, else Main), and the source is copied to DIR/FILE.java, as javac wants. CLASS is the
top-level class with a main method, with its package (bin.Main): FILE where it has one, else
one named Main, else the first. A source with none does not build, as DOMjudge finds the
main class when it compiles. One jar is one file for --sandbox to show the program.
node --check checks a JavaScript source's syntax, as DOMjudge does when it compiles: a
program of several files has each of its .js and .mjs files checked, one at a time, even
one it never imports.

A build is BUILD/SRC-PLACE/KEY-FILES/, PLACE a hash of the source's path, KEY one of the
source, the commands and each compiler's path, size and time, and FILES one of every file the
build read, which it lists in its files.json: those deps.d names (headers anywhere, an
included .ipp), or for a compiler that names none (javac) every file of the source's folder. A
build is used only while each file it lists is as it was. So a changed source, header, flag or
compiler builds again, and nothing else does. It is built in a folder of its own renamed into
place: a build that is there is whole, and never replaced. Each process that may run a build
holds a shared lock (flock) on its lock file while it lives; an older build of the same source
is removed only when none does. Windows has no such lock: there no build is removed. A build
that fails, or passes BUILD_LIMITS or FILE_LIMIT, gives a line that says why and the
compiler's first lines: a solution's CE on every case, a checker's IE. So does a compiler not
on PATH. Compilers run in the C locale: their messages are in English.

A Folder (a package's program of several files, or a source with include/'s files; see
judge.programs) is copied into its build's folder, DIR/src, and built there: its sources all
on one command line (C, C++, Java), else its entry point alone, without deps.d; its build
script, if it has one; a Python one zipped into BIN.pyz. Its key has every file copied.

With --sandbox (bwrap), a build runs in a sandbox too: it sees the system, its compilers and
the source's folder, read only, with each folder of the run's cases under it shown empty (a
source in one is shown alone), and writes only to its new build's folder and a /tmp of its
own, where Go keeps its build cache. A sandboxed build is keyed apart from one built as the user.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import uuid
import zipfile
from dataclasses import dataclass
from pathlib import Path, PurePath
from typing import Callable, Iterable, Mapping, Sequence, Tuple

from . import commands
from .console import note
from .explain import exit_description
from .model import MIB, UsageError
from .platform import INSTALLED, PROG, WINDOWS
from .process.choose import new_running
from .process.readers import STDERR_KEPT
from .process.sandbox import SYSTEM_FOLDERS, filter_path, sandbox_options
from .process.watch import Limits, Run, passed_limit, watch
from .stop import STOPPED
from .text import printable, shorten

if sys.platform != "win32":
    import fcntl

BUILD_FOLDER = "build"  # under the root; git-ignored, and removable at any time
# The runner's own build folder, for sources that live where nothing may be written beside
# them (a problem package's submissions and validators): the repository's build/, or,
# installed, the user's cache folder.
CACHE = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "stones-judge"
RUNNER_BUILDS = CACHE / BUILD_FOLDER if INSTALLED else Path(__file__).parent.parent / BUILD_FOLDER


def builds_under(root: Path) -> Path:
    """Where the sources of a run under root are built: root/build/ in the repository, the
    user's cache folder once installed (so that a contest's folder gets no build/)."""
    return RUNNER_BUILDS if INSTALLED else root / BUILD_FOLDER


# One build command's CPU seconds (three times as many of wall time), MiB of memory, and
# bytes of messages (stdout and stderr); and bytes of any file it writes (RLIMIT_FSIZE):
# DOMjudge's script_filesize_limit (2.5 GiB), so that a program with a large array
# initialised in its binary builds as it builds there, and a build cannot fill the disk.
BUILD_LIMITS = Limits(60.0, 4096.0, MIB)
FILE_LIMIT = 2560 * MIB
# The program that runs each build command under FILE_LIMIT (argv: the limit, the command).
# Python ignores SIGXFSZ, and so does the command: a write past the limit fails with EFBIG.
FILE_CAPPED = """import os, resource, sys
size, (_, most) = int(sys.argv[1]), resource.getrlimit(resource.RLIMIT_FSIZE)
size = size if most == resource.RLIM_INFINITY else min(size, most)
resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))
os.environ["LC_ALL"] = "C"
os.dup2(1, 2)
os.execv(sys.argv[2], sys.argv[2:])
"""
FILE_TOO_LARGE = re.compile(r"File too large|File ?size limit exceeded")  # EFBIG, SIGXFSZ
ERROR_LINES = 10  # of the compiler's output, shown with its failure
DEPENDENCIES = "deps.d"  # a build's list of the files it read, as make reads it
CASE_FOLDERS = ("testcases", "hacks")  # a root's folders of cases and their answers
FILES = "files.json"  # a build's list of the files its key hashes
LOCK = "lock"  # a build's file that each process that may run it holds a shared lock on
HELD: dict[str, int] = {}  # the builds this process holds, by folder: each one's lock's fd
Words = Tuple[str, ...]  # a command of the table, its fields still to fill in


@dataclass(frozen=True)
class Language:
    """name: the language; build: its commands, each a tuple of words; run: its command; copy:
    the name the compiler must read the source by, or None: its own; depends: whether the
    build writes {out}/deps.d, the files it read. In a word, {source} is the source (as named
    in the folder it is built or run from), {binary} the program built, {out} the build's
    folder, {main} Java's class with a main method (a language whose run names it does not
    build without one), {file} the class its file is named by, {stem} the source's name
    without its ending (in copy), and {python} the Python. code: its code in the format's
    table of languages (include/CODE/), or DOMjudge's id where the table has none (awk, r);
    priority: problemtools' (else one below theirs), which wins a tie of a folder's files;
    together: whether a folder's build reads all its sources ({source} is each of them), else
    its entry point alone; apart: whether its build commands read one source each, so that
    they run once for each of a folder's sources (node --check); home: whether a folder of it
    runs from its copy; inside: whether its build runs from the build's folder, as its
    compiler writes files where it runs (gnatmake's binder files)."""

    name: str
    build: tuple[Words, ...]
    run: Words
    copy: str | None = None
    depends: bool = False
    code: str = ""
    priority: int = 0
    together: bool = True
    apart: bool = False
    home: bool = False
    inside: bool = False


@dataclass(frozen=True)
class Built:
    """How to run a program: its command, or None and the lines that say why it could not be
    built (the program's CE; a checker's IE)."""

    command: commands.Command | None
    failure: tuple[str, ...] | None = None


@dataclass(frozen=True)
class Recipe:
    """What a build is made of: its Language, the source's absolute path, the compilers' paths
    by their names, bwrap's path when it is built in a sandbox (else None), and the folders of
    cases the sandbox must hide (absolute)."""

    language: Language
    path: Path
    tools: Mapping[str, str]
    sandbox: str | None = None
    hidden: tuple[str, ...] = ()


DEPS = ("-MD", "-MF", "{out}/" + DEPENDENCIES)
FLAGS = ("-O2", "-pipe", "-DONLINE_JUDGE", *DEPS, "-o", "{binary}", "{source}")
CPP = Language("C++", (("g++", "-std=gnu++17", *FLAGS),), ("{binary}",), None, True, "cpp", 1000)
PYTHON = Language("Python", (), ("{python}", "{source}"), code="python3", priority=850)
PYTHON2 = Language("Python 2", (), ("python2", "{source}"), code="python2", priority=860)
JAVASCRIPT = Language(
    "JavaScript",
    (("node", "--check", "{source}"),),
    ("node", "{source}"),
    code="javascript",
    priority=500,
    apart=True,
)
RUST_DEPS = "--emit=link,dep-info={out}/" + DEPENDENCIES
JAVA_RUN = ("java", "-Xss64m", "-XX:+UseSerialGC", "-cp", "{binary}.jar", "{main}")
BASH = Language("Bash", (), ("bash", "{source}"), code="bash", priority=900, home=True)
PASCAL = Language(
    "Pascal",
    (("fpc", "-O2", "-Sg", "-XS", "-FE{out}", "-o{binary}", "{source}"),),
    ("{binary}",),
    code="pascal",
    priority=350,
    together=False,
)
PERL = Language(
    "Perl",
    (("perl", "-c", "-W", "{source}"),),
    ("perl", "{source}"),
    code="perl",
    priority=150,
    apart=True,
)
PROLOG = Language(
    "Prolog",
    (("swipl", "-O", "-q", "-g", "main", "-t", "halt", "-o", "{binary}", "-c", "{source}"),),
    ("{binary}",),
    code="prolog",
    priority=100,
)
HASKELL = Language(
    "Haskell",
    (
        (
            *("ghc", "-O2", "-ferror-spans", "-threaded", "-rtsopts"),
            *("-outputdir", "{out}/objects", "-tmpdir", "{out}", "-o", "{binary}", "{source}"),
        ),
    ),
    ("{binary}",),
    code="haskell",
    priority=600,
)
FORTRAN = Language(
    "Fortran",
    (("gfortran", "-x", "f95", "-Wall", "-O2", "-cpp", "-J{out}", "-o", "{binary}", "{source}"),),
    ("{binary}",),
    code="fortran",
    priority=130,
)
ADA = Language(
    "Ada",
    (("gnatmake", "-q", "-O2", "-o", "{binary}", "{source}"),),
    ("{binary}",),
    code="ada",
    priority=120,
    together=False,
    inside=True,
)
PHP_FLAGS = ("-n", "-d", "display_errors=stderr", "-d", "html_errors=0")
PHP = Language(
    "PHP",
    (("php", *PHP_FLAGS, "-l", "{source}"),),
    ("php", *PHP_FLAGS, "-d", "memory_limit=-1", "-f", "{source}"),
    code="php",
    priority=450,
    apart=True,
)
LISP_COMPILE = (
    '(if (compile-file "{source}" :output-file "{binary}.fasl") () (sb-ext:exit :code 43))'
)
LISP = Language(
    "Common Lisp",
    (("sbcl", "--noinform", "--noprint", "--non-interactive", "--eval", LISP_COMPILE),),
    ("sbcl", "--noinform", "--non-interactive", "--load", "{binary}.fasl"),
    code="lisp",
    priority=200,
    together=False,
)
LANGUAGES = {
    ".py": PYTHON,
    ".py3": PYTHON,
    ".py2": PYTHON2,
    ".c": Language(
        "C", (("gcc", "-std=gnu11", *FLAGS, "-lm"),), ("{binary}",), None, True, "c", 950
    ),
    ".cpp": CPP,
    ".cc": CPP,
    ".cxx": CPP,
    ".c++": CPP,
    ".java": Language(
        "Java",
        (
            ("javac", "-encoding", "UTF-8", "-d", "{out}/classes", "{source}"),
            ("jar", "--create", "--file", "{binary}.jar", "-C", "{out}/classes", "."),
        ),
        JAVA_RUN,
        "{file}.java",
        code="java",
        priority=800,
    ),
    ".rs": Language(
        "Rust",
        (("rustc", "-O", "--edition", "2021", RUST_DEPS, "-o", "{binary}", "{source}"),),
        ("{binary}",),
        None,
        True,
        "rust",
        575,
        together=False,
    ),
    ".js": JAVASCRIPT,
    ".mjs": JAVASCRIPT,
    ".sh": BASH,
    ".bash": BASH,
    ".pas": PASCAL,
    ".rb": Language("Ruby", (), ("ruby", "{source}"), code="ruby", priority=650),
    ".kt": Language(
        "Kotlin",
        (("kotlinc", "{source}", "-include-runtime", "-d", "{binary}.jar"),),
        ("java", "-Xss64m", "-XX:+UseSerialGC", "-jar", "{binary}.jar"),
        code="kotlin",
        priority=250,
    ),
    ".pm": PERL,
    ".pl": PROLOG,
    ".plg": PROLOG,
    ".awk": Language("AWK", (), ("awk", "-f", "{source}"), code="awk", priority=110),
    ".lua": Language(
        "Lua",
        (("luac", "-o", "{binary}.luac", "{source}"),),
        ("lua", "{binary}.luac"),
        code="lua",
        priority=140,
    ),
    ".r": Language(
        "R",
        (("Rscript", "-e", "invisible(parse(commandArgs(TRUE)[1]))", "{source}"),),
        ("Rscript", "{source}"),
        code="r",
        priority=90,
        apart=True,
    ),
    ".hs": HASKELL,
    ".lhs": HASKELL,
    ".f90": FORTRAN,
    ".f95": FORTRAN,
    ".cs": Language(
        "C#",
        (("mcs", "-out:{binary}.exe", "-optimize+", "-r:System.Numerics", "{source}"),),
        ("mono", "{binary}.exe"),
        code="csharp",
        priority=700,
    ),
    ".adb": ADA,
    ".ads": ADA,
    ".ml": Language(
        "OCaml",
        (("ocamlopt", "-o", "{binary}", "{source}"),),
        ("{binary}",),
        "{stem}.ml",
        code="ocaml",
        priority=375,
    ),
    ".go": Language(
        "Go",
        (("go", "build", "-o", "{binary}", "{source}"),),
        ("{binary}",),
        code="go",
        priority=400,
    ),
    ".php": PHP,
    ".lisp": LISP,
    ".cl": LISP,
}
# DOMjudge's reading (--as domjudge) of the endings where its languages and the format's table
# differ: its .pl is Perl (the table's is Prolog), and its .p is Pascal.
DOMJUDGE_LANGUAGES = {".pl": PERL, ".p": PASCAL}
# Java's comments and literals, left out; then its braces, and its classes with their modifiers.
JAVA_NOISE = re.compile(r"'(?:\\.|[^'\\\n])*'|\"(?:\\.|[^\"\\\n])*\"|//[^\n]*|/\*.*?\*/", re.S)
JAVA_MODIFIER = r"(?:public|protected|private|static|final|abstract|strictfp|sealed|non-sealed)"
JAVA_TOKEN = re.compile(rf"([{{}}])|\b((?:{JAVA_MODIFIER}\s+)*)class\s+(\w+)")
JAVA_TYPE = r"(?:class|interface|enum|record)"  # a top-level type a main method may be in
JAVA_MAIN = re.compile(rf"([{{}}])|\b(?:{JAVA_MODIFIER}\s+)*{JAVA_TYPE}\s+(\w+)|\bvoid\s+main\s*\(")
JAVA_PACKAGE = re.compile(r"^\s*package\s+([\w.]+)\s*;", re.M)
MAKE_WORD = re.compile(r"(?:\\.|[^\s\\])+")  # a word of a make rule; "\ " is a space in it


def language_of(path: str | PurePath, domjudge: bool = False) -> Language | None:
    """The Language of a file by its extension, or None; with domjudge, as DOMjudge reads it
    (DOMJUDGE_LANGUAGES first)."""
    ending = PurePath(path).suffix.lower()
    found = DOMJUDGE_LANGUAGES.get(ending) if domjudge else None
    return found or LANGUAGES.get(ending)


def is_source(path: str | PurePath, language: Language) -> bool:
    """Whether a file is a source of the language in a program of it: its extension is the
    language's in either reading (so a Perl program's .pl files are Perl, as the format's
    table lists .pl among Perl's endings that do not tell the language)."""
    ending = PurePath(path).suffix.lower()
    return language in (LANGUAGES.get(ending), DOMJUDGE_LANGUAGES.get(ending))


def java_class(text: str, stem: str = "Main") -> str:
    """The class a Java source runs: the one its file's name (stem) says, where it declares
    that class at its top level; else its public top-level class, else its first, else Main.
    A nested class, public or static, is never it."""
    top: list[tuple[str, bool]] = []  # the top-level classes, and whether each is public
    depth = 0
    for found in JAVA_TOKEN.finditer(JAVA_NOISE.sub(" ", text)):
        brace, modifiers, name = found.groups()
        if brace:
            depth += 1 if brace == "{" else -1
        elif depth == 0:
            top.append((name, "public" in modifiers.split()))
    names = [name for name, _ in top]
    if stem in names:
        return stem
    return ([name for name, public in top if public] or names or ["Main"])[0]


def java_mains(text: str) -> list[str]:
    """The top-level classes of a Java source (or interfaces, enums, records) that have a main
    method, each with its package (a.b.Main), in order."""
    text = JAVA_NOISE.sub(" ", text)
    package = JAVA_PACKAGE.search(text)
    prefix = package.group(1) + "." if package else ""
    mains: list[str] = []
    depth, current = 0, None
    for found in JAVA_MAIN.finditer(text):
        brace, name = found.groups()
        if brace:
            depth += 1 if brace == "{" else -1
        elif name and depth == 0:
            current = name
        elif not name and depth == 1 and current and prefix + current not in mains:
            mains.append(prefix + current)
    return mains


def java_main(text: str, named: str) -> str:
    """The class a Java source runs, with its package: of its top-level classes with a main
    method, the one named (the class its file is named by), else Main, else the first; "" if
    none has one."""
    mains = java_mains(text)
    chosen = [main for main in mains if main.rsplit(".", 1)[-1] == named]
    chosen += [main for main in mains if main.rsplit(".", 1)[-1] == "Main"]
    return (chosen or mains or [""])[0]


def program_for(
    root: str | Path,
    source: str,
    builds: str | Path | None = None,
    python: str | None = None,
    sandbox: str | None = None,
    hidden: Sequence[str] = (),
    announce: Callable[[str], None] | None = None,
    language: Language | None = None,
) -> Built:
    """The Built of the source (a path from root, which the program runs from, of a language
    of LANGUAGES, or of language where given): built first into builds (default ROOT/build)
    when its language compiles; with sandbox (bwrap's path), built inside it, where the folders
    hidden are out of sight. announce(the source's name), if given, is called before a build
    that is not cached."""
    language = language or language_of(source)
    path = Path(os.path.abspath(os.path.join(root, source)))
    if language is None:
        return Built(None, (f"{path.name}: no language of the runner's has its extension",))
    tools, missing = tools_of(language)
    if missing:
        return Built(None, (missing,))
    fields = {"python": python or sys.executable, "source": str(source)}
    if language.build:
        recipe = Recipe(language, path, tools, sandbox, tuple(map(os.path.abspath, hidden)))
        try:
            home = Path(builds or Path(root, BUILD_FOLDER))
            fields["out"], fields["main"] = built(recipe, home, announce)
        except BuildFailed as failed:
            return Built(None, failed.lines)
        fields["binary"] = str(Path(fields["out"], binary_name(path)))
    return Built((expand(language.run, fields, tools), None))


def named_source(text: str, folder: Path) -> str | None:
    """The source a command line is: one word naming a file under folder whose extension
    LANGUAGES knows (x.cpp, Main.java, a.py), as it names it; else None."""
    try:
        words = shlex.split(text, posix=not WINDOWS)
    except ValueError:
        return None
    if len(words) != 1 or language_of(words[0]) is None:
        return None
    return words[0] if Path(folder, words[0]).is_file() else None


def command_of(text: str, folder: Path) -> commands.Command:
    """--command's (args, executable), read from folder: a source (named_source) as ([its
    name], None), which command_built builds; else the command split, its program found."""
    source = named_source(text, folder)
    return ([source], None) if source else commands.split_command(text, folder)


def command_built(
    command: commands.Command,
    folder: Path,
    builds: Path,
    python: str | None = None,
    sandbox: str | None = None,
    hidden: Sequence[str] = (),
) -> Built:
    """The Built of a command of command_of, run from folder: a source built first, as
    program_for builds it; any other command as it is."""
    args, executable = command
    if executable is None and isinstance(args, list):
        return program_for(folder, args[0], builds, python, sandbox, hidden)
    return Built(command)


def hidden_folders(root: Path, inputs: Iterable[Path]) -> tuple[str, ...]:
    """The folders a sandboxed build must not see: the root's folders of cases, and each
    folder that holds one of the inputs (beside its answer)."""
    folders = {*(root / name for name in CASE_FOLDERS), *(path.parent for path in inputs)}
    return tuple(sorted(os.path.abspath(folder) for folder in folders))


def tools_of(language: Language) -> tuple[dict[str, str], str | None]:
    """The paths of the programs that build and run the language, by their names; and the line
    that says which is missing, if one is."""
    tools: dict[str, str] = {}
    for words in (*language.build, language.run):
        if not words[0].startswith("{"):
            found = found_tool(words[0])
            if found is None:
                doing = "run" if words is language.run else "built"
                return tools, f"no {words[0]} on PATH: {language.name} cannot be {doing} here"
            tools[words[0]] = found
    return tools, None


def found_tool(word: str) -> str | None:
    """The absolute path of the program word names on PATH, or None. A rustup proxy (rustc)
    is the toolchain's own program, which a sandbox can show and whose change a key sees."""
    found = shutil.which(word)
    if found is None:
        return None
    found, real = os.path.abspath(found), os.path.realpath(found)
    if not os.path.basename(real).startswith("rustup"):
        return found
    try:
        asked = subprocess.run([real, "which", word], capture_output=True, timeout=60, check=True)
    except (OSError, subprocess.SubprocessError):
        return found
    proxied = asked.stdout.decode(errors="surrogateescape").strip()
    return proxied if os.path.isabs(proxied) and os.path.isfile(proxied) else found


class BuildFailed(Exception):
    """A build that could not be made; lines: why."""

    def __init__(self, lines: Sequence[str]) -> None:
        super().__init__(lines[0])
        self.lines = tuple(lines)


def binary_name(path: Path) -> str:
    return path.stem + (".exe" if WINDOWS else "")


def expand(words: Words, fields: Mapping[str, str], tools: Mapping[str, str]) -> list[str]:
    return [tools.get(word, word.format(**fields)) for word in words]


def build_key(recipe: Recipe, data: bytes) -> str:
    """A hash of what a build is made of before it reads a file: the source, the commands, the
    compilers, and what a sandbox shows it (None: built as the user)."""
    language, tools = recipe.language, recipe.tools
    digest = hashlib.sha256(data)
    seen = sandbox_view(recipe) if recipe.sandbox else None
    digest.update(repr((language.build, language.run, language.copy, seen)).encode())
    for tool in sorted(tools.values()):
        found = os.stat(tool)
        digest.update(f"{tool}\0{found.st_size}\0{found.st_mtime_ns}".encode())
    return digest.hexdigest()[:16]


def files_key(files: Sequence[str]) -> str:
    """A hash of the files (absolute paths) as they are now: each one's name and contents."""
    digest = hashlib.sha256()
    for name in files:
        digest.update(os.fsencode(name) + b"\0")
        try:
            digest.update(b"\1" + hashlib.sha256(Path(name).read_bytes()).digest())
        except OSError:  # gone, or unreadable: not as it was built
            digest.update(b"\2")
    return digest.hexdigest()[:16]


def depended(text: str, folder: str | Path) -> list[str]:
    """The files a make rule (gcc -MD, rustc's dep-info) names, made absolute from folder:
    the words after its targets, each unescaped."""
    text = re.sub(r"\\\r?\n", " ", text)
    words = (
        re.sub(r"\\([ #])", r"\1", word).replace("$$", "$") for word in MAKE_WORD.findall(text)
    )
    return sorted({os.path.abspath(os.path.join(folder, w)) for w in words if not w.endswith(":")})


def folder_files(folder: Path) -> list[str]:
    """The files of a folder (its dot files left out), by absolute path."""
    with contextlib.suppress(OSError):
        found = (p for p in folder.iterdir() if p.is_file() and not p.name.startswith("."))
        return sorted(str(p) for p in found)
    return []


def read_files(out: Path) -> list[str] | None:
    """The files a build lists in its files.json; None if it lists none."""
    try:
        files = json.loads((out / FILES).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if isinstance(files, list) and all(isinstance(name, str) for name in files):
        return files
    return None


def built(
    recipe: Recipe, builds: Path, announce: Callable[[str], None] | None = None
) -> tuple[str, str]:
    """(the build's folder, Java's class): built now unless a build whose files are all as they
    were is there (announce(the source's name) first, if given); else BuildFailed."""
    path = recipe.path
    try:
        data = path.read_bytes()
    except OSError as error:
        raise BuildFailed([f"cannot read {path.name}: {error.strerror or error}"]) from None
    text = data.decode("utf-8", "replace")
    named = java_class(text, path.stem)
    main = java_main(text, named)
    home, key = place_of(builds, path), build_key(recipe, data)
    out = found_build(home, key)
    if out is None and announce is not None:
        announce(path.name)
    make = functools.partial(build_in, recipe=recipe, named=named, main=main)
    out = out or build_into(home, key, path.name, make)
    return str(out), main


def place_of(builds: Path, path: Path) -> Path:
    """Where the builds of the program at path go: builds/NAME-PLACE, PLACE a hash of its path."""
    place = hashlib.sha256(os.fsencode(str(path))).hexdigest()[:8]
    return builds / f"{path.name}-{place}"


def found_build(home: Path, key: str) -> Path | None:
    """The build of key in home whose files are all as they were, held; or None."""
    for out in sorted(home.glob(key + "-*")):
        files = read_files(out)
        if files is not None and out.name == f"{key}-{files_key(files)}" and hold(out):
            return out
    return None


def build_into(home: Path, key: str, shown: str, make: Callable[[Path], list[str]]) -> Path:
    """Build the program (shown: its name) in a new folder of home by make(the folder), which
    gives the files it read; then rename it to its key and the key of those files (unless
    another run made it first), held; prune the others. The build's folder."""
    try:
        home.mkdir(parents=True, exist_ok=True)
        folder = Path(tempfile.mkdtemp(prefix=".new-", dir=str(home)))
    except OSError as error:
        why = f"cannot make a build folder in {home}: {error.strerror or error}"
        raise BuildFailed([why]) from None
    try:
        files = make(folder)
        out = home / f"{key}-{files_key(files)}"
        placed(folder, out)
    except OSError as error:
        why = f"cannot build {shown}: {error.strerror or error}"
        raise BuildFailed([why]) from None
    finally:
        shutil.rmtree(str(folder), ignore_errors=True)
    prune(home, out)
    return out


def build_in(folder: Path, recipe: Recipe, named: str, main: str) -> list[str]:
    """Build the source into folder (named: Java's class its file is named by; main: the one
    with a main method), and list there the files it read: those files. It is built from its
    own folder, or from folder where the language builds inside it (its source named whole)."""
    language, path, tools = recipe.language, recipe.path, recipe.tools
    cwd = folder if language.inside else path.parent
    prefix = jailed(recipe.sandbox, recipe, folder, cwd) if recipe.sandbox else []
    fields = {"out": str(folder), "main": main, "file": named, "source": path.name}
    fields["stem"] = path.stem
    if language.inside:
        fields["source"] = str(path)
    fields["binary"] = str(folder / binary_name(path))
    if language.copy:
        fields["source"] = str(folder / language.copy.format(**fields))
        shutil.copyfile(str(path), fields["source"])
    for words in language.build:
        command = expand(words, fields, tools)
        run_build([*prefix, *command], cwd, fields["source"], path.name, wrapped=len(prefix))
    no_main(language, main, path.name)
    files = files_read(language, folder, path)
    (folder / FILES).write_text(json.dumps(files), encoding="utf-8")
    (folder / LOCK).touch()
    return files


def no_main(language: Language, main: str, shown: str) -> None:
    """BuildFailed where the language runs a class with a main method (Java) and none of the
    program's has one: found once it compiles, as DOMjudge finds it."""
    if not main and "{main}" in language.run:
        raise BuildFailed([f"{shown}: no class with a main method"])


def jailed(bwrap: str, recipe: Recipe, folder: Path, cwd: Path | None = None) -> list[str]:
    """The words that run a build command under bwrap, which shows it the system, the source's
    folder (read only; its folders of cases hidden) and its compilers, and lets it write only
    to folder and its own /tmp. It runs in cwd (default: the source's folder)."""
    seen, (covered, alone) = str(recipe.path.parent), sandbox_view(recipe)
    options = [*sandbox_options(BUILD_LIMITS.memory), "--setenv", "LC_ALL", "C"]
    options += ["--setenv", "TMPDIR", "/tmp", "--setenv", "GOCACHE", "/tmp/go-build"]
    if alone:  # in a folder of cases: the source alone
        options += ["--dir", seen, "--ro-bind", str(recipe.path), str(recipe.path)]
    else:
        options += ["--ro-bind", seen, seen, *(w for c in covered for w in ("--tmpfs", c))]
    for tool in sorted(set(recipe.tools.values())):
        options += tool_binds(tool, seen)
    options += ["--bind", str(folder), str(folder), "--chdir", str(cwd or seen), "--seccomp", "3"]
    return ["/bin/sh", "-c", 'exec "$@" 3<"$0"', filter_path(), bwrap, *options, "--"]


def sandbox_view(recipe: Recipe) -> tuple[tuple[str, ...], bool]:
    """What a sandboxed build of the recipe does not see of the source's folder: the hidden
    folders under it that are there (each covered by an empty one: bwrap cannot make one that
    is not, under a folder shown read only), and whether it is itself in (or is) one, so that
    only the source is shown."""
    seen = str(recipe.path.parent)
    covered = tuple(
        folder
        for folder in recipe.hidden
        if within(folder, seen) and folder != seen and os.path.isdir(folder)
    )
    return covered, any(within(seen, folder) for folder in recipe.hidden)


def within(path: str, folder: str) -> bool:
    """Whether path is folder or under it."""
    return (path + os.sep).startswith(folder.rstrip(os.sep) + os.sep)


def tool_binds(tool: str, seen: str) -> list[str]:
    """bwrap's options that show a compiler outside the system's folders: its installation (the
    folder above its bin/), or where that holds the source's folder, the program alone."""
    real = os.path.realpath(tool)
    if real.startswith(tuple(folder + os.sep for folder in SYSTEM_FOLDERS)):
        return []
    prefix = os.path.dirname(os.path.dirname(real))
    if within(seen, prefix):
        return ["--ro-bind", real, tool]
    binds = ["--ro-bind", prefix, prefix]
    return binds if tool.startswith(prefix + os.sep) else [*binds, "--ro-bind", real, tool]


def placed(folder: Path, out: Path) -> None:
    """folder renamed to out, and held; or, where another run put out there first, that held.
    A folder renamed is never replaced: a build in use is never overwritten."""
    descriptor = locked(folder / LOCK, shared=True)
    try:
        os.rename(str(folder), str(out))
    except OSError:
        release(descriptor)
        if not (out.is_dir() and hold(out)):
            raise
        return
    if descriptor is not None:
        HELD[str(out)] = descriptor


def hold(out: Path) -> bool:
    """Whether this process holds the build at out: a shared lock on its lock file, kept while
    the process lives, so that no other run removes it. False if it went before the lock was
    had. (Windows has no such lock: there builds are never removed.)"""
    if str(out) in HELD or sys.platform == "win32":
        return out.is_dir()
    descriptor = locked(out / LOCK, shared=True)
    if descriptor is None:
        return False
    try:
        same = os.path.samestat(os.fstat(descriptor), os.stat(str(out / LOCK)))
    except OSError:
        same = False
    if not same:  # removed as the lock was waited for
        release(descriptor)
        return False
    HELD[str(out)] = descriptor
    return True


def locked(path: Path, shared: bool) -> int | None:
    """A descriptor of path with a lock (shared, waited for; else exclusive, or None if held),
    or None where path cannot be opened or on Windows."""
    if sys.platform == "win32":
        return None
    try:
        descriptor = os.open(str(path), os.O_RDONLY)
    except OSError:
        return None
    try:
        fcntl.flock(descriptor, fcntl.LOCK_SH if shared else fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(descriptor)
        return None
    return descriptor


def release(descriptor: int | None) -> None:
    if descriptor is not None:
        os.close(descriptor)


def prune(home: Path, keep: Path) -> None:
    """Remove the source's other builds that no process holds: its earlier versions, which no
    run may start any more. On Windows nothing is removed."""
    if sys.platform == "win32":
        return
    with contextlib.suppress(OSError):
        for older in home.iterdir():
            if older.name.startswith(".old-"):  # renamed away by a run stopped at once
                shutil.rmtree(str(older), ignore_errors=True)
            elif older != keep and not older.name.startswith("."):
                remove_unheld(older)


def remove_unheld(out: Path) -> None:
    """Remove the build at out unless a process holds it: renamed away while locked, so that a
    run that waits for its lock finds it gone, then removed."""
    if not (out / LOCK).exists():  # none: a build of an older runner
        descriptor = None
    else:
        descriptor = locked(out / LOCK, shared=False)
        if descriptor is None:
            return
    gone = out.parent / f".old-{uuid.uuid4().hex}"
    try:
        os.rename(str(out), str(gone))
    except OSError:
        return
    finally:
        release(descriptor)
    shutil.rmtree(str(gone), ignore_errors=True)


def files_read(language: Language, folder: Path, path: Path) -> list[str]:
    """The files a build in folder read: those its deps.d names, else its source folder's."""
    if language.depends:
        with contextlib.suppress(OSError):
            text = (folder / DEPENDENCIES).read_text(encoding="utf-8", errors="surrogateescape")
            return depended(text, path.parent)
    return folder_files(path.parent)


def run_build(
    command: list[str],
    cwd: str | Path,
    source: str,
    shown: str,
    limits: Limits | None = None,
    wrapped: int = 0,
) -> None:
    """Run one build command under limits (BUILD_LIMITS) and FILE_LIMIT; BuildFailed, with the
    line that says why and the compiler's first lines, unless it succeeds. Its first wrapped
    words start the compiler (a sandbox)."""
    limits = limits or BUILD_LIMITS
    running = new_running()
    try:
        with open(os.devnull, "rb") as stdin:
            capped = file_capped(command)
            started = running.start((capped, capped[0]), stdin.fileno(), cwd, limits.output)
        run = watch(running, *started, limits)
    finally:
        running.end()
    if STOPPED:
        raise KeyboardInterrupt
    why = failure_line(run, limits, os.path.basename(command[wrapped]), shown)
    if why:
        raise BuildFailed([why, *message_lines(run, source, shown, cwd)])


def file_capped(command: list[str]) -> list[str]:
    """The command run under FILE_LIMIT, in the C locale, its stderr joined to its stdout:
    started by this Python, which then becomes it. Windows has no such limit: as it is."""
    if WINDOWS:
        return command
    return [sys.executable, "-S", "-c", FILE_CAPPED, str(FILE_LIMIT), *command]


def failure_line(run: Run, limits: Limits, tool: str, shown: str) -> str | None:
    """The line that says why a build command failed, or None if it did not."""
    passed = passed_limit(run, limits)
    if passed:
        return f"{tool} passed {passed} building {shown}, and was killed"
    if run.status == 0:
        return None
    text = (run.output + run.stderr).decode("utf-8", "replace")
    if run.status == -getattr(signal, "SIGXFSZ", 0) or FILE_TOO_LARGE.search(text):
        return f"{tool} passed {FILE_LIMIT / MIB:g} MiB in a file it wrote building {shown}"
    return f"{tool} could not build {shown}: {exit_description(run.status)}"


def message_lines(run: Run, source: str, shown: str, cwd: str | Path = "") -> list[str]:
    """The compiler's first lines, indented, its name for the source as shown: the source's
    name as given, or its path from cwd (node names it so)."""
    cut = len(run.stderr) >= STDERR_KEPT  # its opening is lost: a line cut, then the rest
    text = (run.output + run.stderr).decode("utf-8", "replace")
    names = [os.path.join(str(cwd), source), source] if cwd else [source]
    text = re.sub("|".join(map(re.escape, names)), lambda _: shown, text)
    lines = [line for line in text.splitlines() if line.strip()][cut : ERROR_LINES + cut]
    lines = ["  " + shorten(printable(line)) for line in lines]
    if cut:
        lines.insert(0, f"  (its first lines are lost: it wrote over {STDERR_KEPT // 1024} KiB)")
    return lines


# ---------------------------------------------------------------- a program of several files

SOURCES = "src"  # a folder build's copy of the program's files, in the build's folder
ZIPPED = ".pyz"  # a Python program of several files, zipped: one file, its entry __main__.py
SCRIPTS = Language("build and run scripts", (("{out}/src/build",),), ("{out}/src/run",))
RUN_SCRIPT = Language("a run script", (), ("{out}/src/run",))
# bash, in the folder of its program's copy, runs it ($0), its other files ($1...) named only so
# that a sandbox shows them.
HOME = 'cd -- "${0%/*}" && set -- && . "$0"'


@dataclass(frozen=True)
class Folder:
    """A program built from a copy of its files (a folder of several, or a source with the
    files include/ adds): its path (the folder, or the source), its files as (the name in the
    copy, the absolute path read), its Language (None: its own build and run scripts), its
    entry point (a name in the copy) and Java's class (with its package)."""

    path: Path
    files: tuple[tuple[str, Path], ...]
    language: Language | None
    entry: str
    main: str = "Main"


def folder_program(
    program: Folder,
    builds: Path,
    python: str | None = None,
    sandbox: str | None = None,
    hidden: Sequence[str] = (),
) -> Built:
    """The Built of a Folder: its files copied into a build's folder, built there by its
    language's commands (a folder's sources all at once where the language reads them so), or
    by its build script, once; then run as its language runs its entry point, or by its run
    script. A Python program is zipped, to run as one file. Keyed by every file copied."""
    language = program.language or (SCRIPTS if has_file(program, "build") else RUN_SCRIPT)
    tools, missing = tools_of(language) if language not in (PYTHON, PYTHON2) else ({}, None)
    if missing:
        return Built(None, (missing,))
    recipe = Recipe(language, program.path, tools, sandbox, tuple(map(os.path.abspath, hidden)))
    try:
        home, key = place_of(builds, program.path), build_key(recipe, folder_data(program))
        out = found_build(home, key) or build_into(
            home, key, program.path.name, lambda folder: build_folder_in(folder, program, recipe)
        )
    except BuildFailed as failed:
        return Built(None, failed.lines)
    return Built(folder_run(program, language, out, python or sys.executable, tools))


def has_file(program: Folder, name: str) -> bool:
    return any(each == name for each, _ in program.files)


def folder_data(program: Folder) -> bytes:
    """What a Folder is made of before it builds: its entry point, its class, and each file's
    name in the copy and contents."""
    digest = hashlib.sha256(f"folder\0{program.entry}\0{program.main}".encode())
    for name, path in sorted(program.files):
        try:
            data = path.read_bytes()
        except OSError as error:
            raise BuildFailed([f"cannot read {name}: {error.strerror or error}"]) from None
        digest.update(os.fsencode(name) + b"\0" + hashlib.sha256(data).digest())
    return digest.digest()


def build_folder_in(folder: Path, program: Folder, recipe: Recipe) -> list[str]:
    """Copy the program's files into folder/src and build them there; list there the files
    read: those files."""
    source = folder / SOURCES
    for name, path in program.files:
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(str(path), str(source / name))  # a link: what it leads to; its mode kept
    language, shown = recipe.language, program.path.name
    prefix = jailed(recipe.sandbox, recipe, folder, source) if recipe.sandbox else []
    binary = str(folder / binary_name(program.path))
    if language in (PYTHON, PYTHON2):
        zipped(source, program.entry, Path(binary + ZIPPED))
    elif program.language is None:
        scripts_built(source, shown, prefix)
    else:
        fields = {"out": str(folder), "main": program.main, "binary": binary}
        compiled_in(source, program, recipe, fields, prefix)
        no_main(language, program.main, shown)
    files = sorted(str(path) for _, path in program.files)
    (folder / FILES).write_text(json.dumps(files), encoding="utf-8")
    (folder / LOCK).touch()
    return files


def compiled_in(
    source: Path,
    program: Folder,
    recipe: Recipe,
    fields: Mapping[str, str],
    prefix: Sequence[str],
) -> None:
    """Run the language's build commands in the copy at source: on its sources all at once
    (together), or on its entry point alone; where they read one source each (apart), on each
    of its sources in turn, by name, to the first that fails."""
    language, shown = recipe.language, program.path.name
    named = [name for name, _ in program.files if is_source(name, language)]
    sources = sorted(named) if language.together else [program.entry]
    for each in [[name] for name in sources] if language.apart else [sources]:
        said = each[0] if language.apart else program.entry  # the file its messages name
        for words in language.build:
            command = [*prefix, *folder_command(words, fields, recipe.tools, each)]
            run_build(command, source, said, f"{shown}/{said}", None, len(prefix))


def folder_command(
    words: Words, fields: Mapping[str, str], tools: Mapping[str, str], sources: Sequence[str]
) -> list[str]:
    """A build command of a folder's copy: {source} its sources (in a word of more, its one
    source), and no deps.d (the key has every file copied)."""
    command: list[str] = []
    for word in words:
        if word == "{source}":
            command += sources
        elif word not in DEPS:
            command.append(tools.get(word, word.format(**fields, source=" ".join(sources))))
    return command


def scripts_built(source: Path, shown: str, prefix: Sequence[str]) -> None:
    """Run the build script of the copy at source (if it has one) there, under the build's
    limits; BuildFailed unless a run file is there then. Both are made executable."""
    for name in ("build", "run"):
        with contextlib.suppress(OSError):
            (source / name).chmod((source / name).stat().st_mode | 0o111)
    if (source / "build").is_file():
        command = [*prefix, str(source / "build")]
        run_build(command, source, "build", f"{shown}/build", None, len(prefix))
        with contextlib.suppress(OSError):
            (source / "run").chmod((source / "run").stat().st_mode | 0o111)
    if not (source / "run").is_file():
        raise BuildFailed([f"{shown}: its build script made no run file"])


def zipped(source: Path, entry: str, target: Path) -> None:
    """The Python program of the copy at source as one zip file, its entry as __main__.py."""
    with zipfile.ZipFile(str(target), "w") as archive:
        for path in sorted(source.rglob("*")):
            if path.is_file():
                archive.write(str(path), path.relative_to(source).as_posix())
        if entry != "__main__.py":
            archive.write(str(source / entry), "__main__.py")


def folder_run(
    program: Folder, language: Language, out: Path, python: str, tools: Mapping[str, str]
) -> commands.Command:
    """The command that runs a Folder built at out. A language whose program runs from its
    own folder (bash: `. ./other.sh`) goes there first. An interpreter that reads no file of
    its arguments (bash, node) is given the copy's other files too, so that a sandbox, which
    shows a program the files its command names, shows them."""
    binary = str(out / binary_name(program.path))
    if language in (PYTHON, PYTHON2):
        return [python, binary + ZIPPED], python
    entry = str(out / SOURCES / program.entry)
    fields = {"out": str(out), "main": program.main, "binary": binary, "source": entry}
    words = expand(language.run, fields, tools)
    others = [str(out / SOURCES / name) for name, _ in program.files if name != program.entry]
    if language.home:
        return [words[0], "-c", HOME, entry, *others], None
    return [*words, *others] if language is JAVASCRIPT else words, None


def tool_command(
    text: str, root: str | Path, what: str, builds: str | Path | None = None
) -> commands.Command:
    """A checker's CMD as (args, executable), as judge.commands.tool_command gives it; a source
    of a language of LANGUAGES but Python is built (into builds) and run its language's way."""
    words = commands.tool_words(text, what)
    language = language_of(words[0])
    if language is None or language is PYTHON:
        return commands.tool_command(text, root, what)
    path = Path(root, words[0])
    if not path.is_file():
        raise UsageError(f"{what} {text}: no file {words[0]} under {root}")
    said = f"{PROG}: building {what} {words[0]}, the first time only: later runs reuse it"
    made = program_for(root, str(path.resolve()), builds, announce=lambda _: note(said))
    if made.command is None:
        failure = made.failure or ("it did not build",)
        errors = [line.strip() for line in failure if "error" in line.lower()]
        raise UsageError(f"{what} {text}: {' '.join([failure[0], *errors[:1]])}")
    args, executable = made.command
    return [*args, *words[1:]], executable
