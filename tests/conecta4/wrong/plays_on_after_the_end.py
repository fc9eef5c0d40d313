"""Bug: after CONNECT4 or FULL only the rest of that line is skipped; later lines play on."""

import re
import sys

# Bitboards: bit 7 * c + r for column c, row r (row 0 at the bottom; bit 6 of a column
# stays empty so that shifts do not wrap from one column into the next).


def has_four(bits):
    for shift in (1, 7, 6, 8):
        pairs = bits & (bits >> shift)
        if pairs & (pairs >> 2 * shift):
            return True
    return False


def board_text(mine):
    lines = []
    for r in range(5, -1, -1):
        marks = []
        for c in range(8):
            bit = 1 << (7 * c + r)
            marks.append("0" if mine[0] & bit else "1" if mine[1] & bit else " ")
        lines.append("|" + "".join(marks) + "|\n")
    return "".join(lines) + "\\--------/\n"


def main():
    raw = sys.stdin.buffer.read()
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    lines = raw.decode("utf-8", "replace").split("\n")
    if lines[-1] == "":
        lines.pop()
    mine = [0, 0]
    heights = [0] * 8
    turn = 0
    over = False
    out = []
    for line in lines:
        if not line.split():
            out.append(board_text(mine))
        for word in line.split():
            col = int(word) if re.fullmatch(r"\+?\d{1,8}", word) else 0
            if not 1 <= col <= 8 or heights[col - 1] == 6:
                out.append("INVALID\n")
                continue
            mine[turn] |= 1 << (7 * (col - 1) + heights[col - 1])
            heights[col - 1] += 1
            if has_four(mine[turn]):
                out.append("CONNECT4\n" + board_text(mine))
                over = True
                break
            if sum(heights) == 48:
                out.append("FULL\n" + board_text(mine))
                over = True
                break
            turn = 1 - turn
    if not over:
        out.append("QUIT\n")
    sys.stdout.write("".join(out))


main()
