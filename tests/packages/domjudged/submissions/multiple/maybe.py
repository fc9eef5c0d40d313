# @expected_results@: correct, wrong_answer
print(0)
