#!/usr/bin/env python3
"""Generate static/pieces/figurine.svg: chess-style figurines for the pieces of
Mansindam and Pandemonium, one SVG <symbol> per movement type.

Run from the repository root (standard library only, writes one file):

    python3 tools/figurines.py

Every drawing is original to this project and made here from simple geometric
parts (rounded slabs, concave cones, circles, a few Bezier outlines), so the
sprite carries the project's own licence (MIT).

What it writes: an SVG sprite with one <symbol id="f-<Betza>" viewBox="0 0 100
100"> per kind of move (f-K the King, f-RB the Queen, f-BN the Cardinal, ...).
Nothing in it names a colour: the body is filled with var(--fig-body, #fff),
outlines and interior details use var(--fig-line, #000), so one symbol makes
a White piece (light body, dark lines) and a Black one (dark body, light lines):

    <svg style="--fig-body:#2a2a2a; --fig-line:#eee"><use href="figurine.svg#f-K"/></svg>

How the drawings are composed:

  * a part is a list of path commands in the 100 x 100 box (y down); parts are
    painted back to front, each filled with the body colour and outlined, so a
    part in front hides the outline of the part behind it;
  * the classical pieces (King, Queen, Rook, Bishop, Knight, Pawn) and the
    fairy figures (crown, elephant, bull, small step pieces) are each a short
    list of parts standing on a common base slab;
  * a compound piece is two figures on one base: the second figure, scaled
    down and moved right, stands behind a Knight head on the left
    (Cardinal = Bishop + Knight, Marshal = Rook + Knight, ...);
  * an extra step is a marker in the line colour on the body: "+" for one
    orthogonal step (W), "x" for one diagonal step (F), and four dots for a
    two-square leap (orthogonal dots for D, diagonal dots for A).

Coordinates are rounded to one decimal; the file stays well under 25 KB.
"""

import os
import sys
import xml.dom.minidom

OUT = os.path.join("static", "pieces", "figurine.svg")

BODY = "var(--fig-body, #fff)"
LINE = "var(--fig-line, #000)"
STROKE = 3

BASE_Y = 81  # top of the base slab; every figure stands on it


# ---------------------------------------------------------------- geometry
#
# A path is a list of commands: ("M", x, y), ("L", x, y), ("Q", x1, y1, x, y),
# ("C", x1, y1, x2, y2, x, y), ("Z",).  A circle is ("O", cx, cy, r).


def num(v):
    s = f"{round(v, 1):.1f}"
    if s.endswith(".0"):
        s = s[:-2]
    if s == "-0":
        s = "0"
    if s.startswith("0."):
        s = s[1:]
    elif s.startswith("-0."):
        s = "-" + s[2:]
    return s


def fmt_path(cmds):
    out = []
    last = None
    for c in cmds:
        op, args = c[0], c[1:]
        if op == "O":
            cx, cy, r = args
            out.append(
                f"M{num(cx - r)} {num(cy)}a{num(r)} {num(r)} 0 1 0 {num(2 * r)} 0"
                f"a{num(r)} {num(r)} 0 1 0 {num(-2 * r)} 0"
            )
            last = None
            continue
        text = " ".join(num(a) for a in args)
        if op == last and op != "M":
            # repeat of the same command: the letter can be left out
            out.append(("" if text.startswith("-") else " ") + text)
        else:
            out.append(op + text)
        last = op
    return "".join(out)


def tf(cmds, s=1.0, dx=0.0, dy=0.0, mirror=False):
    """Scale by s, optionally mirror about x=50, then move by (dx, dy)."""
    res = []
    for c in cmds:
        op, a = c[0], list(c[1:])
        if op == "O":
            x = 100 - a[0] if mirror else a[0]
            res.append(("O", x * s + dx, a[1] * s + dy, a[2] * s))
            continue
        b = []
        for i in range(0, len(a), 2):
            x = 100 - a[i] if mirror else a[i]
            b += [x * s + dx, a[i + 1] * s + dy]
        res.append((op, *b))
    return res


def mirror_x(cmds):
    return tf(cmds, mirror=True)


def rrect(x0, y0, x1, y1, r):
    """Rounded rectangle."""
    return [
        ("M", x0 + r, y0), ("L", x1 - r, y0), ("Q", x1, y0, x1, y0 + r),
        ("L", x1, y1 - r), ("Q", x1, y1, x1 - r, y1), ("L", x0 + r, y1),
        ("Q", x0, y1, x0, y1 - r), ("L", x0, y0 + r), ("Q", x0, y0, x0 + r, y0),
        ("Z",),
    ]


def cone(xb0, xb1, yb, xt0, xt1, yt, bend=0.6):
    """A concave foot: wide at the bottom (yb), narrow at the top (yt)."""
    my = yb - (yb - yt) * bend
    return [
        ("M", xb0, yb),
        ("Q", xt0, my, xt0, yt),
        ("L", xt1, yt),
        ("Q", xt1, my, xb1, yb),
        ("Z",),
    ]


def poly(*pts):
    cmds = [("M", *pts[0])] + [("L", *p) for p in pts[1:]] + [("Z",)]
    return cmds


# ---------------------------------------------------------------- parts
#
# An element is (kind, cmds):
#   "b"  body part: body fill, line outline
#   "l"  line detail: no fill, line stroke
#   "f"  filled detail: line fill, no stroke (eyes, dots)
#   "m"  marker strokes: line stroke, a little heavier


def base(x0=20, x1=80):
    return ("b", rrect(x0, BASE_Y, x1, 90, 3))


def pawn():
    return [
        ("b", cone(30, 70, BASE_Y, 43, 57, 55)),
        ("b", rrect(35, 50, 65, 57, 3.5)),
        ("b", [("O", 50, 36, 14)]),
    ]


def rook():
    top = poly(
        (25, 36), (25, 14), (35, 14), (35, 21), (44.5, 21), (44.5, 14),
        (55.5, 14), (55.5, 21), (65, 21), (65, 14), (75, 14), (75, 36),
    )
    return [
        ("b", rrect(25, 73, 75, 86, 2)),
        ("b", poly((31, 74), (34, 41), (66, 41), (69, 74))),
        ("b", rrect(28, 35, 72, 42, 2)),
        ("b", top),
    ]


def bishop_parts():
    mitre = [
        ("M", 36, 61),
        ("C", 25, 47, 34, 31, 50, 20),
        ("C", 66, 31, 75, 47, 64, 61),
        ("Z",),
    ]
    return [
        ("b", cone(29, 71, BASE_Y, 42, 58, 66)),
        ("b", rrect(33, 60, 67, 68, 3.5)),
        ("b", mitre),
        ("b", [("O", 50, 15, 5)]),
    ]


def bishop(slit=True):
    parts = bishop_parts()
    if slit:
        parts.append(("l", [("M", 44, 34), ("L", 57, 47)]))
    return parts


def knight():
    head = [
        ("M", 31, BASE_Y),
        ("C", 31, 71, 38, 63, 45, 58),          # front of the neck
        ("C", 40, 59, 32, 62, 26, 63),          # under the jaw
        ("C", 20, 64, 15, 60, 16, 54),          # muzzle
        ("C", 17, 49, 20, 46, 24, 42),          # nose
        ("L", 43, 21),                          # face
        ("L", 47, 9),                           # front of the ear
        ("L", 56, 17),                          # back of the ear
        ("C", 70, 21, 79, 37, 80, 54),          # back of the head, the mane
        ("C", 81, 65, 79, 74, 78, BASE_Y),
        ("Z",),
    ]
    return [
        ("b", head),
        ("f", [("O", 40, 33, 3.2), ("O", 21, 53, 2)]),
        ("l", [("M", 60, 24), ("C", 68, 32, 72, 44, 71, 55)]),
    ]


def king_body(top=46):
    """Foot ring, concave body and collar shared by King and Queen."""
    return [
        ("b", rrect(25, 73, 75, 86, 3)),
        ("b", cone(30, 70, 74, 40, 60, top + 2)),
        ("b", rrect(32, top - 5, 68, top + 3, 3.5)),
    ]


def king():
    dome = [
        ("M", 34, 42), ("C", 25, 30, 35, 21, 50, 21),
        ("C", 65, 21, 75, 30, 66, 42), ("Z",),
    ]
    cross = poly(
        (46.5, 23), (46.5, 15), (40.5, 15), (40.5, 9.5), (46.5, 9.5), (46.5, 3.5),
        (53.5, 3.5), (53.5, 9.5), (59.5, 9.5), (59.5, 15), (53.5, 15), (53.5, 23),
    )
    return king_body() + [("b", cross), ("b", dome)]


QUEEN_TIPS = [(20, 21), (34, 16), (50, 13), (66, 16), (80, 21)]


def queen():
    crown = [("M", 34, 43)]
    valleys = [(38, 32), (45, 31), (55, 31), (62, 32)]
    pts = []
    for i, t in enumerate(QUEEN_TIPS):
        pts.append(t)
        if i < len(valleys):
            pts.append(valleys[i])
    crown += [("L", *p) for p in pts] + [("L", 66, 43), ("Z",)]
    balls = [("b", [("O", x, y, 4.2)]) for x, y in QUEEN_TIPS]
    return king_body() + [("b", crown)] + balls


def crown(arches=True):
    """The plain crown of a non-royal king: a dome without the cross."""
    dome = [
        ("M", 30, 50), ("C", 22, 33, 34, 22, 50, 22),
        ("C", 66, 22, 78, 33, 70, 50), ("Z",),
    ]
    parts = [
        ("b", rrect(26, 74, 74, 86, 3)),
        ("b", cone(31, 69, 75, 41, 59, 54)),
        ("b", dome),
    ]
    if arches:
        parts.append(("l", [
            ("M", 50, 24), ("L", 50, 48),
            ("M", 46, 24), ("C", 38, 28, 35, 38, 36, 48),
            ("M", 54, 24), ("C", 62, 28, 65, 38, 64, 48),
        ]))
    return parts + [
        ("b", rrect(28, 48, 72, 56, 3.5)),
        ("b", [("O", 50, 19, 4.5)]),
    ]


def small(square):
    """Ferz and Wazir: a short foot with a square or diamond head."""
    head = rrect(32, 28, 68, 62, 5) if square else poly((50, 22), (71, 44), (50, 66), (29, 44))
    return [
        ("b", cone(30, 70, BASE_Y, 42, 58, 60)),
        ("b", head),
    ]


def elephant():
    ear = [
        ("M", 42, 26), ("C", 22, 12, 9, 28, 13, 46),
        ("C", 16, 58, 30, 62, 42, 46), ("Z",),
    ]
    head = [
        ("M", 35, 52), ("C", 29, 33, 38, 18, 50, 18),
        ("C", 62, 18, 71, 33, 65, 52), ("C", 62, 58, 58, 60, 57, 62),
        ("L", 43, 62), ("C", 42, 60, 38, 58, 35, 52), ("Z",),
    ]
    trunk = [
        ("M", 43, 58), ("C", 43, 68, 45, 76, 52, 80),
        ("C", 56, 82, 62, 80, 62, 75), ("C", 56, 76, 56, 68, 57, 58), ("Z",),
    ]
    tusk = [("M", 43, 59), ("C", 41, 67, 36, 73, 27, 73), ("C", 32, 69, 36, 63, 37, 55), ("Z",)]
    return [
        ("b", ear), ("b", mirror_x(ear)), ("b", head),
        ("b", tusk), ("b", mirror_x(tusk)), ("b", trunk),
        ("f", [("O", 42, 40, 3), ("O", 58, 40, 3)]),
    ]


def bull():
    horn = [
        ("M", 38, 31), ("C", 24, 31, 14, 24, 16, 9),
        ("C", 22, 19, 30, 22, 40, 23), ("Z",),
    ]
    ear = [("M", 35, 36), ("C", 28, 32, 20, 34, 17, 39), ("C", 24, 43, 30, 42, 35, 40), ("Z",)]
    head = [
        ("M", 33, 27), ("C", 40, 21, 60, 21, 67, 27),
        ("L", 63, 58), ("L", 37, 58), ("Z",),
    ]
    muzzle = [
        ("M", 35, 60), ("C", 35, 52, 65, 52, 65, 60),
        ("C", 65, 70, 58, 73, 50, 73), ("C", 42, 73, 35, 70, 35, 60), ("Z",),
    ]
    return [
        ("b", cone(28, 72, BASE_Y, 40, 60, 68)),
        ("b", horn), ("b", mirror_x(horn)),
        ("b", ear), ("b", mirror_x(ear)),
        ("b", head), ("b", muzzle),
        ("f", [("O", 42, 38, 3), ("O", 58, 38, 3), ("O", 44, 63, 2.2), ("O", 56, 63, 2.2)]),
    ]


# ---------------------------------------------------------------- markers

def plus(cx, cy, s=7.5):
    return ("m", [("M", cx - s, cy), ("L", cx + s, cy), ("M", cx, cy - s), ("L", cx, cy + s)])


def cross(cx, cy, s=6.5):
    return ("m", [("M", cx - s, cy - s), ("L", cx + s, cy + s), ("M", cx + s, cy - s), ("L", cx - s, cy + s)])


def dots(cx, cy, diagonal, d=7.5, r=3.3):
    if diagonal:
        pts = [(cx - d, cy - d), (cx + d, cy - d), (cx - d, cy + d), (cx + d, cy + d)]
    else:
        pts = [(cx, cy - d), (cx + d, cy), (cx, cy + d), (cx - d, cy)]
    return ("f", [("O", x, y, r) for x, y in pts])


# ---------------------------------------------------------------- compounds

def with_knight(back, s_back=0.88, dx_back=15, s_k=0.76, dx_k=-11):
    """`back` stands behind a Knight on one base: `back` scaled by s_back and
    moved right, the Knight scaled by s_k and moved left, both on the base."""
    parts = []
    for fig, s, dx in ((back, s_back, dx_back), (knight(), s_k, dx_k)):
        for kind, cmds in fig:
            parts.append((kind, tf(cmds, s, 50 * (1 - s) + dx, BASE_Y * (1 - s))))
    return parts


KNIGHT_NECK = (57, 70)  # where a marker sits on a lone Knight
COMPOUND_NECK = (47, 70)


def symbols():
    """Betza notation -> parts.  K King, RB Queen, R Rook, B Bishop, N Knight,
    fW Pawn; BN Cardinal, RN Marshal, RBN Angel, WF Guard/Erlking, WFN Centaur,
    BW Archer/Horse, RF Tiger/Dragon, BNW Rhino, RNF Ship, NA Kangaroo,
    WFD Hwacha, F Ferz, A Alfil, D Bull, W Van."""
    S = {}
    S["K"] = king() + [base()]
    S["RB"] = queen() + [base()]
    S["R"] = rook() + [base()]
    S["B"] = bishop() + [base(22, 78)]
    S["N"] = knight() + [base()]
    S["fW"] = pawn() + [base(24, 76)]
    S["BN"] = with_knight(bishop(), dx_back=17) + [base(12, 88)]
    S["RN"] = with_knight(rook()) + [base(12, 88)]
    S["RBN"] = with_knight(queen(), 0.82, 10) + [base(12, 88)]
    S["WF"] = crown() + [base(22, 78)]
    S["WFN"] = with_knight(crown(), dx_back=13) + [base(12, 88)]
    S["BW"] = bishop(False) + [plus(50, 44)] + [base(22, 78)]
    S["RF"] = rook() + [cross(50, 58)] + [base()]
    S["BNW"] = with_knight(bishop(), dx_back=17) + [plus(*COMPOUND_NECK, 6.5)] + [base(12, 88)]
    S["RNF"] = with_knight(rook()) + [cross(*COMPOUND_NECK, 5.5)] + [base(12, 88)]
    S["NA"] = knight() + [dots(*KNIGHT_NECK, True)] + [base()]
    S["WFD"] = crown(False) + [dots(50, 36, False)] + [base(22, 78)]
    S["F"] = small(False) + [cross(50, 44)] + [base(26, 74)]
    S["A"] = elephant() + [base(24, 76)]
    S["D"] = bull() + [base(24, 76)]
    S["W"] = small(True) + [plus(50, 45)] + [base(26, 74)]
    return S


ORDER = ["K", "RB", "R", "B", "N", "fW", "BN", "RN", "RBN", "WF", "WFN",
         "BW", "RF", "BNW", "RNF", "NA", "WFD", "F", "A", "D", "W"]


def render(parts):
    out = []
    for kind, cmds in parts:
        d = fmt_path(cmds)
        if kind == "b":
            out.append(f'<path d="{d}"/>')
        elif kind == "l":
            out.append(f'<path fill="none" d="{d}"/>')
        elif kind == "m":
            out.append(f'<path fill="none" stroke-width="5" d="{d}"/>')
        elif kind == "f":
            out.append(f'<path fill="{LINE}" stroke="none" d="{d}"/>')
        else:
            raise ValueError(kind)
    return "".join(out)


HEADER = """<!--
  Figurine pieces for Mansindam and Pandemonium; generated by tools/figurines.py,
  do not edit by hand. Original drawings for this project, composed from simple
  geometric parts (MIT licence, like the project).
  Each symbol: id f-<Betza notation of its move>, in a 100 x 100 box.
  Colours come from the page: the CSS custom property fig-body fills the body,
  fig-line draws the outlines and details (White and Black from one symbol).
-->"""


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    S = symbols()
    assert sorted(S) == sorted(ORDER)
    assert "--" not in HEADER[4:-3], "a double hyphen would end the XML comment"
    lines = [HEADER, '<svg xmlns="http://www.w3.org/2000/svg">']
    for k in ORDER:
        lines.append(
            f'<symbol id="f-{k}" viewBox="0 0 100 100"><g fill="{BODY}" stroke="{LINE}" '
            f'stroke-width="{STROKE}" stroke-linejoin="round" stroke-linecap="round">'
            f"{render(S[k])}</g></symbol>"
        )
    lines.append("</svg>")
    text = "\n".join(lines) + "\n"
    xml.dom.minidom.parseString(text)  # well-formed, or this raises
    path = os.path.join(root, OUT)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"wrote {OUT}: {len(ORDER)} symbols, {len(text.encode())} bytes", file=sys.stderr)


if __name__ == "__main__":
    main()
