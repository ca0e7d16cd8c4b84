#!/usr/bin/env python3
"""Drives a program on a pseudo-terminal, as a person at a terminal would.

usage: pty_drive.py [--stdout-on-terminal] STEPS_JSON CMD [ARG...]

STEPS_JSON is a list of steps: {"send": "text"} writes keys (use \\u001b for Esc,
\\u0003 for Ctrl-C, \\u001b[B for the down arrow); {"send_bytes": [255, 13]} writes
bytes as they are (text that is not UTF-8); {"expect": "text"} waits (up to 5 s)
until the screen output contains the text; {"wait": ms} pauses; {"signal": "TERM"}
sends the program a signal; {"resize": [rows, columns]} resizes the terminal (the
program gets SIGWINCH); {"hangup": true} closes the terminal, as closing its window
does (no step can type after it). The terminal starts at 24 rows of 80 columns.

Prints one JSON object: "screen" (everything written to the terminal), "rendered" (what
a person reads on it at the end: the scroll-back and the screen as a small terminal
emulator draws them, one line per row, without colours), "stdout" (the program's
standard output, which is not the terminal: with --stdout-on-terminal it is, and this is
empty), "status" (exit status, or
-signal), "expect_failed" (the first expectation not met, or null), and
"terminal_restored" (whether the terminal's modes are the same after the run as before).
"""
import fcntl, json, os, re, select, signal, struct, subprocess, sys, termios, threading, time, unicodedata


class Emulator:
    """What a terminal shows of the bytes written to it: printable text, CR, LF, BS, and
    the cursor movements and erasures a form redrawn in place uses (CSI A B C D G H J K);
    other sequences (colours, OSC) are dropped. Rows that scrolled off stay, as in a
    terminal's scroll-back."""

    def __init__(self, rows, columns):
        self.rows, self.columns = rows, columns
        self.lines = [[]]
        self.row = self.col = 0
        self.top = 0

    def resize(self, rows, columns):
        self.rows, self.columns = rows, columns

    def feed(self, text):
        i = 0
        while i < len(text):
            c = text[i]
            if c == "\x1b":
                i = self.escape(text, i + 1)
                continue
            if c == "\r":
                self.col = 0
            elif c == "\n":
                self.line_feed()
            elif c == "\b":
                self.col = max(self.col - 1, 0)
            elif c >= " " and c != "\x7f":
                self.put(c)
            i += 1

    def line_feed(self):
        self.row += 1
        while len(self.lines) <= self.row:
            self.lines.append([])
        if self.row >= self.top + self.rows:
            self.top = self.row - self.rows + 1

    def put(self, c):
        if unicodedata.combining(c):
            return
        width = 2 if unicodedata.east_asian_width(c) in "WF" else 1
        if self.col + width > self.columns:
            self.col = 0
            self.line_feed()
        line = self.lines[self.row]
        while len(line) < self.col + width:
            line.append(" ")
        line[self.col] = c
        if width == 2:
            line[self.col + 1] = ""
        self.col += width

    def escape(self, text, i):
        if i >= len(text):
            return i
        if text[i] == "]":  # OSC, to BEL or ST
            end = i
            while end < len(text) and text[end] != "\x07" and text[end:end + 2] != "\x1b\\":
                end += 1
            return end + (1 if end < len(text) and text[end] == "\x07" else 2)
        if text[i] != "[":
            return i + 1
        match = re.compile(r"\[([0-9;?]*)([@-~])").match(text, i)
        if not match:
            return i + 1
        parameters, final = match.group(1), match.group(2)
        numbers = [int(n) if n.isdigit() else 0 for n in parameters.lstrip("?").split(";")] if parameters else []
        n = numbers[0] if numbers and numbers[0] > 0 else 1
        if final == "A":
            self.row = max(self.row - n, self.top)
        elif final == "B":
            self.row = min(self.row + n, self.top + self.rows - 1)
            while len(self.lines) <= self.row:
                self.lines.append([])
        elif final == "C":
            self.col = min(self.col + n, self.columns - 1)
        elif final == "D":
            self.col = max(self.col - n, 0)
        elif final == "G":
            self.col = min(n - 1, self.columns - 1)
        elif final == "H":
            self.row = self.top + (n - 1)
            self.col = (numbers[1] - 1) if len(numbers) > 1 and numbers[1] > 0 else 0
            while len(self.lines) <= self.row:
                self.lines.append([])
        elif final == "J":
            mode = numbers[0] if numbers else 0
            if mode == 0:
                del self.lines[self.row][self.col:]
                del self.lines[self.row + 1:]
        elif final == "K":
            mode = numbers[0] if numbers else 0
            line = self.lines[self.row]
            if mode == 0:
                del line[self.col:]
            elif mode == 2:
                line.clear()
        return match.end()

    def text(self):
        return "\n".join("".join(line).rstrip() for line in self.lines).rstrip("\n")


def main(argv):
    stdout_on_terminal = argv[1] == "--stdout-on-terminal"
    if stdout_on_terminal:
        argv = argv[1:]
    steps = json.loads(argv[1])
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    before = termios.tcgetattr(slave)
    env = dict(os.environ, TERM="xterm-256color")
    # The terminal is the program's controlling terminal, as a shell's would be: its
    # Ctrl-C sends SIGINT where the terminal's mode lets it (new session, then TIOCSCTTY).
    process = subprocess.Popen(argv[2:], stdin=slave, stderr=slave, stdout=slave if stdout_on_terminal else subprocess.PIPE,
                               env=env, start_new_session=True, preexec_fn=lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0))
    screen = bytearray()
    lock = threading.Lock()

    def pump():
        exited = False
        while True:
            try:
                ready, _, _ = select.select([master], [], [], 0.05)
            except (OSError, ValueError):  # the terminal was closed (a hangup step)
                return
            if ready:
                try:
                    data = os.read(master, 65536)
                except OSError:
                    return
                if not data:
                    return
                with lock:
                    screen.extend(data)
            elif exited:
                return
            elif process.poll() is not None:
                # One more quiet wait: what the program wrote as it exited may still be arriving.
                exited = True

    reader = threading.Thread(target=pump, daemon=True)
    reader.start()
    expect_failed = None
    sizes = []  # (bytes seen, rows, columns) at each resize, for the emulator
    for step in steps:
        if "send" in step:
            os.write(master, step["send"].encode())
            time.sleep(0.05)
        elif "send_bytes" in step:
            os.write(master, bytes(step["send_bytes"]))
            time.sleep(0.05)
        elif "signal" in step:
            process.send_signal(getattr(signal, "SIG" + step["signal"]))
        elif "resize" in step:
            rows, columns = step["resize"]
            fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
            with lock:
                sizes.append((len(screen), rows, columns))
            process.send_signal(signal.SIGWINCH)
            time.sleep(0.05)
        elif "hangup" in step:
            os.close(master)
            reader.join(timeout=1)
        elif "wait" in step:
            time.sleep(step["wait"] / 1000)
        elif "expect" in step and expect_failed is None:
            deadline = time.time() + 5
            while time.time() < deadline:
                with lock:
                    if step["expect"].encode() in screen:
                        break
                time.sleep(0.02)
            else:
                expect_failed = step["expect"]
    try:
        stdout, _ = process.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        stdout, _ = process.communicate()
    reader.join(timeout=1)
    try:
        after = termios.tcgetattr(slave)
    except termios.error:  # hung up
        after = None
    emulator, start = Emulator(24, 80), 0
    for end, rows, columns in sizes + [(len(screen), 24, 80)]:
        emulator.feed(screen[start:end].decode("utf-8", "replace"))
        emulator.resize(rows, columns)
        start = end
    print(json.dumps({
        "screen": screen.decode("utf-8", "replace"),
        "rendered": emulator.text(),
        "stdout": (stdout or b"").decode("utf-8", "replace"),
        "status": process.returncode,
        "expect_failed": expect_failed,
        "terminal_restored": before == after,
    }))


if __name__ == "__main__":
    main(sys.argv)
