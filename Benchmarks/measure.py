#!/usr/bin/env python3
"""measure.py REPEAT CMD... : runs CMD REPEAT times, each in a fresh process, and
prints `seconds=<best wall time> max_rss_bytes=<peak resident set of that run's
process> status=<exit status>` on one line (key=value, for the shell scripts)."""
import os
import subprocess
import sys
import time


def run_once(command):
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    # ru_maxrss is in kilobytes on Linux.
    return elapsed, usage.ru_maxrss * 1024, os.waitstatus_to_exitcode(status)


def main(argv):
    if len(argv) < 3 or not argv[1].isdigit():
        sys.stderr.write("usage: measure.py REPEAT CMD...\n")
        return 2
    runs = [run_once(argv[2:]) for _ in range(int(argv[1]))]
    best = min(runs)
    print(f"seconds={best[0]:.6f} max_rss_bytes={max(r[1] for r in runs)} status={best[2]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
