"""Bug: the newline ending the last line is read as one more empty line (extra board)."""

import sys

W, H = 8, 6


def as_column(word):
    try:
        value = int(word)
    except ValueError:
        return None
    return value - 1 if 1 <= value <= W else None


def four_anywhere(board):
    for i in range(W * H):
        r, c = divmod(i, W)
        if board[i] == " ":
            continue
        for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
            if not (0 <= r + 3 * dr < H and 0 <= c + 3 * dc < W):
                continue
            if all(board[(r + k * dr) * W + c + k * dc] == board[i] for k in range(1, 4)):
                return True
    return False


def drawing(board):
    text = ""
    for r in range(H - 1, -1, -1):
        text += "|" + "".join(board[r * W : r * W + W]) + "|\n"
    return text + "\\--------/\n"


def main():
    data = sys.stdin.buffer.read().decode("utf-8", "replace")
    if data[:1] == "\ufeff":
        data = data[1:]
    board = [" "] * (W * H)
    moves = 0
    result = []
    for line in data.split("\n"):
        words = line.split()
        if not words:
            result.append(drawing(board))
        for word in words:
            c = as_column(word)
            free = [r for r in range(H) if c is not None and board[r * W + c] == " "]
            if not free:
                result.append("INVALID\n")
                continue
            board[free[0] * W + c] = "01"[moves % 2]
            moves += 1
            if four_anywhere(board):
                result.append("CONNECT4\n" + drawing(board))
                return result
            if moves == W * H:
                result.append("FULL\n" + drawing(board))
                return result
    result.append("QUIT\n")
    return result


sys.stdout.write("".join(main()))
