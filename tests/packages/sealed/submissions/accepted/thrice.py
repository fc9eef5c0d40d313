# Seals X as 3X + 1, and opens it again.
how, given = input().split()
print(int(given) * 3 + 1 if how == "remember" else (int(given) - 1) // 3, flush=True)
