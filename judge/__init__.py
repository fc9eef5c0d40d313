"""The judge: a package of the standard library alone, for CPython 3.8 and later and PyPy.

The names below are its API, for the tools and for a program of your own:

    from judge import Program, judge_input, new_running, read_profile
    profile, warning = read_profile(root, "conecta4")
    program = Program(([sys.executable, "solutions/conecta4.py"], None), root)
    judgement = judge_input(program, path_of_input, profile, path_of_answer)

Each is loaded from its module when first used, so `import judge` costs nothing and
runner.py can catch the stop signals before anything else loads.
"""

from __future__ import annotations

import importlib
from typing import Any

WHERE = {
    ".model": "Case Judgement MIB JUDGE_PREFIX NAME_RULE OutputClosed Profile Program Result"
    " Verdict UsageError problem_name_error",
    ".text": "printable shorten",
    ".commands": "PYTHON_PROGRAM runs_python split_command",
    ".modes": "MODES make_mode mode_error parse_mode",
    ".problems": "DEFAULT_PROFILE ROOT find_cases find_problems natural_key read_profile",
    ".explain": "exit_description mismatch",
    ".judging": "OUTPUT_MIB SHORT_INPUT SHORT_INPUT_LINES judge_input shown_lines",
    ".process.choose": "new_running",
    ".process.watch": "BACKSTOP Limits execute",
    ".console": "let_go note say",
    ".stop": "catch_signals",
    ".progress": "Progress",
    ".report": "ms",
    ".cli": "cpu_count main positive",
}
MODULE_OF = {name: module for module, names in WHERE.items() for name in names.split()}
__all__ = sorted(MODULE_OF)


def __getattr__(name: str) -> Any:  # Any: each name is of its own module's type
    if name not in MODULE_OF:
        raise AttributeError(f"module '{__name__}' has no attribute '{name}'")
    return getattr(importlib.import_module(MODULE_OF[name], __name__), name)


def __dir__() -> list[str]:
    return __all__
