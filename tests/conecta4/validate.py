"""Is an input a judge case of conecta4? The statement promises numbers 1-8 separated by
spaces or line breaks, empty lines anywhere but no line of only spaces, LF line ends; the
judge's data stay small (we say at most 10^4 numbers).
"""

import re

LINE = re.compile(rb"(?: *[1-8](?: +[1-8])* *)?")  # empty, or numbers 1-8 and spaces
MOST_NUMBERS = 10**4


def why_extended(data):
    """None for an input Jutge.org could send, else why it is one of ours (a short phrase)."""
    if data and not data.endswith(b"\n"):
        return "the last line has no LF"
    lines = data.split(b"\n")[:-1]
    if not all(LINE.fullmatch(line) for line in lines):
        return "a line that is neither empty nor numbers 1-8 separated by spaces"
    if sum(len(line.split()) for line in lines) > MOST_NUMBERS:
        return f"more than {MOST_NUMBERS} numbers"
    return None
