#!/usr/bin/env python3
"""Random games played by Fairy-Stockfish (pyffish) with tests/data/variants.ini
(with stretches of shuffling and marching Kings, see `choose`),
written down ply by ply for `cargo test --test differential -- --ignored`,
which replays them with our engine and compares legal move sets, FEN, SAN and
the game-end verdict at every ply.

    tools/differential.py [--games N] [--seed S] [--plies P]

Writes target/differential/<variant>.tsv. Each game is a line `G<TAB>variant`
followed by one line per position:
`P<TAB>fen<TAB>legal moves (sorted, space separated)<TAB>move<TAB>san<TAB>end`
where move/san are '-' at the last position and end is '-' or
'<winner>:<kind>', winner w, b or d (a draw), kind one of mate (no legal
moves) or rule (a rule of the game ended it: campmate, repetition).
"""
import argparse
import ctypes
import os
import random

import pyffish as sf

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
VARIANTS = {"mansindam": "mansindam", "pandemonium": "pandemonium_prose"}


def verdict(fsf, start, moves, fen, repeated, legal):
    """'-' while the game goes on, else '<winner>:<kind>'.

    Only a repetition rule needs the game's history, and it can only apply
    when the position has occurred before; otherwise Fairy-Stockfish is asked
    about the position alone (replaying the history at every ply made the
    script quadratic in the game's length)."""
    side = "w" if len(moves) % 2 == 0 else "b"  # both start positions: White to move
    other = "b" if side == "w" else "w"
    origin, history = (start, moves) if repeated else (fen, [])
    ended, result = sf.is_immediate_game_end(fsf, origin, history)
    kind = "rule"
    if not ended and repeated:
        # Repetition is the only optional end these variants have.
        ended, result = sf.is_optional_game_end(fsf, origin, history)
    if not ended and not legal:
        ended, result, kind = True, sf.game_result(fsf, origin, history), "mate"
    if not ended:
        return "-"
    # result is from the side to move's point of view; 'd' is a draw.
    winner = side if result > 0 else other if result < 0 else "d"
    return f"{winner}:{kind}"


def tables_built_once(fsf):
    """With tools/pyffish-once.c preloaded, build the piece tables for `fsf`
    with one real call and skip rebuilding them in every later call (see that
    file). Without it, nothing changes."""
    try:
        skip = ctypes.CDLL(None).differential_skip_init
    except AttributeError:
        return
    skip(0)
    sf.legal_moves(fsf, sf.start_fen(fsf), [])
    skip(1)


def king_square(fen, side):
    """The square ('e1') of `side`'s King in a FEN's board."""
    king = "K" if side == "w" else "k"
    for r, row in enumerate(fen.split(" ")[0].split("[")[0].split("/")):
        file = 0
        for c in row.replace("+", ""):
            if c.isdigit():
                file += int(c)
                continue
            if c == king:
                return f"{'abcdefghi'[file]}{9 - r}"
            file += 1
    return None


# Uniformly random moves rarely end a game by a rule (in 200 games, none
# did), so now and then the players are steered: for SHUFFLE plies both
# move their last piece back where it came from when they can (repetitions,
# and Mansindam's forbidden third occurrence), or a King steps as far
# forward as it can (campmate).
SHUFFLE_CHANCE, SHUFFLE = 0.002, 12
MARCH_CHANCE = 0.05


def choose(rng, legal, moves, fen, shuffling):
    side = fen.split(" ")[1]
    if shuffling and len(moves) >= 2:
        last = moves[-2]
        back = last[2:4] + last[0:2]
        if "@" not in last and back in legal:
            return back
    if rng.random() < MARCH_CHANCE:
        king = king_square(fen, side)
        steps = [m for m in legal if king and m.startswith(king)]
        if steps:
            forward = max if side == "w" else min
            return forward(steps, key=lambda m: int(m[3]))
    return rng.choice(legal)


def play(fsf, rng, plies, out):
    start = sf.start_fen(fsf)
    fen, moves = start, []
    seen = set()
    shuffling = 0
    rows = []  # (fen, legal, end) per position
    for ply in range(plies + 1):
        # Legal moves need only the position; the verdict needs the history
        # when the position repeats (the FEN without its counters).
        key = fen.rsplit(" ", 2)[0]
        repeated = key in seen
        seen.add(key)
        legal = sorted(sf.legal_moves(fsf, fen, []))
        end = verdict(fsf, start, moves, fen, repeated, legal)
        rows.append((fen, legal, end))
        if end != "-" or ply == plies:
            break
        if shuffling == 0 and rng.random() < SHUFFLE_CHANCE:
            shuffling = SHUFFLE
        move = choose(rng, legal, moves, fen, shuffling > 0)
        shuffling = max(0, shuffling - 1)
        moves.append(move)
        fen = sf.get_fen(fsf, fen, [move])
    # Every pyffish call pays ~2 ms to set the variant up, so the SAN of the
    # whole game is asked for once; it equals asking move by move.
    sans = sf.get_san_moves(fsf, start, moves, False, sf.NOTATION_SAN)
    out.write(f"G\t{fsf}\n")
    for (fen, legal, end), move, san in zip(rows, moves + ["-"], sans + ["-"]):
        out.write(f"P\t{fen}\t{' '.join(legal)}\t{move}\t{san}\t{end}\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--plies", type=int, default=200)
    ap.add_argument("--out", default=os.path.join("target", "differential"),
                    help="folder for the .tsv files (relative to the repository)")
    args = ap.parse_args()
    with open(os.path.join(ROOT, "tests", "data", "variants.ini")) as f:
        sf.load_variant_config(f.read())
    outdir = os.path.join(ROOT, args.out)
    os.makedirs(outdir, exist_ok=True)
    for ours, fsf in VARIANTS.items():
        rng = random.Random(f"{args.seed}-{ours}")
        tables_built_once(fsf)
        path = os.path.join(outdir, f"{ours}.tsv")
        with open(path, "w") as out:
            for _ in range(args.games):
                play(fsf, rng, args.plies, out)
        print(f"{ours}: {args.games} games written to {os.path.relpath(path, ROOT)}")


if __name__ == "__main__":
    main()
