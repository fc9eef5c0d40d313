"""The next steps `make new P=NAME` prints: first fill the header's TODO lines, named, since
`make test` fails while one says TODO; then judge it with the runner, then `make test`."""

from tools import new


def test_the_next_steps_fill_the_todo_lines_first_then_judge_then_test(tmp_path, capsys):
    assert new.main(["fresh"], root=tmp_path) == 0
    lines = capsys.readouterr().out.splitlines()
    steps = lines[lines.index("next:") + 1 :]
    fill = next(i for i, line in enumerate(steps) if "TODO" in line)
    said = " ".join(line.strip() for line in steps[fill : fill + 3])
    assert steps[fill].startswith("  - fill the header's TODO lines first"), steps[fill]
    for field in ("Problem:", "Judge:", "Description:", "Idea:", "Time:", "Memory:"):
        assert field in said, said
    runner = next(i for i, line in enumerate(steps) if "python3 runner.py fresh" in line)
    test = next(i for i, line in enumerate(steps) if "make test" in line)
    assert fill < runner < test, steps
    assert "TODO" in steps[test], steps[test]  # it says why it fails until then
