// One program of two sources, compiled together; half() is in half.cpp.
#include <cstdio>
#include "half.h"

int main() {
    long long n;
    if (std::scanf("%lld", &n) != 1) return 1;
    std::printf("%lld %lld\n", half(n), n - half(n));
}
