# @EXPECTED_RESULTS@: CORRECT
read -r a b
echo $((a + b))
