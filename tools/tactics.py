#!/usr/bin/env python3
"""Collects short forced mates for the tactics check (tests/tactics.rs).

    tools/tactics.py ENGINE GAMES... > tests/data/tactics.txt

GAMES are `match --verbose` files. In every game that ended by checkmate, the
positions 1, 3 and 5 plies before the end are candidates for a mate in 1, 2
and 3 for the winner. ENGINE is a UCI command for Fairy-Stockfish with our
variants (`node lab/tools/sparring/fsf.mjs`, the lab's sparring partner,
which lab/tools/setup.sh installs, or a native build given `VariantPath`);
a candidate is kept only when it finds a mate in exactly that many moves
at depth 12. Output, a line per position:

    VARIANT MATE_IN FAIRY_STOCKFISH_MOVE MOVES...

with the moves from the start position. At most 40 per variant, spread over
mates in 1, 2 and 3; the same games give the same list.
"""
import subprocess
import sys


def main():
    engine, files = sys.argv[1], sys.argv[2:]
    fsf = subprocess.Popen(engine, shell=True, stdin=subprocess.PIPE,
                           stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(line):
        fsf.stdin.write(line + "\n")
        fsf.stdin.flush()

    def until(prefix):
        while True:
            line = fsf.stdout.readline()
            if not line:
                sys.exit("the engine stopped")
            if line.startswith(prefix):
                return line

    send("uci")
    until("uciok")
    if "fsf.mjs" not in engine:
        send("setoption name VariantPath value tests/data/variants.ini")
    names = {"mansindam": "mansindam", "pandemonium": "pandemonium_prose"}
    wanted = {(v, n): 0 for v in names for n in (1, 2, 3)}
    per_kind = 40 // 3 + 1
    out = []
    seen = set()
    for f in files:
        for line in open(f):
            if not line.startswith("game ") or "(checkmate," not in line:
                continue
            words = line.split()
            variant = words[2]
            moves = line.split(" plies) ", 1)[1].split()
            for n in (1, 2, 3):
                if wanted[(variant, n)] >= per_kind:
                    continue
                before = moves[: len(moves) - (2 * n - 1)]
                key = (variant, " ".join(before))
                if len(before) < 8 or key in seen:
                    continue
                seen.add(key)
                send(f"setoption name UCI_Variant value {names[variant]}")
                send("ucinewgame")
                send("position startpos moves " + " ".join(before))
                send("go depth 12")
                score = None
                while True:
                    l = fsf.stdout.readline()
                    if " score " in l:
                        w = l.split()
                        i = w.index("score")
                        score = (w[i + 1], int(w[i + 2]))
                    if l.startswith("bestmove"):
                        best = l.split()[1]
                        break
                if score == ("mate", n):
                    wanted[(variant, n)] += 1
                    out.append(f"{variant} {n} {best} {' '.join(before)}")
    send("quit")
    for l in sorted(out, key=lambda l: (l.split()[0], int(l.split()[1]))):
        print(l)
    print(f"{len(out)} positions: " + ", ".join(
        f"{v} mate in {n}: {c}" for (v, n), c in wanted.items()), file=sys.stderr)


if __name__ == "__main__":
    main()
