"""File I/O problems: a program that reads its input from a file (input.txt) or writes its
output to one (output.txt), as the `Judge:` line's `; input NAME` and `; output NAME` say.

Such a case runs in a new folder of its own, which holds its input file: cases run at once
(-j) never share one, and nothing is left behind. Its command is made to run from there: a
word of it that names a file or folder from the folder it ran in is made absolute. Its stdin
is the input where that is not a file, and else empty. Once it ends, its output file is read
as a regular file only (never a FIFO's wait, never through a symbolic link) and at most to
the output limit."""

from __future__ import annotations

import contextlib
import errno
import os
import re
import shlex
import shutil
import stat
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator, Optional, Tuple

from .files import open_regular
from .model import Command, OutputFile
from .text import printable, shorten

# A plain file name: letters, digits, _, - and ., opening with a letter, a digit or _, not
# ending with a dot (Windows drops it), and not a device Windows reserves (nul.txt is NUL).
FILE_NAME = re.compile(
    r"(?a)(?!(?i:con|prn|aux|nul|com[1-9]|lpt[1-9])(?:\.|$))[A-Za-z0-9_](?:[\w.-]{0,62}[\w-])?"
)
FILE_RULE = "a plain file name: 1 to 64 letters, digits, _, - and ., and no folder"
FIELD = re.compile(r"\s*(input|output)\s+(\S+)\s*")  # a Judge: line's `; input input.txt`
CHUNK = 1 << 20  # bytes copied at a time
# (the input file's name, the output file's): None for stdin, stdout
Files = Tuple[Optional[str], Optional[str]]


def file_name_error(name: str) -> str | None:
    """Why name cannot name a problem's input or output file, or None."""
    if FILE_NAME.fullmatch(name):
        return None
    return f"'{shorten(printable(name))}' is not {FILE_RULE}"


def file_flag(text: str) -> str:
    """--input-file's and --output-file's NAME, for argparse: a plain file name."""
    wrong = file_name_error(text)
    if wrong is not None:
        import argparse  # the command line's module: loaded by then

        raise argparse.ArgumentTypeError(wrong)
    return text


def file_fields(text: str) -> tuple[Files, str]:
    """The file fields of a Judge: line's optional fields (text: each opens with `;`): the
    input's and the output's file names (None: stdin, stdout), and the other fields left as
    text. A ValueError where a name is not a plain file name, a field comes twice, or both
    name one file."""
    names: dict[str, str | None] = {"input": None, "output": None}
    rest = []
    for field in text.split(";")[1:]:
        found = FIELD.fullmatch(field)
        if found is None:
            rest.append(";" + field)
            continue
        kind, name = found.groups()
        wrong = file_name_error(name) or (f"a second {kind} file" if names[kind] else None)
        if wrong:
            raise ValueError(wrong)
        names[kind] = name
    given, taken = names["input"], names["output"]
    if given and taken and given.lower() == taken.lower():
        raise ValueError(f"the input and the output are one file, {given}")
    return (given, taken), "".join(rest)


@dataclass(frozen=True)
class CaseFolder:
    """A file I/O case's own folder, where it runs, and the file its stdin is opened from."""

    path: str
    stdin: Path


@contextlib.contextmanager
def case_folder(input_path: str | os.PathLike[str], input_name: str | None) -> Iterator[CaseFolder]:
    """A new folder for one case, removed with all it holds once the case is judged. With
    input_name, it holds a copy of the input by that name (an OSError where the input is not
    a regular file), and the stdin is empty; else the stdin is the input."""
    base = tempfile.mkdtemp(prefix="runner-case-")
    try:
        folder, stdin = os.path.join(base, "case"), Path(input_path)
        os.mkdir(folder)
        if input_name is not None:
            copied(input_path, os.path.join(folder, input_name))
            stdin = Path(base, "stdin")
            stdin.touch(exist_ok=False)
        yield CaseFolder(folder, stdin)
    finally:
        removed(base)


def copied(source: str | os.PathLike[str], path: str) -> None:
    """A copy of the regular file source made at path: the program may change it, not the
    case's input."""
    with open_regular(source) as given, open(path, "xb") as copy:
        shutil.copyfileobj(given, copy, CHUNK)


def removed(folder: str) -> None:
    """folder removed with all it holds, even a folder the program made unreadable; never
    through a symbolic link."""
    shutil.rmtree(folder, ignore_errors=True)
    if not os.path.lexists(folder):
        return
    for top, folders, _ in os.walk(folder):
        for name in [top, *(os.path.join(top, name) for name in folders)]:
            if not os.path.islink(name):
                with contextlib.suppress(OSError):
                    os.chmod(name, stat.S_IRWXU)
    shutil.rmtree(folder, ignore_errors=True)


def rooted(command: Command, workdir: str | os.PathLike[str]) -> Command:
    """command, (args, executable), as it runs from another folder than workdir: each word
    after the first that names a file or a folder from workdir (solutions/p.py, mine.py, the
    . of -cp .) made absolute; the first too where it names a folder (./a.out). Windows: in
    the command line's text."""
    args, executable = command
    if isinstance(args, str):
        return windows_rooted(args, workdir), executable
    first = absolute(args[0], workdir) if has_folder(args[0]) else args[0]
    return [first, *(absolute(word, workdir) for word in args[1:])], executable


def windows_rooted(text: str, workdir: str | os.PathLike[str]) -> str:
    """A Windows command line's text rooted() (each word quoted as Windows reads it)."""
    try:
        words = shlex.split(text, posix=False)
    except ValueError:
        return text
    for at, word in enumerate(words[1:], 1):
        made = absolute(word.strip('"'), workdir)
        if made != word.strip('"'):
            words[at] = subprocess.list2cmdline([made])
    return " ".join(words)


def has_folder(word: str) -> bool:
    return os.sep in word or bool(os.altsep and os.altsep in word)


def absolute(word: str, workdir: str | os.PathLike[str]) -> str:
    """word as an absolute path where it names a file or a folder from workdir; else word."""
    if not word or os.path.isabs(word):
        return word
    path = os.path.join(workdir, word)
    return os.path.abspath(path) if os.path.exists(path) else word


def read_output(folder: str, name: str, most: int) -> tuple[bytes, OutputFile]:
    """The output file name of a case's folder once the case ended, and what was seen of it:
    b"" and its size where it is over most bytes (not read); b"" and why, where it is not
    there or not a regular file."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    flags |= getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(os.path.join(folder, name), flags)  # a FIFO opens at once: no writer waited
    except FileNotFoundError:
        return b"", OutputFile(name)
    except OSError as error:
        link = error.errno == errno.ELOOP  # O_NOFOLLOW: never a file it points at
        return b"", OutputFile(name, None, "a symbolic link" if link else described(error))
    try:
        return read_opened(fd, name, most)
    finally:
        os.close(fd)


def read_opened(fd: int, name: str, most: int) -> tuple[bytes, OutputFile]:
    """read_output() of the output file opened as fd, which stays open."""
    found = os.fstat(fd)
    if not stat.S_ISREG(found.st_mode):  # a folder's fd cannot be a file object
        kind = "a folder" if stat.S_ISDIR(found.st_mode) else "not a regular file"
        return b"", OutputFile(name, None, kind)
    if found.st_size > most:
        return b"", OutputFile(name, found.st_size)
    data = bytearray()
    with open(fd, "rb", buffering=0, closefd=False) as file:
        while len(data) <= most:  # one read may give less than asked
            chunk = file.read(min(CHUNK, most + 1 - len(data)))
            if not chunk:
                break
            data += chunk
    return (bytes(data) if len(data) <= most else b""), OutputFile(name, len(data))


def described(error: OSError) -> str:
    return error.strerror or str(error)
