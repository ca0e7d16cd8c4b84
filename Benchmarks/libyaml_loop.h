/*
 * libyaml_loop.h - what the C peers of the benchmarks share: a clock, the REPEAT
 * argument, and libyaml's event loop over a buffer (no tree, no checks).
 */
#ifndef LIBYAML_LOOP_H
#define LIBYAML_LOOP_H

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <yaml.h>

#define DEFAULT_REPEAT 5

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/*
 * The optional REPEAT argument (argv[2]) into *repeat, DEFAULT_REPEAT when absent.
 * Returns 0, or prints a usage error naming PROGRAM and returns 2.
 */
static int parse_repeat(int argc, char **argv, const char *program, const char *operand, long *repeat)
{
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: %s %s [REPEAT]\n", program, operand);
        return 2;
    }
    *repeat = DEFAULT_REPEAT;
    if (argc == 3) {
        char *end = NULL;
        errno = 0;
        *repeat = strtol(argv[2], &end, 10);
        if (errno != 0 || end == argv[2] || *end != '\0' || *repeat < 1) {
            fprintf(stderr, "%s: REPEAT must be a positive integer, got '%s'\n", program, argv[2]);
            return 2;
        }
    }
    return 0;
}

/*
 * Parses BUF[0..LEN) with libyaml, adding the events to *events. Returns 0, or on a
 * parse error prints libyaml's problem at NAME:line:column (1-based) and returns -1.
 */
static int count_events(const unsigned char *buf, size_t len, const char *name, unsigned long *events)
{
    yaml_parser_t parser;
    yaml_event_t event;
    int done = 0;

    if (!yaml_parser_initialize(&parser)) {
        fprintf(stderr, "yaml_parser_initialize failed (out of memory)\n");
        return -1;
    }
    yaml_parser_set_input_string(&parser, buf, len);
    while (!done) {
        if (!yaml_parser_parse(&parser, &event)) {
            fprintf(stderr, "%s:%lu:%lu: %s%s%s\n", name, (unsigned long)parser.problem_mark.line + 1,
                    (unsigned long)parser.problem_mark.column + 1,
                    parser.problem ? parser.problem : "parse error",
                    parser.context ? ", " : "", parser.context ? parser.context : "");
            yaml_parser_delete(&parser);
            return -1;
        }
        (*events)++;
        done = (event.type == YAML_STREAM_END_EVENT);
        yaml_event_delete(&event);
    }
    yaml_parser_delete(&parser);
    return 0;
}

#endif
