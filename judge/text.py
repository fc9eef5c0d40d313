"""Text shown to a person: never longer than a line should be, never acted on by a terminal."""

from __future__ import annotations

SHOWN_CHARS = 100  # longest line shown, in characters


def shorten(text: str) -> str:
    extra = len(text) - SHOWN_CHARS
    return text[:SHOWN_CHARS] + (f"... ({extra} more characters)" if extra > 0 else "")


def printable(text: str) -> str:
    """text with every character a terminal would act on (ESC, NUL, a newline) escaped."""
    if text.isprintable():  # most names: nothing to build
        return text
    return "".join(ch if ch.isprintable() or ch == "\t" else ascii(ch)[1:-1] for ch in text)


def as_text(name: str) -> str:
    """A file name as text: bytes that are not UTF-8 as \\xNN, never lone surrogates."""
    return name.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
