#!/usr/bin/env python3
"""Labels positions with the sparring partner's judgement, for the tuner.

    python3 lab/tools/label.py IN OUT [--nodes N] [--jobs J]

IN holds `pos VARIANT GROUP TARGET FEN` lines (`tune --dump` writes them);
OUT gets the same lines with TARGET replaced by Fairy-Stockfish's expected
result for White, 1 / (1 + 10^(-cp/400)) from its score after N nodes
(a mate to come is 1 or 0). J copies of lab/tools/sparring/fsf.mjs run at once,
or of a native Fairy-Stockfish given with --engine PATH (about three times
faster; it reads tests/data/variants.ini).
Positions it cannot judge (no score) are left out and counted. Lines
already in OUT are kept, so that a stopped run goes on where it stopped.
"""

import argparse
import os
import queue
import re
import subprocess
import sys
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
FSF = os.path.join(HERE, "sparring", "fsf.mjs")
# Fairy-Stockfish's name for each of our games.
NAMES = {"mansindam": "mansindam", "pandemonium": "pandemonium_prose"}
SCORE = re.compile(r"\bscore (cp|mate) (-?\d+)")


VARIANTS = os.path.join(HERE, "..", "..", "tests", "data", "variants.ini")


class Partner:
    def __init__(self, engine=None):
        command = [engine] if engine else ["node", FSF]
        self.p = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            text=True, bufsize=1)
        self.variant = None
        self.send("uci")
        self.wait("uciok")
        if engine:
            self.send("setoption name VariantPath value " + os.path.abspath(VARIANTS))
        self.send("setoption name Hash value 16")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, prefix):
        seen = []
        for line in self.p.stdout:
            line = line.strip()
            seen.append(line)
            if line.startswith(prefix):
                return seen
        raise RuntimeError("the sparring partner stopped")

    def judge(self, variant, fen, nodes):
        """Expected result for the side to move, or None."""
        if variant != self.variant:
            self.send("setoption name UCI_Variant value " + NAMES[variant])
            self.variant = variant
        self.send("ucinewgame")
        self.send("position fen " + fen)
        self.send("go nodes %d" % nodes)
        score = None
        for line in self.wait("bestmove"):
            m = SCORE.search(line)
            if m and line.startswith("info"):
                score = (m.group(1), int(m.group(2)))
        if score is None:
            return None
        kind, n = score
        if kind == "mate":
            return 1.0 if n > 0 else 0.0
        return 1.0 / (1.0 + 10 ** (-n / 400.0))

    def close(self):
        self.send("quit")
        self.p.wait(timeout=10)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("input")
    ap.add_argument("output")
    ap.add_argument("--nodes", type=int, default=20000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--engine", help="a native Fairy-Stockfish instead of the partner")
    args = ap.parse_args()

    done = set()
    if os.path.exists(args.output):
        with open(args.output) as f:
            for line in f:
                w = line.split(" ", 4)
                if len(w) == 5:
                    done.add((w[1], w[4].strip()))
    todo = queue.Queue()
    total = 0
    with open(args.input) as f:
        for line in f:
            w = line.rstrip("\n").split(" ", 4)
            if len(w) != 5 or w[0] != "pos" or w[1] not in NAMES:
                continue
            if (w[1], w[4]) not in done:
                todo.put(w)
                total += 1
    print("%d positions to label, %d already labelled" % (total, len(done)), flush=True)

    out = open(args.output, "a")
    lock = threading.Lock()
    counts = {"done": 0, "unjudged": 0}

    def work():
        partner = Partner(args.engine)
        try:
            while True:
                try:
                    _, variant, group, _, fen = todo.get_nowait()
                except queue.Empty:
                    return
                p = partner.judge(variant, fen, args.nodes)
                with lock:
                    if p is None:
                        counts["unjudged"] += 1
                        continue
                    white = p if fen.split()[1] == "w" else 1.0 - p
                    out.write("pos %s %s %.4f %s\n" % (variant, group, white, fen))
                    counts["done"] += 1
                    if counts["done"] % 200 == 0:
                        out.flush()
                        print("%d / %d" % (counts["done"], total), flush=True)
        finally:
            partner.close()

    threads = [threading.Thread(target=work) for _ in range(args.jobs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    out.close()
    print("labelled %d, unjudged %d" % (counts["done"], counts["unjudged"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
