def half(n):
    return n // 2
