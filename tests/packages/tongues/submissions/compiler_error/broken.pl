# @EXPECTED_RESULTS@: COMPILER-ERROR
my ($a, $b) = split " ", <STDIN>
print $a + $b "\n";
