# @EXPECTED_RESULTS@: CORRECT
my ($a, $b) = split " ", <STDIN>;
print $a + $b, "\n";
