"""Judge mode: the generators' inputs the judge could send, the stress test on them, and the
judge cases alone against the wrong programs whose bug is in the game logic.

* ``random_input(rng, judge=True)`` of every gen.py draws judge cases only: every one of a
  few thousand passes tests/NAME/validate.py, and played through the solution and the oracle
  in process every outcome kind and every label but ``EXTENDED_LABELS`` still occurs often
  (STRESS["min_count"] scaled to the inputs played).
* The judge-only mutation score looks at the mutants outside a solution's input layer
  (``mutate.input_layer``: from its marker comment to the logic's, or else the loop-free
  functions that read the text).
* Every wrong program whose docstring starts "Bug:" (a game-logic bug, not one in reading
  extended inputs) fails on some judge-* testcase, run directly, compared exactly with CRLF
  read as LF: the judge cases alone reject it.
"""

import ast

import pytest
from util import catching_case, complete, tooling, wrong_programs

from maint import mutate
from tools import play

VALIDATED = 3000  # judge-mode inputs checked by the validator, per problem
PLAYED = 4000  # judge-mode inputs played, at most STRESS["count"]


@pytest.mark.parametrize("problem", complete())
def test_judge_mode_draws_only_judge_cases(problem):
    gen, why_extended = tooling(problem, "gen"), tooling(problem, "validate").why_extended
    texts = play.inputs(gen, VALIDATED, gen.STRESS["seed"], judge=True)
    extended = [(text, why) for text in texts for why in [why_extended(text.encode())] if why]
    assert extended == [], f"{len(extended)} extended, e.g. {extended[0][1]}: {extended[0][0]!r}"


@pytest.mark.deep
@pytest.mark.parametrize("problem", complete())
def test_judge_mode_covers_every_outcome_and_label(problem):
    gen = tooling(problem, "gen")
    wanted = play.min_counts(gen, judge=True)
    assert not set(wanted) & set(gen.EXTENDED_LABELS)
    play.check(problem, judge=True, count=min(PLAYED, gen.STRESS["count"]))


def test_the_default_stream_has_extended_inputs_too():
    """The default mode is not judge mode: it draws extended inputs as well (a tenth or
    more of them for every problem)."""
    for problem in complete():
        gen, why_extended = tooling(problem, "gen"), tooling(problem, "validate").why_extended
        texts = list(play.inputs(gen, 500, gen.STRESS["seed"]))
        assert sum(why_extended(text.encode()) is not None for text in texts) >= 50, problem


# ---------------------------------------------------------------- the judge cases alone


def game_logic_bugs():
    """The wrong programs whose docstring says "Bug:": their bug is in the game logic."""
    found = []
    for path in wrong_programs():
        doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
        if doc.startswith("Bug:"):
            found.append(path)
    return found


def test_some_wrong_programs_have_game_logic_bugs():
    assert len(game_logic_bugs()) >= 30
    assert {path.parent.parent.name for path in game_logic_bugs()} == set(complete())


@pytest.mark.deep
@pytest.mark.parametrize(
    "program", game_logic_bugs(), ids=lambda path: f"{path.parent.parent.name}/{path.name}"
)
def test_the_judge_cases_alone_reject_every_game_logic_bug(program):
    problem = program.parent.parent.name
    assert catching_case(problem, program, pattern="judge-*.in") is not None, (
        f"{program.name} passes every judge case of {problem}"
    )


# ---------------------------------------------------------------- the judge-only mutation score

MARKED = '''"""A solution in two parts."""

import sys

# The input layer: the judge's format, and the forms people save.


def read(text):
    return [int(word) for word in text.split()]


# The judge's logic: the game.


def play(numbers):
    return sum(numbers)


if __name__ == "__main__":
    print(play(read(sys.stdin.read())))
'''


def test_the_input_layer_runs_from_its_marker_to_the_logic():
    lines = MARKED.splitlines()
    layer = mutate.input_layer(MARKED)
    assert lines[min(layer) - 1].startswith("# The input layer")
    assert lines[max(layer)].startswith("# The judge's logic")
    every = mutate.mutants(MARKED)
    outside = mutate.outside_input_layer(MARKED, every)
    inside = [i for i in range(len(every)) if i not in outside]
    assert outside and inside  # "return value -> None" in play, say, and in read
    assert all(mutate.mutant_line(every[i]) > max(layer) for i in outside)
    assert all(mutate.mutant_line(every[i]) in layer for i in inside)


def test_the_input_layer_ends_at_the_main_block_without_a_logic_marker():
    text = MARKED.replace("# The judge's logic: the game.", "")
    lines = text.splitlines()
    assert lines[max(mutate.input_layer(text))].startswith("if __name__")


def test_an_unmarked_solution_counts_its_loop_free_text_readers_as_input_layer():
    text = MARKED.replace("# The input layer: the judge's format, and the forms people save.", "")
    text = text.replace("# The judge's logic: the game.", "")
    text = text.replace("return [int(word) for word in text.split()]", "return text.split()")
    layer = mutate.input_layer(text)
    read = text.splitlines().index("def read(text):") + 1
    assert layer == {read, read + 1}
