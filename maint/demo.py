"""Build the demo folder of docs/runner.md: `python3 -m maint.demo DIR`, then
`python3 runner.py --root DIR`.

DIR gets solutions/ holding two programs of the wrong-answer corpus, a conecta4 that prints
its board upside down and a vertical_four that writes `7, red` for `7,red`, each opened by
the `Judge:` line of the real solution so that it is judged as that is, and testcases/
holding two of the real cases, copied (a case renamed judge-CASE is found as well).
"""

import argparse
import re
import shutil
from pathlib import Path

from judge import JUDGE_PREFIX
from tools.problem import ROOT, run_tool

PROGRAMS = {"conecta4": "board_upside_down", "vertical_four": "comma_space"}
CASES = {"conecta4": ["connect4-diagonal"], "vertical_four": ["sample-1"]}


def build(folder):
    folder = Path(folder)
    for name, program in PROGRAMS.items():
        (folder / "solutions").mkdir(parents=True, exist_ok=True)
        source = ROOT / "tests" / name / "wrong" / (program + ".py")
        real = (ROOT / "solutions" / (name + ".py")).read_text(encoding="utf-8")
        judge = re.search(r"^Judge: .*$", real, re.MULTILINE).group(0)
        text = f"# {judge}\n" + source.read_text(encoding="utf-8")
        (folder / "solutions" / (name + ".py")).write_text(text, encoding="utf-8")
        (folder / "testcases" / name).mkdir(parents=True, exist_ok=True)
        for case in CASES[name]:
            found = ROOT / "testcases" / name / (case + ".in")
            if not found.is_file():
                found = found.with_name(JUDGE_PREFIX + found.name)
            for path in (found, found.with_suffix(".out")):
                shutil.copyfile(path, folder / "testcases" / name / path.name)
    return folder


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python3 -m maint.demo", description=__doc__)
    parser.add_argument("folder", metavar="DIR", help="the folder to build (e.g. demo)")
    build(parser.parse_args(argv).folder)
    return 0


if __name__ == "__main__":
    run_tool(main)
