"""What is left of the runner's shape checks once the package's own files took theirs: the
tests judge an output with the judge's own comparison (this checks tests/util.py, not a module
of judge/process/, and awaits a home among the tests of judge/modes.py or judge/compare.py)."""

import inspect

import util


def test_one_comparator_table_serves_the_tests_too():
    assert "EXACT.verdict(" in inspect.getsource(util.same_output)
    assert "same_output(" in inspect.getsource(util.catching_case)
