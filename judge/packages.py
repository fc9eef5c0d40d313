"""A Kattis problem package, read as its judge reads it: problem.yaml (its format, type and
limits, by judge.yamlish), the cases of data/sample and data/secret with their groups and each
group's settings (testdata.yaml in the legacy format, test_group.yaml in 2023-07 and 2025-09),
the validation (the default validator and its flags, a custom output validator, or an
interactive one), and the programs of output_validator(s)/ and submissions/. A key the format
does not know is a warning; a key of the wrong type, one line that refuses the package.

A program (a file or a folder) is found, built and run by judge.programs: program_command()
is the one place that asks for it. output_validator/ is one program of all its files;
legacy's output_validators/ holds one, a file or a folder."""

from __future__ import annotations

import contextlib
import math
import os
import shlex
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Iterator, Mapping, Sequence

from . import yamlish
from .compare import kattis_flags
from .generators import generated_root
from .model import Case, Profile, UsageError
from .modes import make_mode
from .programs import Skipped as Skipped
from .programs import Unbuilt as Unbuilt
from .programs import program_command as program_command
from .programs import source_of as source_of
from .stop import STOPPED
from .text import printable, shorten

if TYPE_CHECKING:
    from .modes import Mode

GROUPS = ("sample", "secret")  # the top of data/, in the order judged
# problemtools' defaults: limits (MiB, the multipliers), by the format's names.
LIMITS = {"memory": 1024.0, "output": 8.0, "time_multiplier": 5.0, "time_safety_margin": 2.0}
LIMITS["time_resolution"] = 1.0
NEW_MULTIPLIERS = {"ac_to_time_limit": 2.0, "time_limit_to_tle": 1.5}  # 2023-07 and 2025-09's
# A group's settings, as the grader and the modes read them (a file's keys are read into these).
GROUP_DEFAULTS: dict[str, object] = {"on_reject": "break", "grading": "default"}
GROUP_DEFAULTS.update(grader_flags="", accept_score=1.0, reject_score=0.0)
GROUP_DEFAULTS.update(output_validator_args=())
UNKNOWN_TIME_LIMIT = 300.0  # problemtools' bound while no time limit is known (5 minutes)
MAX_DEPTH = 100  # groups nested under data/ (secret/ is 1): more would run the walks too deep

# problem_format_version's values, and the format each names.
FORMATS = {"legacy": "legacy", "legacy-icpc": "legacy", "2023-07": "2023-07"}
FORMATS.update({"2023-07-draft": "2023-07", "2025-09": "2025-09", "draft": "2025-09"})
GROUP_FILES = {
    "legacy": "testdata.yaml",
    "2023-07": "test_group.yaml",
    "2025-09": "test_group.yaml",
}
TYPES = ("pass-fail", "scoring", "interactive", "multi-pass", "submit-answer")
UNJUDGED = ("submit-answer",)  # types whose programs the runner cannot run
PASSES = 2  # the passes of a multi-pass problem where limits.validation_passes gives none


def names(text: str) -> tuple[str, ...]:
    return tuple(text.split())


COMMON_KEYS = "problem_format_version type name uuid source license rights_owner limits keywords"
PROBLEM_KEYS = {
    "legacy": names(f"{COMMON_KEYS} author source_url validation validator_flags grading"),
    "new": names(
        f"{COMMON_KEYS} version credits embargo_until languages allow_file_writing constants"
    ),
}
RESOURCES = "code compilation_time compilation_memory validation_time validation_memory"
LIMIT_KEYS = {
    "legacy": names(
        f"{RESOURCES} validation_output memory output time_limit time_resolution"
        " time_multiplier time_safety_margin validation_passes"
    ),
    "new": names(
        f"{RESOURCES} validation_output validation_passes memory output time_limit"
        " time_resolution time_multipliers"
    ),
}
GROUP_KEYS = {
    "legacy": names(
        "on_reject grading grader_flags accept_score reject_score range input_validator_flags"
        " output_validator_flags"
    ),
    "new": names(
        "output_validator_args input_validator_args args full_feedback static_validator_args"
        " input_visualizer_args output_visualizer_args static_validation require_pass"
        " static_validation_score max_score score_aggregation scoring"
    ),
}
OWN_SETTINGS = ("max_score", "aggregation", "grouped", "own")  # a group's alone: not inherited
UNSUPPORTED_GROUP_KEYS = ("range", "require_pass", "static_validation", "static_validation_score")
AGGREGATIONS = ("pass-fail", "sum", "min")


@dataclass(frozen=True)
class Group:
    """A group of cases: its path under data/ ("secret/g1"), its settings (its file's over its
    parent's, in GROUP_DEFAULTS' names and types), and its items in order: the name of a case
    ("secret/g1/01") or a Group."""

    path: str
    config: Mapping[str, object]
    items: tuple[str | Group, ...]


@dataclass(frozen=True)
class Package:
    """A package: its folder, its name (printable), whether it is scored, problem.yaml's time
    limit (None where it gives none), its Profile (that time limit, else UNKNOWN_TIME_LIMIT;
    output_limit always set), its cases, each case's mode where its group's flags make it
    another, the Group of data/, the time multiplier, safety margin and resolution, and the
    warnings to print."""

    folder: Path
    name: str
    scoring: bool
    time_limit: float | None
    profile: Profile
    cases: tuple[Case, ...]
    modes: Mapping[str, Mode]
    data: Group
    multiplier: float
    margin: float
    resolution: float
    warnings: tuple[str, ...] = ()
    root: Path | None = None  # the folder whose data/ holds the cases, where not folder


def read_yaml(path: Path) -> dict[str, object]:
    """The map of keys of a YAML file (judge.yamlish reads it); an empty file is an empty map.
    A UsageError of one line where it cannot be read, or holds no map."""
    found = yamlish.read_yaml(path)
    if found is None:
        return {}
    if not isinstance(found, dict):
        raise UsageError(f"{printable(str(path))}: it holds {kind_of(found)}, not a map of keys")
    return {str(key): value for key, value in found.items()}


def kind_of(value: object) -> str:
    """What a YAML value is, in words: 'a list', 'the text 'x''."""
    if isinstance(value, bool) or value is None:
        return f"'{str(value).lower() if value is not None else 'null'}'"
    if isinstance(value, (int, float)):
        return f"the number {value:g}" if isinstance(value, float) else f"the number {value}"
    if isinstance(value, str):
        return f"the text '{shorten(printable(value))}'"
    return "a map" if isinstance(value, dict) else "a list" if isinstance(value, list) else "a date"


def text_of(config: Mapping[str, object], key: str, default: str = "") -> str:
    """A setting's text, or default where it is missing or no text."""
    value = config.get(key, default)
    return value if isinstance(value, str) else default


def number_of(config: Mapping[str, object], key: str, default: float, where: str) -> float:
    """A field's number, default where it is missing; a UsageError where it is no number."""
    value = optional_number(config, key, where)
    return default if value is None else value


def optional_number(config: Mapping[str, object], key: str, where: str) -> float | None:
    """A field's number, None where it is missing or null; a UsageError where it is no finite
    number. YAML 1.1 reads `1e6` as text: such a text is read as a number, as float() reads
    it (as problemtools does)."""
    value = config.get(key)
    if value is None:
        return None
    number = math.nan
    if isinstance(value, (int, float, str)) and not isinstance(value, bool):
        with contextlib.suppress(ValueError, OverflowError):
            number = float(value)  # an int past the floats: inf
    if not math.isfinite(number):
        raise UsageError(f"{where}: {key} is {kind_of(value)}, not a number")
    return number


def words_of(value: object, where: str, key: str) -> tuple[str, ...]:
    """A field of words: a text split at its spaces, or a list of texts (a number in it, as
    YAML reads `1.0e-6`, as its text)."""
    if isinstance(value, str):
        return tuple(value.split())
    if isinstance(value, list) and all(
        isinstance(word, (str, int, float)) and not isinstance(word, bool) for word in value
    ):
        return tuple(word if isinstance(word, str) else str(word) for word in value)  # 1.0e-6
    raise UsageError(f"{where}: {key} is {kind_of(value)}, not a text or a list of texts")


def warn_unknown(
    found: Mapping[str, object], known: Sequence[str], where: str, warnings: list[str]
) -> None:
    """A warning for each key the format does not know (problemtools warns of them too)."""
    for key in found:
        if key not in known:
            warnings.append(f"{where}: the key {shorten(printable(key))} is unknown: not read")


def format_of(config: Mapping[str, object], where: str) -> str:
    """The format problem.yaml's problem_format_version names: legacy, 2023-07 or 2025-09."""
    version = config.get("problem_format_version", "legacy")
    if not isinstance(version, str) or version not in FORMATS:
        raise UsageError(
            f"{where}: problem_format_version is {kind_of(version)}: the runner reads legacy,"
            " 2023-07 and 2025-09"
        )
    return FORMATS[version]


def types_of(config: Mapping[str, object], where: str) -> tuple[str, ...]:
    """problem.yaml's type: its words (pass-fail where it gives none); a UsageError for a word
    no format has, for two that do not go together, or for a type the runner cannot judge."""
    words = words_of(config.get("type", "pass-fail"), where, "type") or ("pass-fail",)
    for word in words:
        if word not in TYPES:
            said = shorten(printable(word))
            raise UsageError(f"{where}: type {said} is none of {', '.join(TYPES)}")
    if "pass-fail" in words and "scoring" in words:
        raise UsageError(f"{where}: type is both pass-fail and scoring")
    for word in UNJUDGED:
        if word in words:
            raise UsageError(f"{where}: type {word}: the runner does not judge such a problem")
    return words


def passes_of(
    config: Mapping[str, object], fmt: str, words: Sequence[str], custom: bool, where: str
) -> int:
    """The passes a case may run at most: 1, or for a multi-pass problem (its type, or legacy's
    `validation: custom multi-pass`, as DOMjudge writes it) limits.validation_passes (PASSES
    where it gives none); a UsageError where it is no whole number from 2, or no output
    validator gives the passes their input."""
    validation = config.get("validation") if fmt == "legacy" else None
    said = () if validation is None else words_of(validation, where, "validation")
    if "multi-pass" not in words and "multi-pass" not in said:
        return 1
    if not custom:
        raise UsageError(f"{where}: a multi-pass problem wants an output validator")
    limits = config.get("limits")
    passes = limits.get("validation_passes", PASSES) if isinstance(limits, dict) else PASSES
    if isinstance(passes, bool) or not isinstance(passes, int) or passes < 2:
        raise UsageError(
            f"{where} limits: validation_passes is {kind_of(passes)}, not a whole number from 2"
        )
    return passes


def title_of(config: Mapping[str, object], name: str) -> str:
    """The problem's name: problem.yaml's (its English one, of a map by language), or name."""
    title = config.get("name", name)
    if isinstance(title, dict):
        title = title.get("en", next(iter(title.values()), name))
    if not isinstance(title, str):
        raise UsageError(f"problem.yaml: name is {kind_of(title)}, not a text or a map of texts")
    return printable(title)


def read_package(folder: str | Path) -> Package:
    """The Package in folder; a UsageError, one line, where it is none or cannot be judged."""
    folder, name = package_folder(folder)
    where = printable(str(folder / "problem.yaml"))
    config = read_yaml(folder / "problem.yaml")
    fmt = format_of(config, where)
    warnings: list[str] = []
    warn_unknown(config, PROBLEM_KEYS["legacy" if fmt == "legacy" else "new"], where, warnings)
    words = types_of(config, where)
    figures, time_limit = read_limits(folder, config, fmt, warnings)
    custom, interactive, flags = validation_of(folder, config, fmt, words)
    root = generated_root(folder, fmt, words, warnings)  # the folder whose data/ is judged
    data = read_data(root, fmt, "scoring" in words, warnings)
    cases = tuple(cases_of(root, data, name))
    if not cases:
        raise UsageError(f"{folder} holds no case: want data/secret/NAME.in with NAME.ans")
    score_bound(data, printable(str(folder / "data")))
    mode, modes = package_modes(folder, data, flags, custom, interactive)
    limit = UNKNOWN_TIME_LIMIT if time_limit is None else time_limit
    judge = f"Kattis package {title_of(config, name)}"
    passes = passes_of(config, fmt, words, custom, where)
    # The newer formats' judges (BAPCtools, DOMjudge) let a program run on past the output
    # limit, its output cut: a flood of stdout is TLE. problemtools stops it (legacy's OLE).
    runs_on = fmt != "legacy"
    profile = Profile(
        judge,
        limit,
        figures["memory"],
        mode,
        output_limit=figures["output"],
        passes=passes,
        output_runs_on=runs_on,
        unlimited_stack=True,  # as problemtools, BAPCtools and DOMjudge's runguard set it
    )
    multipliers = figures["time_multiplier"], figures["time_safety_margin"]
    scoring = "scoring" in words
    parts = (cases, modes, data, *multipliers, figures["time_resolution"], tuple(warnings))
    return Package(folder, name, scoring, time_limit, profile, *parts, root=root)


def package_folder(given: str | Path) -> tuple[Path, str]:
    """The package's folder, resolved (its programs run from there), and its name, printable;
    a UsageError where it holds no problem.yaml, or its path cannot be resolved."""
    try:
        folder = Path(given).expanduser().resolve()
    except (OSError, RuntimeError) as error:  # a link that leads back to itself
        why = getattr(error, "strerror", None) or error
        raise UsageError(f"{printable(str(given))}: cannot find the folder: {why}") from None
    if not (folder / "problem.yaml").is_file():
        said = printable(str(given))
        raise UsageError(f"{said} is no problem package: it has no problem.yaml")
    return folder, printable(folder.name) or "package"


def validation_of(
    folder: Path, config: Mapping[str, object], fmt: str, words: Sequence[str]
) -> tuple[bool, bool, str]:
    """Whether the package is validated by its own program, whether interactively, and the
    default validator's flags. Legacy says so in validation and validator_flags; 2023-07 and
    2025-09 by an output_validator/ folder and the type."""
    where = printable(str(folder / "problem.yaml"))
    has_folder = any((folder / name).is_dir() for name in ("output_validator", "output_validators"))
    if fmt != "legacy":
        if "interactive" in words and not has_folder:
            raise UsageError(f"{where}: type interactive, and no output_validator/ folder")
        return has_folder, "interactive" in words, ""
    validation = list(words_of(config.get("validation", "default"), where, "validation"))
    if validation in ([], ["default"]) and (folder / "output_validator").is_dir():
        validation = ["custom"]  # the newer formats' folder, in a legacy package
    validation = validation or ["default"]
    interactive = "interactive" in words or "interactive" in validation[1:]
    if validation[0] not in ("default", "custom") or (interactive and validation[0] != "custom"):
        said = shorten(printable(" ".join(validation)))
        raise UsageError(f"{where}: validation '{said}' is neither default nor custom")
    flags = " ".join(words_of(config.get("validator_flags", ""), where, "validator_flags"))
    return validation[0] == "custom", interactive, flags


def read_limits(
    folder: Path, config: Mapping[str, object], fmt: str, warnings: list[str]
) -> tuple[dict[str, float], float | None]:
    """problem.yaml's limits: each of LIMITS (its default where it gives none; the newer
    formats' time_multipliers as time_multiplier and time_safety_margin), and the time limit
    (None where it gives none); a UsageError where one is no positive number."""
    where = f"{printable(str(folder / 'problem.yaml'))} limits"
    limits = map_of(config, "limits", where[: -len(" limits")])
    warn_unknown(limits, LIMIT_KEYS["legacy" if fmt == "legacy" else "new"], where, warnings)
    figures = {key: number_of(limits, key, value, where) for key, value in LIMITS.items()}
    if fmt != "legacy":
        multipliers = map_of(limits, "time_multipliers", where)
        warn_unknown(multipliers, list(NEW_MULTIPLIERS), f"{where}.time_multipliers", warnings)
        at = f"{where}.time_multipliers"
        figures["time_multiplier"], figures["time_safety_margin"] = (
            number_of(multipliers, key, value, at) for key, value in NEW_MULTIPLIERS.items()
        )
    time_limit = optional_number(limits, "time_limit", where)
    for key, value in [*figures.items(), ("time_limit", time_limit)]:
        if value is not None and value <= 0:
            raise UsageError(f"{where}: {key} must be positive, not {value:g}")
    return figures, time_limit


def map_of(config: Mapping[str, object], key: str, where: str) -> dict[str, object]:
    """A field that is a map of keys ({} where it is missing or null)."""
    value = config.get(key)
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise UsageError(f"{where}: {key} is {kind_of(value)}, not a map of keys")
    return {str(name): item for name, item in value.items()}


# ---------------------------------------------------------------- data/ and its groups


class Walk:
    """The walk of a package's data/: its folder (the links it follows stay inside), its
    format, the warnings, and the real path of each folder read, with its name."""

    def __init__(self, folder: Path, fmt: str, warnings: list[str]) -> None:
        self.folder, self.fmt, self.warnings = folder, fmt, warnings
        self.read: dict[str, str] = {}
        self.generators: dict[str, object] | None = None  # generators.yaml's root, once read

    def generated(self, name: str) -> dict[str, object] | None:
        """The test_group.yaml that BAPCtools' generators/generators.yaml gives the group name
        ("" for data/ itself; `bt generate` writes it there), or None. Its directories are
        found by name in maps of `data:`; generators.yaml is read once, and one that cannot
        be read is a warning."""
        if self.fmt == "legacy":
            return None
        if self.generators is None:
            self.generators = read_generators(self.folder, self.warnings)
        node: object = self.generators
        for part in name.split("/") if name else ():
            children = node.get("data") if isinstance(node, dict) else None
            node = children.get(part) if isinstance(children, dict) else None
        given = node.get("test_group.yaml") if isinstance(node, dict) else None
        return (
            {str(key): value for key, value in given.items()} if isinstance(given, dict) else None
        )

    def inside(self, path: Path) -> str:
        """The real path of path; a UsageError where a link leads it out of the package."""
        if STOPPED:
            raise KeyboardInterrupt  # a stop while a large data/ is read
        real = os.path.realpath(path)
        if not within(real, str(self.folder)):
            said = printable(str(path))
            raise UsageError(f"{said} is a link that leads out of the package: it is not read")
        return real

    def enter(self, path: Path, name: str) -> None:
        """Note a folder read; a UsageError where a link led to it before (or to a folder
        that holds it, which would loop)."""
        real = self.inside(path)
        if real in self.read:
            first = printable(self.read[real] or "data")
            said = printable(str(path))
            raise UsageError(f"{said} leads to {first}, read already: a folder is read once")
        self.read[real] = name


GENERATORS = Path("generators", "generators.yaml")  # BAPCtools': how data/ is generated


def read_generators(folder: Path, warnings: list[str]) -> dict[str, object]:
    """The map of the package's generators/generators.yaml, or an empty one where it has none
    (or one that cannot be read: a warning says so)."""
    path = folder / GENERATORS
    if not path.is_file():
        return {}
    try:
        return read_yaml(path)
    except UsageError as error:
        warnings.append(f"{error}: its test_group.yaml settings are not read")
        return {}


def within(path: str, folder: str) -> bool:
    """Whether the real path is folder or lies inside it (on another drive, it does not)."""
    try:
        return os.path.commonpath([path, folder]) == folder
    except ValueError:  # Windows: another drive
        return False


def read_data(folder: Path, fmt: str, scoring: bool, warnings: list[str]) -> Group:
    """The Group of the package's data/, its groups read to MAX_DEPTH at most: a UsageError,
    one line, where they nest deeper, or a link leaves the package or loops."""
    walk = Walk(folder, fmt, warnings)
    defaults = dict(GROUP_DEFAULTS, format=fmt, scoring=scoring)
    data = read_group(folder / "data", "", defaults, walk, top=True)
    assert data is not None  # data/ itself is never left out
    return data


def read_group(
    path: Path, name: str, inherited: Mapping[str, object], walk: Walk, top: bool = False
) -> Group | None:
    """The Group of folder path, named name under data/ ("" for data/ itself): its cases and
    subgroups, sorted by name as Kattis orders them; None (and a warning) if it holds none."""
    if name.count("/") >= MAX_DEPTH:
        raise UsageError(
            f"{path}: data/ nests its groups more than {MAX_DEPTH} deep, the most the runner reads"
        )
    if top and not path.is_dir():
        return Group(name, dict(inherited), ())  # no data/: no case
    walk.enter(path, name)
    config = group_config(path, name, inherited, walk)
    try:
        entries = sorted(entry for entry in os.listdir(path) if not entry.startswith("."))
    except OSError as error:
        raise UsageError(f"{path}: cannot list it: {error.strerror or error}") from None
    items: list[str | Group] = []
    for entry in entries:
        item = read_item(path, f"{name}/{entry}" if name else entry, config, walk, top)
        items += [item] if item else []
    if not items and not top:
        walk.warnings.append(f"the group {printable(str(path))} holds no case: it is left out")
        return None
    return Group(name, config, tuple(items))


def read_item(
    path: Path, below: str, config: Mapping[str, object], walk: Walk, top: bool
) -> str | Group | None:
    """An entry of the folder path (below: its name under data/): a subgroup, a case's name,
    or None; a UsageError for an input with no answer."""
    entry = path / below.rsplit("/", 1)[-1]
    walk.inside(entry)
    if entry.is_dir():
        return read_group(entry, below, config, walk) if not top or below in GROUPS else None
    if top:
        return None
    if entry.name.endswith(".ans") and entry.with_suffix(".in").is_file():
        return below[:-4]
    if entry.name.endswith(".in") and not entry.with_suffix(".ans").is_file():
        said = printable(str(entry))
        raise UsageError(f"{said} has no .ans beside it: a case wants its answer")
    return None


def group_config(
    path: Path, name: str, inherited: Mapping[str, object], walk: Walk
) -> dict[str, object]:
    """A group's settings: its file's (testdata.yaml in legacy, test_group.yaml in 2023-07 and
    2025-09; where it has none, what generators.yaml gives it) over its parent's; a UsageError
    where one cannot be judged."""
    config = {k: v for k, v in inherited.items() if k not in OWN_SETTINGS}
    own = path / GROUP_FILES[walk.fmt]
    for other in set(GROUP_FILES.values()) - {own.name}:
        if (path / other).is_file():
            said = printable(str(path / other))
            walk.warnings.append(f"{said}: a {walk.fmt} package reads {own.name}: not read")
    where, settings = printable(str(own)), None
    if own.is_file():
        walk.inside(own)
        settings = read_yaml(own)
    else:
        settings = walk.generated(name)
        where = f"{printable(str(walk.folder / GENERATORS))}, test_group.yaml of data/{name}"
        if settings is not None:
            walk.warnings.append(f"{where}: read, as `bt generate` writes it to {own.name}")
    if settings is not None:
        own_settings = known_settings(settings, where, walk)
        config.update(own_settings, grouped=True, own=own_settings)  # own: as DOMjudge reads
    return config


def known_settings(settings: Mapping[str, object], where: str, walk: Walk) -> dict[str, object]:
    """A group file's settings that the runner reads, in GROUP_DEFAULTS' names: a warning for
    each key unknown or not supported."""
    known = GROUP_KEYS["legacy" if walk.fmt == "legacy" else "new"]
    warn_unknown(settings, known, where, walk.warnings)
    settings = {key: value for key, value in settings.items() if key in known}
    for key in settings:
        if key in UNSUPPORTED_GROUP_KEYS and settings[key] not in (None, [], ""):
            walk.warnings.append(f"{where}: {key} is not supported: it is not read")
    return group_settings(settings, where)


def group_settings(settings: Mapping[str, object], where: str) -> dict[str, object]:
    """A group file's settings in GROUP_DEFAULTS' names and types; a UsageError for one that
    is of the wrong type or cannot be judged."""
    found: dict[str, object] = {}
    for key in ("on_reject", "grading", "grader_flags"):
        if key in settings:
            found[key] = " ".join(words_of(settings[key], where, key))
    if found.get("on_reject", "break") not in ("break", "continue"):
        raise UsageError(f"{where}: on_reject is '{found['on_reject']}', not break or continue")
    if found.get("grading", "default") != "default":
        raise UsageError(f"{where}: grading other than default (a grader) is not supported")
    for key in ("accept_score", "reject_score"):  # a wrong one stops the run before it starts
        if key in settings:
            found[key] = number_of(settings, key, 0.0, where)
    flags = validator_args(settings, where)
    if flags is not None:
        found["output_validator_args"] = flags
    if words_of(settings.get("args") or [], where, "args"):
        raise UsageError(f"{where}: args (the program's own arguments) is not supported")
    found.update(scoring_settings(settings, where))
    return found


def validator_args(settings: Mapping[str, object], where: str) -> tuple[str, ...] | None:
    """The output validator's arguments a group file gives: 2025-09's output_validator_args
    (a list), or legacy's output_validator_flags (a text, or a map with flags); None: none."""
    if settings.get("output_validator_args") is not None:
        return words_of(settings["output_validator_args"], where, "output_validator_args")
    flags = settings.get("output_validator_flags")
    if isinstance(flags, dict):
        flags = flags.get("flags", "")
    return None if flags is None else words_of(flags, where, "output_validator_flags")


def scoring_settings(settings: Mapping[str, object], where: str) -> dict[str, object]:
    """2025-09's max_score and score_aggregation (2023-07's scoring: score and aggregation) as
    max_score (None: unbounded) and aggregation."""
    given = dict(settings)
    old = map_of(settings, "scoring", where) if "scoring" in settings else {}
    given.update({new: old[key] for key, new in SCORING_NAMES.items() if key in old})
    found: dict[str, object] = {}
    if given.get("max_score") is not None:
        unbounded = given["max_score"] == "unbounded"
        found["max_score"] = None if unbounded else number_of(given, "max_score", 0.0, where)
    if given.get("score_aggregation") is not None:
        aggregation = given["score_aggregation"]
        if aggregation not in AGGREGATIONS:
            said = f"score_aggregation is {kind_of(aggregation)}"
            raise UsageError(f"{where}: {said}, not {', '.join(AGGREGATIONS)}")
        found["aggregation"] = aggregation
    return found


SCORING_NAMES = {"score": "max_score", "aggregation": "score_aggregation"}


def score_bound(group: Group, where: str) -> float:
    """The most a group's score can be, by its settings' scores (each case's largest, summed:
    no aggregation gives more); a UsageError where that passes the largest float, so a sum of
    scores would be inf."""
    bound = 0.0
    for item in group.items:
        if isinstance(item, Group):
            bound += score_bound(item, where)
        else:
            scores = [group.config.get(key) for key in ("accept_score", "reject_score")]
            bound += max(abs(s) for s in scores if isinstance(s, (int, float)))
    most = group.config.get("max_score")
    if group.config.get("format") != "legacy" and isinstance(most, float):
        bound = abs(most)  # the newer formats: a group's score is at most its max_score
    if not math.isfinite(bound):
        said = printable(group.path or "data")
        raise UsageError(
            f"{where}: the scores of {said} can sum past the largest number (1.8e308):"
            " give smaller scores"
        )
    return bound


def cases_of(folder: Path, group: Group, name: str) -> Iterator[Case]:
    """The Cases of a Group and its subgroups, in the order judged, of the package name."""
    for item in group.items:
        if isinstance(item, Group):
            yield from cases_of(folder, item, name)
        else:
            data = folder / "data" / item
            yield Case(name, item, data.with_suffix(".in"), data.with_suffix(".ans"), None)


def package_modes(
    folder: Path, data: Group, flags: str, custom: bool, interactive: bool
) -> tuple[Mode, dict[str, Mode]]:
    """The package's mode, and each case's where its group's output validator arguments add
    to problem.yaml's validator_flags."""
    cases: dict[str, tuple[str, ...]] = {}
    for group in groups_of(data):
        args = group.config.get("output_validator_args", ())
        given = [*flags.split(), *(args if isinstance(args, tuple) else ())]
        for item in group.items:
            if not isinstance(item, Group):
                cases[item] = tuple(given)
    made: dict[tuple[str, ...], Mode] = {}
    for words in set(cases.values()) | {tuple(flags.split())}:
        made[words] = validation_mode(folder, words, custom, interactive)
    mode = made[tuple(flags.split())]
    return mode, {case: made[words] for case, words in cases.items() if made[words] != mode}


def groups_of(group: Group) -> Iterator[Group]:
    yield group
    for item in group.items:
        if isinstance(item, Group):
            yield from groups_of(item)


def validator_programs(folder: Path) -> list[Path]:
    """The output validators of a package: output_validator/ (2023-07 and 2025-09), which is
    one program of all its files; and each file or folder of legacy's output_validators/."""
    found = sorted((folder / "output_validators").glob("[!.]*"))
    single = folder / "output_validator"
    if single.is_dir() and any(single.glob("[!.]*")):
        found.append(single)
    return found


def validation_mode(folder: Path, words: Sequence[str], custom: bool, interactive: bool) -> Mode:
    """The mode that judges by the package's validation and these flags."""
    if not custom:
        try:
            kattis_flags(list(words))
        except ValueError as error:
            raise UsageError(f"{folder / 'problem.yaml'} validator_flags: {error}") from None
        return make_mode(" ".join(("kattis", *words)))
    found = validator_programs(folder)
    if len(found) != 1:
        many = "more than one output validator" if found else "no output validator"
        raise UsageError(f"{folder}: validation is custom, and output_validators/ has {many}")
    try:
        command = program_command(found[0])
    except (Skipped, Unbuilt) as error:
        raise UsageError(f"{found[0]}: the output validator cannot run: {error}") from None
    kind = "interactive_validator" if interactive else "validator"
    mode = make_mode(f"{kind} {shlex.quote(str(found[0].relative_to(folder)))}")
    mode.command, mode.flags = command, tuple(words)
    return mode


def derived_limit(slowest: float, multiplier: float, resolution: float) -> float:
    """The time limit problemtools gives: the slowest accepted CPU time times the multiplier,
    rounded up to the resolution (a whole second), and at least one resolution. Both steps
    are rounded to 9 places first, as 0.2 * 1.5 / 0.1 is 3.0000000000000004 in floats and
    3 * 0.1 is 0.30000000000000004: the limit is 0.3, not 0.4 or a long fraction."""
    steps = max(1, math.ceil(round(slowest * multiplier / resolution, 9)))
    return round(steps * resolution, 9)
