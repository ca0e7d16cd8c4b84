#ifndef FLOWRUN_CRE2_H
#define FLOWRUN_CRE2_H
// A C face for the few calls flowrun makes into RE2 (Debian's libre2-dev), which is C++.
// Only FlowKit/Expressions/RegexPattern.swift imports it.
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A compiled pattern; free it with flowrun_regex_free.
typedef struct flowrun_regex flowrun_regex;

/// Compiles `length` bytes of UTF-8 at `pattern`, in RE2's syntax. NULL only when memory
/// runs out; a pattern that does not compile is returned too, with its error.
flowrun_regex *flowrun_regex_compile(const void *pattern, size_t length);

/// Why the pattern does not compile, in RE2's words; NULL when it compiled. Lives as
/// long as `regex`.
const char *flowrun_regex_error(const flowrun_regex *regex);

/// 1 when the compiled pattern matches the whole of `length` bytes of UTF-8 at `text`
/// (`whole` not 0) or a part of them, 0 otherwise; -1 when memory ran out. Time linear
/// in `length`.
int flowrun_regex_match(const flowrun_regex *regex, const void *text, size_t length, int whole);

void flowrun_regex_free(flowrun_regex *regex);

#ifdef __cplusplus
}
#endif

#endif
