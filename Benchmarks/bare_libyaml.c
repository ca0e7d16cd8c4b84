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

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <yaml.h>

#define DEFAULT_REPEAT 5

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

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/*
 * Parse BUF once, counting events into *events.  Returns 0 on success; on a
 * parse error prints libyaml's diagnostic and returns -1.
 */
static int parse_once(const unsigned char *buf, size_t len, unsigned long *events)
{
    yaml_parser_t parser;
    yaml_event_t event;
    unsigned long count = 0;
    int done = 0;

    if (!yaml_parser_initialize(&parser)) {
        fprintf(stderr, "bare_libyaml: yaml_parser_initialize failed (out of memory)\n");
        return -1;
    }
    yaml_parser_set_input_string(&parser, buf, len);

    while (!done) {
        if (!yaml_parser_parse(&parser, &event)) {
            fprintf(stderr, "bare_libyaml: parse error: %s",
                    parser.problem ? parser.problem : "unknown problem");
            /* libyaml marks are 0-based; print them 1-based like editors do. */
            fprintf(stderr, " at line %lu column %lu",
                    (unsigned long)parser.problem_mark.line + 1,
                    (unsigned long)parser.problem_mark.column + 1);
            if (parser.context != NULL)
                fprintf(stderr, " (%s)", parser.context);
            fputc('\n', stderr);
            yaml_parser_delete(&parser);
            return -1;
        }
        count++;
        done = (event.type == YAML_STREAM_END_EVENT);
        yaml_event_delete(&event);
    }

    yaml_parser_delete(&parser);
    *events = count;
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: %s FILE [REPEAT]\n", argv[0]);
        return 2;
    }

    long repeat = DEFAULT_REPEAT;
    if (argc == 3) {
        char *end = NULL;
        errno = 0;
        repeat = strtol(argv[2], &end, 10);
        if (errno != 0 || end == argv[2] || *end != '\0' || repeat < 1) {
            fprintf(stderr, "bare_libyaml: REPEAT must be a positive integer, got '%s'\n", argv[2]);
            return 2;
        }
    }

    size_t len = 0;
    unsigned char *buf = read_file(argv[1], &len);
    if (buf == NULL)
        return 1;

    double best = -1.0;
    unsigned long events = 0;
    for (long i = 0; i < repeat; i++) {
        unsigned long run_events = 0;
        double start = now_seconds();
        int rc = parse_once(buf, len, &run_events);
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
