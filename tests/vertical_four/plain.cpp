// vertical_four (竖直四子棋, Huawei OD): who connects four first, or which move is illegal.
// Judge-faithful port: reads only the judge's format (W H, then the moves); a test fixture,
// not the repo's solution. Idea: a hash map of played cells and of column heights (never
// W*H memory); after each move count equal pieces both ways along the four directions.
#include <bits/stdc++.h>
using namespace std;

int main() {
    ios::sync_with_stdio(false);
    cin.tie(nullptr);
    long long w, h, c;
    cin >> w >> h;
    unordered_map<long long, long long> height;
    unordered_map<long long, int> board;  // key: column * 2^26 + row (rows < 2^26)
    height.reserve(1 << 21);
    board.reserve(1 << 21);
    auto at = [&](long long x, long long y) {
        if (y < 0) return -1;
        auto it = board.find(x * (1LL << 26) + y);
        return it == board.end() ? -1 : it->second;
    };
    const int dirs[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
    for (long long i = 1; cin >> c; i++) {
        long long r = (c >= 1 && c <= w) ? height[c] : 0;
        if (c < 1 || c > w || r >= h) {
            cout << i << ",error\n";
            return 0;
        }
        height[c] = r + 1;
        int p = i & 1;  // 1 = red (odd moves), 0 = blue
        board[c * (1LL << 26) + r] = p;
        for (auto& d : dirs) {
            int n = 1;
            for (int sg = 1; sg >= -1; sg -= 2) {
                long long x = c + sg * d[0], y = r + sg * d[1];
                while (n < 4 && at(x, y) == p) n++, x += sg * d[0], y += sg * d[1];
            }
            if (n >= 4) {
                cout << i << "," << (p ? "red" : "blue") << "\n";
                return 0;
            }
        }
    }
    cout << "0,draw\n";
}
