#!/usr/bin/env python3
"""The time from an edit to its diagnostics in `flowrun lsp`, as an editor sees it.

usage: lsp_keystroke.py FLOWRUN FLOW.yaml EDITS

Opens FLOW.yaml, then sends EDITS `didChange` notifications, each the whole text with one
character changed in a comment at its end (as a keystroke changes it), and waits for the
`publishDiagnostics` that answers each. Prints key=value: median and p95 milliseconds,
the file's size in bytes, the number of edits.
"""
import pathlib
import statistics
import sys
import time

from lsp_client import LanguageServer


def main(argv):
    flowrun, flow, edits = argv[1], pathlib.Path(argv[2]).resolve(), int(argv[3])
    server = LanguageServer(flowrun)
    text = flow.read_text(encoding="utf-8")
    uri = flow.as_uri()
    server.initialize()
    server.open(uri, text)
    server.until_diagnostics()
    times = []
    for number in range(edits):
        started = time.perf_counter()
        server.change(uri, number + 2, text + f"# edit {number}\n")
        server.until_diagnostics()
        times.append((time.perf_counter() - started) * 1000)
    server.shut_down(timeout=10)
    times.sort()
    print(f"median_ms={statistics.median(times):.2f} p95_ms={times[int(len(times) * 0.95) - 1]:.2f} "
          f"bytes={len(text.encode())} edits={edits}")


if __name__ == "__main__":
    main(sys.argv)
