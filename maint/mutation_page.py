"""The mutation figures of a problem, and the tables of docs/mutation.md.

``report`` and ``judge_report`` print one problem's figures and give its table row, and what
is wrong with it (a mutant neither killed nor listed in tests/NAME/equivalent_mutants.txt,
say). ``page_rows`` reads the rows the page shows, which `make mutants CHECK=1` compares.
"""

from tools.problem import ROOT

PAGE = ROOT / "docs" / "mutation.md"
COLUMNS = (
    "problem",
    "wrong programs, rejected",
    "mutants",
    "killed by the stress test",
    "and by the testcases",
    "score",
)
JUDGE_COLUMNS = (
    "problem",
    "game-logic wrong programs, rejected by the judge cases",
    "mutants outside the input layer",
    "killed by judge-mode stress",
    "and by the judge cases",
    "score",
)


def equivalents(name):
    """The ids listed in tests/NAME/equivalent_mutants.txt."""
    path = ROOT / "tests" / name / "equivalent_mutants.txt"
    lines = path.read_text(encoding="utf-8").splitlines() if path.is_file() else []
    ids = [line.replace("\t", "  ").split("  ")[0].strip() for line in lines]
    return {line for line in ids if line and not line.startswith("#")}


def wrong_programs(name, game_logic_only=False):
    """The wrong-answer corpus of a problem; with game_logic_only, the programs whose bug is
    in the game's logic (docstring "Bug: ..."), not in reading extended input."""
    found = sorted((ROOT / "tests" / name / "wrong").glob("[!_]*.py"))
    if game_logic_only:
        found = [path for path in found if path.read_text("utf-8").startswith('"""Bug:')]
    return found


def percent(part, whole):
    score = 100.0 * part / max(1, whole)
    return f"{score:.0f}%" if score == int(score) else f"{score:.1f}%"


def report(name, every, answers, took):
    """Print the figures of one problem; return (its table row, what is wrong with it)."""
    if answers["tests", -1] is not None or answers["stress", -1] is not None:
        why = (
            f"{name}: the solution itself fails ({answers['tests', -1]}, stress input "
            f"{answers['stress', -1]}): no score"
        )
        print(why)
        return f"| {name} | | | | | |", [why]
    stress = [i for i in range(len(every)) if answers["stress", i] is not None]
    tests = [i for i in stress if answers["tests", i] is not None]
    survivors = [i for i in stress if answers["tests", i] is None]
    unkilled = {every[i].id for i in range(len(every)) if answers["stress", i] is None}
    wrong = wrong_programs(name)
    passing = [path.name for i, path in enumerate(wrong) if answers["wrong", i] is None]
    listed, score = equivalents(name), percent(len(tests), len(stress))
    print(
        f"{name}: {len(every)} mutants, {took}; killed by the stress test "
        f"{len(stress)}, and by the testcases {len(tests)}: score {score}"
    )
    print(
        f"  wrong programs rejected by the testcases: {len(wrong) - len(passing)} of "
        f"{len(wrong)}" + (f"; passing: {', '.join(passing)}" if passing else "")
    )
    print(f"  survivors (killed by the stress test only): {len(survivors)}")
    for i in survivors:
        print(f"    {every[i].id:<32} input {answers['shrink', i]!r}")
    missing = sorted(unkilled - listed, key=[mutant.id for mutant in every].index)
    print(f"  not killed by the stress test nor in equivalent_mutants.txt: {len(missing)}")
    print("".join(f"    {mutant}\n" for mutant in missing), end="")
    stale = sorted(listed - unkilled)
    if stale:
        print(f"  listed as equivalent but killed, or no such mutant: {stale}")
    faults = []
    if missing:
        listing = f"tests/{name}/equivalent_mutants.txt"
        faults.append(f"{name}: {len(missing)} mutant(s) neither killed nor listed in {listing}")
    if stale:
        faults.append(f"{name}: listed in equivalent_mutants.txt but killed: {stale}")
    cells = [f"`{name}`", f"{len(wrong) - len(passing)} of {len(wrong)}", len(every)]
    cells += [len(stress), len(tests), score]
    return "| " + " | ".join(map(str, cells)) + " |", faults


def judge_report(name, every, answers, took, chosen):
    """Print the judge-only figures of one problem; return (its table row, what is wrong)."""
    if answers["tests", -1] is not None or answers["stress", -1] is not None:
        why = f"{name}: the solution itself fails on the judge cases or judge-mode stress"
        print(why)
        return f"| {name} | | | | | |", [why]
    stress = [i for i in chosen if answers["stress", i] is not None]
    tests = [i for i in stress if answers["tests", i] is not None]
    survivors = [i for i in stress if answers["tests", i] is None]
    score = percent(len(tests), len(stress))
    wrong = wrong_programs(name, game_logic_only=True)
    passing = [path.name for i, path in enumerate(wrong) if answers["wrong", i] is None]
    print(
        f"{name} (judge cases only): {len(chosen)} of {len(every)} mutants outside the input "
        f"layer, {took}; killed by judge-mode stress {len(stress)}, and by the judge cases "
        f"{len(tests)}: score {score}"
    )
    print(
        f"  game-logic wrong programs rejected by the judge cases: "
        f"{len(wrong) - len(passing)} of {len(wrong)}"
        + (f"; passing: {', '.join(passing)}" if passing else "")
    )
    print(f"  survivors (killed by judge-mode stress only): {len(survivors)}")
    for i in survivors:
        print(f"    {every[i].id:<32} input {answers['shrink', i]!r}")
    cells = [f"`{name}`", f"{len(wrong) - len(passing)} of {len(wrong)}"]
    cells += [f"{len(chosen)} of {len(every)}", len(stress), len(tests), score]
    faults = [f"{name}: wrong programs pass the judge cases: {passing}"] if passing else []
    return "| " + " | ".join(map(str, cells)) + " |", faults


def table(rows, columns=COLUMNS):
    head = "| " + " | ".join(columns) + " |"
    return "\n".join([head, "| " + " | ".join("---" for _ in columns) + " |", *rows])


def page_rows(columns=COLUMNS, path=PAGE):
    """{problem: row} of docs/mutation.md's table headed by columns."""
    lines = path.read_text(encoding="utf-8").splitlines()
    head = "| " + " | ".join(columns) + " |"
    if head not in lines:
        return {}
    rows = {}
    for line in lines[lines.index(head) + 2 :]:
        if not line.startswith("| "):
            break
        rows[line.split("|")[1].strip().strip("`")] = line
    return rows
