long long half(long long n);
