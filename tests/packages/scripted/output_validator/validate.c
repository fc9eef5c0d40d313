/* validate INPUT ANSWER FEEDBACK_DIR < OUTPUT: two positive numbers that add up to n. */
#include <stdio.h>

int main(int argc, char **argv) {
    long long n, a, b;
    FILE *input = argc > 3 ? fopen(argv[1], "r") : NULL;
    if (!input || fscanf(input, "%lld", &n) != 1) return 1;
    if (scanf("%lld %lld", &a, &b) == 2 && a > 0 && b > 0 && a + b == n) return 42;
    char path[4096];
    snprintf(path, sizeof path, "%s/judgemessage.txt", argv[3]);
    FILE *message = fopen(path, "w");
    if (message) fprintf(message, "not two positive parts of %lld\n", n), fclose(message);
    return 43;
}
