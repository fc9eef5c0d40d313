"""Is an input a judge case of gobang_checker? AtCoder sends exactly 19 lines of exactly 19
characters from `o`, `x` and `.`, each ending in LF, and nothing else.
"""

import re

JUDGE_FORM = re.compile(rb"(?:[ox.]{19}\n){19}")


def why_extended(data):
    """None for an input AtCoder could send, else why it is one of ours (a short phrase)."""
    if JUDGE_FORM.fullmatch(data) is None:
        return "not 19 LF lines of 19 characters from o, x and ."
    return None
