"""judge/files.py: the files a run is given are read only when they are regular files, since a
FIFO would hang the run. In process; then FIFOs as a case's .in and .out through the runner,
read from its JSON report: each is that case's IE, and the run goes on."""

import os

import pytest
from runner_util import ECHO, POSIX_ONLY, case_reasons, case_verdicts, judged, make_root, write

from judge import files


def test_a_regular_file_is_read(tmp_path):
    write(tmp_path / "a.in", b"1 2\n\xff")
    assert files.read_regular(tmp_path / "a.in") == b"1 2\n\xff"
    with files.open_regular(str(tmp_path / "a.in")) as file:
        assert file.read(3) == b"1 2" and os.get_blocking(file.fileno())


def test_a_file_is_opened_binary_where_the_platform_has_a_text_mode(tmp_path, monkeypatch):
    """Windows's os.open reads text unless O_BINARY: CRLF made LF, and 0x1A an end."""
    write(tmp_path / "a.in", b"1\r\n\x1a2")
    flags, real, binary = [], os.open, 1 << 30  # a bit no platform's open has
    monkeypatch.setattr(os, "O_BINARY", binary, raising=False)
    monkeypatch.setattr(os, "open", lambda path, how: flags.append(how) or real(path, how ^ binary))
    assert files.read_regular(tmp_path / "a.in") == b"1\r\n\x1a2" and flags[0] & binary


@POSIX_ONLY
def test_a_link_to_a_regular_file_is_read(tmp_path):
    write(tmp_path / "a.in", "1\n")
    (tmp_path / "link.in").symlink_to("a.in")
    assert files.read_regular(tmp_path / "link.in") == b"1\n"


def test_a_folder_or_a_missing_file_is_an_os_error(tmp_path):
    (tmp_path / "dir.in").mkdir()
    with pytest.raises(IsADirectoryError) as raised:
        files.read_regular(tmp_path / "dir.in")
    assert raised.value.strerror == "Is a directory"
    with pytest.raises(FileNotFoundError):
        files.read_regular(tmp_path / "missing.in")


@POSIX_ONLY
def test_a_fifo_is_refused_at_once_never_waited_on(tmp_path):
    os.mkfifo(tmp_path / "b.in")
    os.mkfifo(tmp_path / "esc\x1b[2J.out")
    with pytest.raises(OSError, match=r"^b\.in is not a regular file$"):
        files.read_regular(tmp_path / "b.in")
    with pytest.raises(OSError) as raised:
        files.open_regular(tmp_path / "esc\x1b[2J.out")
    assert str(raised.value) == "esc\\x1b[2J.out is not a regular file"  # escaped


@POSIX_ONLY
def test_fifos_as_in_or_out_never_hang_the_runner(tmp_path):
    root = make_root(tmp_path, ECHO, {"a": ("1\n", "1\n")})
    os.mkfifo(root / "testcases" / "p" / "b.in")
    write(root / "testcases" / "p" / "c.in", "1\n")
    os.mkfifo(root / "testcases" / "p" / "c.out")
    status, report, _ = judged(root, timeout=20)
    assert case_verdicts(report) == {"p/a": "AC", "p/b": "IE", "p/c": "IE"} and status == 1
    assert case_reasons(report) == {
        "p/a": [],
        "p/b": ["could not run: b.in is not a regular file"],
        "p/c": ["could not read the .out: c.out is not a regular file"],
    }
