#!/usr/bin/env python3
"""A judge on your laptop: `python3 runner.py --help` says how to use it.

This file is the front door. It catches the stop signals first, so that a stop while the
judge loads is a stop like any other (exit 130, no traceback), then runs the package judge/
beside it. docs/design.md says how that package is laid out.
"""

import os
import sys

if __name__ == "__main__":
    HERE = os.path.dirname(os.path.abspath(__file__))
    if HERE not in sys.path:  # `python3 -I runner.py` leaves the script's folder out
        sys.path.insert(0, HERE)

    from judge.stop import catch_signals

    catch_signals()

    from judge.cli import main

    sys.exit(main())
