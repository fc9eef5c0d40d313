"""The YAML of problem.yaml, test_group.yaml and testdata.yaml, read into dicts, lists, str,
int, float, bool, None (and datetime.date): PyYAML's safe_load where PyYAML is installed, else
this module's own reader.

Its own reader reads a part of YAML, and gives what safe_load gives on every text it reads:
block and flow maps and lists nested to MAX_NESTING, plain, single- and double-quoted values
on one line, anchors, aliases and `<<` merges, comments, `---` and `...`. Plain values are
read as safe_load reads them, by YAML 1.1's rules: `yes`, `on` and `true` are True; `0x1F`,
`017` (octal) and `1:30` (base 60) are ints; `1.5` and `1.0e+6` are floats; `1e6` and `0o17`
are text; `2025-01-02` is a date. The rest it refuses, in one line naming the file, the line
and the key: tags, block scalars (`|`, `>`), a value that goes on to the next line, a tab
that indents or separates, a key given twice, a second document, an anchor named twice, a
timestamp with a time, and the few merges whose result PyYAML's releases disagree on.

Both ways refuse a key given twice, which safe_load alone passes over (the last one wins)."""

from __future__ import annotations

import datetime
import importlib
import re
from pathlib import Path
from typing import Any, List, NoReturn, Tuple

from .model import UsageError
from .text import printable, shorten

MAX_NESTING = 64  # maps and lists in one another: deeper is refused (PyYAML's parser recurses)
MAX_KEY = 1000  # characters of a key on its line: PyYAML reads no key past 1024
Pairs = List[Tuple[object, object]]
Where = Tuple[int, int]  # a (row, column) of the text, both from 0

# YAML 1.1's plain values, as PyYAML resolves them (yaml/resolver.py): bool, float, int, null,
# merge, date and timestamp. A plain value that matches none is a str.
TRUE = ["yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON"]
FALSE = ["no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF"]
NULL = ("", "~", "null", "Null", "NULL")
FLOAT = re.compile(
    r"[-+]?[0-9][0-9_]*\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?"
    r"|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)"
)
INT = re.compile(
    r"[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+"
    r"|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+"
)
DATE = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})")
TIMESTAMP = re.compile(
    r"[0-9]{4}-[0-9][0-9]?-[0-9][0-9]?(?:[Tt]|[ \t]+)[0-9][0-9]?:[0-9][0-9]:[0-9][0-9]"
    r"(?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9][0-9]?(?::[0-9][0-9])?))?"
)
# Characters PyYAML refuses, or reads as a line break where Python's lines do not.
UNREAD = re.compile(
    "[^\x09\x0a\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd\U00010000-\U0010ffff]"
)
ESCAPES = {"0": "\0", "a": "\a", "b": "\b", "t": "\t", "\t": "\t", "n": "\n", "v": "\v"}
ESCAPES.update({"f": "\f", "r": "\r", "e": "\x1b", " ": " ", '"': '"', "\\": "\\", "/": "/"})
ESCAPES.update({"N": "\x85", "_": "\xa0", "L": "\u2028", "P": "\u2029"})
ESCAPE = re.compile(r"\\(x[0-9A-Fa-f]{2}|u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8}|.)")
SINGLE = re.compile(r"'((?:[^']|'')*)'")
DOUBLE = re.compile(r'"((?:[^"\\]|\\.)*)"')
NAME = re.compile(r"[0-9A-Za-z_-]+")  # an anchor's or alias's name
INDICATORS = "-?:,[]{}#&*!|>'\"%@`"  # what a plain value may not open with
FLOW_ENDS = ",[]{}"


class Merge:
    """The plain key `<<`: the map (or maps) it names are merged into its own."""


MERGE = Merge()


class YamlError(Exception):
    """What the reader refuses: the line (from 1), the key it is under ("" for none), why."""

    def __init__(self, line: int, key: str, why: str) -> None:
        super().__init__(why)
        self.line, self.key, self.why = line, key, why


def read_yaml(path: Path) -> object:
    """The YAML file at path, read; a UsageError of one line where it cannot be read (naming
    the file, the line and the key)."""
    try:
        text = Path(path).read_bytes().decode("utf-8-sig")
    except (OSError, UnicodeDecodeError) as error:
        why = getattr(error, "strerror", None) or error
        raise UsageError(f"{printable(str(path))}: cannot read it: {why}") from None
    return load(text, str(path))


def load(text: str, name: str) -> object:
    """The text of the file name, read by PyYAML where it is installed, else by own()."""
    yaml = pyyaml()
    try:
        return own(text) if yaml is None else by_pyyaml(yaml, text)
    except YamlError as error:
        raise UsageError(message(name, error.line, error.key, error.why)) from None


def message(name: str, line: int, key: str, why: str) -> str:
    """The one line of a refusal: the file, the line, the key (where there is one) and why."""
    under = f", key {shorten(printable(key))}" if key else ""
    return f"{printable(name)}, line {line}{under}: {shorten(printable(why))}"


PYYAML: list[Any] = []  # the module, once looked for (None: not installed)


def pyyaml() -> Any:
    """PyYAML's module, or None where it is not installed."""
    if not PYYAML:
        try:
            PYYAML.append(importlib.import_module("yaml"))
        except ImportError:
            PYYAML.append(None)
    return PYYAML[0]


def own(text: str) -> object:
    """The text read by this module's reader; a YamlError where it cannot read it exactly."""
    return Reader(text).document()


# ---------------------------------------------------------------- PyYAML, where installed


def by_pyyaml(yaml: Any, text: str) -> object:
    """The text read by PyYAML's safe_load, with a key given twice refused; its errors as a
    YamlError (a line, the key, PyYAML's words)."""
    try:
        return yaml.load(text, Loader=strict_loader(yaml))
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        row = mark.line if mark else 0
        why = " ".join(str(part) for part in (error.context, error.problem) if part)
        raise YamlError(row + 1, key_at(text, row), why or "PyYAML cannot read it") from None
    except (yaml.YAMLError, ValueError, TypeError, OverflowError, RecursionError) as error:
        own(text)  # its own reader says where, if it refuses the text too
        raise YamlError(1, "", f"PyYAML cannot read it: {error}") from None


LOADERS: dict[int, Any] = {}


def strict_loader(yaml: Any) -> Any:
    """yaml.SafeLoader, refusing a key given twice in a map (merged keys aside)."""
    if id(yaml) not in LOADERS:

        class Strict(yaml.SafeLoader):  # type: ignore[misc]
            def compose_mapping_node(self, anchor: object) -> Any:
                node = super().compose_mapping_node(anchor)
                once(self, yaml, node)
                return node

        LOADERS[id(yaml)] = Strict
    return LOADERS[id(yaml)]


def once(loader: Any, yaml: Any, node: Any) -> None:
    """Raise PyYAML's error where a scalar key of the map node is given twice."""
    seen: set[object] = set()
    for key_node, _ in node.value:
        if key_node.tag in ("tag:yaml.org,2002:merge", "tag:yaml.org,2002:value"):
            continue
        if not isinstance(key_node, yaml.ScalarNode):
            continue  # a list or map as a key: PyYAML says so itself
        try:
            key = loader.construct_object(key_node)
        except (yaml.YAMLError, ValueError, TypeError, OverflowError):
            continue  # PyYAML says so itself, when it reads the map
        if key in seen:
            raise yaml.constructor.ConstructorError(
                None, None, f"the key {key!r} is given twice", key_node.start_mark
            )
        seen.add(key)


KEY_LINE = re.compile(r"( *)(?:- +)*(\"[^\"]*\"|'[^']*'|[^\s#'\"\[{&*!|>%@`][^#]*?) *:(?: |$)")


def key_at(text: str, row: int) -> str:
    """The keys that the line row (from 0) is under, as `limits.memory`: the nearest line
    above each less indented key, by their indents. PyYAML's errors name no key."""
    lines = text.split("\n")[: row + 1]
    while lines and lines[-1].lstrip(" ")[:1] in ("", "#"):  # a blank line: the line above's
        lines.pop()
    keys: list[str] = []
    if not lines:
        return ""
    limit = len(lines[-1]) - len(lines[-1].lstrip(" "))
    for at, line in enumerate(reversed(lines)):
        found = KEY_LINE.match(line)
        if found and (len(found.group(1)) < limit or at == 0):  # the line's own key too
            keys.insert(0, found.group(2).strip("'\""))
            limit = len(found.group(1))
    return ".".join(keys)


# ---------------------------------------------------------------- values


def resolved(text: str) -> object:
    """A plain value as YAML 1.1 reads it (as PyYAML does); a ValueError where PyYAML would
    fail on it, or it is a timestamp with a time."""
    if text in TRUE or text in FALSE:
        return text in TRUE
    if text in NULL:
        return None
    if text == "<<":
        return MERGE
    if text == "=":
        raise ValueError("a plain '=' (YAML 1.1's value key) is not read")
    if FLOAT.fullmatch(text):
        return float_of(text)
    if INT.fullmatch(text):
        return int_of(text)
    date = DATE.fullmatch(text)
    if date:
        return datetime.date(*map(int, date.groups()))
    if TIMESTAMP.fullmatch(text):
        raise ValueError(f"a timestamp with a time ('{text}') is not read: quote it")
    return text


def sign_of(text: str) -> tuple[int, str]:
    """The sign of a number's text, and its text without it."""
    if text[:1] in "+-":
        return (-1 if text[0] == "-" else 1), text[1:]
    return 1, text


def float_of(text: str) -> float:
    sign, text = sign_of(text.replace("_", "").lower())
    if text in (".inf", ".nan"):
        return sign * float(text[1:])
    if ":" in text:  # base 60: 1:30.5 is 90.5
        return float(sign * sexagesimal([float(part) for part in text.split(":")]))
    return sign * float(text)


def int_of(text: str) -> int:
    sign, text = sign_of(text.replace("_", ""))
    bases = {"0b": 2, "0x": 16}
    if text != "0" and (text[:2] in bases or text[0] == "0"):
        base = bases.get(text[:2], 8)
        digits = text[2:] if base != 8 else text
        if not digits:
            raise ValueError(f"'{text}' has no digits")
        return sign * int(digits, base)
    if ":" in text:  # base 60: 1:30 is 90
        return sign * int(sexagesimal([int(part) for part in text.split(":")]))
    return sign * int(text)


def sexagesimal(digits: list[Any]) -> Any:
    """A number of base 60 from its digits, summed from the last as PyYAML sums them (so a
    float rounds as PyYAML's does)."""
    value, base = 0, 1
    for digit in reversed(digits):
        value += digit * base
        base *= 60
    return value


def unescaped(text: str) -> str:
    """A double-quoted value's text with its escapes read; a ValueError for one YAML has not."""

    def one(found: re.Match[str]) -> str:
        escape = found.group(1)
        if len(escape) > 1:
            code = int(escape[1:], 16)
            if code > 0x10FFFF or 0xD800 <= code <= 0xDFFF:
                raise ValueError(f"\\{escape} is no character")
            return chr(code)
        if escape not in ESCAPES:
            raise ValueError(f"\\{escape} is no escape YAML has")
        return ESCAPES[escape]

    return ESCAPE.sub(one, text)


def merge_pairs(value: object, merging: set[int]) -> Pairs:
    """The pairs that `<<: value` merges: a map's, or a list of maps'. Where PyYAML's releases
    differ, a ValueError: a map that merged others itself, a key that two maps give."""
    maps: list[Any] = value if isinstance(value, list) else [value]
    if not all(isinstance(one, dict) for one in maps):
        raise ValueError("'<<' merges a map or a list of maps, and this is neither")
    if any(id(one) in merging for one in maps):
        raise ValueError("'<<' merges a map that merged others itself: this is not read")
    pairs = [pair for one in maps for pair in one.items()]
    if len({key for key, _ in pairs}) < len(pairs):
        raise ValueError("'<<' merges two maps that give one key: this is not read")
    return pairs


# ---------------------------------------------------------------- the reader


class Reader:
    """The reader of one text. Its rows are the text's lines; `self.row` is the last row the
    value being read has taken."""

    def __init__(self, text: str) -> None:
        text = text[1:] if text.startswith("\ufeff") else text  # a byte order mark, as PyYAML
        self.lines = text.replace("\r\n", "\n").split("\n")
        self.anchors: dict[str, object] = {}
        self.named: set[str] = set()  # anchors opened (an alias to one still open is refused)
        self.merging: set[int] = set()  # the ids of the maps made with a `<<`
        self.path: list[str] = []
        self.row = 0
        self.depth = 0

    def fail(self, why: str, row: int | None = None) -> NoReturn:
        key = ".".join(self.path).replace(".[", "[")
        raise YamlError((self.row if row is None else row) + 1, key, why)

    def document(self) -> object:
        """The one document of the text."""
        for number, line in enumerate(self.lines):
            bad = UNREAD.search(line)
            if bad:
                self.fail(f"the character {bad.group()!a} is not read", number)
        row = self.next_row(-1)
        if row is not None and self.lines[row].startswith("%"):
            self.fail("a directive (%) is not read", row)
        opened = False
        if row is not None and self.marker(row) == "---":
            opened, row = True, self.next_row(row)
        value = None
        if row is not None and not self.marker(row):
            opened, value = True, self.block_node(row, self.indent(row), -1)
            row = self.next_row(self.row)
        if row is not None and self.marker(row) == "..." and opened:
            row = self.next_row(row)
        if row is not None:
            self.path = []
            self.fail(self.out_of_place(row), row)
        return value

    def out_of_place(self, row: int) -> str:
        if self.marker(row) == "---":
            return "a second document is not read"
        if self.marker(row) == "...":
            return "a '...' ends no document"
        return "this line is out of place"

    # ------------------------------------------------------------ rows and columns

    def content(self, row: int) -> int | None:
        """The column where the row's content opens, or None for a blank or comment row."""
        line = self.lines[row]
        col = len(line) - len(line.lstrip(" "))
        if col == len(line) or line[col] == "#":
            return None
        if line[col] == "\t":
            self.fail("a tab indents it: indent with spaces", row)
        return col

    def next_row(self, row: int) -> int | None:
        """The next row after row with content, or None."""
        for below in range(row + 1, len(self.lines)):
            if self.content(below) is not None:
                return below
        return None

    def indent(self, row: int) -> int:
        line = self.lines[row]
        return len(line) - len(line.lstrip(" "))

    def marker(self, row: int) -> str:
        """The row's `---` or `...`, or "" where it is none."""
        line = self.lines[row]
        if line[:3] not in ("---", "...") or line[3:4] not in ("", " ", "\t"):
            return ""
        rest = line[3:].lstrip(" ")
        if rest and rest[0] != "#":
            self.fail(f"a value on the line of '{line[:3]}' is not read", row)
        return line[:3]

    def below(self, row: int, parent: int) -> int | None:
        """The next content row, where it is indented under parent's column."""
        found = self.next_row(row)
        if found is None or self.marker(found) or self.indent(found) <= parent:
            return None
        return found

    def skip(self, row: int, col: int) -> int:
        """The column of the next thing on the row after spaces (a tab is refused)."""
        line = self.lines[row]
        while col < len(line) and line[col] == " ":
            col += 1
        if col < len(line) and line[col] == "\t":
            self.fail("a tab separates it: use spaces", row)
        return col

    def at_end(self, row: int, col: int) -> bool:
        """Whether the row holds nothing from col on, but spaces and a comment."""
        line = self.lines[row]
        col = self.skip(row, col)
        return col == len(line) or (line[col] == "#" and (col == 0 or line[col - 1] == " "))

    def is_dash(self, row: int, col: int) -> bool:
        """Whether a list's `- ` opens at the column."""
        line = self.lines[row]
        return line[col : col + 1] == "-" and line[col + 1 : col + 2] in ("", " ")

    # ------------------------------------------------------------ block nodes

    def block_node(self, row: int, col: int, parent: int) -> object:
        """The node that opens at (row, col), in a block whose parent is at column parent."""
        self.depth += 1
        if self.depth > MAX_NESTING:
            self.fail(f"maps and lists nest more than {MAX_NESTING} deep", row)
        try:
            if self.is_dash(row, col):
                return self.sequence(row, col)
            if self.key(row, col) is not None:
                return self.mapping(row, col)
            return self.inline(row, col, parent)
        finally:
            self.depth -= 1

    def mapping(self, row: int, col: int) -> dict[object, object]:
        """The block map whose keys are at the column, its first at row."""
        pairs: dict[object, object] = {}
        merges: Pairs = []
        while True:
            found = self.key(row, col)
            if found is None:
                self.fail("a 'key: value' is wanted here", row)
            key, after = found
            self.path.append(str(key) if key is not MERGE else "<<")
            value = self.after_colon(row, after, col)
            self.put(pairs, merges, key, value, row)
            self.path.pop()
            following = self.next_row(self.row)
            if following is None or self.marker(following) or self.indent(following) < col:
                return self.merged(pairs, merges)
            if self.indent(following) > col:
                self.fail("this line is indented under a value that has ended", following)
            row = following

    def put(
        self, pairs: dict[object, object], merges: Pairs, key: object, value: object, row: int
    ) -> None:
        """Add key: value to a map's pairs, or its merged pairs for `<<`."""
        if key is MERGE:
            try:
                merges.extend(merge_pairs(value, self.merging))
            except ValueError as error:
                self.fail(str(error), row)
            if len({key for key, _ in merges}) < len(merges):
                self.fail("two '<<' merge one key: this is not read", row)
        elif key in pairs:
            self.fail("the key is given twice", row)
        else:
            pairs[key] = value

    def sequence(self, row: int, col: int) -> list[object]:
        """The block list whose `- ` are at the column, its first at row."""
        items: list[object] = []
        while True:
            self.path.append(f"[{len(items)}]")
            items.append(self.after_dash(row, col + 1, col))
            self.path.pop()
            following = self.next_row(self.row)
            if following is None or self.marker(following) or self.indent(following) < col:
                return items
            if self.indent(following) > col:
                self.fail("this line is indented under a value that has ended", following)
            if not self.is_dash(following, col):
                return items  # the map of an unindented list goes on
            row = following

    def key(self, row: int, col: int) -> tuple[object, int] | None:
        """The key that opens at (row, col), and the column after its `:`; None if none does."""
        line = self.lines[row]
        key: object
        if line[col] in "'\"":
            key, end = self.quoted(row, col)
        elif self.plain_opens(line, col, flow=False):
            end = self.plain_end(row, col, flow=False)
            key = resolved_at(self, line[col:end], row, key=True)
        else:
            return None
        after = self.skip(row, end)
        if line[after : after + 1] != ":" or line[after + 1 : after + 2] not in ("", " "):
            return None
        if after - col > MAX_KEY:
            self.fail(f"a key longer than {MAX_KEY} characters is not read", row)
        return key, after + 1

    def properties(self, row: int, col: int) -> tuple[str | None, int]:
        """An anchor's name at the column (None: none), and the column after it."""
        line = self.lines[row]
        if line[col : col + 1] == "!":
            self.fail("a tag (!) is not read", row)
        if line[col : col + 1] != "&":
            return None, col
        found = NAME.match(line, col + 1)
        end = found.end() if found else col + 1
        if not found or line[end : end + 1] not in ("", " "):
            self.fail("an anchor (&) wants a name of letters, digits, _ and -", row)
        self.open_anchor(found.group(), row)
        return found.group(), self.skip(row, end)

    def open_anchor(self, name: str, row: int) -> None:
        if name in self.named:
            self.fail(f"the anchor &{name} is given twice", row)
        self.named.add(name)

    def after_colon(self, row: int, col: int, key_col: int) -> object:
        """The value of the key at key_col, from (row, col) just after its `:`."""
        anchor, col = self.properties(row, self.skip(row, col))
        if self.at_end(row, col):
            value = self.block_below(row, key_col, unindented=True)
        elif self.is_dash(row, col) or self.key(row, col) is not None:
            self.fail("a list or a map opens on its key's line: open it on the next line", row)
        else:
            value = self.inline(row, col, key_col, anchor is None)
        return self.anchored(anchor, value)

    def after_dash(self, row: int, col: int, dash_col: int) -> object:
        """The item of the `- ` at dash_col, from (row, col) just after its `-`."""
        anchor, col = self.properties(row, self.skip(row, col))
        if self.at_end(row, col):
            value = self.block_below(row, dash_col, unindented=False)
        elif self.is_dash(row, col) or self.key(row, col) is not None:
            if anchor is not None:
                self.fail("an anchor before a key is not read", row)
            value = self.block_node(row, col, dash_col)
        else:
            value = self.inline(row, col, dash_col, anchor is None)
        return self.anchored(anchor, value)

    def merged(self, pairs: dict[object, object], merges: Pairs) -> dict[object, object]:
        """A map of its merged pairs, then its own over them, as PyYAML merges."""
        if not merges:
            return pairs
        found = dict(merges)
        found.update(pairs)
        self.merging.add(id(found))
        return found

    def anchored(self, anchor: str | None, value: object) -> object:
        if anchor is not None:
            self.anchors[anchor] = value
        return value

    def block_below(self, row: int, parent: int, unindented: bool) -> object:
        """The node on the rows below row, indented under parent's column (for a key's value,
        a list at the key's own column too); None where there is none."""
        self.row = row
        found = self.next_row(row)
        if found is None or self.marker(found):
            return None
        col = self.indent(found)
        if col > parent:
            return self.block_node(found, col, parent)
        if col == parent and unindented and self.is_dash(found, col):
            return self.sequence(found, col)
        return None

    def inline(self, row: int, col: int, parent: int, alias_ok: bool = True) -> object:
        """A value that opens at (row, col) and ends on its row (a flow collection may run on):
        an alias, a flow list or map, a quoted or a plain value."""
        self.row, line = row, self.lines[row]
        if line[col] == "*" and alias_ok:
            value, end = self.alias(row, col)
        elif line[col] in "[{":
            value, (self.row, end) = self.flow(row, col, parent)
        elif line[col] in "'\"":
            value, end = self.quoted(row, col)
        else:
            value, end = self.plain(row, col)
        if not self.at_end(self.row, end):
            self.fail("something follows the value on its line", self.row)
        if self.below(self.row, parent) is not None:
            self.fail("the value goes on to the next line: a value of many lines is not read")
        return value

    def alias(self, row: int, col: int) -> tuple[object, int]:
        line = self.lines[row]
        found = NAME.match(line, col + 1)
        if not found:
            self.fail("an alias (*) wants a name", row)
        if found.group() not in self.anchors:
            self.fail(f"the alias *{found.group()} names no anchor above it", row)
        return self.anchors[found.group()], found.end()

    def quoted(self, row: int, col: int) -> tuple[str, int]:
        """A quoted value and the column after it; refused where it goes on to the next line."""
        line = self.lines[row]
        found = (SINGLE if line[col] == "'" else DOUBLE).match(line, col)
        if not found:
            self.fail("a quoted value that goes on to the next line is not read", row)
        if line[col] == "'":
            return found.group(1).replace("''", "'"), found.end()
        try:
            return unescaped(found.group(1)), found.end()
        except ValueError as error:
            self.fail(str(error), row)

    def plain_opens(self, line: str, col: int, flow: bool) -> bool:
        """Whether a plain value may open at the column (as PyYAML's scanner allows)."""
        char, following = line[col], line[col + 1 : col + 2]
        if char not in INDICATORS:
            return True
        spaced = following in ("", " ", "\t") or (flow and following in FLOW_ENDS)
        return not spaced and (char == "-" or (not flow and char in "?:"))

    def plain_end(self, row: int, col: int, flow: bool) -> int:
        """The column where a plain value that opens at col ends (trailing spaces included)."""
        line, at = self.lines[row], col
        while at < len(line):
            char = line[at]
            if char == "\t":
                self.fail("a tab separates it: use spaces", row)
            following = line[at + 1 : at + 2]
            if char == ":" and (following in ("", " ") or (flow and following in FLOW_ENDS)):
                break
            if (char == "#" and line[at - 1] == " ") or (flow and char in FLOW_ENDS + "?"):
                break
            at += 1
        return at

    def plain(self, row: int, col: int) -> tuple[object, int]:
        """A plain value on its row (block context) and the column after it."""
        line = self.lines[row]
        self.refuse_indicator(line, col, row)
        end = self.plain_end(row, col, flow=False)
        if line[end : end + 1] == ":":
            self.fail("': ' in a value: quote it", row)
        return resolved_at(self, line[col:end], row), end

    def refuse_indicator(self, line: str, col: int, row: int) -> None:
        """Refuse, saying what it is, an indicator that opens no value here."""
        char = line[col]
        if char in "|>":
            self.fail(f"a block scalar ({char}) is not read: write the value on one line", row)
        if char == "!":
            self.fail("a tag (!) is not read", row)
        if char in "&*":
            self.fail(f"{char} is out of place here", row)
        if not self.plain_opens(line, col, flow=False):
            self.fail(f"a value cannot open with '{char}': quote it", row)

    # ------------------------------------------------------------ flow collections

    def flow(self, row: int, col: int, parent: int) -> tuple[object, Where]:
        """The flow list or map that opens at (row, col), and where it ends."""
        self.depth += 1
        if self.depth > MAX_NESTING:
            self.fail(f"maps and lists nest more than {MAX_NESTING} deep", row)
        try:
            if self.lines[row][col] == "[":
                return self.flow_list((row, col + 1), parent)
            return self.flow_map((row, col + 1), parent)
        finally:
            self.depth -= 1

    def flow_skip(self, where: Where, parent: int) -> Where:
        """The next thing of a flow collection from where, past spaces, comments and line
        ends; the rows it runs on to are indented under parent's column."""
        row, col = where
        while True:
            col = self.skip(row, col)
            if not self.at_end(row, col):
                return row, col
            row += 1
            if row == len(self.lines):
                self.fail("a [ or { is not closed", row - 1)
            if self.content(row) is not None and (self.marker(row) or self.indent(row) <= parent):
                self.fail("a [ or { runs on to a line that is not indented under it", row)
            col = 0

    def char(self, where: Where) -> str:
        return self.lines[where[0]][where[1] : where[1] + 1]

    def flow_list(self, where: Where, parent: int) -> tuple[list[object], Where]:
        items: list[object] = []
        while True:
            where = self.flow_skip(where, parent)
            if self.char(where) == "]":
                return items, (where[0], where[1] + 1)
            self.path.append(f"[{len(items)}]")
            value, where = self.flow_node(where, parent)
            self.path.pop()
            items.append(value)
            where = self.flow_skip(where, parent)
            if self.char(where) == ",":
                where = (where[0], where[1] + 1)
            elif self.char(where) != "]":
                self.fail("a ',' or ']' is wanted here", where[0])

    def flow_map(self, where: Where, parent: int) -> tuple[dict[object, object], Where]:
        pairs: dict[object, object] = {}
        merges: Pairs = []
        while True:
            where = self.flow_skip(where, parent)
            if self.char(where) == "}":
                return self.merged(pairs, merges), (where[0], where[1] + 1)
            if self.char(where) in ("[", "{", "*", "&", "?"):
                self.fail("a key that is no plain or quoted value is not read", where[0])
            key, where = self.flow_node(where, parent, key=True)
            self.path.append(str(key) if key is not MERGE else "<<")
            value, where = self.flow_value(where, parent)
            self.put(pairs, merges, key, value, where[0])
            self.path.pop()
            where = self.flow_skip(where, parent)
            if self.char(where) == ",":
                where = (where[0], where[1] + 1)
            elif self.char(where) != "}":
                self.fail("a ',' or '}' is wanted here", where[0])

    def flow_value(self, where: Where, parent: int) -> tuple[object, Where]:
        """A flow map's value after its key: None where no `:` follows, or nothing after it."""
        row, where = where[0], self.flow_skip(where, parent)
        if self.char(where) != ":":
            return None, where
        if where[0] != row:
            self.fail("a key's ':' is on a line after its key's: not read", where[0])
        where = self.flow_skip((where[0], where[1] + 1), parent)
        if self.char(where) in (",", "}"):
            return None, where
        return self.flow_node(where, parent)

    def flow_node(self, where: Where, parent: int, key: bool = False) -> tuple[object, Where]:
        """A value in a flow collection, and where it ends."""
        row, col = where
        anchor, col = self.properties(row, col)
        if anchor is not None:
            row, col = self.flow_skip((row, col), parent)
        line = self.lines[row]
        if line[col] == "*" and anchor is None:
            value, col = self.alias(row, col)
        elif line[col] in "[{":
            value, (row, col) = self.flow(row, col, parent)
        elif line[col] in "'\"":
            value, col = self.quoted(row, col)
        elif self.plain_opens(line, col, flow=True):
            start, col = col, self.plain_end(row, col, flow=True)
            value = resolved_at(self, line[start:col], row, key)
        else:
            self.fail(f"a value cannot open with '{line[col]}' here", row)
        return self.anchored(anchor, value), (row, col)


def resolved_at(reader: Reader, text: str, row: int, key: bool = False) -> object:
    """resolved(text), refused by the reader at row where it cannot be read (`<<` is a key's
    alone)."""
    try:
        value = resolved(text.rstrip(" "))
    except ValueError as error:
        reader.fail(str(error), row)
    if value is MERGE and not key:
        reader.fail("a plain '<<' is a merge key, and no value: quote it", row)
    return value
