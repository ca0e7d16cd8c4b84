#!/usr/bin/env python3
"""The time from an edit to its diagnostics in `flowrun lsp`, as an editor sees it.

usage: lsp_keystroke.py FLOWRUN FLOW.yaml EDITS

Opens FLOW.yaml, then sends EDITS `didChange` notifications, each the whole text with one
character changed in a comment at its end (as a keystroke changes it), and waits for the
`publishDiagnostics` that answers each. Prints key=value: median and p95 milliseconds,
the file's size in bytes, the number of edits.
"""
import json
import pathlib
import statistics
import subprocess
import sys
import time


def main(argv):
    flowrun, flow, edits = argv[1], pathlib.Path(argv[2]).resolve(), int(argv[3])
    server = subprocess.Popen([flowrun, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def send(message):
        body = json.dumps(message).encode()
        server.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        server.stdin.flush()

    def receive():
        length = 0
        while True:
            line = server.stdout.readline().strip()
            if not line:
                break
            key, value = line.decode().split(":", 1)
            if key.lower() == "content-length":
                length = int(value)
        return json.loads(server.stdout.read(length))

    def until_diagnostics():
        while True:
            message = receive()
            if message.get("method") == "textDocument/publishDiagnostics":
                return message

    text = flow.read_text(encoding="utf-8")
    uri = flow.as_uri()
    send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}})
    receive()
    send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
          "params": {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": text}}})
    until_diagnostics()
    times = []
    for number in range(edits):
        edited = text + f"# edit {number}\n"
        started = time.perf_counter()
        send({"jsonrpc": "2.0", "method": "textDocument/didChange",
              "params": {"textDocument": {"uri": uri, "version": number + 2}, "contentChanges": [{"text": edited}]}})
        until_diagnostics()
        times.append((time.perf_counter() - started) * 1000)
    send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
    receive()
    send({"jsonrpc": "2.0", "method": "exit"})
    server.wait(timeout=10)
    times.sort()
    print(f"median_ms={statistics.median(times):.2f} p95_ms={times[int(len(times) * 0.95) - 1]:.2f} "
          f"bytes={len(text.encode())} edits={edits}")


if __name__ == "__main__":
    main(sys.argv)
