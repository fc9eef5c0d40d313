// validate INPUT ANSWER FEEDBACK_DIR < OUTPUT: two positive numbers that add up to n.
#include "validate.h"

int main(int argc, char **argv) {
    if (argc < 4) return 1;
    long long n = 0, a = 0, b = 0;
    FILE *input = std::fopen(argv[1], "r");
    if (!input || std::fscanf(input, "%lld", &n) != 1) return 1;
    if (std::scanf("%lld %lld", &a, &b) != 2) reject(argv[3], "want two numbers");
    char extra[2];
    if (std::scanf("%1s", extra) == 1) reject(argv[3], "more than two numbers");
    if (a < 1 || b < 1 || a + b != n) {
        reject(argv[3], std::to_string(a) + " + " + std::to_string(b) + " is not " +
                            std::to_string(n) + ", or a part is not positive");
    }
    accept();
}
