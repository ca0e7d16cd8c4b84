"""flowrun lsp, driven by pytest-lsp (pygls' client), as an editor drives it.

Run by LanguageServerTests (swift test) with FLOWRUN_BIN naming the built binary:
    FLOWRUN_BIN=.build/debug/flowrun python3 -m pytest Tests/Tools/lsp -q
Positions are LSP's: 0-based lines, characters in UTF-16 code units.
"""
import asyncio
import json
import os
import pathlib
import subprocess
import sys
import tempfile

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

FLOWRUN = os.environ.get("FLOWRUN_BIN", "flowrun")
FOLDER = pathlib.Path(tempfile.mkdtemp(prefix="flowrun-lsp-"))


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[FLOWRUN, "lsp"]))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(types.InitializeParams(capabilities=types.ClientCapabilities()))
    yield
    await lsp_client.shutdown_session()


def uri(name):
    return (FOLDER / name).as_uri()


async def published(client, name, before):
    """The diagnostics published for `name` after `before` (the list held until then)."""
    for _ in range(1000):
        current = client.diagnostics.get(uri(name))
        if current is not None and current is not before:
            return list(current)
        await asyncio.sleep(0.01)
    raise AssertionError(f"no diagnostics were published for {name}")


async def open_document(client, name, text, write=False):
    if write:
        (FOLDER / name).write_text(text, encoding="utf-8")
    before = client.diagnostics.get(uri(name))
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri(name), language_id="yaml", version=1, text=text)))
    return await published(client, name, before)


async def change_document(client, name, text, version=2):
    before = client.diagnostics.get(uri(name))
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri(name), version=version),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))
    return await published(client, name, before)


WIDE = """version: 1
flow: app
start: home
screens:
  home:
    text: "日本😀 {{ nosuch }}"
    actions: [quit]
"""


async def test_diagnostics_count_utf16_units_before_the_token(client):
    found = await open_document(client, "wide.yaml", WIDE)
    assert [d.code for d in found] == ["unknown-name"]
    # `    text: "` is 11 units, 日本 2, 😀 2 (a surrogate pair), ` {{ ` 4: the token starts at 19.
    assert found[0].range.start == types.Position(line=5, character=19)
    assert found[0].range.end == types.Position(line=5, character=25)
    assert found[0].severity == types.DiagnosticSeverity.Error
    assert found[0].source == "flowrun"


async def test_a_change_is_checked_again_and_notes_are_related_information(client):
    await open_document(client, "edit.yaml", "version: 1\nflow: app\nstart: home\nscreens:\n  home: { actions: [quit] }\n")
    broken = await change_document(client, "edit.yaml", "version: 1\nflow: app\nstart: home\nstart: again\nscreens:\n  home: { actions: [quit] }\n")
    assert [d.code for d in broken] == ["duplicate-key"]
    related = broken[0].related_information
    assert related and related[0].location.range.start == types.Position(line=2, character=0)
    assert related[0].location.uri == uri("edit.yaml")
    fixed = await change_document(client, "edit.yaml", "version: 1\nflow: app\nstart: home\nscreens:\n  home: { actions: [quit] }\n", 3)
    assert fixed == []


async def test_a_fix_is_a_quick_fix(client):
    found = await open_document(client, "typo.yaml", "version: 1\nflow: app\nstart: home\nscreens:\n  home:\n    titel: Hi\n    actions: [quit]\n")
    assert [d.code for d in found] == ["unknown-key"]
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri("typo.yaml")), range=found[0].range,
        context=types.CodeActionContext(diagnostics=found)))
    assert len(actions) == 1
    edit = actions[0].edit.changes[uri("typo.yaml")][0]
    assert edit.new_text == "title"
    assert edit.range == found[0].range == types.Range(start=types.Position(line=5, character=4), end=types.Position(line=5, character=9))


SIGNIN = """version: 1
flow: app
start: login
variables: { tries: 0 }
on:
  signed_in: { replace: main }
flows:
  login:
    start: form
    screens:
      form:
        fields:
          - { id: name, type: text }
        actions: [submit, quit]
        on:
          submit:
            - when: name == "ada"
              send: signed_in
            - set: { app.tries: tries + 1 }
              push: form
  main:
    start: home
    screens:
      home: { text: "Hello {{ login.name }}", actions: [quit] }
"""


async def test_hover_shows_an_actions_chain_and_what_a_name_is(client):
    assert await open_document(client, "signin.yaml", SIGNIN) == []
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri("signin.yaml")), position=types.Position(line=13, character=19)))
    text = hover.contents.value
    assert "**action `submit`**" in text
    assert "chain: screen 'form' → flow 'login' → flow 'app' → the application" in text
    assert "screen 'form': when `name == \"ada\"`" in text
    field = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri("signin.yaml")), position=types.Position(line=16, character=21)))
    assert "field `name`" in field.contents.value and "string" in field.contents.value


async def test_definition_follows_targets_sends_done_and_names(client):
    await open_document(client, "signin.yaml", SIGNIN)

    async def definition(line, character):
        found = await client.text_document_definition_async(types.DefinitionParams(
            text_document=types.TextDocumentIdentifier(uri=uri("signin.yaml")), position=types.Position(line=line, character=character)))
        return found.range.start if found else None

    assert await definition(5, 25) == types.Position(line=20, character=2), "replace: main → the flow"
    assert await definition(17, 22) == types.Position(line=5, character=2), "send: signed_in → the handler"
    assert await definition(19, 21) == types.Position(line=10, character=6), "push: form → the screen"
    assert await definition(16, 21) == types.Position(line=12, character=18), "a name in an expression → its field"
    assert await definition(23, 37) == types.Position(line=12, character=18), "login.name in a template → the field"
    assert await definition(23, 31) == types.Position(line=7, character=2), "login in a template → the flow"
    assert await definition(2, 7) == types.Position(line=7, character=2), "start: login → the flow"


async def test_completion_offers_keys_ids_and_names(client):
    await open_document(client, "signin.yaml", SIGNIN)
    edited = SIGNIN.replace("      home: { text: \"Hello {{ login.name }}\", actions: [quit] }\n",
                            "      home: { text: \"Hello {{ login.name }}\", actions: [quit] }\n      other:\n        \n")
    await change_document(client, "signin.yaml", edited)

    async def labels(line, character):
        found = await client.text_document_completion_async(types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=uri("signin.yaml")), position=types.Position(line=line, character=character)))
        items = found.items if hasattr(found, "items") else found
        return {item.label for item in items}

    assert {"fields", "actions", "text", "on"} <= await labels(25, 8), "a screen's keys"
    assert {"form"} <= await labels(19, 20), "push: a screen of the handling flow"
    assert {"name", "tries", "size", "login"} <= await labels(16, 22), "names and functions in an expression"


async def test_document_symbols_are_flows_screens_and_fields(client):
    await open_document(client, "signin.yaml", SIGNIN)
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(
        text_document=types.TextDocumentIdentifier(uri=uri("signin.yaml"))))
    root = symbols[0]
    assert root.name == "app"
    login = next(child for child in root.children if child.name == "login")
    form = next(child for child in login.children if child.name == "form")
    assert [field.name for field in form.children] == ["name"]
    assert form.kind == types.SymbolKind.Class


async def test_an_open_used_file_is_read_from_the_editor(client):
    used = "version: 1\nflow: confirm\nstart: ask\nparams: { q: null }\nscreens:\n  ask: { text: \"{{ qq }}\", actions: [back] }\n"
    (FOLDER / "confirm.yaml").write_text(used, encoding="utf-8")
    user = ("version: 1\nflow: app\nstart: home\nflows:\n  ask: { use: confirm.yaml, with: { q: '\"Sure?\"' } }\n"
            "on: { ask.done: { say: Done. } }\n"
            "screens:\n  home:\n    actions: [ask, quit]\n    on: { ask: { push: ask } }\n")
    found = await open_document(client, "user.yaml", user, write=True)
    assert found == []

    async def definition(line, character):
        return await client.text_document_definition_async(types.DefinitionParams(
            text_document=types.TextDocumentIdentifier(uri=uri("user.yaml")), position=types.Position(line=line, character=character)))

    used_file = await definition(4, 16)
    assert used_file.uri == uri("confirm.yaml") and used_file.range.start == types.Position(line=0, character=0), "use: → the file"
    done = await definition(5, 8)
    assert done.uri == uri("user.yaml") and done.range.start == types.Position(line=4, character=2), "ask.done → the flow"
    assert [d.code for d in await open_document(client, "confirm.yaml", used)] == ["unknown-name"], "its mistake, found through its user"
    fixed = await change_document(client, "confirm.yaml", used.replace("qq", "q"))
    assert fixed == []


async def test_documents_that_are_not_flows_or_huge_get_diagnostics(client):
    assert [d.code for d in await open_document(client, "bad.yaml", "version: 1\nflow: [unclosed\n")] == ["yaml-syntax"]
    huge = "version: 1\nflow: app\nstart: s\nvariables:\n" + "".join(f"  v{i}: \"{'x' * 80}\"\n" for i in range(55_000)) + "screens: { s: { actions: [quit] } }\n"
    assert len(huge) > 5_000_000
    assert await open_document(client, "huge.yaml", huge) == []


def test_bad_json_rpc_gets_error_replies_and_the_server_lives_on():
    server = subprocess.Popen([FLOWRUN, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def send(body):
        server.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        server.stdin.flush()

    def receive():
        headers = {}
        while True:
            line = server.stdout.readline().decode().strip()
            if not line:
                break
            key, value = line.split(":", 1)
            headers[key.lower()] = value.strip()
        return json.loads(server.stdout.read(int(headers["content-length"])))

    # The protocol's lifecycle: a request before `initialize` is an error.
    send(json.dumps({"jsonrpc": "2.0", "id": 1, "method": "textDocument/hover", "params": {}}).encode())
    assert receive()["error"]["code"] == -32002
    send(json.dumps({"jsonrpc": "2.0", "id": 2, "method": "initialize", "params": {"capabilities": {}}}).encode())
    assert "capabilities" in receive()["result"]
    send(b"{not json")
    assert receive()["error"]["code"] == -32700
    send(json.dumps({"jsonrpc": "2.0", "id": 7, "method": "no/such/method"}).encode())
    reply = receive()
    assert reply["id"] == 7 and reply["error"]["code"] == -32601
    send(json.dumps({"jsonrpc": "2.0", "id": 8, "method": "textDocument/hover", "params": {"nonsense": True}}).encode())
    assert receive() == {"jsonrpc": "2.0", "id": 8, "result": None}
    send(json.dumps({"jsonrpc": "2.0", "id": 9, "method": "shutdown"}).encode())
    assert receive()["id"] == 9
    send(json.dumps({"jsonrpc": "2.0", "id": 10, "method": "textDocument/hover", "params": {}}).encode())
    assert receive()["error"]["code"] == -32600
    send(json.dumps({"jsonrpc": "2.0", "method": "exit"}).encode())
    assert server.wait(timeout=10) == 0
