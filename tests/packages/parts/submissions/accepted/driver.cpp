// Compiles only with include/cpp/parts.h beside it.
#include <cstdio>
#include "parts.h"

int main() {
    long long n;
    if (std::scanf("%lld", &n) != 1) return 1;
    std::printf("%lld %lld\n", first_part(n), n - first_part(n));
}
