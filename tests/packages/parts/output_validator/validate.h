// The verdicts of Kattis's output validators: exit 42 accepts, 43 rejects with a message.
#include <cstdio>
#include <cstdlib>
#include <string>

inline void judge_message(const char *feedback, const std::string &text) {
    std::string path = std::string(feedback) + "/judgemessage.txt";
    if (FILE *file = std::fopen(path.c_str(), "w")) {
        std::fputs((text + "\n").c_str(), file);
        std::fclose(file);
    }
}

[[noreturn]] inline void accept() { std::exit(42); }

[[noreturn]] inline void reject(const char *feedback, const std::string &text) {
    judge_message(feedback, text);
    std::exit(43);
}
