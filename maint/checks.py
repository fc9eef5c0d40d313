"""The contract as the maintainers' checks use it: which problems are held to which level,
what the benchmark needs, and the needs table of docs/adding-a-problem.md.

``python3 -m maint.checks --table`` prints that table (tests/test_readme.py checks that the
page shows it).
"""

import argparse

from judge import say
from tools.contract import LEVELS, TOOLING, aim, missing
from tools.problem import ROOT, problems, run_tool

# What the benchmark needs, as FILE or FILE:NAME (see tools.contract.key).
FOR_BENCH = ("gen.py:SCALE", "gen.py:scale_answer", "floor.py")


def problems_at(level, root=ROOT):
    """The problems that aim at level or a higher one and lack nothing of their aim."""
    held = [name for name in problems(root) if LEVELS.index(aim(name, root)) >= LEVELS.index(level)]
    return [name for name in held if not missing(name, root)]


def complete(root=ROOT):
    """The problems that declare themselves complete and meet the whole contract."""
    return problems_at("complete", root)


def table():
    """The tooling's needs as a Markdown table, as docs/adding-a-problem.md shows it."""
    rows = ["| file | name | needed for | what it is |", "| --- | --- | --- | --- |"]
    for need in TOOLING:
        name = f"`{need.name}`" if need.name else ""
        rows.append(f"| `{need.file}` | {name} | {need.level or 'optional'} | {need.what} |")
    return "\n".join(rows)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python3 -m maint.checks", description=__doc__)
    parser.add_argument("--table", action="store_true", help="print the tooling's table")
    args = parser.parse_args(argv)
    if args.table:
        say(table())
    return 0


if __name__ == "__main__":
    run_tool(main)
