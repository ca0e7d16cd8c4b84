"""A minimal language-server client for the benchmarks: `flowrun lsp` over pipes.

Frames messages with `Content-Length` as an editor does, reads replies, and opens a
document. Shared by lsp_keystroke.py and lsp_memory.py.
"""
import json
import subprocess


class LanguageServer:
    def __init__(self, flowrun):
        self.process = subprocess.Popen([flowrun, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    @property
    def pid(self):
        return self.process.pid

    def send(self, message):
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def receive(self):
        length = 0
        while True:
            line = self.process.stdout.readline().strip()
            if not line:
                break
            key, value = line.decode().split(":", 1)
            if key.lower() == "content-length":
                length = int(value)
        return json.loads(self.process.stdout.read(length))

    def until_diagnostics(self):
        while True:
            message = self.receive()
            if message.get("method") == "textDocument/publishDiagnostics":
                return message

    def initialize(self):
        self.send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}})
        self.receive()

    def open(self, uri, text):
        self.send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                   "params": {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": text}}})

    def change(self, uri, version, text):
        self.send({"jsonrpc": "2.0", "method": "textDocument/didChange",
                   "params": {"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}]}})

    def shut_down(self, timeout):
        self.send({"jsonrpc": "2.0", "id": 99, "method": "shutdown"})
        self.receive()
        self.send({"jsonrpc": "2.0", "method": "exit"})
        self.process.wait(timeout=timeout)
