#!/usr/bin/env python3
"""Counts perft with pyffish (Fairy-Stockfish as a Python module) by walking
legal_moves, for checking rows of the perft tables.

    tools/pyffish_perft.py VARIANT DEPTH FEN [FEN ...]
"""
import os
import sys

import pyffish as sf

HERE = os.path.dirname(os.path.abspath(__file__))
sf.load_variant_config(open(os.path.join(HERE, "..", "tests", "data", "variants.ini")).read())
NAMES = {"mansindam": "mansindam", "pandemonium": "pandemonium_prose"}


def perft(variant, fen, depth):
    moves = sf.legal_moves(variant, fen, [])
    if depth == 1:
        return len(moves)
    return sum(perft(variant, sf.get_fen(variant, fen, [m]), depth - 1) for m in moves)


def main():
    variant, depth = NAMES[sys.argv[1]], int(sys.argv[2])
    for fen in sys.argv[3:]:
        print(f"{fen},{perft(variant, fen, depth)}", flush=True)


if __name__ == "__main__":
    main()
