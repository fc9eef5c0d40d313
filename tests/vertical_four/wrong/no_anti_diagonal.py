"""Bug: the anti-diagonal (up-left to down-right) is never checked."""


def colour(stacks, c, r):
    stack = stacks.get(c)
    return stack[r] if stack is not None and 0 <= r < len(stack) else None


def main():
    with open(0, encoding="utf-8-sig") as stdin:
        words = stdin.read().split()
    if len(words) < 2:
        print("0,draw")
        return
    w, h = int(words[0]), int(words[1])
    stacks = {}
    for i, word in enumerate(words[2:], 1):
        c = int(word)
        stack = stacks.setdefault(c, []) if 1 <= c <= w else None
        if stack is None or len(stack) >= h:
            print(f"{i},error")
            return
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
                print(f"{i},{me}")
                return
    print("0,draw")


main()
