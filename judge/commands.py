"""A command line given as text made a command, (args, executable): its program found."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import sys
from pathlib import Path
from typing import List, Optional, Tuple, Union

from .model import UsageError
from .platform import WINDOWS

PYTHON_PROGRAM = r"(?i)(^|[\\/])(python|pypy|py)[\d.]*(\.exe)?$|\.py$"  # a command runs Python
# What runs: (args, executable). The args are a list, or on Windows a command line's text for
# CreateProcess; the executable is the program's path, or None: the first word's on PATH.
Command = Tuple[Union[List[str], str], Optional[str]]


def runs_python(command: Command) -> bool:
    """Whether (args, executable) runs Python, by its program's name: the other-language limit
    of a Judge: line is for the rest."""
    args, executable = command
    first = args[0] if isinstance(args, list) else args.split(" ", 1)[0]
    return re.search(PYTHON_PROGRAM, executable or first) is not None


def split_command(text: str, root: Path) -> Command:
    """--command as (args, executable); Windows passes the text whole to CreateProcess."""
    try:
        words = shlex.split(text, posix=not WINDOWS)
    except ValueError as error:
        raise UsageError(f"--command {text}: {error}") from None
    if not words:
        raise UsageError("--command is empty")
    program = words[0].strip('"') if WINDOWS else words[0]
    return (text if WINDOWS else words), find_program(program, root, f"--command {text}")


def find_program(program: str, root: Path, what: str) -> str:
    """The absolute path of program, found from root when it names a folder, else on PATH."""
    has_folder = os.sep in program or (os.altsep and os.altsep in program)
    found = shutil.which(str(root / program) if has_folder else program)
    if found is None and has_folder and (root / program).is_file():
        raise UsageError(f"{what}: {program} is not executable (chmod +x it)")
    if found is None:
        where = f"under {root}" if has_folder else "on PATH"
        raise UsageError(f"{what}: no program {program} {where}")
    return os.path.abspath(found)


def tool_words(text: str, what: str) -> list[str]:
    """A checker's CMD split as a shell would; else UsageError."""
    try:
        words = [word.strip('"') for word in shlex.split(text, posix=not WINDOWS)]
    except ValueError as error:
        raise UsageError(f"{what} {text}: {error}") from None
    if not words:
        raise UsageError(f"{what} needs a command")
    return words


def tool_command(text: str, root: str | Path, what: str) -> Command:
    """A checker's CMD as (args, executable), a .py file run by this Python; else UsageError."""
    words = tool_words(text, what)
    if words[0].endswith(".py"):
        path = Path(root, words[0])
        if not path.is_file():
            raise UsageError(f"{what} {text}: no file {words[0]} under {root}")
        return [sys.executable, str(path.resolve()), *words[1:]], sys.executable
    executable = find_program(words[0], Path(root), f"{what} {text}")
    return [executable, *words[1:]], executable
