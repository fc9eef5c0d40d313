"""judge/explain.py, in process: how a failure is explained to a person. Where an output first
differs from the answer, the diff around it, how a program ended, and its stderr's last lines.
Each mode's explain() is read from one table: the mode, the verdict, the output, the answer
and the lines that explain them."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from judge import explain, modes, verdicts
from judge.model import Verdict
from judge.process import watch

PE = "presentation error: equal once runs of whitespace are one space, the ends trimmed and "
PE += "letters upper-cased"
ONLY_SPACE = "only whitespace differs, and this judge counts that as a wrong answer"
ONLY_CASE = "only letter case or whitespace differs: Jutge.org would say PE"
IC = "invalid character: byte 0x07 at line 2, column 4; Jutge.org accepts printable ASCII, "
IC += "newline, CR and tab only"
HINT_LOOSE = "hint: loose would accept it, spaces at line ends and blank lines ignored: --loose"
HINT_TOKENS = "hint: tokens would accept it, as most judges compare: --tokens"
HINT_FLOAT = "hint: equal within 1e-6: --float 1e-6"
HINT_CASE = "hint: equal in any letter case, as Kattis compares by default: --kattis"


def first(where, expected, got):
    return [f"first difference at {where}", f"  expected: {expected}", f"  got:      {got}"]


DIFF = ["diff:", "  --- expected", "  +++ got"]


@pytest.mark.parametrize(
    "mode, verdict, got, expected, lines",
    [
        ("exact", "AC", b"1\n", b"1\n", []),
        ("jutge", "AC", b"1\n", b"1\n", []),
        ("float 1e-6", "AC", b"1\n", b"1.0000001\n", []),
        (  # a short diff of the lines around the first difference, counted from line 1
            "exact",
            "WA",
            b"1\n2 3\n4\n",
            b"1\n2 4\n4\n",
            [
                *first("line 2", "2·4", "2·3"),
                *DIFF,
                "  @@ -1,3 +1,3 @@",
                "   1",
                "  -2·4",
                "  +2·3",
                "   4",
            ],
        ),
        (
            "exact",
            "WA",
            b"1  2\n",
            b"1 2\n",
            [ONLY_SPACE, HINT_TOKENS, *first("line 1", "1·2", "1··2")],
        ),
        (
            "exact",
            "WA",
            b"a\tb\n",
            b"a b\n",
            [ONLY_SPACE, HINT_TOKENS, *first("line 1", "a·b", "a→b")],
        ),
        ("exact", "WA", b"Yes\n", b"YES\n", [ONLY_CASE, HINT_CASE, *first("line 1", "YES", "Yes")]),
        (
            "exact",
            "WA",
            b"1",
            b"1\n",
            [ONLY_SPACE, HINT_LOOSE, *first("line 1", "1", "1  (no final newline)")],
        ),
        ("exact", "WA", b"", b"1\n", first("line 1", "1", "(end of output)")),
        (
            "exact",
            "WA",
            b"1\n2\n",
            b"1\n",
            [*first("line 2", "(end of output)", "2"), *DIFF, "  @@ -1 +1,2 @@", "   1", "  +2"],
        ),
        ("exact", "WA", b"\xff\xfe ok\n", b"ok\n", first("line 1", "ok", "\\xff\\xfe·ok")),
        ("exact", "WA", b"esc\x1b[2J\n", b"x\n", first("line 1", "x", "esc\\x1b[2J")),
        ("jutge", "PE", b"1  2\n", b"1 2\n", [PE, HINT_TOKENS, *first("line 1", "1·2", "1··2")]),
        ("jutge", "PE", b"Yes\n", b"YES\n", [PE, HINT_CASE, *first("line 1", "YES", "Yes")]),
        ("jutge", "WA", b"12\n", b"1 2\n", [ONLY_SPACE, *first("line 1", "1·2", "12")]),
        ("jutge", "IC", b"ok\n\tno\x07\n", b"ok\nno\n", [IC]),
        ("loose", "WA", b"a \n", b"b\n", first("line 1", "b", "a")),
        ("tokens", "WA", b"1 2 4\n", b"1 2 3\n", first("token 3", "3", "4")),
        ("tokens", "WA", b"1 2\n", b"1 2 3\n", first("token 3", "3", "(no more tokens)")),
        ("tokens", "WA", b"1 2 3\n", b"1 2\n", first("token 3", "(no more tokens)", "3")),
        ("tokens", "WA", b"1 2x", b"1 2", first("token 2", "2", "2x")),
        ("tokens", "WA", b"", b"1\n", first("token 1", "1", "(no more tokens)")),
        (
            "float 1e-9",
            "WA",
            b"1 2.5 x\n",
            b"1 2.5000001 y\n",
            [
                "first difference at token 2: error 1e-07, over 1e-9 absolute and relative",
                "  expected: 2.5000001",
                "  got:      2.5",
            ],
        ),
        (
            "float 1e-6",
            "WA",
            b"6.00006\n",
            b"6.000000\n",
            [
                "first difference at token 1: error 6e-05, over 1e-6 absolute and relative",
                "  expected: 6.000000",
                "  got:      6.00006",
            ],
        ),
        ("float 1e-6", "WA", b"1\n", b"1 2\n", first("token 2", "2", "(no more tokens)")),
        ("float 1e-6", "WA", b"nan\n", b"0\n", first("token 1", "0", "nan")),
        ("float 1e-6", "WA", b"inf\n", b"1\n", first("token 1", "1", "inf")),
    ],
)
def test_each_mode_explains_its_verdict(mode, verdict, got, expected, lines):
    assert modes.parse_mode(mode).explain(verdict, got, expected) == lines


@pytest.mark.parametrize(
    "got, expected, hint",
    [
        (b"1 2 \n\n", b"1 2\n", HINT_LOOSE),
        (b"1\r\n2\n", b"1\n2\n", HINT_LOOSE),
        (b"1\n2\n", b"1 2\n", HINT_TOKENS),
        (b" 1 2", b"1 2\n", HINT_TOKENS),
        (b"0.3333333\n", b"0.333333333\n", HINT_FLOAT),
        (b"2 1.0000001\n", b"2\n1\n", HINT_FLOAT),
        (b"1e6\n", b"1000000.0000001\n", HINT_FLOAT),
        (b"yes\n", b"YES\n", HINT_CASE),
        (b"1 2\n", b"1 3\n", None),
        (b"0.334\n", b"0.333333333\n", None),
        (b"", b"1\n", None),
        (b"nan\n", b"nan\n", HINT_LOOSE),
    ],
)
def test_a_hint_names_the_strictest_mode_that_would_accept_the_output(got, expected, hint):
    assert explain.hints(got, expected) == ([hint] if hint else [])


PIECES = st.lists(st.sampled_from(["1", "1.0000001", "1.5", "2", "x", "X", " ", "\n", " \n", "\t"]))
HINTED = [
    ("loose", HINT_LOOSE),
    ("tokens", HINT_TOKENS),
    ("float 1e-6", HINT_FLOAT),
    ("kattis", HINT_CASE),
]


@given(PIECES, PIECES)
def test_the_hint_is_the_strictest_mode_that_accepts(want, have):
    expected, got = "".join(want).encode(), "".join(have).encode()
    accepting = [
        hint for mode, hint in HINTED if modes.parse_mode(mode).verdict(expected, got) == "AC"
    ]
    assert explain.hints(got, expected) == accepting[:1]


def test_a_hint_past_a_mebibyte_from_the_first_difference_is_only_tokens_or_case():
    lines = b"".join(b"%d\n" % n for n in range(300000))  # 2 MB
    assert explain.hints(lines[:-1] + b" \n", lines) == [HINT_LOOSE]  # the difference near the end
    assert explain.hints(b"0 \n" + lines[2:], lines) == [HINT_TOKENS]  # loose is not tried
    assert explain.hints(lines[:-1] + b".0000001\n", lines) == [HINT_FLOAT]
    assert explain.hints(b"0.0000001\n" + lines[2:], lines) == []  # float is not tried
    assert explain.hints(lines + b"YES\n", lines + b"yes\n") == [HINT_CASE]


@pytest.mark.parametrize(
    "mode, got, expected, hint",
    [
        ("exact", b"1 2 \n", b"1 2\n", HINT_LOOSE),
        ("loose", b"1\n2\n", b"1 2\n", HINT_TOKENS),
        ("tokens", b"0.3333333\n", b"0.333333333\n", HINT_FLOAT),
        ("float 1e-9", b"0.3333333\n", b"0.333333333\n", HINT_FLOAT),
        ("jutge", b"yes\n", b"YES\n", HINT_CASE),
        ("float 1e-6", b"yes\n", b"YES\n", HINT_CASE),
        ("float 1e-3", b"0.5\n", b"0.25\n", None),
        ("kattis", b"0.3333333\n", b"0.333333333\n", HINT_FLOAT),
    ],
)
def test_each_comparing_mode_gives_the_hint_with_its_failure(mode, got, expected, hint):
    judged = modes.parse_mode(mode)
    verdict = judged.verdict(expected, got)
    assert verdict in ("WA", "PE")  # the hint changes no verdict
    lines = [line for line in judged.explain(verdict, got, expected) if line[:5] == "hint:"]
    assert lines == ([hint] if hint else [])


def test_the_difference_is_found_far_into_a_long_output():
    want = b"".join(b"%d\n" % i for i in range(100000))
    have = want.replace(b"\n50000\n", b"\noops\n")
    details = modes.parse_mode("exact").explain("WA", have, want)
    assert details[:3] == first("line 50001", "50000", "oops")
    assert details[6] == "  @@ -49999,5 +49999,5 @@"
    assert details[-1] == "  ... (cut after line 50006)"


def test_huge_lines_are_cut_and_the_diff_stops_after_eight():
    details = modes.parse_mode("exact").explain("WA", b"y" * 1000 + b"\n", b"x\n")
    assert details[2] == "  got:      " + "y" * 100 + "... (900 more characters)"
    got, expected = (b"y" * 1000 + b"\n") * 20000, b"x\n" * 20000
    details = modes.parse_mode("exact").explain("WA", got, expected)
    assert details[-1] == "  ... (cut after line 8)" and len(details) == 24
    assert details[-2] == "  +" + "y" * 100 + "... (900 more characters)"
    assert sum(map(len, details)) < 2000  # 20 MB of output, 2 KB of explanation


TOKENS = st.lists(st.sampled_from(["1", "12", "2", "ab", "x"]), max_size=6)


@given(TOKENS, TOKENS)
def test_a_tokens_difference_names_the_first_token_that_differs(want, have):
    if want == have:
        return
    expected, got = " ".join(want).encode() + b"\n", "\n".join(have).encode()
    details = modes.parse_mode("tokens").explain("WA", got, expected)
    pairs = zip([*want, None], [*have, None])
    number = next(at for at, (one, other) in enumerate(pairs) if one != other)
    shown = [words[number] if number < len(words) else "(no more tokens)" for words in (want, have)]
    at = next(at for at, line in enumerate(details) if line.startswith("first difference"))
    assert details[at : at + 3] == first(f"token {number + 1}", *shown)


@pytest.mark.parametrize(
    "code, text",
    [
        (1, "exit status 1"),
        (-9, "killed by signal 9 (SIGKILL)"),
        (-11, "killed by signal 11 (SIGSEGV)"),
        (-200, "killed by signal 200"),
        (3221225725, "exit status 3221225725 (0xc00000fd)"),  # a stack overflow on Windows
    ],
)
def test_exit_description(code, text):
    assert explain.exit_description(code) == text


@pytest.mark.parametrize(
    "data, lines",
    [
        (b"", []),
        (b"one\ntwo\n", ["one", "two"]),
        (b"".join(b"%d\n" % i for i in range(25)), [str(i) for i in range(15, 25)]),
        (b"bad \xff\n", ["bad \\xff"]),
    ],
)
def test_last_lines_are_the_last_ten_as_text(data, lines):
    assert explain.last_lines(data) == lines


def test_hunk_headers_count_from_line_one():
    assert [explain.hunk_range(99, n) for n in (0, 1, 4)] == ["99,0", "100", "100,4"]


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


@pytest.mark.parametrize(
    "lines, shown",
    [
        ([], "(end of output)"),
        ([b"a b\tc\n"], "a·b→c"),
        ([b"last"], "last  (no final newline)"),
        ([b"\x1b[2J\n"], "\\x1b[2J"),
    ],
)
def test_a_line_is_shown_with_its_whitespace_visible(lines, shown):
    assert explain.visible(lines) == shown


@pytest.mark.parametrize(
    "edit, changed",
    [(b"4\nextra\n", ["  +extra"]), (b"", ["  -4"])],
    ids=["one_inserted_line_shows_as_one_added_line", "a_missing_line_shows_as_one_removed_line"],
)
def test_a_changed_line_shows_as_one_line_of_the_diff(edit, changed):
    want = b"".join(b"%d\n" % n for n in range(1, 21))
    have = want.replace(b"4\n", edit, 1)
    diff = modes.parse_mode("exact").explain("WA", have, want)
    shown = [
        line for line in diff if line[:3] in ("  +", "  -") and line[:5] not in ("  ---", "  +++")
    ]
    assert shown == changed, diff


@pytest.mark.parametrize("mode", ["exact", "loose", "jutge"])
def test_a_wrong_token_far_along_one_long_line_is_named_with_its_column(mode):
    words = [str(n) for n in range(3000)]
    want = (" ".join(words) + "\n").encode()
    words[2500] = "x"
    have = (" ".join(words) + "\n").encode()
    details = modes.parse_mode(mode).explain("WA", have, want)
    column = len(" ".join(words[:2500])) + 2
    assert f"first difference at line 1, column {column} (token 2501)" in details, details
    at = details.index(f"first difference at line 1, column {column} (token 2501)")
    expected, got = details[at + 1], details[at + 2]
    assert expected.startswith("  expected: ...") and "2499·2500·2501" in expected
    assert got.startswith("  got:      ...") and "2499·x·2501" in got


def hunks(diff):
    """A diff's lines after its --- and +++ header, each hunk's @@ line left out."""
    return [line[2:] for line in diff[diff.index("  +++ got") + 1 :] if line[:4] != "  @@"]


@pytest.mark.parametrize(
    "want, have, lines",
    [  # one answer a line, as a multi-test problem prints: equal answers of other tests
        (b"5\n4\n5\n4\n", b"5\n5\n5\n4\n", [" 5", "-4", "+5", " 5", " 4"]),
        (b"3\n2\n3\n2\n", b"3\n2\n2\n2\n", [" 3", " 2", "-3", "+2", " 2"]),
        (
            b"7\n6\n5\n1000\n5\n4\n",
            b"7\n6\n4\n1000\n5\n4\n",
            [" 7", " 6", "-5", "+4", " 1000", " 5"],
        ),
        (b"1\n2\n3\n4\n", b"1\n9\n3\n8\n", [" 1", "-2", "+9", " 3", "-4", "+8"]),
        (b"1\n2\n3\n", b"1\n2\n3", [" 1", " 2", "-3", "+3  (no final newline)"]),
        # as many lines, so line i is line i: a line missing and one more are two changes
        (b"1\n2\n3\n4\n", b"1\n3\n4\n4\n", [" 1", "-2", "-3", "+3", "+4", " 4"]),
        # a line more or less: difflib aligns them, and one line is added or removed
        (b"5\n4\n5\n4\n", b"5\n4\n5\n4\n4\n", [" 5", " 4", "+4"]),
        (b"1\n2\n3\n4\n", b"1\n3\n4\n", [" 1", "-2", " 3", " 4"]),
    ],
)
def test_outputs_of_as_many_lines_pair_line_i_with_line_i(want, have, lines):
    diff = modes.parse_mode("tokens").explain("WA", have, want)
    assert hunks(diff) == lines, diff


BESIDE = "your output vs the answer, by tokens: the judging program decided, not this diff"
HUNK = ["  @@ -1,3 +1,3 @@", "   1", "  -2", "  +5", "   3"]


def ran(output):
    return watch.Run(output, b"", 0, 0.01, 0.01, 10.0, False, False)


@pytest.mark.parametrize(
    "verdict, reason, output, answer, added",
    [
        ("WA", "judging-exit", b"4\n", b"3\n", [BESIDE, *first("token 1", "3", "4")]),
        ("PE", "judging-exit", b"1 2 4", b"1 2 3\n", [BESIDE, *first("token 3", "3", "4")]),
        (
            "WA",
            "judging-exit",
            b"1\n5\n3\n",
            b"1\n2\n3\n",
            [BESIDE, *first("token 2", "2", "5"), *DIFF, *HUNK],
        ),
        ("WA", "judging-exit", b"1  2\n", b"1 2\n", [BESIDE + ": the same tokens"]),
        ("AC", "judging-exit", b"4\n", b"3\n", []),  # a checker that takes any right answer
        ("IE", "judging-failed", b"4\n", b"3\n", []),
        ("WA", "compared", b"4\n", b"3\n", []),  # a comparison explains itself
        ("WA", "rejected-first", b"4\n", b"3\n", []),
    ],
)
def test_a_checkers_wrong_answer_shows_the_output_beside_the_answer(
    verdict, reason, output, answer, added
):
    decision = verdicts.Decision(Verdict(verdict), ("checker: wrong answer 4",), reason)
    shown = explain.beside_answer(decision, ran(output), answer)
    assert shown.verdict == decision.verdict and shown.reason == decision.reason
    assert shown.details == ("checker: wrong answer 4", *added)


def test_no_output_to_show_leaves_the_checkers_message_alone():
    decision = verdicts.Decision(Verdict.WA, ("interactor: wrong",), "judging-exit")
    assert explain.beside_answer(decision, None, b"3\n") == decision
    assert explain.beside_answer(decision, ran(b"4\n"), None) == decision
