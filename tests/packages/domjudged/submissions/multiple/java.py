# submissions.json gives it DOMjudge's langid java: the runner would run it as Python.
# @EXPECTED_RESULTS@: CORRECT
a, b = map(int, input().split())
print(a + b)
