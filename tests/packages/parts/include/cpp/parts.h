// Given to every C++ submission (include/cpp/): the first part of n.
inline long long first_part(long long n) { return n / 2; }
