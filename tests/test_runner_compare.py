"""How the runner compares an output with the .out, and how it shows a difference."""

import pytest
import runner_util
from hypothesis import given
from hypothesis import strategies as st
from runner_util import ECHO, judge, last_line, make_root, verdicts

from judge import compare, explain, modes

path = runner_util.path  # the fixture: both process paths


def test_wrong_answer_shows_the_first_difference_a_diff_and_the_input(tmp_path, path):
    root = make_root(tmp_path, ECHO, {"a": ("1\n2 3\n4\n", "1\n2 4\n4\n")})
    status, out, _, _ = judge(root, path=path)
    assert verdicts(out) == {"p/a": "WA"}
    assert "first difference at line 2" in out
    assert "expected: 2·4" in out and "got:      2·3" in out
    assert "@@ -1,3 +1,3 @@" in out and "\n      -2·4\n      +2·3\n" in out
    assert "input:\n      1\n      2 3\n      4\n" in out
    assert last_line(out) == "0 passed, 1 failed"
    assert status == 1


def test_crlf_out_matches_lf_output(tmp_path):
    root = make_root(tmp_path, "print(1)\nprint(2)\n", {"a": ("", "1\r\n2\r\n")})
    status, out, _, _ = judge(root)
    assert verdicts(out) == {"p/a": "AC"}
    assert status == 0


def test_empty_output_matches_empty_out(tmp_path):
    root = make_root(tmp_path, "", {"a": ("", "")})
    status, out, _, _ = judge(root)
    assert verdicts(out) == {"p/a": "AC"}
    assert status == 0


def test_presentation_error_under_jutge_and_wrong_answer_under_exact(tmp_path, path):
    cases = {"space": ("1  2\n", "1 2\n"), "case": ("Yes\n", "YES\n"), "glued": ("12\n", "1 2\n")}
    root = make_root(tmp_path, ECHO, cases, compare="jutge")
    status, out, _, _ = judge(root, path=path)
    assert verdicts(out) == {"p/case": "PE", "p/glued": "WA", "p/space": "PE"}
    assert "presentation error: equal once runs of whitespace are one space" in out
    assert status == 1
    status, out, _, _ = judge(root, "--compare", "exact", path=path)
    assert verdicts(out) == {"p/case": "WA", "p/glued": "WA", "p/space": "WA"}
    assert "only whitespace differs, and this judge counts that as a wrong answer" in out
    assert "only letter case or whitespace differs: Jutge.org would say PE" in out


def test_an_invalid_character_under_jutge(tmp_path):
    solution = "import sys\nsys.stdout.buffer.write(b'ok\\n\\tno\\x07\\n')\n"
    root = make_root(tmp_path, solution, {"a": ("", "ok\nno\n")}, compare="jutge")
    status, out, _, _ = judge(root)
    assert verdicts(out) == {"p/a": "IC"}
    assert "invalid character: byte 0x07 at line 2, column 4; Jutge.org accepts" in out
    assert "== p (Test judge: 1 s CPU, 1024 MiB, jutge): 0 passed, 1 failed (1 IC)" in out
    assert status == 1


def test_a_missing_final_newline_is_said_in_words(tmp_path):
    root = make_root(tmp_path, "print(1, end='')\n", {"a": ("", "1\n")})
    status, out, _, _ = judge(root)
    assert verdicts(out) == {"p/a": "WA"} and status == 1
    assert "expected: 1\n" in out and "got:      1  (no final newline)\n" in out


def test_loose_ignores_trailing_spaces_and_trailing_empty_lines(tmp_path):
    cases = {
        "spaces": ("a \nb\t\n", "a\nb\n"),
        "lines": ("a\n\n\n", "a\n"),
        "no-newline": ("a", "a\n"),
        "inner": ("a  b\n", "a b\n"),
        "wrong": ("a \n", "b\n"),
    }
    root = make_root(tmp_path, ECHO, cases)
    _, out, _, _ = judge(root)
    assert set(verdicts(out).values()) == {"WA"}
    _, out, _, _ = judge(root, "--loose")
    assert verdicts(out) == {
        "p/inner": "WA",
        "p/lines": "AC",
        "p/no-newline": "AC",
        "p/spaces": "AC",
        "p/wrong": "WA",
    }


def test_tokens_compares_tokens_only(tmp_path):
    cases = {"same": ("1  2\n\n3", "1 2\n3\n"), "other": ("1 2 4\n", "1 2 3\n")}
    root = make_root(tmp_path, ECHO, cases)
    status, out, _, _ = judge(root, "--tokens")
    assert verdicts(out) == {"p/same": "AC", "p/other": "WA"}
    assert "first difference at token 3" in out
    assert "expected: 3" in out and "got:      4" in out
    assert status == 1


@pytest.mark.parametrize(
    "expected, got, mode, verdict",
    [
        (b"1\n", b"1\n", "exact", "AC"),
        (b"1\r\n", b"1\n", "exact", "AC"),
        (b"1\n", b"1\r\n", "exact", "AC"),
        (b"1\n", b"1", "exact", "WA"),
        (b"1\n", b"1 \n", "exact", "WA"),
        (b"1\n", b"1 \n\n", "loose", "AC"),
        (b"1 2\n", b"1\t2\n", "loose", "WA"),
        (b"1 2\n", b"1\n2", "tokens", "AC"),
        (b"7,red\n", b"7, red\n", "exact", "WA"),
        (b"12\n", b"1 2\n", "tokens", "WA"),
        (b"1\n", b"2\n", "exact", "WA"),
        (b"", b"", "exact", "AC"),
        (b"", b"\n", "exact", "WA"),
        (b"yes\n", b"YES\n", "exact", "WA"),
        # Jutge.org: identical bytes, else IC, else PE after normalizing, else WA
        (b"1 2\n", b"1 2\n", "jutge", "AC"),
        (b"1 2\n", b"1 2\r\n", "jutge", "PE"),
        (b"1 2\n", b"1 2", "jutge", "PE"),
        (b"1 2\n", b"  1\t\t2 \n\n\n", "jutge", "PE"),
        (b"yes\n", b"YES\n", "jutge", "PE"),
        (b"|1 0|\n", b"|1  0|\n", "jutge", "PE"),
        (b"12\n", b"1 2\n", "jutge", "WA"),
        (b"1 2\n", b"1 3\n", "jutge", "WA"),
        (b"\xc3\xa9\n", b"\xc3\xa9\n", "jutge", "AC"),
        (b"e\n", b"\xc3\xa9\n", "jutge", "IC"),
        (b"1 2\n", b"1\x0b2\n", "jutge", "IC"),
        (b"1 2\n", b"1\x002\n", "jutge", "IC"),
        (b"", b"", "jutge", "AC"),
        (b"", b"\n", "jutge", "PE"),
    ],
)
def test_compare(expected, got, mode, verdict):
    assert modes.parse_mode(mode).verdict(expected, got) == verdict


def test_hunk_headers_count_from_line_one():
    assert explain.shift_hunk("@@ -1,4 +1,5 @@", 99) == "@@ -100,4 +100,5 @@"
    assert explain.shift_hunk("@@ -3 +3,0 @@", 10) == "@@ -13 +13,0 @@"


def test_the_difference_is_found_far_into_a_long_output():
    want = b"".join(b"%d\n" % i for i in range(100000))
    have = want.replace(b"\n50000\n", b"\noops\n")
    details = modes.parse_mode("exact").explain("WA", have, want)
    assert details[:3] == [
        "first difference at line 50001",
        "  expected: 50000",
        "  got:      oops",
    ]
    assert details[6] == "  @@ -49999,5 +49999,5 @@"
    assert details[-1] == "  ... (cut after line 50006)"


def slow_common_prefix(a, b):
    size = 0
    while size < min(len(a), len(b)) and a[size] == b[size]:
        size += 1
    return size


@given(st.binary(max_size=300), st.binary(max_size=300))
def test_common_prefix(a, b):
    common = slow_common_prefix(a, b)
    assert explain.common_prefix(a, b) == common
    assert explain.common_prefix(a * 1000, a * 999 + b) == 999 * len(a) + common


@given(
    st.binary(max_size=200)
    | st.lists(st.sampled_from([b"a", b" ", b"\t", b"\n", b"\r\n"])).map(b"".join)
)
def test_tokens_are_joined_by_single_spaces(data):
    assert compare.tokens(data) == b" ".join(data.split())
