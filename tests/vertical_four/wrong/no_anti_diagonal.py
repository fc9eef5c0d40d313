"""Bug: the anti-diagonal (up-left to down-right) is never checked."""

from _stacks import game


def colour(stacks, c, r):
    stack = stacks.get(c)
    return stack[r] if stack is not None and 0 <= r < len(stack) else None


def main():
    with open(0, encoding="utf-8-sig") as stdin:
        w, h, moves = game(stdin.read().split())
    w, h = int(w), int(h)
    stacks = {}
    for i, word in enumerate(moves, 1):
        c = int(word)
        stack = stacks.setdefault(c, []) if 1 <= c <= w else None
        if stack is None or len(stack) >= h:
            return f"{i},error"
        me = "red" if i % 2 else "blue"
        stack.append(me)
        r = len(stack) - 1
        for dc, dr in ((1, 0), (0, 1), (1, 1)):
            n = 1
            for sign in (1, -1):
                k = 1
                while colour(stacks, c + sign * k * dc, r + sign * k * dr) == me:
                    n += 1
                    k += 1
            if n >= 4:
                return f"{i},{me}"
    return "0,draw"


print(main())
