"""The brute-force oracle for conecta4, written from the problem statement only.

How it works
------------
* The input is cut into lines first (see ``split_lines`` for exactly what counts as a
  line and as an empty line), then each line is either an empty line, which prints the
  board, or a list of whitespace-separated numbers, which are played one by one. A
  byte-order mark at the start of the text is not part of the first line.
* The board is a dense 6 x 8 grid (a list of rows, row 0 at the bottom) of " ", "0"
  (red) and "1" (yellow). A move that is not a column 1..8 is INVALID (see ``column_of``
  for how a word is read); otherwise its column is scanned
  from the bottom for the first empty cell and, if there is none, the move is INVALID.
  An INVALID move changes nothing, so the same player moves again.
* After EVERY placed piece the whole grid is rescanned: every occupied cell is tried as
  the start of a line of four in each of the four directions (right, up, up-right,
  up-left). A line of four (a line of five or more contains one) is CONNECT4; this is
  checked before FULL, so a 48th move that makes four is CONNECT4. Otherwise a grid with
  no empty cell left (counted by looking at every cell) is FULL. Both print the board and
  stop reading. Running out of input first is QUIT.

Why it is independent of a fast solution: there are no height counters and no counting
outward from the last piece; the grid is the only state and every check looks at all of
it. It is slow and simple on purpose.
"""

import unicodedata

ROWS = 6
COLS = 8
EMPTY = " "
PLAYERS = ("0", "1")  # red moves first

DIRECTIONS = (
    ("horizontal", 0, 1),
    ("vertical", 1, 0),
    ("diagonal", 1, 1),  # "/" : up and to the right
    ("anti-diagonal", 1, -1),  # "\" : up and to the left
)

BASE_LINE = "\\--------/"


def split_lines(text):
    r"""Cut the input into lines; return a list of (is_empty, tokens).

    A line ends at "\n"; a "\r" just before it belongs to the line end (CRLF). The
    newline that ends the file's last line does not start another line after it, so:

    * ""            -> no lines at all: nothing is printed but QUIT;
    * "\n"          -> one line, and it is empty: one board, then QUIT;
    * "1 2\n"       -> one line "1 2", no empty line;
    * "1 2\n\n"     -> "1 2" and one empty line after it: one board;
    * "1 2"         -> one line "1 2" (no final newline is fine);
    * "1 2\n   "    -> "1 2" and a last line of only spaces, which is an empty line.

    A line holding only spaces and tabs (and the "\r" of a CRLF) counts as empty. A
    UTF-8 byte-order mark (U+FEFF) that starts the text is dropped: "\ufeff\n" is one empty
    line, "\ufeff1" is the line "1".
    """
    if text[:1] == "\ufeff":
        text = text[1:]
    pieces = text.split("\n")
    if pieces[-1] == "":
        # Either the text is "" or it ends with "\n": that "\n" only closes the last line.
        pieces.pop()
    lines = []
    for piece in pieces:
        if piece.endswith("\r"):
            piece = piece[:-1]
        tokens = piece.split()
        lines.append((len(tokens) == 0, tokens))
    return lines


def column_of(word):
    """The column 1..8 a word names, or None when it names none (an INVALID move).

    A word names a column when it is a whole number - decimal digits (any script's, as
    int() reads them: "3" or a full-width "\uff13") after an optional sign - whose value is
    1..8; leading zeros and a plus sign change nothing ("+3", "003"). Anything else (0, a
    negative number, 9 or more whatever its length, a word that is not a number such as
    "x", "1.5" or "3,") names no column.
    """
    sign, digits = (word[0], word[1:]) if word[:1] in ("+", "-") else ("", word)
    if not digits or not all(ch.isdecimal() for ch in digits):
        return None
    start = 0
    while start < len(digits) - 1 and unicodedata.decimal(digits[start]) == 0:
        start += 1  # a leading zero
    if sign == "-" or len(digits) - start > 1:
        return None
    value = unicodedata.decimal(digits[start])
    return value if 1 <= value <= COLS else None


def new_board():
    return [[EMPTY] * COLS for _ in range(ROWS)]


def render(board):
    """The board as the 7 output lines, top row first."""
    out = []
    for r in range(ROWS - 1, -1, -1):
        out.append("|" + "".join(board[r]) + "|")
    out.append(BASE_LINE)
    return out


def windows_from(r, c):
    """Every line of four cells that starts at (r, c) and stays on the board."""
    found = []
    for name, dr, dc in DIRECTIONS:
        cells = [(r + k * dr, c + k * dc) for k in range(4)]
        if all(0 <= rr < ROWS and 0 <= cc < COLS for rr, cc in cells):
            found.append((name, cells[1], cells[2], cells[3]))
    return found


# WINDOWS[r][c]: the lines of four starting at (r, c), worked out once.
WINDOWS = [[windows_from(r, c) for c in range(COLS)] for r in range(ROWS)]


def find_fours(board):
    """Rescan the whole board; return the set of (player, direction) of every line of four."""
    found = set()
    for r in range(ROWS):
        for c in range(COLS):
            who = board[r][c]
            if who == EMPTY:
                continue
            for name, (r1, c1), (r2, c2), (r3, c3) in WINDOWS[r][c]:
                if board[r1][c1] == who and board[r2][c2] == who and board[r3][c3] == who:
                    found.add((who, name))
    return found


def is_full(board):
    for r in range(ROWS):
        for c in range(COLS):
            if board[r][c] == EMPTY:
                return False
    return True


# The details of a game before its first line: see play().
START = {"end": "QUIT", "winner": None, "moves": 0, "boards": 0}
START.update(invalid_range=0, invalid_full=0, ignored=False)


def play(text):
    """Play the whole input; return (output lines, details).

    details is a dict:
      end         -- "CONNECT4", "FULL" or "QUIT"
      winner      -- "0" or "1" for CONNECT4, else None
      directions  -- sorted direction names of the lines of four (CONNECT4 only)
      moves       -- pieces placed
      boards      -- boards printed at empty lines
      invalid_range, invalid_full -- INVALID moves by kind
      ignored     -- True when input was left unread after CONNECT4 or FULL
    """
    board = new_board()
    turn = 0
    out = []
    details = dict(START, directions=[])
    lines = split_lines(text)
    for number, (empty, tokens) in enumerate(lines):
        if empty:
            out.extend(render(board))
            details["boards"] += 1
            continue
        for index, token in enumerate(tokens):
            column = column_of(token)
            if column is None:
                out.append("INVALID")
                details["invalid_range"] += 1
                continue
            c = column - 1
            r = 0
            while r < ROWS and board[r][c] != EMPTY:
                r += 1
            if r == ROWS:
                out.append("INVALID")
                details["invalid_full"] += 1
                continue
            board[r][c] = PLAYERS[turn]
            details["moves"] += 1
            fours = find_fours(board)
            if fours or is_full(board):
                details["ignored"] = index + 1 < len(tokens) or number + 1 < len(lines)
            if fours:
                # No four existed before this piece, so every line found uses it.
                assert {who for who, _ in fours} == {PLAYERS[turn]}
                out.append("CONNECT4")
                out.extend(render(board))
                details["end"] = "CONNECT4"
                details["winner"] = PLAYERS[turn]
                details["directions"] = sorted(name for _, name in fours)
                return out, details
            if is_full(board):
                out.append("FULL")
                out.extend(render(board))
                details["end"] = "FULL"
                return out, details
            turn = 1 - turn
    out.append("QUIT")
    return out, details


def solve(text):
    """Same contract as the solution: whole input text in, whole output text out."""
    out, _ = play(text)
    return "\n".join(out) + "\n"
