# @EXPECTED_RESULTS@: CORRECT
{ printf "%.0f\n", $1 + $2 }
