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
import pathlib
import sys

from lsp_client import LanguageServer


def main(argv):
    flowrun, flow = argv[1], pathlib.Path(argv[2]).resolve()
    server = LanguageServer(flowrun)

    def peak():
        for line in pathlib.Path(f"/proc/{server.pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
        raise SystemExit("lsp_memory.py: no VmHWM in /proc (Linux only)")

    text = flow.read_text(encoding="utf-8")
    uri = flow.as_uri()
    server.initialize()
    baseline = peak()
    server.open(uri, text)
    opened = server.until_diagnostics()
    after_open = peak()
    server.change(uri, 2, text + "# edited\n")
    server.until_diagnostics()
    after_change = peak()
    # An outline is made when a request first needs one: document symbols need it.
    server.send({"jsonrpc": "2.0", "id": 2, "method": "textDocument/documentSymbol", "params": {"textDocument": {"uri": uri}}})
    symbols = server.receive()
    after_symbols = peak()
    server.shut_down(timeout=60)
    print(f"bytes={len(text.encode())} baseline_bytes={baseline} open_peak_bytes={after_open} "
          f"change_peak_bytes={after_change} symbols_peak_bytes={after_symbols} "
          f"diagnostics={len(opened['params']['diagnostics'])} symbols={len(symbols.get('result') or [])}")


if __name__ == "__main__":
    main(sys.argv)
