"""judge/text.py, in process: text shown to a person is never longer than a line should be and
never acted on by a terminal; a file name that is not UTF-8 is still text."""

import os

import pytest

from judge import text


@pytest.mark.parametrize(
    "given, shown",
    [
        ("", ""),
        ("short", "short"),
        ("x" * 100, "x" * 100),
        ("x" * 101, "x" * 100 + "... (1 more characters)"),
        ("é" * 150, "é" * 100 + "... (50 more characters)"),
    ],
)
def test_a_long_text_is_shortened_saying_by_how_much(given, shown):
    assert text.shorten(given) == shown


@pytest.mark.parametrize(
    "given, shown",
    [
        ("plain name", "plain name"),
        ("sample-1²", "sample-1²"),  # printable, if not ASCII
        ("tab\tkept", "tab\tkept"),
        ("esc\x1b[31m", "esc\\x1b[31m"),
        ("new\nline", "new\\nline"),
        ("cr\r", "cr\\r"),
        ("nul\x00bel\x07", "nul\\x00bel\\x07"),
        ("zero\u200bwidth", "zero\\u200bwidth"),
        ("\udcff", "\\udcff"),  # a lone surrogate
    ],
)
def test_what_a_terminal_would_act_on_is_escaped(given, shown):
    assert text.printable(given) == shown


@pytest.mark.parametrize(
    "name, shown",
    [
        ("plain", "plain"),
        ("é", "é"),
        (os.fsdecode(b"bad\xff"), "bad\\xff"),
        (os.fsdecode(b"\xc3\xa9\xff\xfe"), "é\\xff\\xfe"),
    ],
)
def test_a_file_name_is_text_with_its_bytes_that_are_not_utf8_escaped(name, shown):
    if os.name != "posix" and "\\x" in shown:
        pytest.skip("file names are text already")
    assert text.as_text(name) == shown
    assert text.as_text(name).encode("utf-8")  # never a lone surrogate
