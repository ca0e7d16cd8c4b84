// Declarations only: libFuzzer itself comes from -sanitize=fuzzer.
#include "CLibFuzzer.h"
