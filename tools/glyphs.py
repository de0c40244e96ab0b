#!/usr/bin/env python3
"""Generate static/pieces/kanji.svg: the characters of the "traditional" piece set
as SVG outlines, so that they look the same everywhere without a web font.

Run from the repository root:

    python3 tools/glyphs.py            # default weight 700 (Bold)
    python3 tools/glyphs.py --weight 900 --decimals 0

What it fetches and installs (everything under the git-ignored target/, and only
from the package registries; every step is skipped when already done):

  * target/glyphs-venv/      a Python venv with the pinned PyPI packages
                             fonttools and brotli (brotli decodes woff2);
  * target/glyphs/           `npm pack @fontsource/noto-serif-tc@<pinned>`, the
                             Noto Serif TC web fonts (SIL OFL 1.1), and the
                             woff2 files of the chosen weight unpacked from it.

What it writes:

  * static/pieces/kanji.svg  an SVG sprite: one
                             <symbol id="k-XXXX" viewBox="0 0 100 100"> per
                             character (XXXX = upper-case hex code point, e.g.
                             k-6B65 for 步) holding one <path d="..."/> without a
                             fill, so the page colours it with CSS (currentColor).
  * static/pieces/OFL.txt    the font's licence (from the npm package), headed
                             by the copyright line from the font's name table.
  * target/glyphs/preview.html  a page showing every symbol (not committed).

Coordinates: the font's ideographic em box (x: 0..advance, y: ideographic top
..bottom, i.e. 880..-120 in this font) is mapped onto 0..100 with y pointing
down, at one scale for all glyphs, so the characters keep their designed size
and position relative to each other.
"""

import argparse
import os
import subprocess
import sys
import tarfile
import venv
from pathlib import Path

# ---------------------------------------------------------------- settings --

# The characters of both variants (Mansindam, then Pandemonium); duplicates
# are dropped below, keeping the first occurrence's order.
MANSINDAM = "步哨騎衛角馬方龍猊聖首名奔天玉陽陰"
PANDEMONIUM = "兵鍍走龍閣馬騎袋將火刃奔前犀遊猊牛冠宮陽陰"
CHARS = list(dict.fromkeys(MANSINDAM + PANDEMONIUM))

FONT_PACKAGE = "@fontsource/noto-serif-tc"
FONT_VERSION = "5.3.0"
# woff2 file names in the package: files/noto-serif-tc-<subset>-<weight>-normal.woff2
FONT_FILE_PREFIX = "noto-serif-tc-"
# Fonts that could stand in if a character were ever missing (not needed today).
ALTERNATIVES = "@fontsource/noto-serif-jp, @fontsource/noto-serif-kr"

PIP_PACKAGES = ["fonttools==4.60.1", "brotli==1.1.0"]

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / "target" / "glyphs-venv"
WORK = ROOT / "target" / "glyphs"
OUT_SVG = ROOT / "static" / "pieces" / "kanji.svg"
OUT_OFL = ROOT / "static" / "pieces" / "OFL.txt"
PREVIEW = WORK / "preview.html"

BOX = 100  # the symbols' viewBox is 0 0 BOX BOX


# ------------------------------------------------------- fetch and install --

def ensure_venv():
    """Re-run this script inside target/glyphs-venv, creating it if needed."""
    python = VENV / "bin" / "python"
    if Path(sys.prefix).resolve() == VENV.resolve():
        return  # already running inside it
    stamp = VENV / "installed.txt"
    wanted = "\n".join(PIP_PACKAGES)
    if not (python.exists() and stamp.exists() and stamp.read_text() == wanted):
        print(f"creating {VENV.relative_to(ROOT)} with {', '.join(PIP_PACKAGES)}")
        venv.create(VENV, with_pip=True, clear=True)
        subprocess.run([python, "-m", "pip", "install", "--quiet", *PIP_PACKAGES],
                       check=True)
        stamp.write_text(wanted)
    os.execv(python, [str(python), __file__, *sys.argv[1:]])


def ensure_font(weight):
    """npm-pack the font package into target/glyphs and unpack the woff2 files
    of one weight (plus LICENSE and package.json). Returns the woff2 paths."""
    WORK.mkdir(parents=True, exist_ok=True)
    tgz = WORK / f"{FONT_PACKAGE.lstrip('@').replace('/', '-')}-{FONT_VERSION}.tgz"
    if not tgz.exists():
        print(f"npm pack {FONT_PACKAGE}@{FONT_VERSION}")
        subprocess.run(["npm", "pack", "--silent", f"{FONT_PACKAGE}@{FONT_VERSION}"],
                       cwd=WORK, check=True, stdout=subprocess.DEVNULL)
    suffix = f"-{weight}-normal.woff2"
    pkg = WORK / "package"
    stamp = pkg / f".unpacked-{FONT_VERSION}-{weight}"
    if not stamp.exists():
        print(f"unpacking weight {weight} from {tgz.name}")
        with tarfile.open(tgz) as tar:
            members = [m for m in tar.getmembers()
                       if m.name in ("package/LICENSE", "package/package.json")
                       or (m.name.startswith("package/files/") and m.name.endswith(suffix))]
            if hasattr(tarfile, "data_filter"):  # Python >= 3.11.4
                tar.extractall(WORK, members=members, filter="data")
            else:
                tar.extractall(WORK, members=members)
        stamp.touch()
    files = sorted((pkg / "files").glob(f"{FONT_FILE_PREFIX}*{suffix}"))
    if not files:
        sys.exit(f"no *{suffix} files in {FONT_PACKAGE}@{FONT_VERSION}: is the weight right?")
    return files


# ------------------------------------------------------------- the outlines --

def fmt(tenths, decimals):
    """A coordinate kept as an integer number of 1/10**decimals units, written
    as short as SVG allows: 15 -> "1.5", -5 -> "-.5", 20 -> "2"."""
    scale = 10 ** decimals
    sign = "-" if tenths < 0 else ""
    whole, frac = divmod(abs(tenths), scale)
    if not frac:
        return f"{sign}{whole}"
    digits = f"{frac:0{decimals}d}".rstrip("0")
    return f"{sign}{whole if whole else ''}.{digits}"


def needs_space(prev, nxt):
    """Whether two numbers written one after the other need a space between
    them: not before "-", nor before ".5" when the previous one has a point."""
    return not (nxt[0] == "-" or (nxt[0] == "." and "." in prev))


class CompactPathWriter:
    """Collects contours (points already rounded to integer grid units) and
    writes them as a compact relative SVG path."""

    def __init__(self, decimals):
        self.decimals = decimals
        self.contours = []  # each: [("M", p), ("L", p) / ("Q", c, p), ...]

    def d(self):
        cmds = []  # (letter, [numbers as strings])
        cur = (0, 0)
        for contour in self.contours:
            start = contour[0][1]
            segs = contour[1:]
            # A closing straight line back to the start is drawn by "z" anyway.
            if segs and segs[-1][0] == "L" and segs[-1][-1] == start:
                segs = segs[:-1]
            cmds.append(("m", self._rel(cur, start)))
            cur = start
            prev_ctrl = None  # control point of the previous q/t, for "t"
            for seg in segs:
                end = seg[-1]
                if seg[0] == "L":
                    if end == cur:
                        continue
                    if end[1] == cur[1]:
                        cmds.append(("h", [self._n(end[0] - cur[0])]))
                    elif end[0] == cur[0]:
                        cmds.append(("v", [self._n(end[1] - cur[1])]))
                    else:
                        cmds.append(("l", self._rel(cur, end)))
                    prev_ctrl = None
                else:
                    ctrl = seg[1]
                    if ctrl == cur == end:
                        continue
                    reflected = None if prev_ctrl is None else (
                        2 * cur[0] - prev_ctrl[0], 2 * cur[1] - prev_ctrl[1])
                    if ctrl == reflected:
                        # TrueType's implied on-curve points make this common.
                        cmds.append(("t", self._rel(cur, end)))
                    else:
                        cmds.append(("q", self._rel(cur, ctrl) + self._rel(cur, end)))
                    prev_ctrl = ctrl
                cur = end
            cmds.append(("z", []))
            cur = start
        # Write, leaving out a letter that repeats the previous one (and "l"
        # right after "m", which SVG implies), and spaces where SVG allows.
        out, last_letter, last_num = [], None, None
        for letter, nums in cmds:
            implied = (letter == last_letter and letter != "z") or \
                      (letter == "l" and last_letter == "m")
            if not implied:
                out.append(letter)
                last_num = None
            for n in nums:
                if last_num is not None and needs_space(last_num, n):
                    out.append(" ")
                out.append(n)
                last_num = n
            last_letter = "l" if letter == "m" else letter
        return "".join(out)

    def _n(self, v):
        return fmt(v, self.decimals)

    def _rel(self, a, b):
        return [self._n(b[0] - a[0]), self._n(b[1] - a[1])]


def make_pen_class():
    """Built after the venv is active, since it subclasses a fontTools pen."""
    from fontTools.pens.basePen import BasePen

    class GridPen(BasePen):
        """Receives y-down, 0..100 coordinates (through a TransformPen), splits
        TrueType curves at their implied on-curve points (BasePen does that),
        and rounds every point to the output grid."""

        def __init__(self, glyphset, writer):
            super().__init__(glyphset)
            self.w = writer
            self.grid = 10 ** writer.decimals

        def _g(self, p):
            return (round(p[0] * self.grid), round(p[1] * self.grid))

        def _moveTo(self, p):
            self.w.contours.append([("M", self._g(p))])

        def _lineTo(self, p):
            self.w.contours[-1].append(("L", self._g(p)))

        def _qCurveToOne(self, c, p):
            self.w.contours[-1].append(("Q", self._g(c), self._g(p)))

        def _curveToOne(self, c1, c2, p):
            # Not reached for these TrueType fonts; kept so a CFF font works too.
            self.w.contours[-1].append(("C", self._g(c1), self._g(c2), self._g(p)))

        def _closePath(self):
            pass

    return GridPen


def em_box(font):
    """(top, bottom) of the ideographic em box in font units, y-up: from the
    BASE table's 'ideo' baseline when present, else OS/2 typo descender."""
    bottom = font["OS/2"].sTypoDescender
    if "BASE" in font and font["BASE"].table.HorizAxis:
        axis = font["BASE"].table.HorizAxis
        tags = axis.BaseTagList.BaselineTag
        for rec in axis.BaseScriptList.BaseScriptRecord:
            if rec.BaseScriptTag == "hani" and "ideo" in tags:
                bottom = rec.BaseScript.BaseValues.BaseCoord[tags.index("ideo")].Coordinate
    return bottom + font["head"].unitsPerEm, bottom


def extract(files, decimals):
    """Find each character in the subset files; return ({char: path d}, font)."""
    from fontTools.pens.transformPen import TransformPen
    from fontTools.ttLib import TTFont

    GridPen = make_pen_class()
    paths, font_seen = {}, None
    for f in files:
        todo = [c for c in CHARS if c not in paths]
        if not todo:
            break
        font = TTFont(f, lazy=True)
        cmap = font.getBestCmap()
        hits = [c for c in todo if ord(c) in cmap]
        if not hits:
            continue
        font_seen = font_seen or font
        glyphs = font.getGlyphSet()
        upem = font["head"].unitsPerEm
        top, _ = em_box(font)
        s = BOX / upem
        for c in hits:
            g = glyphs[cmap[ord(c)]]
            dx = (upem - g.width) / 2  # centre a glyph narrower than the em
            w = CompactPathWriter(decimals)
            # x' = (x + dx) * s, y' = (top - y) * s: flip to y-down, em box -> 0..BOX
            pen = TransformPen(GridPen(glyphs, w), (s, 0, 0, -s, dx * s, top * s))
            g.draw(pen)
            if any(seg[0] == "C" for con in w.contours for seg in con):
                sys.exit("cubic curves are not written by this script")
            paths[c] = w.d()
    missing = [c for c in CHARS if c not in paths]
    if missing:
        sys.exit(f"{FONT_PACKAGE}@{FONT_VERSION} lacks {' '.join(missing)}; "
                 f"try one of {ALTERNATIVES}")
    return paths, font_seen


# ----------------------------------------------------------------- outputs --

def font_info(font):
    name = font["name"]
    return {
        "family": name.getDebugName(16) or name.getDebugName(1),
        "full": name.getDebugName(4),
        "version": name.getDebugName(5),
        "copyright": name.getDebugName(0),
    }


def write_svg(paths, info, weight):
    lines = [
        "<svg xmlns=\"http://www.w3.org/2000/svg\">",
        "<!--",
        "  Piece characters for the traditional piece set; generated by tools/glyphs.py,",
        "  do not edit by hand.",
        f"  Outlines from the font Noto Serif TC, weight {weight}"
        f" (name table: \"{info['full']}\"), {info['version']},",
        f"  from the npm package {FONT_PACKAGE}@{FONT_VERSION}.",
        f"  {info['copyright']}",
        "  Licensed under the SIL Open Font License 1.1, see OFL.txt.",
        "  Each symbol: id k-<code point in upper-case hex>, the em box mapped onto 0..100.",
        "-->",
    ]
    for c in CHARS:
        lines.append(f"<symbol id=\"k-{ord(c):04X}\" viewBox=\"0 0 {BOX} {BOX}\">"
                     f"<path d=\"{paths[c]}\"/></symbol>")
    lines.append("</svg>")
    OUT_SVG.parent.mkdir(parents=True, exist_ok=True)
    OUT_SVG.write_text("\n".join(lines) + "\n", encoding="utf-8")


def write_ofl(info):
    license_text = (WORK / "package" / "LICENSE").read_text(encoding="utf-8")
    header = (
        f"Noto Serif TC ({info['version']}), as shipped in the npm package\n"
        f"{FONT_PACKAGE}@{FONT_VERSION}; the outlines in kanji.svg are taken from it.\n"
        f"Copyright (from the font's name table): {info['copyright']}\n"
        "\n"
        "The package's LICENSE file follows, verbatim.\n"
        "\n"
    )
    OUT_OFL.write_text(header + license_text, encoding="utf-8")


def write_preview(weight):
    """A page showing every symbol at 60 px and 24 px, plain and on a tile,
    next to the font itself for comparison. Serve the repository root over
    HTTP (python3 -m http.server) and open /target/glyphs/preview.html."""
    font = next((WORK / "package" / "files").glob(f"*chinese-traditional-{weight}-normal.woff2"),
                None)
    face = (f"@font-face{{font-family:ref;src:url(package/files/{font.name})}}"
            if font else "")
    tile = ("<svg width=\"{s}\" height=\"{s}\" viewBox=\"0 0 100 100\">"
            "<path d=\"M50 2 86 16 96 98H4L14 16Z\" fill=\"#f3d9a4\" stroke=\"#7a5a2a\" "
            "stroke-width=\"2\"{rot}/><use href=\"../../static/pieces/kanji.svg#{id}\" "
            "x=\"14\" y=\"20\" width=\"72\" height=\"72\"{rot}/></svg>")
    rows = []
    for c in CHARS:
        sid = f"k-{ord(c):04X}"
        use = f"<use href=\"../../static/pieces/kanji.svg#{sid}\"/>"
        rows.append(
            "<div class=cell>"
            f"<svg class=big>{use}</svg><svg class=small>{use}</svg>"
            f"<span class=ref>{c}</span>"
            + tile.format(s=60, id=sid, rot="")
            + tile.format(s=60, id=sid, rot=" transform=\"rotate(180 50 50)\"")
            + f"<br><code>{sid}</code></div>")
    PREVIEW.write_text(
        "<!doctype html><meta charset=utf-8><title>kanji.svg preview</title><style>"
        f"{face}body{{font-family:sans-serif;background:#fff;margin:8px}}"
        ".cell{display:inline-block;margin:3px;padding:3px;border:1px solid #ddd;"
        "text-align:center;font-size:11px}"
        "svg{vertical-align:bottom;color:#111;fill:currentColor}"
        ".big{width:60px;height:60px;outline:1px dotted #f88}"
        ".small{width:24px;height:24px;outline:1px dotted #f88}"
        ".ref{font:60px/60px ref;display:inline-block;width:60px;height:60px;"
        "color:#36c;outline:1px dotted #88f}</style>"
        "<p>Each cell: symbol at 60 px, at 24 px, the font itself (blue), on a tile, "
        "on a tile turned 180°.</p>\n" + "\n".join(rows) + "\n",
        encoding="utf-8")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--weight", type=int, default=700, help="font weight, 200..900")
    ap.add_argument("--decimals", type=int, default=1,
                    help="decimals kept in coordinates (0..100 box)")
    args = ap.parse_args()
    ensure_venv()
    files = ensure_font(args.weight)
    paths, font = extract(files, args.decimals)
    info = font_info(font)
    write_svg(paths, info, args.weight)
    write_ofl(info)
    write_preview(args.weight)
    size = OUT_SVG.stat().st_size
    print(f"wrote {OUT_SVG.relative_to(ROOT)} ({len(CHARS)} symbols, {size} bytes), "
          f"{OUT_OFL.relative_to(ROOT)}, {PREVIEW.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
