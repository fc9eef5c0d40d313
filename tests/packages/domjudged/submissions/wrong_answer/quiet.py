# Prints nothing: DOMjudge's NO-OUTPUT, which this line names in place of the folder's
# WRONG-ANSWER.
# @EXPECTED_RESULTS@: NO-OUTPUT
input()
