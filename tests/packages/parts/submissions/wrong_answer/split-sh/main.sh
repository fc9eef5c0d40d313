# Runs from its own folder, as DOMjudge runs a shell submission: part.sh is found there.
. ./part.sh
read -r n
echo "$(zero) $n"
