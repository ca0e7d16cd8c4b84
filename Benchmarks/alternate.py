#!/usr/bin/env python3
"""alternate.py RUNS --until TEXT CMD... [--then --until TEXT CMD...]...

Times each command from its start to TEXT appearing in its output (stdout and stderr
together, stdin from /dev/null), RUNS times each, taking the commands in turn in a fresh
random order every round, so a machine that gets busier or quieter affects them alike.
Prints one line per command, in the order given, of key=value pairs for the shell
scripts: `min=S p10=S p25=S median=S` (seconds).

On a shared virtual machine the best run alone swings by tenths of a millisecond from
one try to the next; quantiles of runs taken in turns are steadier, and ratios of them
compare two programs under the same load."""
import random
import sys

from measure import run_once


def parse(args):
    """[(text, command)] from `--until TEXT CMD... --then --until TEXT CMD...`."""
    groups, current = [], []
    for arg in args + ["--then"]:
        if arg != "--then":
            current.append(arg)
            continue
        if len(current) < 3 or current[0] != "--until":
            return None
        groups.append((current[1].encode(), current[2:]))
        current = []
    return groups


def quantile(sorted_values, q):
    return sorted_values[round(q * (len(sorted_values) - 1))]


def main(argv):
    groups = parse(argv[2:]) if len(argv) > 2 and argv[1].isdigit() else None
    if not groups:
        sys.stderr.write(__doc__.split("\n\n")[0] + "\n")
        return 2
    runs = int(argv[1])
    times = [[] for _ in groups]
    for _ in range(runs):
        for index in random.sample(range(len(groups)), len(groups)):
            text, command = groups[index]
            times[index].append(run_once(command, text)[0])
    for values in times:
        values.sort()
        print(" ".join(f"{name}={quantile(values, q):.6f}"
                       for name, q in (("min", 0), ("p10", 0.1), ("p25", 0.25), ("median", 0.5))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
