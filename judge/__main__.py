"""The judge as a command (`python3 -m judge` here; `stones-judge` once pip installed it). As
runner.py does, it catches the stop signals before the rest of the package loads, so that a
stop while it loads is a stop like any other (exit 130, no traceback)."""

import sys


def main() -> int:
    from .stop import catch_signals

    catch_signals()

    from .cli import main as judge

    return judge()


if __name__ == "__main__":
    sys.exit(main())
