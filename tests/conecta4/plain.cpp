// conecta4 (Jutge P32786, Conecta 4): simulate Connect Four on a 6x8 board.
// Judge-faithful port: reads only the judge's format (moves 1-8 separated by spaces or line
// breaks, empty lines print the board); a test fixture, not the repo's solution. Idea: read
// line by line; an empty line prints the board, every number is a move; after each move look
// both ways along four directions for 4 in a row, then check for a full board.
#include <bits/stdc++.h>
using namespace std;

const int ROWS = 6, COLS = 8;
char board[ROWS][COLS];  // board[0] is the bottom row
string out;

void show() {
    for (int r = ROWS - 1; r >= 0; r--) out += "|" + string(board[r], COLS) + "|\n";
    out += "\\--------/\n";
}

bool wins(int r, int c, char p) {
    const int dirs[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    for (auto& d : dirs) {
        int n = 1;
        for (int sg = 1; sg >= -1; sg -= 2) {
            int y = r + sg * d[0], x = c + sg * d[1];
            while (y >= 0 && y < ROWS && x >= 0 && x < COLS && board[y][x] == p)
                n++, y += sg * d[0], x += sg * d[1];
        }
        if (n >= 4) return true;
    }
    return false;
}

int main() {
    memset(board, ' ', sizeof board);
    int turn = 0, placed = 0;
    string line;
    bool over = false;
    while (!over && getline(cin, line)) {
        if (line.empty()) { show(); continue; }
        istringstream in(line);
        int c;
        while (!over && in >> c) {
            c--;
            int r = 0;
            while (r < ROWS && board[r][c] != ' ') r++;
            if (r == ROWS) { out += "INVALID\n"; continue; }
            char p = '0' + turn;
            board[r][c] = p;
            turn = 1 - turn, placed++;
            if (wins(r, c, p) || placed == ROWS * COLS) {
                out += wins(r, c, p) ? "CONNECT4\n" : "FULL\n";
                show();
                over = true;
            }
        }
    }
    if (!over) out += "QUIT\n";
    cout << out;
}
