# Prints nothing, and says nothing: the folder says NO-OUTPUT.
input()
