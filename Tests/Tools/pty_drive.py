#!/usr/bin/env python3
"""Drives a program on a pseudo-terminal, as a person at a terminal would.

usage: pty_drive.py STEPS_JSON CMD [ARG...]

STEPS_JSON is a list of steps: {"send": "text"} writes keys (use \\u001b for Esc,
\\u0003 for Ctrl-C, \\u001b[B for the down arrow); {"send_bytes": [255, 13]} writes
bytes as they are (text that is not UTF-8); {"expect": "text"} waits (up to 5 s)
until the screen output contains the text; {"wait": ms} pauses; {"signal": "TERM"}
sends the program a signal; {"resize": [rows, columns]} resizes the terminal (the
program gets SIGWINCH). The terminal starts at 24 rows of 80 columns.

Prints one JSON object: "screen" (everything written to the terminal), "stdout" (the
program's standard output, which is not the terminal), "status" (exit status, or
-signal), "expect_failed" (the first expectation not met, or null), and
"terminal_restored" (whether the terminal's modes are the same after the run as before).
"""
import fcntl, json, os, select, signal, struct, subprocess, sys, termios, threading, time


def main(argv):
    steps = json.loads(argv[1])
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    before = termios.tcgetattr(slave)
    env = dict(os.environ, TERM="xterm-256color")
    process = subprocess.Popen(argv[2:], stdin=slave, stderr=slave, stdout=subprocess.PIPE, env=env, start_new_session=True)
    screen = bytearray()
    lock = threading.Lock()

    def pump():
        exited = False
        while True:
            ready, _, _ = select.select([master], [], [], 0.05)
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
            process.send_signal(signal.SIGWINCH)
            time.sleep(0.05)
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
    after = termios.tcgetattr(slave)
    print(json.dumps({
        "screen": screen.decode("utf-8", "replace"),
        "stdout": stdout.decode("utf-8", "replace"),
        "status": process.returncode,
        "expect_failed": expect_failed,
        "terminal_restored": before == after,
    }))


if __name__ == "__main__":
    main(sys.argv)
