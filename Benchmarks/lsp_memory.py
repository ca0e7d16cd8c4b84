#!/usr/bin/env python3
"""The peak memory of `flowrun lsp` holding one large document, as an editor opens it.

usage: lsp_memory.py FLOWRUN FLOW.yaml

Starts the server, initializes it and reads its peak resident set (`VmHWM` in
/proc/PID/status): the baseline. Then opens FLOW.yaml (`didOpen` with its whole text) and
waits for its diagnostics, reads the peak again, sends one `didChange` (the text with a
comment added, as a keystroke changes it), waits, and reads it a third time; then asks
for the document's symbols (which need its outline) and reads it a last time. Prints
key=value: the file's size in bytes, the baseline, and the peaks after the open, the
change and the symbols, in bytes. Linux only (/proc).
"""
import json
import pathlib
import subprocess
import sys


def main(argv):
    flowrun, flow = argv[1], pathlib.Path(argv[2]).resolve()
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

    def peak():
        for line in pathlib.Path(f"/proc/{server.pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
        raise SystemExit("lsp_memory.py: no VmHWM in /proc (Linux only)")

    text = flow.read_text(encoding="utf-8")
    uri = flow.as_uri()
    send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}})
    receive()
    baseline = peak()
    send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
          "params": {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": text}}})
    opened = until_diagnostics()
    after_open = peak()
    send({"jsonrpc": "2.0", "method": "textDocument/didChange",
          "params": {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": text + "# edited\n"}]}})
    until_diagnostics()
    after_change = peak()
    # An outline is made when a request first needs one: document symbols need it.
    send({"jsonrpc": "2.0", "id": 2, "method": "textDocument/documentSymbol", "params": {"textDocument": {"uri": uri}}})
    symbols = receive()
    after_symbols = peak()
    send({"jsonrpc": "2.0", "id": 3, "method": "shutdown"})
    receive()
    send({"jsonrpc": "2.0", "method": "exit"})
    server.wait(timeout=60)
    print(f"bytes={len(text.encode())} baseline_bytes={baseline} open_peak_bytes={after_open} "
          f"change_peak_bytes={after_change} symbols_peak_bytes={after_symbols} "
          f"diagnostics={len(opened['params']['diagnostics'])} symbols={len(symbols.get('result') or [])}")


if __name__ == "__main__":
    main(sys.argv)
