"""The tables that README.md and docs/ show, printed from the registries they describe.

``python3 -m maint.tables NAME`` prints one table; PAGES says where each is shown, and
tests/test_readme.py checks that each page shows its table as printed, so a change to a
registry fails the tests until the page is updated with the new table.

- ``modes``: the judging modes of judge.modes.REGISTRY, their Judge: field, flag and help.
- ``languages``: judge.build.LANGUAGES, how a source of each language is built and run.
- ``oj``: the flags of `oj test` that judge as each mode does (Mode.oj_flags, the flags
  tests/test_compat.py runs oj with), with OJ_NOTES where oj differs or has none.
- ``contract``: the needs of a problem's tooling folder (maint.checks.table).
"""

import argparse

from judge import say
from judge.build import LANGUAGES
from judge.modes import COMPARISONS, REGISTRY, SHORTCUTS, TOGETHER, make_mode
from maint import checks
from tools.problem import run_tool

PAGES = {
    "modes": "docs/runner.md",
    "languages": "docs/runner.md",
    "oj": "README.md",
    "contract": "docs/adding-a-problem.md",
}
# What oj does about a mode, where it does not judge as the runner does. A mode that `oj test`
# cannot judge (its oj flags None) must have a note: the reason.
OJ_NOTES = {
    "jutge": "oj has no PE or IC: it says WA",
    "loose": "`-S` also ignores spaces inside a line",
    "validator": "oj cannot run an output validator",
    "interactor": "`oj test-reactive` runs it, not `oj test`",
    "kattis": "oj has no case-blind comparison, nor hexadecimal floats",
    "interactive_validator": "`oj test-reactive` speaks testlib's protocol, not Kattis's",
}
# The words of judge.build's commands, as the languages table names them.
PLACES = {"binary": "BIN", "out": "DIR", "main": "CLASS", "file": "FILE", "python": "PYTHON"}
PLACES["stem"] = "STEM"  # the source's name without its ending


def row(*cells):
    return "| " + " | ".join(cells) + " |"


def table(header, rows):
    """A Markdown table: the header's cells, a rule, then the rows, each a list of cells."""
    return "\n".join([row(*header), row(*["---"] * len(header)), *(row(*r) for r in rows)])


def argument(kind):
    """What follows the mode's name on a Judge: line, as its table writes it."""
    takes = REGISTRY[kind].takes
    return "" if not takes else f" [{takes}]" if takes == "FLAGS" else f" {takes}"


def modes():
    """Each mode's Judge: field, its flags and its help. Polygon's pair, an interactor and then
    a checker, is written on the interactor's row."""
    rows = []
    for kind, entry in REGISTRY.items():
        field, flags = kind + argument(kind), []
        if kind in COMPARISONS:
            flags.append(f"--compare {kind}")
        if kind in SHORTCUTS:
            flags.append(f"--{kind}")
        if entry.takes:
            flags.append(f"--{kind.replace('_', '-')}{argument(kind)}")
        if kind == TOGETHER[0]:
            field += f" [{TOGETHER[1]}{argument(TOGETHER[1])}]"
            flags[-1] += f" [--{TOGETHER[1]}{argument(TOGETHER[1])}]"
        rows.append([f"`{field}`", ", ".join(f"`{flag}`" for flag in flags), entry.help])
    return table(["`Judge:` field", "flag", "how it judges"], rows)


def command(words, language):
    """A command of judge.build as the languages table writes it: SRC the source (DIR/ and its
    copy's name when the compiler must read it by another), BIN, DIR, CLASS and PYTHON."""
    source = "DIR/" + language.copy.format(**PLACES) if language.copy else "SRC"
    return "`" + " ".join(word.format(source=source, **PLACES) for word in words) + "`"


def languages():
    """Each language's extensions, how its source is built, and how it runs."""
    extensions = {}
    for extension, language in LANGUAGES.items():
        extensions.setdefault(language, []).append(f"`{extension}`")
    rows = []
    for language, names in extensions.items():
        built = ", then ".join(command(words, language) for words in language.build)
        rows.append([" ".join(names), built, command(language.run, language)])
    return table(["file", "built by", "run as"], rows)


def oj():
    """Each mode's flags of `oj test`: none needed, the flags, or no match and why."""
    rows = []
    for kind, entry in REGISTRY.items():
        flags = make_mode(f"{kind} {entry.takes}" if entry.takes else kind).oj_flags("python3")
        note = OJ_NOTES.get(kind)
        if flags is None:
            cell = f"no match: {OJ_NOTES[kind]}"
        else:
            cell = f"`{' '.join(flags)}`" if flags else "none"
            cell += f" ({note})" if note else ""
        rows.append([f"`{kind}{argument(kind)}`", cell])
    return table(["mode", "`oj test` flags"], rows)


TABLES = {"modes": modes, "languages": languages, "oj": oj, "contract": checks.table}


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python3 -m maint.tables",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("name", choices=sorted(TABLES), help="the table to print")
    args = parser.parse_args(argv)
    say(TABLES[args.name]())
    return 0


if __name__ == "__main__":
    run_tool(main)
