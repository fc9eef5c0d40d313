"""Extended-input bug: the board is read as the judge's 19 x 19, other sizes cut or padded."""

import sys

N = 19
lines = sys.stdin.read().lstrip("\ufeff").split()
board = [(lines[i] if i < len(lines) else "").ljust(N, ".")[:N] for i in range(N)]


def five_on_board():
    for i in range(N):
        for j in range(N):
            if board[i][j] == ".":
                continue
            for di, dj in ((0, 1), (1, 0), (1, 1), (1, -1)):
                ei, ej = i + 4 * di, j + 4 * dj
                if (
                    ei < N
                    and 0 <= ej < N
                    and all(board[i + k * di][j + k * dj] == board[i][j] for k in range(5))
                ):
                    return True
    return False


nb = sum(line.count("o") for line in board)
nw = sum(line.count("x") for line in board)
if nb != nw and nb != nw + 1:
    print("NO")
elif not five_on_board():
    print("YES")
else:
    side = "o" if nb > nw else "x"
    found = False
    for i in range(N):
        for j in range(N):
            if board[i][j] == side and not found:
                saved = board[i]
                board[i] = saved[:j] + "." + saved[j + 1 :]
                found = not five_on_board()
                board[i] = saved
    print("YES" if found else "NO")
