/*
 * bare_libyaml_files.c - peer for `flowrun validate DIR` on a repository of flow files.
 *
 * One thread: walks DIR (nftw), and for every *.yaml / *.yml file reads it into a
 * buffer and runs libyaml's event parser over it (yaml_parser_parse until the end of
 * the stream, deleting each event).  No tree, no checks.  Each of REPEAT runs walks,
 * reads and parses everything again, so it does what `flowrun validate DIR` must do
 * at the least; the fastest run is reported.
 *
 * Usage:   bare_libyaml_files DIR [REPEAT]        (REPEAT defaults to 5)
 * Build:   gcc -O2 -o bare_libyaml_files bare_libyaml_files.c -lyaml
 * Output:  exactly one line on stdout, key=value pairs separated by spaces:
 *          bare-libyaml-files files=<N> bytes=<B> events=<E> best_seconds=<S> mb_per_s=<R>
 *          where mb_per_s uses 1 MB = 1e6 bytes and the best run.
 * Errors go to stderr and the exit status is 1 (2 for bad usage).
 */

#define _XOPEN_SOURCE 700 /* nftw, clock_gettime */

#include <fcntl.h>
#include <ftw.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "libyaml_loop.h"

static unsigned char *buf;    /* reused for every file */
static size_t buf_cap;
static unsigned long run_files, run_events;
static unsigned long long run_bytes;
static int run_failed;

static int has_yaml_suffix(const char *path)
{
    size_t n = strlen(path);
    return (n > 5 && strcmp(path + n - 5, ".yaml") == 0)
        || (n > 4 && strcmp(path + n - 4, ".yml") == 0);
}

/* Read PATH into buf; returns its length, or -1 on error. */
static long read_whole(const char *path)
{
    int fd = open(path, O_RDONLY);
    if (fd < 0) {
        fprintf(stderr, "bare_libyaml_files: cannot open %s: %s\n", path, strerror(errno));
        return -1;
    }
    struct stat st;
    if (fstat(fd, &st) != 0) {
        fprintf(stderr, "bare_libyaml_files: cannot stat %s: %s\n", path, strerror(errno));
        close(fd);
        return -1;
    }
    size_t want = (size_t)st.st_size + 1; /* +1: notice a file that grew */
    if (want > buf_cap) {
        unsigned char *bigger = realloc(buf, want);
        if (bigger == NULL) {
            fprintf(stderr, "bare_libyaml_files: out of memory\n");
            close(fd);
            return -1;
        }
        buf = bigger;
        buf_cap = want;
    }
    size_t len = 0;
    for (;;) {
        ssize_t n = read(fd, buf + len, buf_cap - len);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            fprintf(stderr, "bare_libyaml_files: error reading %s: %s\n", path, strerror(errno));
            close(fd);
            return -1;
        }
        if (n == 0)
            break;
        len += (size_t)n;
        if (len == buf_cap) {
            fprintf(stderr, "bare_libyaml_files: %s changed while it was read\n", path);
            close(fd);
            return -1;
        }
    }
    close(fd);
    return (long)len;
}

static int visit(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
    (void)st;
    (void)ftw;
    if (type != FTW_F || !has_yaml_suffix(path))
        return 0;
    long len = read_whole(path);
    if (len < 0 || count_events(buf, (size_t)len, path, &run_events) != 0) {
        run_failed = 1;
        return 1; /* stops the walk */
    }
    run_files++;
    run_bytes += (unsigned long long)len;
    return 0;
}

int main(int argc, char **argv)
{
    long repeat;
    int usage = parse_repeat(argc, argv, "bare_libyaml_files", "DIR", &repeat);
    if (usage != 0)
        return usage;

    double best = -1.0;
    unsigned long files = 0, events = 0;
    unsigned long long bytes = 0;
    for (long i = 0; i < repeat; i++) {
        run_files = run_events = 0;
        run_bytes = 0;
        double start = now_seconds();
        int rc = nftw(argv[1], visit, 64, FTW_PHYS);
        double elapsed = now_seconds() - start;
        if (rc != 0 || run_failed) {
            if (!run_failed)
                fprintf(stderr, "bare_libyaml_files: cannot walk %s: %s\n", argv[1], strerror(errno));
            free(buf);
            return 1;
        }
        if (i > 0 && (run_files != files || run_events != events)) {
            fprintf(stderr, "bare_libyaml_files: the folder changed between runs\n");
            free(buf);
            return 1;
        }
        files = run_files;
        events = run_events;
        bytes = run_bytes;
        if (best < 0 || elapsed < best)
            best = elapsed;
    }
    free(buf);
    if (files == 0) {
        fprintf(stderr, "bare_libyaml_files: no *.yaml or *.yml file under %s\n", argv[1]);
        return 1;
    }

    double mb_per_s = best > 0 ? ((double)bytes / 1e6) / best : 0.0;
    printf("bare-libyaml-files files=%lu bytes=%llu events=%lu best_seconds=%.6f mb_per_s=%.2f\n",
           files, bytes, events, best, mb_per_s);
    return 0;
}
