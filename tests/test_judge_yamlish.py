"""judge/yamlish.py: the YAML of a package's problem.yaml, test_group.yaml and testdata.yaml.
The own reader gives what PyYAML's safe_load gives on every text it reads (each table's rows
are compared with PyYAML where it is installed, and so are texts that hypothesis makes up);
what it cannot read exactly is refused in one line naming the file, the line and the key."""

import datetime
import math

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from runner_util import write

from judge import yamlish
from judge.model import UsageError

try:
    import yaml
except ImportError:  # the comparisons with PyYAML are skipped
    yaml = None

needs_pyyaml = pytest.mark.skipif(yaml is None, reason="PyYAML is not installed")


def same(one, other):
    """Whether two values read are equal, types too (1 is not 1.0 nor True), NaN equal to NaN."""
    if isinstance(one, dict) and isinstance(other, dict):
        keys = sorted(one, key=repr), sorted(other, key=repr)
        return same(*keys) and all(same(one[key], other[key]) for key in keys[0])
    if isinstance(one, list) and isinstance(other, list):
        return len(one) == len(other) and all(same(a, b) for a, b in zip(one, other))
    if isinstance(one, float) and isinstance(other, float) and math.isnan(one):
        return math.isnan(other)
    return type(one) is type(other) and one == other


READ = [
    # the shapes of problem.yaml
    ("name: Hello\n", {"name": "Hello"}),
    (
        "limits: {memory: 32, time_multipliers: {ac_to_time_limit: 3.0}}\n",
        {"limits": {"memory": 32, "time_multipliers": {"ac_to_time_limit": 3.0}}},
    ),
    (
        "limits:\n  time_multipliers:\n    ac_to_time_limit: 3.0\n  memory: 64\n",
        {"limits": {"time_multipliers": {"ac_to_time_limit": 3.0}, "memory": 64}},
    ),
    ("type: [pass-fail, interactive]\n", {"type": ["pass-fail", "interactive"]}),
    ("type:\n  - interactive\n  - scoring\n", {"type": ["interactive", "scoring"]}),
    ("type:\n- interactive\nname: x\n", {"type": ["interactive"], "name": "x"}),
    ("keywords: []\ncredits: {}\n", {"keywords": [], "credits": {}}),
    (
        "output_validator_args: [float_tolerance, '1e-6']\n",
        {"output_validator_args": ["float_tolerance", "1e-6"]},
    ),
    # nesting at any depth, lists of maps
    ("a:\n  b:\n    c:\n      d: 1\n  e: 2\n", {"a": {"b": {"c": {"d": 1}}, "e": 2}}),
    ("- a: 1\n  b: 2\n- c\n- - d\n  - e\n", [{"a": 1, "b": 2}, "c", ["d", "e"]]),
    ("a:\n  - b: 1\n    c: [2, {d: 3}]\n", {"a": [{"b": 1, "c": [2, {"d": 3}]}]}),
    ("a: [1,\n  2, # a comment\n  3]\n", {"a": [1, 2, 3]}),
    ("{a: 1, b}\n", {"a": 1, "b": None}),
    ("[a b, 'c', \"d\", {e: f}, [], {}]\n", ["a b", "c", "d", {"e": "f"}, [], {}]),
    # scalars: YAML 1.1's, as PyYAML reads them
    ("a: yes\nb: Off\nc: true\nd: FALSE\ne: on\n", dict(a=True, b=False, c=True, d=False, e=True)),
    ("a: ~\nb: null\nc:\nd: NULL\n", dict(a=None, b=None, c=None, d=None)),
    (
        "a: 12\nb: -3\nc: +4\nd: 1_000\ne: 0x1F\nf: 017\ng: 0b101\nh: 1:30\n",
        dict(a=12, b=-3, c=4, d=1000, e=31, f=15, g=5, h=90),
    ),
    (
        "a: 1.5\nb: 1.\nc: .5\nd: 1.0e+6\ne: -2.5E-3\nf: 1:30.5\n",
        dict(a=1.5, b=1.0, c=0.5, d=1e6, e=-2.5e-3, f=90.5),
    ),
    ("a: .inf\nb: -.Inf\nc: .NaN\n", dict(a=math.inf, b=-math.inf, c=math.nan)),
    (
        "a: 1e6\nb: -.5\nc: 09\nd: 0o7\ne: y\nf: 1.0e6\n",
        dict(a="1e6", b="-.5", c="09", d="0o7", e="y", f="1.0e6"),
    ),
    (
        "embargo_until: 2025-01-02\nversion: 2023-07\n",
        {"embargo_until": datetime.date(2025, 1, 2), "version": "2023-07"},
    ),
    ("1: a\nnull: b\n2.5: c\n", {1: "a", None: "b", 2.5: "c"}),
    # quotes, escapes, comments
    (
        "a: 'it''s # no comment'\nb: \"a \\\"q\\\" \\t\\u00e9\\x41\\/\"\n",
        {"a": "it's # no comment", "b": 'a "q" \t\u00e9A/'},
    ),
    (
        "a: b # a comment\nc: d#e\n# a line\n  # indented\nf: http://x/y#z\n",
        {"a": "b", "c": "d#e", "f": "http://x/y#z"},
    ),
    ("a: '1'\nb: \"true\"\nc: 'null'\n", {"a": "1", "b": "true", "c": "null"}),
    ("key with spaces: value, with:colons\n", {"key with spaces": "value, with:colons"}),
    ("a: x]\nb: {c:d}\nc: [e:f]\n", {"a": "x]", "b": {"c:d": None}, "c": ["e:f"]}),
    # anchors, aliases, merges
    ("a: &x [1, 2]\nb: *x\n", {"a": [1, 2], "b": [1, 2]}),
    (
        "base: &b\n  memory: 32\n  output: 8\nmine:\n  <<: *b\n  output: 16\n",
        {"base": {"memory": 32, "output": 8}, "mine": {"memory": 32, "output": 16}},
    ),
    (
        "a: &a {x: 1}\nb: &b {y: 2}\nc: {<<: [*a, *b], z: 3}\n",
        {"a": {"x": 1}, "b": {"y": 2}, "c": {"x": 1, "y": 2, "z": 3}},
    ),
    ("- &v x\n- *v\n", ["x", "x"]),
    ("'<<': 1\n", {"<<": 1}),
    # documents
    ("", None),
    ("# a comment\n\n", None),
    ("---\nname: x\n...\n", {"name": "x"}),
    ("--- # the one document\nname: x\n", {"name": "x"}),
    ("hello\n", "hello"),
    ("\ufeffname: x\r\nother: y\r\n", {"name": "x", "other": "y"}),
]


@pytest.mark.parametrize("text, value", READ)
def test_the_reader_reads_what_packages_write(text, value):
    assert same(yamlish.own(text), value)


@needs_pyyaml
@pytest.mark.parametrize("text, value", READ)
def test_what_the_reader_reads_pyyaml_reads_the_same(text, value):
    assert same(yaml.safe_load(text), value)
    assert same(yamlish.by_pyyaml(yaml, text), value)


REFUSED = [
    ("a: !!int 5\n", 1, "a", "a tag (!) is not read"),
    ("a: |\n  x\n", 1, "a", "a block scalar (|) is not read"),
    ("a: >\n  x\n", 1, "a", "a block scalar (>) is not read"),
    ("name: x\nlimits:\n  memory: b\n    c\n", 3, "limits.memory", "a value of many lines"),
    ("a: 'x\n  y'\n", 1, "a", "a quoted value that goes on to the next line"),
    ("limits:\n\tmemory: 5\n", 2, "limits", "a tab indents it"),
    ("a:\tb\n", 1, "", "a tab separates it"),
    ("name: x\nname: y\n", 2, "name", "the key is given twice"),
    ("limits: {memory: 1, memory: 2}\n", 1, "limits.memory", "the key is given twice"),
    ("a: 1\n---\nb: 2\n", 2, "", "a second document is not read"),
    ("a: &x 1\nb: &x 2\n", 2, "b", "the anchor &x is given twice"),
    ("a: *nope\n", 1, "a", "the alias *nope names no anchor above it"),
    ("a: b: c\n", 1, "a", "a list or a map opens on its key's line"),
    ("a: - b\n", 1, "a", "a list or a map opens on its key's line"),
    ("a: [1, 2\n", 2, "a", "a [ or { is not closed"),
    ("a: [1,\n2]\n", 2, "a", "not indented under it"),
    ("a: 0b_\n", 1, "a", "has no digits"),
    ("a: 2001-12-14 21:59:43.10 -5\n", 1, "a", "a timestamp with a time"),
    ("a: 2025-13-45\n", 1, "a", "month must be in 1..12"),
    ("- a\nb: 1\n", 2, "", "this line is out of place"),
    ("...\n", 1, "", "a '...' ends no document"),
    ("%YAML 1.1\n---\na: 1\n", 1, "", "a directive (%) is not read"),
    ("? a\n: b\n", 1, "", "a value cannot open with '?'"),
    ("a: 'x' y\n", 1, "a", "something follows the value on its line"),
    ("a: <<\n", 1, "a", "a plain '<<' is a merge key"),
    ("a: =\n", 1, "a", "a plain '=' (YAML 1.1's value key) is not read"),
    ("a: {<<: [1]}\n", 1, "a.<<", "'<<' merges a map or a list of maps"),
    ("a: &a {x: 1}\nb: &b {x: 2}\nc: {<<: [*a, *b]}\n", 3, "c.<<", "two maps that give one key"),
    ('a: "\\q"\n', 1, "a", "\\q is no escape YAML has"),
    ('a: "\\ud800"\n', 1, "a", "is no character"),
    ("a: x\u2028y\n", 1, "", "the character '\\u2028' is not read"),
    ("a: \x07\n", 1, "", "the character '\\x07' is not read"),
    ("k:\n" + "  " * 2 + "[" * 70 + "]" * 70 + "\n", 2, "k", "nest more than 64 deep"),
    ("a:\n" + "".join("  " * i + f"k{i}:\n" for i in range(1, 70)), 65, "a.k1.k2", "64 deep"),
]


@pytest.mark.parametrize("text, line, key, why", REFUSED)
def test_what_the_reader_cannot_read_exactly_is_refused_naming_the_line_and_key(
    text, line, key, why
):
    with pytest.raises(yamlish.YamlError) as raised:
        yamlish.own(text)
    error = raised.value
    assert (error.line, why in error.why) == (line, True), error.why
    assert error.key.startswith(key) and (key or not error.key)


@pytest.mark.parametrize("text, line, key, why", REFUSED[:6])
def test_a_refusal_is_one_line_naming_the_file(tmp_path, monkeypatch, text, line, key, why):
    monkeypatch.setattr(yamlish, "PYYAML", [None])  # the own reader, PyYAML or not
    write(tmp_path / "problem.yaml", text)
    with pytest.raises(UsageError) as raised:
        yamlish.read_yaml(tmp_path / "problem.yaml")
    said = str(raised.value)
    assert said.startswith(f"{tmp_path / 'problem.yaml'}, line {line}") and "\n" not in said
    assert f"key {key}:" in said and why in said


def test_a_file_not_utf8_is_one_line(tmp_path):
    write(tmp_path / "x.yaml", b"name: \xff\n")
    with pytest.raises(UsageError, match=r"x\.yaml: cannot read it: 'utf-8' codec"):
        yamlish.read_yaml(tmp_path / "x.yaml")


# ---------------------------------------------------------------- PyYAML, where installed


@needs_pyyaml
@pytest.mark.parametrize(
    "text, line, key, why",
    [
        ("name: x\nname: y\n", 2, "name", "the key 'name' is given twice"),
        ("limits:\n  memory: 1\n  memory: 2\n", 3, "limits.memory", "given twice"),
        ("a: [1, 2\n", 2, "a", "while parsing a flow sequence"),
        ("a: 0b_\n", 1, "a", "has no digits"),  # PyYAML's ValueError: the own reader says where
        ("a: 1\n---\nb: 2\n", 2, "", "expected a single document"),
    ],
)
def test_pyyaml_refuses_a_key_given_twice_and_its_errors_are_one_line(text, line, key, why):
    with pytest.raises(UsageError) as raised:
        yamlish.load(text, "problem.yaml")
    said = str(raised.value)
    assert said.startswith(f"problem.yaml, line {line}") and why in said and "\n" not in said
    assert (f", key {key}:" in said) if key else ", key" not in said


@needs_pyyaml
def test_pyyaml_reads_where_it_is_installed_and_merged_keys_are_no_duplicates():
    assert yamlish.pyyaml() is yaml
    assert yamlish.load("a: !!str 5\n", "x.yaml") == {"a": "5"}  # a tag: PyYAML's own
    text = "a: &m {<<: {x: 1}, x: 2}\nb: *m\n"
    assert yamlish.load(text, "x.yaml") == {"a": {"x": 2}, "b": {"x": 2}}


def test_without_pyyaml_the_own_reader_reads(monkeypatch):
    monkeypatch.setattr(yamlish, "PYYAML", [None])
    assert yamlish.load("a: [1, {b: yes}]\n", "x.yaml") == {"a": [1, {"b": True}]}
    with pytest.raises(UsageError, match=r"^x\.yaml, line 1, key a: a tag \(!\) is not read$"):
        yamlish.load("a: !!str 5\n", "x.yaml")


# ---------------------------------------------------------------- made-up texts


KEYS = st.sampled_from(["a", "b", "key", "'q k'", '"d"', "1", "x y", "-k", "<<", "true"])
VALUES = st.sampled_from(
    [
        "a",
        "1",
        "-1",
        "0x1F",
        "017",
        "09",
        "1:30",
        "1.5",
        "1.",
        ".5",
        "-.5",
        "1e6",
        "1.0e+6",
        "1_0",
        "yes",
        "No",
        "~",
        "null",
        "",
        "'q'",
        "'it''s'",
        '"d\\n"',
        "2025-01-02",
        "x y",
        "a:b",
        "http://x",
        "#c",
        "x #c",
        "-x",
        "*A",
        "&A v",
        "&B",
        "[]",
        "{}",
        "[a, b]",
        "{a: 1}",
        "[a, [b]]",
        "{a: {b: c}}",
        "{<<: *A}",
        "[a\n    , b]",
        "x ]",
        ".inf",
        ".NaN",
        "0b101",
        "+0",
        "0_",
        "{a, b}",
        "{a: , b: 2}",
        "[a #x\n    ]",
        "'x' y",
        "-",
        "?",
    ]
)


@st.composite
def texts(draw, depth=0, indent=0):
    """A YAML text of maps and lists of the shapes packages use, with the values above."""
    kind = draw(st.sampled_from(["map", "map", "list"]))
    lines = []
    for _ in range(draw(st.integers(1, 3))):
        head = " " * indent + (draw(KEYS) + ":" if kind == "map" else "-")
        if depth < 3 and draw(st.booleans()):
            lines.append(head + draw(st.sampled_from(["", " &A", " #c"])))
            lines += draw(texts(depth + 1, indent + draw(st.sampled_from([0, 1, 2, 4]))))
        else:
            lines.append(head + " " + draw(VALUES))
        if draw(st.integers(0, 9)) == 0:
            lines.append(draw(st.sampled_from(["", "# c", "  # c", "---", "...", " x"])))
    return lines if depth else "\n".join(lines) + "\n"


@needs_pyyaml
@given(texts())
@example("a: &A {x: 1}\nb:\n  <<: *A\n  x: 2\n")
@example("type:\n- pass-fail\n- interactive\nlimits: {memory: 32}\n")
def test_a_text_the_reader_reads_pyyaml_reads_the_same(text):
    try:
        value = yamlish.own(text)
    except yamlish.YamlError:
        return  # refused: that is allowed
    assert same(yaml.safe_load(text), value), text
