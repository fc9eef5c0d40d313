"""vertical_four (竖直四子棋, Huawei OD): who connects four first, or which move is illegal.

Judge-faithful port: reads only the judge's format (line 1 `W H`, line 2 the moves).
It is a test fixture for the local runner, not the repo's solution.
Idea: keep only the played cells in a dict (key column * 2^32 + row) and the height of
each used column; after each move count equal pieces both ways along the four directions.
"""

M = 1 << 32  # rows stay far below 2^32, so column * M + row is a unique key


def main():
    w, h = map(int, input().split())
    moves = input().split()
    height = {}
    board = {}
    get = board.get
    for i, c in enumerate(map(int, moves), 1):
        r = height.get(c, 0)
        if c < 1 or c > w or r >= h:
            print(f"{i},error")
            return
        height[c] = r + 1
        p = i & 1  # 1 = red (odd moves), 0 = blue
        key = c * M + r
        board[key] = p
        for d in (M, 1, M + 1, M - 1):  # row, column, diagonal, anti-diagonal
            n = 1
            k = key + d
            while n < 4 and get(k) == p:
                n += 1
                k += d
            k = key - d
            while n < 4 and get(k) == p:
                n += 1
                k -= d
            if n >= 4:
                print(f"{i},{'red' if p else 'blue'}")
                return
    print("0,draw")


main()
