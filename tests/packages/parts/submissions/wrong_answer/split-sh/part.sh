zero() { echo 0; }
