#!/usr/bin/env python3
"""Generate a large, deterministic flowrun flow file for parser benchmarks.

Usage: python3 generate_flow_yaml.py OUT.yaml [SIZE_MB]

Writes roughly SIZE_MB megabytes (1 MB = 1_000_000 bytes, default 10) of YAML
shaped like a flowrun flow file that validates cleanly: a top-level flow whose `flows:` mapping holds
many child flows (f0, f1, ...), each with variables, `on:` handlers and a few
screens.  Block and flow style are mixed on purpose, and some strings contain
templates and non-ASCII text, so the parser sees a realistic workload.

Output depends only on SIZE_MB: the generator uses random.Random(42).
Generation stops once the file reaches SIZE_MB * 1_000_000 bytes; the child
flow being written at that point is always finished, so the document stays
valid YAML.  Nothing is printed on success.
"""

import random
import sys

DEFAULT_SIZE_MB = 10
SCREENS_PER_FLOW = 5

WORDS = [
    "account", "profile", "review", "confirm", "details", "payment",
    "address", "contact", "summary", "welcome", "settings", "security",
]
# Non-ASCII samples: accented Latin, CJK, Cyrillic, emoji.
UNICODE_WORDS = ["café", "日本", "naïve", "Zürich", "données", "привет", "✓ done"]
CHOICE_OPTIONS = ["a", "b", "c", "red", "green", "blue", "small", "large"]
FIELD_TYPES = ["text", "secret", "integer", "choice"]


def sentence(rng, n_words):
    """A few random words; occasionally one non-ASCII word."""
    words = [rng.choice(WORDS) for _ in range(n_words)]
    if rng.random() < 0.25:
        words[rng.randrange(n_words)] = rng.choice(UNICODE_WORDS)
    return " ".join(words)


def screen_text(rng, screen_index, indent):
    """The `text:` entry of a screen: a literal block or a quoted template."""
    pad = " " * indent
    if rng.random() < 0.4:
        lines = [f"{pad}text: |"]
        for _ in range(rng.randint(2, 4)):
            lines.append(f"{pad}  {sentence(rng, rng.randint(3, 8)).capitalize()}.")
        return lines
    return [f'{pad}text: "Hello {{{{ s{screen_index}_user }}}}, {sentence(rng, rng.randint(2, 6))}"']


def field(rng, screen_index, index, indent):
    """One entry of a `fields:` list, in block or flow style. Field ids are
    unique within their flow, as the format requires."""
    pad = " " * indent
    ftype = rng.choice(FIELD_TYPES)
    fid = f"s{screen_index}_user" if index == 0 else f"s{screen_index}_field{index}"
    # The username label stays a plain scalar; the others are quoted because
    # they may contain non-ASCII text.
    label = "Username" if index == 0 else f'"{sentence(rng, 2).title()}"'
    required = "true" if rng.random() < 0.5 else "false"
    options = rng.sample(CHOICE_OPTIONS, 3) if ftype == "choice" else None

    if rng.random() < 0.5:
        # Flow style: - { id: s0_user, label: Username, required: true }
        parts = [f"id: {fid}", f"label: {label}", f"type: {ftype}", f"required: {required}"]
        if options:
            parts.append(f"options: [{', '.join(options)}]")
        return [f"{pad}- {{ {', '.join(parts)} }}"]

    lines = [
        f"{pad}- id: {fid}",
        f"{pad}  label: {label}",
        f"{pad}  type: {ftype}",
        f"{pad}  required: {required}",
    ]
    if options:
        if rng.random() < 0.5:
            lines.append(f"{pad}  options: [{', '.join(options)}]")
        else:
            lines.append(f"{pad}  options:")
            lines.extend(f"{pad}    - {opt}" for opt in options)
    return lines


def screen(rng, index, indent):
    """One entry of a flow's `screens:` mapping. Each screen leads to the next
    (`go<n>`); the last one submits, which finishes the flow."""
    pad = " " * indent
    lines = [f"{pad}s{index}:", f'{pad}  title: "{sentence(rng, 2).title()}"']
    lines.extend(screen_text(rng, index, indent + 2))
    lines.append(f"{pad}  fields:")
    for i in range(rng.randint(1, 4)):
        lines.extend(field(rng, index, i, indent + 4))
    forward = "submit" if index == SCREENS_PER_FLOW - 1 else f"go{index + 1}"
    back = ", back" if index > 0 else ""
    lines.append(f'{pad}  actions: [{forward}{back}, {{ id: help, label: "Help" }}]')
    return lines


def handlers(rng, indent, n_screens):
    """A flow's `on:` mapping: a guarded push per screen, and submit."""
    pad = " " * indent
    lines = [f"{pad}on:"]
    for k in range(1, n_screens):
        if rng.random() < 0.5:
            # Flow-style handler list.
            lines.append(
                f"{pad}  go{k}: [ {{ when: 'attempts < 100 && !(s{k - 1}_user == null)', set: {{ attempts: attempts + 1 }}, push: s{k} }},"
                f' {{ say: "{sentence(rng, 3)}" }} ]'
            )
        else:
            # Block-style handler list.
            lines += [
                f"{pad}  go{k}:",
                f"{pad}    - when: 'attempts < 100'",
                f"{pad}      set:",
                f"{pad}        attempts: attempts + 1",
                f"{pad}      push: s{k}",
                f'{pad}    - say: "{sentence(rng, 3)}"',
            ]
    lines += [
        f"{pad}  submit:",
        f"{pad}    - when: 'size(name) >= 1 && attempts < 3'",
        f"{pad}      send: done_ok",
        f"{pad}    - finish: true",
    ]
    return lines


def child_flow(rng, index):
    """One complete child flow `f<index>` under the top-level `flows:` key."""
    lines = [
        f"  f{index}:",
        "    start: s0",
        '    variables: { attempts: 0, name: "x" }',
    ]
    lines.extend(handlers(rng, 4, SCREENS_PER_FLOW))
    lines.append("    screens:")
    for s in range(SCREENS_PER_FLOW):
        lines.extend(screen(rng, s, 6))
    return "\n".join(lines) + "\n"


def root_handlers(flow_count):
    """The root's `on:`: each flow's finish starts the next; the last ends the run."""
    lines = ["on:", '  done_ok: { say: "Done." }', '  help: { say: "Press a key." }']
    lines += [f"  f{k}.done: {{ replace: f{k + 1} }}" for k in range(flow_count - 1)]
    return "\n".join(lines) + "\n"


def generate(out_path, size_mb):
    rng = random.Random(42)
    target = int(size_mb * 1_000_000)
    header = (
        "version: 1\n"
        "flow: bench\n"
        'title: "Benchmark flow (generated)"\n'
        "start: f0\n"
        "flows:\n"
    )
    # Binary mode + explicit UTF-8 so byte counting is exact on any platform.
    with open(out_path, "wb") as out:
        data = header.encode("utf-8")
        out.write(data)
        written = len(data)
        index = 0
        # Always emit at least one child flow so `start: f0` resolves.
        # The root's handlers come last, about 32 bytes a flow: leave room for them.
        while index == 0 or written + 32 * index < target:
            data = child_flow(rng, index).encode("utf-8")
            out.write(data)
            written += len(data)
            index += 1
        data = root_handlers(index).encode("utf-8")
        out.write(data)
        written += len(data)
    return written, index


def main(argv):
    if len(argv) not in (2, 3):
        sys.stderr.write(f"usage: {argv[0]} OUT.yaml [SIZE_MB]\n")
        return 2
    try:
        size_mb = float(argv[2]) if len(argv) == 3 else DEFAULT_SIZE_MB
    except ValueError:
        size_mb = -1
    if size_mb <= 0:
        sys.stderr.write(f"{argv[0]}: SIZE_MB must be a positive number\n")
        return 2
    generate(argv[1], size_mb)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
