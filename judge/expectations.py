"""What each of a package's submissions must get, as its format and its judges say, and whether
what it got meets that.

- The 2023-07 and 2025-09 formats ("Example submissions"): each folder of submissions/ has its
  rules, `permitted` and `required` verdicts of AC, WA, TLE and RTE on its cases (DEFAULTS:
  accepted, rejected, wrong_answer, time_limit_exceeded, run_time_error, brute_force), and
  `submissions/submissions.yaml` adds rules by glob: on every case, or on the cases and groups
  a test-case glob names; a `score` or a range of scores, of the submission or of a group; a
  `message`, a case-sensitive part of the validator's judgemessage.txt on one of the cases;
  and `use_for_time_limit: lower` or `upper`, which permit no TLE or require one. A key that
  names a default folder replaces that folder's keys it gives. A case's MLE or OLE counts as
  RTE, as the program's run was stopped; PE counts as WA.
- The time limit ("Timelimit inference"): a rule that permits no TLE, or says
  `use_for_time_limit: lower`, bounds it from below on the cases it holds for, unless its map
  says `use_for_time_limit: false`; problemtools' legacy reading times accepted/ alone.
- The legacy format (problemtools): a folder says the verdict the submission must get as a
  whole: accepted, partially_accepted (AC), wrong_answer, run_time_error (or MLE),
  time_limit_exceeded.
- DOMjudge: a folder whose name is one of its results (compiler_error, no_output,
  output_limit, and the four above) says the verdict as a whole, by DOMjudge's names; an
  `@EXPECTED_RESULTS@: ` line in a source names the results permitted instead, where the
  folder's is not among them (DOMjudge keeps the folder's where it is). NO-OUTPUT is a WA
  whose case's program wrote nothing (not interactive), as DOMjudge names it. A numeric
  `@EXPECTED_SCORE@: ` line is the score, to 1e-9. In the 2023-07 and 2025-09 formats this
  reading counts only for a submission that the format gives no expectation.
- submissions.yaml's `language` and `entrypoint` are obeyed: the program is built in that
  language, from that entry point. DOMjudge's `submissions.json` is checked, not obeyed: a
  program runs as judge.packages finds it, so one whose `langid` or `entry_point` names
  another is not judged, with why.

A submission whose expectation cannot be read exactly (an unknown verdict, a glob the format
does not support, a score in a problem that is not scored) is Unread: not judged, and said
why. A rule is checked on the cases run; undecided() names the cases a rule still needs, so
that no rule is met on a case that did not run.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Iterable, Mapping, Pattern, Sequence

from .grading import Graded
from .model import UsageError
from .packages import Package, read_yaml
from .text import printable

SPEC = ("AC", "WA", "TLE", "RTE")  # the format's verdicts of a case, in its order
SPEC_OF = {"PE": "WA", "MLE": "RTE", "OLE": "RTE"}  # Kattis's other names, as the four say them
DEFAULTS: dict[str, dict[str, object]] = {
    "accepted": {"permitted": ["AC"]},
    "rejected": {"required": ["RTE", "TLE", "WA"]},
    "wrong_answer": {"permitted": ["AC", "WA"], "required": ["WA"]},
    "time_limit_exceeded": {"permitted": ["AC", "TLE"], "required": ["TLE"]},
    "run_time_error": {"permitted": ["AC", "RTE"], "required": ["RTE"]},
    "brute_force": {"permitted": ["AC", "RTE", "TLE"], "required": ["RTE", "TLE"]},
}
RULE_KEYS = ("permitted", "required", "score", "message", "use_for_time_limit")
ENTRY_KEYS = ("language", "entrypoint", "authors", "model_solution", *RULE_KEYS)
# problemtools' folders (legacy), and the verdict each wants of the whole; RTE may be MLE.
PROBLEMTOOLS = {
    "accepted": "AC",
    "partially_accepted": "AC",
    "wrong_answer": "WA",
    "run_time_error": "RTE",
    "time_limit_exceeded": "TLE",
}
ALSO = {"RTE": ("MLE",)}
ORDER = (*PROBLEMTOOLS, "rejected", "brute_force")  # the folders judged first, in this order
# DOMjudge's results, and the names it reads as them (SubmissionService::normalizeExpectedResult).
RESULTS = (
    "CORRECT",
    "WRONG-ANSWER",
    "TIMELIMIT",
    "RUN-ERROR",
    "COMPILER-ERROR",
    "NO-OUTPUT",
    "OUTPUT-LIMIT",
)
REMAP = {
    "ACCEPTED": "CORRECT",
    "WRONG_ANSWER": "WRONG-ANSWER",
    "TIME_LIMIT_EXCEEDED": "TIMELIMIT",
    "RUN_TIME_ERROR": "RUN-ERROR",
    "COMPILER_ERROR": "COMPILER-ERROR",
    "NO_OUTPUT": "NO-OUTPUT",
    "OUTPUT_LIMIT": "OUTPUT-LIMIT",
}
RESULT_OF = {"AC": "CORRECT", "WA": "WRONG-ANSWER", "PE": "WRONG-ANSWER", "TLE": "TIMELIMIT"}
RESULT_OF.update(RTE="RUN-ERROR", MLE="RUN-ERROR", OLE="OUTPUT-LIMIT", CE="COMPILER-ERROR")
ANNOTATIONS = ("@EXPECTED_RESULTS@: ", "@EXPECTED_SCORE@: ")
CLOSE = 1e-9  # a score equals the one expected this close (DOMjudge: 9 decimals)
# The format's languages table: each code and the file endings that tell it.
LANGUAGE_TABLE = """ada .adb .ads; algol68 .a68; apl .apl; bash .sh; c .c; cobol .cob;
cpp .cc .cpp .cxx .c++ .C; crystal .cr; csharp .cs; d .d; dart .dart; elixir .ex; erlang .erl;
forth .fth .4th .forth .frt; fortran .f90; fsharp .fs; gerbil .ss; go .go; haskell .hs;
java .java; javascript .js; julia .jl; kotlin .kt; lisp .lisp .cl; lua .lua; modula2 .mod .def;
nim .nim; objectivec .m; ocaml .ml; odin .odin; pascal .pas; perl .pm; php .php; prolog .pl;
python2 .py2; python3 .py .py3; racket .rkt; ruby .rb; rust .rs; scala .scala; simula .sim;
smalltalk .st; snobol .sno; swift .swift; typescript .ts; visualbasic .vb; zig .zig"""
ENDINGS = {
    words[0]: tuple(words[1:]) for words in (part.split() for part in LANGUAGE_TABLE.split(";"))
}
# DOMjudge's language ids (its default languages) and the format's code of each.
LANGIDS = {"adb": "ada", "sh": "bash", "bash": "bash", "c": "c", "cpp": "cpp", "csharp": "csharp"}
LANGIDS.update(f95="fortran", hs="haskell", java="java", js="javascript", kt="kotlin", lua="lua")
LANGIDS.update(pas="pascal", plg="prolog", py3="python3", rb="ruby", rs="rust", scala="scala")
LANGIDS.update(swift="swift")
# DOMjudge's ids of today (its languages' external ids); its pl is Perl, as before.
LANGIDS.update(ada="ada", awk="awk", golang="go", haskell="haskell", javascript="javascript")
LANGIDS.update(kotlin="kotlin", ocaml="ocaml", pascal="pascal", pl="perl", prolog="prolog")
LANGIDS.update(python3="python3", r="r", ruby="ruby", rust="rust")
# The endings a language's sources may have besides those that tell it: the table's in
# parentheses (Perl's .pl), DOMjudge's own (.bash, .plg, .f95, .p), and those of DOMjudge's
# languages the table lacks (judge.build's codes awk and r).
ENDINGS.update(bash=(".sh", ".bash"), perl=(".pm", ".pl"), prolog=(".pl", ".plg"))
ENDINGS.update(fortran=(".f90", ".f95"), pascal=(".pas", ".p"), haskell=(".hs", ".lhs"))
ENDINGS.update(awk=(".awk",), r=(".R", ".r"))


class Unread(Exception):
    """A submission's expectation that cannot be read exactly: it is not judged; why."""


@dataclass(frozen=True)
class Rule:
    """A rule on a submission's cases: the test-case glob it holds for (None: every case), the
    verdicts permitted on each case and required of one (the format's four), the score
    (lowest, highest) of the submission or of the groups the glob names, if any, the text one
    of its cases' judgemessage.txt must hold, if any, and whether it bounds the time limit on
    its cases: "lower", "upper", or "" (neither)."""

    glob: str | None
    permitted: frozenset[str]
    required: frozenset[str]
    score: tuple[float, float] | None = None
    message: str | None = None
    bound: str = ""

    def covers(self, name: str) -> bool:
        """Whether the rule holds for a case (or a group): it, or a group above it, matches."""
        return self.glob is None or compiled(self.glob).match(name) is not None

    def names(self, path: str) -> bool:
        """Whether the rule's glob names the group at path itself ("" is data/)."""
        if self.glob is None:
            return path == ""
        return re.match(glob_text(self.glob) + "$", path) is not None

    @property
    def said(self) -> str:
        """The rule, short: AC; WA; WA|TLE|RTE (a case any of them, the others AC); any; or
        the permitted and required that are not every verdict."""
        where = f"{self.glob}: " if self.glob else ""
        score = f" score {score_range(self.score)}" if self.score else ""
        score += f" message {json.dumps(self.message)}" if self.message is not None else ""
        every = set(SPEC)
        if self.permitted == {"AC"}:
            text = "AC"
        elif "AC" not in self.required and self.permitted == self.required | {"AC"}:
            text = "|".join(v for v in SPEC if v in self.required)
        elif self.permitted == self.required == every:
            text = "any"
        else:
            parts = [] if self.permitted == every else [f"permitted {listed(self.permitted)}"]
            parts += [] if self.required == every else [f"required {listed(self.required)}"]
            text = " ".join(parts)
        if text == "any" and score:
            return where + score.strip()
        return where + text + score


def listed(verdicts: Iterable[str]) -> str:
    """Verdicts as the format lists them: [AC,WA]."""
    return "[" + ",".join(v for v in SPEC if v in verdicts) + "]"


@dataclass(frozen=True)
class Expectation:
    """What a submission must get, and who says so (by: "folder", "submissions.yaml",
    "@EXPECTED_RESULTS@"): Rules on its cases, or the verdicts one of which the whole must get
    (finals: by Kattis's names, or by DOMjudge's where domjudge), and the score the whole must
    get (DOMjudge's @EXPECTED_SCORE@); whether it bounds the time limit from below (timing: a
    rule of lower bound, or legacy's accepted/); the language and entry point it is built by
    (submissions.yaml's; None: as found); and those DOMjudge's submissions.json names, which
    the program found is checked against."""

    by: str
    rules: tuple[Rule, ...] = ()
    finals: tuple[str, ...] = ()
    domjudge: bool = False
    score: float | None = None
    timing: bool = False
    language: str | None = None
    entrypoint: str | None = None
    checked: tuple[str | None, str | None] = (None, None)

    def times(self, name: str) -> bool:
        """Whether the case bounds the time limit from below: a rule of lower bound holds for
        it (legacy's accepted/: every case)."""
        if not self.timing:
            return False
        lower = [rule for rule in self.rules if rule.bound == "lower"]
        return not lower or any(rule.covers(name) for rule in lower)

    @property
    def said(self) -> str:
        """The expectation, short: the table's "expected" column and the JSON report's."""
        parts = [", ".join(self.finals)] if self.finals else []
        rules = [rule.said for rule in self.rules]
        parts += [said for said in rules if not said.endswith("any")] or rules[:1]
        parts += [f"score {self.score:g}"] if self.score is not None else []
        return "; ".join(parts)


@dataclass(frozen=True)
class Got:
    """What a submission got, to check against its expectation: the whole's verdict (Kattis's
    name; CE where it did not build) and score, each case's verdict (Kattis's name) of those
    run, in the package's order, the groups graded, the cases whose program wrote nothing,
    every case of the package, whether the problem is interactive, and the judgemessage.txt
    of each case run whose validator judged it at that limit."""

    final: str
    score: float | None
    verdicts: Mapping[str, str] = field(default_factory=dict)
    graded: Sequence[Graded] = ()
    silent: frozenset[str] = frozenset()
    cases: Sequence[str] = ()
    interactive: bool = False
    messages: Mapping[str, bytes] = field(default_factory=dict)


# ---------------------------------------------------------------- globs


def compiled(glob: str) -> Pattern[str]:
    """The pattern of a glob of the format: `*` within a name, `{a,b}` either; it matches a
    path, or a path below it (a submission in a folder, a case in a group)."""
    return re.compile(glob_text(glob) + "(?:/|$)")


def glob_text(glob: str) -> str:
    """A glob's regular expression; ValueError for what the format does not support (`**`,
    `[...]`) or cannot be read (braces nested or unclosed)."""
    if "**" in glob or "[" in glob or "]" in glob:
        raise ValueError(f"glob {glob!r}: the format supports neither ** nor [...]")
    parts = re.split(r"\{([^{}]*)\}", glob.rstrip("/"))
    if any("{" in part or "}" in part for part in parts):
        raise ValueError(f"glob {glob!r}: its braces are nested or not closed")
    text = "^"
    for index, part in enumerate(parts):
        if index % 2:  # a brace's alternatives; spaces around each are left out, as BAPCtools
            text += "(?:" + "|".join(star(word.strip()) for word in part.split(",")) + ")"
        else:
            text += star(part)
    return text


def star(text: str) -> str:
    return re.escape(text).replace(re.escape("*"), "[^/]*")


def matches(glob: str, path: str) -> bool:
    """Whether a glob matches path or a folder above it; ValueError for a glob not read."""
    glob_text(glob)
    return compiled(glob).match(path) is not None


# ---------------------------------------------------------------- submissions.yaml


def verdict_list(value: object, key: str) -> frozenset[str]:
    """A rule's list of verdicts; Unread where it is none, empty, or names another."""
    if not isinstance(value, list) or not value:
        raise Unread(f"{key}: want a list of verdicts of {', '.join(SPEC)}")
    unknown = [str(v) for v in value if v not in SPEC]
    if unknown:
        raise Unread(f"{key}: {printable(unknown[0])} is none of {', '.join(SPEC)}")
    return frozenset(str(v) for v in value)


def score_range(score: tuple[float, float]) -> str:
    low, high = score
    return f"{low:g}" if low == high else f"{low:g}..{high:g}"


def score_of(value: object, scoring: bool) -> tuple[float, float]:
    """A rule's score: a number, or [lowest, highest]; Unread in a problem not scored."""
    if not scoring:
        raise Unread("score: the problem is not scored")
    numbers = value if isinstance(value, list) else [value]
    if len(numbers) != (2 if isinstance(value, list) else 1) or not all(
        isinstance(n, (int, float)) and not isinstance(n, bool) and math.isfinite(n)
        for n in numbers
    ):
        raise Unread("score: want a number, or a list of two numbers")
    low, high = float(numbers[0]), float(numbers[-1])  # type: ignore[arg-type]
    return low, high


def rules_of(config: Mapping[str, object], glob: str | None, scoring: bool) -> list[Rule]:
    """The Rules of a map of RULE_KEYS, for the cases of glob. A rule that permits no TLE
    bounds the time limit from below, and one that requires TLE alone from above, unless
    use_for_time_limit says otherwise: false, neither; lower or upper, that rule added."""
    every = frozenset(SPEC)
    permitted = verdict_list(config["permitted"], "permitted") if "permitted" in config else every
    required = verdict_list(config["required"], "required") if "required" in config else every
    score = score_of(config["score"], scoring) if "score" in config else None
    message = config.get("message")
    if message is not None and not isinstance(message, str):
        raise Unread("message: want a string")
    use = config.get("use_for_time_limit", True)
    if use not in (True, False, "lower", "upper"):
        raise Unread("use_for_time_limit: want true, false, lower or upper")
    bound = ""
    if use is True and "TLE" not in permitted:
        bound = "lower"
    elif use is True and required == {"TLE"}:
        bound = "upper"
    rules = [Rule(glob, permitted, required, score, message, bound)]
    if use == "lower":  # as permitted: [AC, WA, RTE]
        rules.append(Rule(glob, frozenset(("AC", "WA", "RTE")), every, bound="lower"))
    elif use == "upper":  # as required: [TLE]
        rules.append(Rule(glob, every, frozenset(("TLE",)), bound="upper"))
    return rules


def entry_rules(
    entry: Mapping[str, object], groups: Sequence[str], scoring: bool
) -> tuple[list[Rule], str | None, str | None]:
    """The Rules of an entry of submissions.yaml, its language and its entry point."""
    rules = rules_of({k: v for k, v in entry.items() if k in RULE_KEYS}, None, scoring)
    for key, value in entry.items():
        if key in ENTRY_KEYS:
            continue
        if not isinstance(value, dict) or set(value) - set(RULE_KEYS):
            raise Unread(
                f"{printable(key)}: a test-case glob wants a map of {', '.join(RULE_KEYS)}"
            )
        try:
            named = any(matches(key, name) for name in groups)
        except ValueError as error:
            raise Unread(str(error)) from None
        if not named:
            raise Unread(f"{printable(key)}: names no case or group of data/")
        rules += rules_of(value, key, scoring)
    language, entrypoint = entry.get("language"), entry.get("entrypoint")
    for key, value in (("language", language), ("entrypoint", entrypoint)):
        if value is not None and not isinstance(value, str):
            raise Unread(f"{key}: want a word")
    return rules, language, entrypoint  # type: ignore[return-value]


# ---------------------------------------------------------------- DOMjudge


def result_name(name: str) -> str:
    """A name as DOMjudge reads it as a result (a folder's, or one of a line's)."""
    upper = name.strip().upper()
    return REMAP.get(upper, upper)


def annotation(path: Path) -> tuple[tuple[str, ...] | None, float | None]:
    """The results and the score that @EXPECTED_RESULTS@ and @EXPECTED_SCORE@ lines in the
    submission's files name (the first file that has one, by name), as DOMjudge reads them;
    (None, None) where none does. Unread where a line is given twice, or names no result."""
    files = [path] if path.is_file() else sorted(p for p in path.rglob("*") if p.is_file())
    for each in files:
        try:
            text = each.read_bytes()[: 1 << 20].decode("utf-8", "replace")
        except OSError:
            continue
        found = annotated(text)
        if found != (None, None):
            return found
    return None, None


def annotated(text: str) -> tuple[tuple[str, ...] | None, float | None]:
    """The results and score of a source's text (SubmissionService::parseExpectedAnnotation)."""
    results: tuple[str, ...] | None = None
    score = None
    lower = text.lower()
    for pattern in ANNOTATIONS:
        start = lower.find(pattern.lower())
        if start < 0:
            continue
        if lower.find(pattern.lower(), start + len(pattern)) >= 0:
            raise Unread(f"{pattern.rstrip(': ')} is given twice: DOMjudge reads neither")
        line = text[start + len(pattern) :].split("\n", 1)[0].strip()
        if pattern.startswith("@EXPECTED_SCORE@") and number(line) is not None:
            score = number(line)
            continue
        if results is not None:
            raise Unread("@EXPECTED_RESULTS@ and @EXPECTED_SCORE@ both name results")
        results = tuple(result_name(word) for word in line.split(","))
        unknown = [r for r in results if r not in RESULTS]
        if unknown:
            raise Unread(
                f"@EXPECTED_RESULTS@: {printable(unknown[0])} is none of DOMjudge's results"
            )
    return results, score


def number(text: str) -> float | None:
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def judges_reading(folder: str, path: Path, scoring: bool, domjudge: bool = False) -> Expectation:
    """The expectation problemtools and DOMjudge read of a submission in folder: DOMjudge's
    line in a source, else problemtools' folder, else DOMjudge's (with domjudge, as DOMjudge
    reads the package: DOMjudge's folder first); Unread where none says one."""
    results, score = annotation(path)
    by = "@EXPECTED_RESULTS@"
    if score is not None and not scoring:
        raise Unread("@EXPECTED_SCORE@: the problem is not scored")
    own = result_name(folder)
    if results is not None:
        chosen = (own,) if own in results else results  # DOMjudge keeps the folder's result
        timing = own == "CORRECT" and chosen == (own,)  # a score asked of it too: still timed
        return Expectation(by, finals=chosen, domjudge=True, score=score, timing=timing)
    if score is not None:
        return Expectation(by, domjudge=True, score=score)
    if folder in PROBLEMTOOLS and not (domjudge and own in RESULTS):
        return Expectation("folder", finals=(PROBLEMTOOLS[folder],), timing=folder == "accepted")
    if own in RESULTS:
        return Expectation("folder", finals=(own,), domjudge=True, timing=own == "CORRECT")
    raise Unread(
        f"no expectation: {folder}/ is none of the format's folders, nor DOMjudge's, and no"
        " @EXPECTED_RESULTS@ line is in it"
    )


# ---------------------------------------------------------------- a package's expectations


class Expectations:
    """A package's expectations: its format, its submissions.yaml (2023-07 and 2025-09) and
    submissions.json, its cases and groups, and the warnings to say. A UsageError, one line,
    where submissions.yaml or submissions.json cannot be read."""

    def __init__(self, package: Package) -> None:
        self.package = package
        self.newer = package.data.config.get("format", "legacy") != "legacy"
        self.warnings: list[str] = []
        yaml = package.folder / "submissions" / "submissions.yaml"
        self.yaml: dict[str, object] = {}
        if yaml.is_file() and self.newer:
            self.yaml = read_yaml(yaml)
        elif yaml.is_file():
            self.warnings.append(f"{yaml}: a file of the 2023-07 and 2025-09 formats: not read")
        self.json = read_json(package.folder / "submissions.json")
        names = {case.name for case in package.cases}
        for name in list(names):
            parts = name.split("/")
            names.update("/".join(parts[:end]) for end in range(1, len(parts)))
        self.groups = sorted(names)  # every case and group of data/, by its path

    def of(self, label: str, path: Path) -> Expectation:
        """The Expectation of the submission at path (label: FOLDER/NAME); Unread why not."""
        found = self.format_reading(label) if self.newer else None
        if found is None:
            domjudge = self.package.data.config.get("judged_as") == "domjudge"
            found = judges_reading(label.split("/")[0], path, self.package.scoring, domjudge)
        given = self.json.get(label, {})
        language = None
        if given.get("langid") is not None:
            langid = str(given["langid"])
            if langid not in LANGIDS:
                raise Unread(
                    f"submissions.json: langid {printable(langid)} is none the runner knows"
                )
            language = LANGIDS[langid]
        entrypoint = given.get("entry_point")
        return replace(found, checked=(language, None if entrypoint is None else str(entrypoint)))

    def format_reading(self, label: str) -> Expectation | None:
        """The Expectation the 2023-07 and 2025-09 formats give (None: none): the folder's
        default and each entry of submissions.yaml whose glob matches."""
        folder = label.split("/")[0]
        entries: list[tuple[str, Mapping[str, object]]] = []
        if folder in DEFAULTS:
            entries.append((folder, {**DEFAULTS[folder], **self.entry(folder, label)}))
        for glob in self.yaml:
            if glob.rstrip("/") == folder and folder in DEFAULTS:
                continue  # the folder's defaults, replaced key by key above
            try:
                matched = matches(glob, label)
            except ValueError as error:
                raise Unread(f"submissions.yaml: {error}") from None
            if matched:
                entries.append((glob, self.entry(glob, label)))
        if not entries:
            return None
        rules: list[Rule] = []
        language = entrypoint = None
        for glob, entry in entries:
            try:
                found, named, entry_point = entry_rules(entry, self.groups, self.package.scoring)
            except Unread as error:
                raise Unread(f"submissions.yaml: {printable(glob)}: {error}") from None
            rules += found
            language, entrypoint = named or language, entry_point or entrypoint
        by = "submissions.yaml" if any(glob in self.yaml for glob, _ in entries) else "folder"
        timing = any(rule.bound == "lower" for rule in rules)
        return Expectation(
            by, tuple(rules), timing=timing, language=language, entrypoint=entrypoint
        )

    def entry(self, glob: str, label: str) -> Mapping[str, object]:
        """submissions.yaml's map under a glob (an empty one where it has none)."""
        keys = [key for key in self.yaml if key.rstrip("/") == glob.rstrip("/")]
        value = self.yaml[keys[0]] if keys else {}
        if value is None:
            return {}
        if not isinstance(value, dict):
            raise Unread(f"submissions.yaml: {printable(glob)}: want a map of keys")
        return {str(key): item for key, item in value.items()}


def read_json(path: Path) -> dict[str, Mapping[str, object]]:
    """DOMjudge's submissions.json: each submission's details by its label (FOLDER/NAME)."""
    if not path.is_file():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise UsageError(f"{printable(str(path))}: cannot be read: {error}") from None
    if not isinstance(data, dict) or not all(isinstance(v, dict) for v in data.values()):
        raise UsageError(f"{printable(str(path))}: want a map of submissions to maps")
    found = {}
    for key, value in data.items():
        label = str(key).strip("/")
        label = label[len("submissions/") :] if label.startswith("submissions/") else label
        found[label] = value
    return found


# ---------------------------------------------------------------- the check


def spec_name(verdict: str) -> str:
    """A case's verdict (Kattis's name) as the format's four say it; JE and the like stay."""
    return SPEC_OF.get(verdict, verdict)


def domjudge_name(got: Got) -> str | None:
    """The whole's verdict by DOMjudge's name: NO-OUTPUT where its first failure is a WA whose
    program wrote nothing, and the problem is not interactive; None for a judging error."""
    name = RESULT_OF.get(got.final)
    if name == "WRONG-ANSWER" and not got.interactive:
        first = next((case for case, v in got.verdicts.items() if v != "AC"), None)
        if first is not None and first in got.silent:
            return "NO-OUTPUT"
    return name


def unmet(expectation: Expectation, got: Got) -> list[str]:
    """What of the expectation the submission did not get: one line each (none: it met it)."""
    lines = []
    if expectation.finals:
        name = domjudge_name(got) if expectation.domjudge else got.final
        wanted = [w for final in expectation.finals for w in (final, *ALSO.get(final, ()))]
        if name not in wanted:
            lines.append(f"expected {', '.join(expectation.finals)}, got {name or got.final}")
    if expectation.score is not None:
        score = got.score
        if score is None or not math.isclose(score, expectation.score, abs_tol=CLOSE):
            lines.append(f"expected score {expectation.score:g}, got {score}")
    for rule in expectation.rules:
        lines += rule_unmet(rule, got)
    return lines


def rule_unmet(rule: Rule, got: Got) -> list[str]:
    """What of a rule the submission did not get, on the cases run (a case not run could
    have met it: undecided() names the cases still needed)."""
    where = f"{rule.glob}: " if rule.glob else ""
    names = [name for name in got.cases if rule.covers(name)]
    verdicts = {name: spec_name(got.verdicts[name]) for name in names if name in got.verdicts}
    lines = []
    bad = next(((n, v) for n, v in verdicts.items() if v not in rule.permitted), None)
    if bad is not None:
        lines.append(f"{where}permitted {listed(rule.permitted)}: {bad[0]} got {bad[1]}")
    all_run = len(verdicts) == len(names)
    if all_run and not any(v in rule.required for v in verdicts.values()):
        lines.append(f"{where}required {listed(rule.required)} of a case: none got one")
    if all_run and not said_on(rule, got, names):
        text = json.dumps(rule.message)
        lines.append(f"{where}message {text}: in no case's judgemessage.txt")
    if rule.score is not None:
        low, high = rule.score
        for graded in (g for g in got.graded if rule.names(g.path)):
            if not low - CLOSE <= graded.score <= high + CLOSE:
                group = graded.path or "the submission"
                lines.append(
                    f"{where}score {score_range(rule.score)}: {group} got {graded.score:g}"
                )
    return lines


def said_on(rule: Rule, got: Got, names: Iterable[str]) -> bool:
    """Whether the rule's message (None: none asked) is in the judgemessage.txt of one of the
    cases named, as a case-sensitive part of its text."""
    if rule.message is None:
        return True
    wanted = rule.message.encode("utf-8")
    return any(wanted in got.messages.get(name, b"") for name in names)


def decided(rule: Rule, got: Got) -> bool:
    """Whether the judges would run no more of the rule's cases: every case it holds for ran,
    or a case broke what it permits; else one of them failed (not AC), or it permits every
    verdict, and a case met what it requires and holds its message. What a rule permits is
    checked on the cases run up to the first failure, as bt and verifyproblem stop a
    submission there; a time_limit_exceeded submission is not run to its limit on each case."""
    names = [name for name in got.cases if rule.covers(name)]
    verdicts = [spec_name(got.verdicts[name]) for name in names if name in got.verdicts]
    if len(verdicts) == len(names) or any(v not in rule.permitted for v in verdicts):
        return True
    stopped = rule.permitted == frozenset(SPEC) or any(v != "AC" for v in verdicts)
    met = any(v in rule.required for v in verdicts) and said_on(rule, got, names)
    return stopped and met


def undecided(expectation: Expectation, got: Got) -> list[str]:
    """The cases not run, in order, that a rule still undecided holds for: those that could
    still change whether the submission meets its expectation. None once it is decided, met or
    not (a rule broken decides it)."""
    if unmet(expectation, got):
        return []
    rules = [rule for rule in expectation.rules if not decided(rule, got)]
    return [
        name
        for name in got.cases
        if name not in got.verdicts and any(rule.covers(name) for rule in rules)
    ]


def consistent(expectation: Expectation, source: Path) -> str | None:
    """Why the program the runner found at source is not the one DOMjudge's submissions.json
    names (its language or entry point); None where it is."""
    language, entry = expectation.checked
    if language is not None:
        endings = ENDINGS.get(language)
        if endings is None:
            return f"language {printable(language)} is none of the format's table"
        if source.suffix not in endings:
            return (
                f"language {printable(language)}: the runner runs {printable(source.name)}"
                " by its ending"
            )
    if entry is not None and entry not in (source.name, source.stem):
        return f"entry point {printable(entry)}: the runner runs {printable(source.name)}"
    return None


def sorted_labels(labels: Iterable[str]) -> list[str]:
    """Submissions' labels in the order judged: ORDER's folders first, then the others'."""

    def key(label: str) -> tuple[int, str]:
        folder = label.split("/")[0]
        return (ORDER.index(folder) if folder in ORDER else len(ORDER), label)

    return sorted(labels, key=key)
