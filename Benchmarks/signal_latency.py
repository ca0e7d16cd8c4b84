"""The time from SIGTERM to the end of `flowrun run`, while it waits for a line, before and
after an answer to `(a+)+b` (which a backtracking engine would take hours over; RE2
refuses it at once). Prints one key=value line: median_ms, p95_ms (over both cases), runs.

    python3 signal_latency.py FLOWRUN RUNS
"""
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time

FLOW = """version: 1
flow: app
start: s
screens:
  s:
    fields: [{ id: code, pattern: "(a+)+b" }]
    terminal: true
"""


def one(flowrun, path, answer):
    process = subprocess.Popen([flowrun, "run", path, "--output", "none"], stdin=subprocess.PIPE,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if answer:
        process.stdin.write(answer)
        process.stdin.flush()
    time.sleep(0.2)
    sent = time.monotonic()
    process.send_signal(signal.SIGTERM)
    process.wait(timeout=30)
    return (time.monotonic() - sent) * 1000


def main():
    flowrun, runs = sys.argv[1], int(sys.argv[2])
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "f.yaml")
        with open(path, "w") as file:
            file.write(FLOW)
        times = [one(flowrun, path, answer) for _ in range(runs) for answer in (b"", b"a" * 30 + b"c\n")]
    times.sort()
    p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
    print(f"median_ms={statistics.median(times):.1f} p95_ms={p95:.1f} runs={len(times)}")


main()
