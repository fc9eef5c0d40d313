# DOMjudge keeps the folder's RUN-ERROR, which the line names among others.
# @EXPECTED_RESULTS@: RUN-ERROR, WRONG-ANSWER
raise SystemExit(3)
