// A C++ source named .c++, as the format's table of languages allows.
#include <iostream>

int main() {
    long long n;
    std::cin >> n;
    std::cout << 1 << ' ' << n - 1 << '\n';
}
