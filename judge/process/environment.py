"""The environment a judged program runs with: the judge's, not the caller's.

A judge starts programs with a small environment. So a program, a checker, an interactor,
GEN and BRUTE get only what a program needs to start: PATH, HOME, LANG and LC_*, TMPDIR, TZ
(and on Windows what its programs need to start). None of the PYTHON* variables that change
how a Python program behaves (PYTHONUNBUFFERED would hide a missing flush) reaches them, and
no secret of the caller's does. `runner.py --keep-env` passes the whole environment.
"""

from __future__ import annotations

import os

from ..platform import WINDOWS

KEPT = ("PATH", "HOME", "LANG", "TMPDIR", "TZ")
KEPT_PREFIXES = ("LC_",)
KEPT_ON_WINDOWS: tuple[str, ...] = ("SYSTEMROOT", "SYSTEMDRIVE", "WINDIR", "COMSPEC", "PATHEXT")
KEPT_ON_WINDOWS += ("TEMP", "TMP", "USERPROFILE", "PROGRAMDATA", "PROGRAMFILES", "APPDATA")
KEPT_ON_WINDOWS += ("LOCALAPPDATA",)
# Set once by the command line (--keep-env), before any program starts.
SETTING: dict[str, bool] = {"keep_all": False}


def keep_everything(keep: bool = True) -> None:
    """From now on, pass the caller's whole environment (runner.py --keep-env)."""
    SETTING["keep_all"] = keep


def judged_environment() -> dict[str, str]:
    """The environment of every program the judge starts, as a dict of str."""
    if SETTING["keep_all"]:
        return dict(os.environ)
    kept = KEPT + (KEPT_ON_WINDOWS if WINDOWS else ())
    return {
        name: value
        for name, value in os.environ.items()
        if name.upper() in kept or name.upper().startswith(KEPT_PREFIXES)
    }
