#include "CRE2.h"

#include <new>
#include <re2/re2.h>

struct flowrun_regex {
    re2::RE2 compiled;

    flowrun_regex(re2::StringPiece pattern, const re2::RE2::Options &options) : compiled(pattern, options) {}
};

// No C++ exception may cross into Swift: an allocation that fails (or any other throw) is a NULL.
flowrun_regex *flowrun_regex_compile(const void *pattern, size_t length) {
    re2::RE2::Options options;
    options.set_encoding(re2::RE2::Options::EncodingUTF8);
    // RE2 would write a rejected pattern's error to stderr itself.
    options.set_log_errors(false);
    try {
        return new flowrun_regex(re2::StringPiece(static_cast<const char *>(pattern), length), options);
    } catch (...) {
        return nullptr;
    }
}

const char *flowrun_regex_error(const flowrun_regex *regex) {
    return regex->compiled.ok() ? nullptr : regex->compiled.error().c_str();
}

int flowrun_regex_match(const flowrun_regex *regex, const void *text, size_t length, int whole) {
    re2::StringPiece subject(static_cast<const char *>(text), length);
    // Matching allocates (RE2's DFA cache): a failure is -1, never an exception into Swift.
    try {
        return whole ? re2::RE2::FullMatch(subject, regex->compiled) : re2::RE2::PartialMatch(subject, regex->compiled);
    } catch (...) {
        return -1;
    }
}

void flowrun_regex_free(flowrun_regex *regex) {
    delete regex;
}
