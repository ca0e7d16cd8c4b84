/*
 * bare_libyaml.c - peer baseline for flowrun's YAML parsing benchmarks.
 *
 * Measures how fast plain libyaml can turn a file into parser events, with no
 * document tree and no Swift involved.  The file is read into memory once and
 * then parsed REPEAT times from that buffer; the fastest run is reported.
 *
 * Usage:   bare_libyaml FILE [REPEAT]        (REPEAT defaults to 5)
 * Build:   gcc -O2 -o bare_libyaml bare_libyaml.c -lyaml
 * Output:  exactly one line on stdout, key=value pairs separated by spaces:
 *          bare-libyaml bytes=<N> events=<E> best_seconds=<S> mb_per_s=<R>
 *          where mb_per_s uses 1 MB = 1e6 bytes and the best run.
 * Errors go to stderr and the exit status is 1 (2 for bad usage).
 */

#define _POSIX_C_SOURCE 199309L /* clock_gettime */

#include <string.h>

#include "libyaml_loop.h"

/* Read all of PATH into a newly allocated buffer; returns NULL on error. */
static unsigned char *read_file(const char *path, size_t *out_len)
{
    FILE *fp = fopen(path, "rb");
    if (fp == NULL) {
        fprintf(stderr, "bare_libyaml: cannot open %s: %s\n", path, strerror(errno));
        return NULL;
    }

    size_t cap = 1 << 20;
    size_t len = 0;
    unsigned char *buf = malloc(cap);
    if (buf == NULL) {
        fprintf(stderr, "bare_libyaml: out of memory\n");
        fclose(fp);
        return NULL;
    }

    for (;;) {
        if (len == cap) {
            /* Grow geometrically; guard against size_t overflow. */
            if (cap > (size_t)-1 / 2) {
                fprintf(stderr, "bare_libyaml: %s is too large\n", path);
                goto fail;
            }
            unsigned char *bigger = realloc(buf, cap * 2);
            if (bigger == NULL) {
                fprintf(stderr, "bare_libyaml: out of memory\n");
                goto fail;
            }
            buf = bigger;
            cap *= 2;
        }
        size_t n = fread(buf + len, 1, cap - len, fp);
        len += n;
        if (n == 0) {
            if (ferror(fp)) {
                fprintf(stderr, "bare_libyaml: error reading %s\n", path);
                goto fail;
            }
            break; /* EOF */
        }
    }

    fclose(fp);
    *out_len = len;
    return buf;

fail:
    free(buf);
    fclose(fp);
    return NULL;
}

int main(int argc, char **argv)
{
    long repeat;
    int usage = parse_repeat(argc, argv, "bare_libyaml", "FILE", &repeat);
    if (usage != 0)
        return usage;

    size_t len = 0;
    unsigned char *buf = read_file(argv[1], &len);
    if (buf == NULL)
        return 1;

    double best = -1.0;
    unsigned long events = 0;
    for (long i = 0; i < repeat; i++) {
        unsigned long run_events = 0;
        double start = now_seconds();
        int rc = count_events(buf, len, argv[1], &run_events);
        double elapsed = now_seconds() - start;
        if (rc != 0) {
            free(buf);
            return 1;
        }
        if (i > 0 && run_events != events) {
            /* Same input must give the same event stream every time. */
            fprintf(stderr, "bare_libyaml: event count changed between runs (%lu vs %lu)\n",
                    events, run_events);
            free(buf);
            return 1;
        }
        events = run_events;
        if (best < 0 || elapsed < best)
            best = elapsed;
    }
    free(buf);

    double mb_per_s = best > 0 ? ((double)len / 1e6) / best : 0.0;
    printf("bare-libyaml bytes=%zu events=%lu best_seconds=%.6f mb_per_s=%.2f\n",
           len, events, best, mb_per_s);
    return 0;
}
