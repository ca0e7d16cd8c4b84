#!/usr/bin/env python3
"""measure.py REPEAT [--until TEXT] CMD... : runs CMD REPEAT times, each in a fresh
process with stdin from /dev/null, and prints `seconds=<best wall time>
max_rss_bytes=<peak resident set of any run> status=<exit status>` on one line
(key=value, for the shell scripts).

With --until, `seconds` is the time from starting the process to TEXT appearing in its
output (stdout and stderr together), rather than to its exit."""
import os
import subprocess
import sys
import time


def run_once(command, until):
    read_end, write_end = os.pipe()
    start = time.perf_counter()
    process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=write_end, stderr=write_end)
    os.close(write_end)
    output, seen = b"", None
    while chunk := os.read(read_end, 65536):
        output += chunk
        if seen is None and until is not None and until in output:
            seen = time.perf_counter() - start
    os.close(read_end)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    if until is not None and seen is None:
        sys.stderr.write(f"measure.py: {until.decode()!r} never appeared in the output of {command}\n")
        sys.exit(1)
    # ru_maxrss is in kilobytes on Linux.
    return (seen if until is not None else elapsed), usage.ru_maxrss * 1024, os.waitstatus_to_exitcode(status)


def main(argv):
    args = argv[1:]
    if not args or not args[0].isdigit():
        sys.stderr.write("usage: measure.py REPEAT [--until TEXT] CMD...\n")
        return 2
    repeat, args = int(args[0]), args[1:]
    until = None
    if args[:1] == ["--until"] and len(args) >= 2:
        until, args = args[1].encode(), args[2:]
    if not args:
        sys.stderr.write("usage: measure.py REPEAT [--until TEXT] CMD...\n")
        return 2
    runs = [run_once(args, until) for _ in range(repeat)]
    best = min(runs)
    print(f"seconds={best[0]:.6f} max_rss_bytes={max(r[1] for r in runs)} status={best[2]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
