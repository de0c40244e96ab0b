#!/usr/bin/env python3
"""Checks the code's shape (issue 69): the page's size limits and the
direction of imports between the crate's layers.

Size limits, under src/web (test modules and files named tests.rs are
left out):
- no file over 600 lines of code (lines that are neither blank nor only
  a comment);
- no function longer than 100 lines;
- src/web/app.rs at most 300 lines, its `App` component at most 100;
- the top reducer (`TOP_REDUCE`) at most 60 lines.

Layers: engine <- ai <- worker <-> protocol <-> web, with net beside.
Each top module may import only the modules `ALLOWED` gives it; the page
reaches the engine only from the files in `WEB_ENGINE`; and no two files
import each other. A file imports another when it names an item defined
there, through a `use` or a path (`crate::`, `super::`, `self::`). A
`pub use` only hands names on (a module's face): it is no import, but
names are followed through it to the file that defines them. Code under
`#[cfg(test)]` is not counted, nor a file declared `#[cfg(test)] mod
name;`. `-v` prints every file's imports.

`KNOWN` lists the breaches that issue 69 is removing; each must still
occur (a stale entry is an error too, so the list only shrinks). Exits 1
and prints each problem.
"""
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"

MAX_FILE_LINES = 600
MAX_FN_LINES = 100
APP = "src/web/app.rs"
MAX_APP_LINES = 300
MAX_APP_COMPONENT = 100
TOP_REDUCE = ("src/web/state/mod.rs", "reduce")
MAX_TOP_REDUCE = 60

# Which of the crate's top modules each one may import.
ALLOWED = {
    "engine": set(),
    "qr": set(),
    "net": {"engine"},
    "protocol": set(),
    "ai": {"engine"},
    "worker": {"engine", "ai", "protocol", "net"},
    "web": {"engine", "protocol", "net", "qr"},
    "uci": {"engine", "ai"},
}

# The page's files that draw from the engine's data: the still-diagram
# page parses and draws a position with no worker behind it; the rules
# help's move grids read the pieces' move atoms; the start positions are
# read in one place.
WEB_ENGINE = {
    "src/web/still.rs",
    "src/web/still_page.rs",
    "src/web/move_grid.rs",
    "src/web/starts.rs",
}

# Breaches being removed (issue 69). Each entry is a problem's text.
KNOWN = {
    'src/protocol/friend.rs imports net (protocol may not)',
    'src/web/components/friend.rs imports engine (not one of WEB_ENGINE)',
    'src/web/friend/mod.rs imports engine (not one of WEB_ENGINE)',
}


def strip(text):
    """The source with comments, strings and chars blanked (newlines kept)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == "r" and re.match(r'r#*"', text[i:i + 8]) and not re.match(r"\w", text[i - 1:i] or " "):
            m = re.match(r'r(#*)"', text[i:])
            end = text.find('"' + m.group(1), i + len(m.group(0)))
            end = n if end < 0 else end + 1 + len(m.group(1))
            out.append(re.sub(r"[^\n]", " ", text[i:end]))
            i = end
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append(re.sub(r"[^\n]", " ", text[i:j + 1]))
            i = j + 1
        elif c == "'" and re.match(r"'(\\.[^']*|[^\\'])'", text[i:i + 12]):
            m = re.match(r"'(\\.[^']*|[^\\'])'", text[i:i + 12])
            out.append(" " * len(m.group(0)))
            i += len(m.group(0))
        else:
            out.append(c)
            i += 1
    return "".join(out)


def block_end(code, open_at):
    """Index just after the brace matching the one at `open_at`."""
    depth = 0
    for j in range(open_at, len(code)):
        if code[j] == "{":
            depth += 1
        elif code[j] == "}":
            depth -= 1
            if depth == 0:
                return j + 1
    return len(code)


def without_tests(code):
    """Blanks every item under `#[cfg(test)]` (newlines kept)."""
    while True:
        m = re.search(r"#\[cfg\(test\)\]", code)
        if not m:
            return code
        brace = code.find("{", m.end())
        semi = code.find(";", m.end())
        end = semi + 1 if 0 <= semi < brace or brace < 0 else block_end(code, brace)
        code = code[:m.start()] + re.sub(r"[^\n]", " ", code[m.start():end]) + code[end:]


def line_of(code, index):
    return code.count("\n", 0, index) + 1


def functions(code):
    """(name, first line, lines) of every fn with a body."""
    for m in re.finditer(r"\bfn\s+(\w+)", code):
        j = m.end()
        depth = 0
        while j < len(code):
            ch = code[j]
            if ch in "([<":
                depth += 1
            elif ch in ")]>":
                depth -= 1
            elif ch == ";" and depth <= 0:
                break
            elif ch == "{" and depth <= 0:
                end = block_end(code, j)
                first = line_of(code, m.start())
                yield m.group(1), first, line_of(code, end - 1) - first + 1
                break
            j += 1


def module_of(path):
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] in ("mod", "lib"):
        parts = parts[:-1]
    return parts


def file_of(segments):
    """The file of the longest module prefix of `segments`, and the rest."""
    for k in range(len(segments), -1, -1):
        base = SRC.joinpath(*segments[:k]) if k else SRC
        for candidate in (base.with_suffix(".rs") if k else None, base / "mod.rs", base / "lib.rs" if not k else None):
            if candidate and candidate.is_file() and "bin" not in candidate.relative_to(SRC).parts[:1]:
                return candidate, segments[k:]
    return None, segments


def use_paths(tree, prefix=()):
    """Expands a use tree (`a::{b, c::{d as e}, *}`) into paths."""
    tree = tree.strip()
    depth = 0
    for i, ch in enumerate(tree):
        if ch == "{":
            if depth == 0:
                head = [s for s in tree[:i].split("::") if s.strip()]
                inner = tree[i + 1:tree.rfind("}")]
                parts, d, start = [], 0, 0
                for j, c2 in enumerate(inner):
                    if c2 == "{":
                        d += 1
                    elif c2 == "}":
                        d -= 1
                    elif c2 == "," and d == 0:
                        parts.append(inner[start:j])
                        start = j + 1
                parts.append(inner[start:])
                for part in parts:
                    if part.strip():
                        yield from use_paths(part, prefix + tuple(s.strip() for s in head))
                return
            depth += 1
    path = tree.split(" as ")[0].strip()
    segs = [s.strip() for s in path.split("::") if s.strip()]
    if segs and segs[-1] == "self":
        segs = segs[:-1]
    yield prefix + tuple(segs)


def test_module(path):
    """Whether the module in `path` is declared under `#[cfg(test)]`."""
    name = path.parent.name if path.name == "mod.rs" else path.stem
    folder = path.parent.parent if path.name == "mod.rs" else path.parent
    parents = [folder / "mod.rs", folder.with_suffix(".rs")]
    if folder == SRC:
        parents = [SRC / "lib.rs"]
    for parent in parents:
        if parent.is_file() and re.search(
            r"#\[cfg\(test\)\]\s*(pub(\([a-z]+\))?\s+)?mod\s+" + re.escape(name) + r"\s*;",
            parent.read_text(),
        ):
            return True
    return False


class Crate:
    def __init__(self):
        self.files = [p for p in SRC.rglob("*.rs") if p.relative_to(SRC).parts[0] != "bin"]
        # A file declared `#[cfg(test)] mod name;` is test code: left out.
        self.code = {
            p: "" if test_module(p) else without_tests(strip(p.read_text())) for p in self.files
        }

    def defines(self, path, name):
        return re.search(
            r"\b(fn|struct|enum|const|static|type|trait|union|mod)\s+" + re.escape(name) + r"\b"
            r"|macro_rules!\s*" + re.escape(name) + r"\b",
            self.code.get(path, ""),
        )

    def absolute(self, here, segs):
        """Module path of `segs` named in file `here`, or None if external."""
        if not segs:
            return None
        mod = module_of(here)
        if segs[0] == "crate":
            return list(segs[1:])
        if segs[0] in ("self", "super"):
            base = list(mod)
            rest = list(segs)
            while rest and rest[0] in ("self", "super"):
                if rest.pop(0) == "super":
                    base = base[:-1]
            return base + rest
        # A path relative to this module (`pub use variant::Variant`).
        child = SRC.joinpath(*mod, segs[0]) if mod else SRC / segs[0]
        if child.with_suffix(".rs").is_file() or (child / "mod.rs").is_file():
            return list(mod) + list(segs)
        return None

    def target(self, here, segs, seen=()):
        """The file defining what `segs` (absolute, within the crate) names."""
        path, rest = file_of(list(segs))
        if path is None or not rest or self.defines(path, rest[0]) or (path, tuple(segs)) in seen:
            return path
        seen = seen + ((path, tuple(segs)),)
        for m in re.finditer(r"\bpub(?:\([^)]*\))?\s+use\s+([^;]+);", self.code[path]):
            for p in use_paths(m.group(1)):
                alias = m.group(1)
                last = p[-1] if p else ""
                if last == rest[0] or last == "*" or re.search(r"\bas\s+" + re.escape(rest[0]) + r"\b", alias):
                    absolute = self.absolute(path, list(p))
                    if absolute is None:
                        continue
                    if last == "*":
                        absolute = absolute[:-1] + [rest[0]]
                    elif last != rest[0]:
                        absolute = absolute
                    found = self.target(path, absolute + rest[1:], seen)
                    if found and found != path and (last != "*" or self.defines(found, rest[0])):
                        return found
        return path

    def imports(self, here):
        """The files `here` takes names from."""
        code = self.code[here]
        found = set()
        paths = []
        # `pub use` only hands names on (the module's face): not an import.
        for m in re.finditer(r"(\bpub(?:\([^)]*\))?\s+)?\buse\s+([^;]+);", code):
            if not m.group(1):
                paths.extend(use_paths(m.group(2)))
        uses = re.sub(r"\buse\s+[^;]+;", "", code)
        for m in re.finditer(r"\b(?:crate|super|self)(?:\s*::\s*\w+)+", uses):
            paths.append(tuple(s.strip() for s in m.group(0).split("::")))
        for p in paths:
            if p and p[-1] == "*":
                p = p[:-1]
            absolute = self.absolute(here, p)
            if absolute is None:
                continue
            t = self.target(here, absolute)
            if t and t != here:
                found.add(t)
        return found


def rel(path):
    return str(path.relative_to(ROOT))


def size_problems(crate):
    problems = []
    for path in sorted(crate.files):
        name = rel(path)
        if not name.startswith("src/web/") or path.name == "tests.rs" or "tests" in path.parts[len(SRC.parts):-1]:
            continue
        code = crate.code[path]
        loc = sum(1 for line in code.split("\n") if line.strip())
        if loc > MAX_FILE_LINES:
            problems.append(f"{name}: {loc} lines of code (at most {MAX_FILE_LINES})")
        for fn, first, lines in functions(code):
            if lines > MAX_FN_LINES:
                problems.append(f"{name}: fn {fn} is {lines} lines (at most {MAX_FN_LINES})")
            if name == APP and fn in ("App", "app") and lines > MAX_APP_COMPONENT:
                problems.append(f"{name}: App is {lines} lines (at most {MAX_APP_COMPONENT})")
            if (name, fn) == TOP_REDUCE and lines > MAX_TOP_REDUCE:
                problems.append(f"{name}: the top reduce is {lines} lines (at most {MAX_TOP_REDUCE})")
        if name == APP:
            total = len(path.read_text().splitlines())
            if total > MAX_APP_LINES:
                problems.append(f"{name}: {total} lines (at most {MAX_APP_LINES})")
    return problems


def layer_problems(crate):
    problems = []
    edges = {}
    for path in sorted(crate.files):
        edges[path] = crate.imports(path)
        mod = module_of(path)
        top = mod[0] if mod else None
        if top not in ALLOWED:
            continue
        tops = sorted({module_of(t)[0] for t in edges[path] if module_of(t)} - {top})
        for ttop in tops:
            if ttop not in ALLOWED[top]:
                problems.append(f"{rel(path)} imports {ttop} ({top} may not)")
            elif top == "web" and ttop == "engine" and rel(path) not in WEB_ENGINE:
                problems.append(f"{rel(path)} imports engine (not one of WEB_ENGINE)")
    for a in sorted(edges):
        for b in sorted(edges[a]):
            if a < b and a in edges.get(b, ()):
                problems.append(f"{rel(a)} and {rel(b)} import each other")
    return problems


def main():
    crate = Crate()
    if "-v" in sys.argv:
        for path in sorted(crate.files):
            print(rel(path), "->", ", ".join(sorted(rel(t) for t in crate.imports(path))))
    problems = size_problems(crate) + layer_problems(crate)
    bad = [p for p in problems if p not in KNOWN]
    stale = sorted(KNOWN - set(problems))
    for p in bad:
        print(p)
    for p in stale:
        print(f"no longer true, remove from KNOWN: {p}")
    known = len(problems) - len(bad)
    print(f"{len(crate.files)} files checked: {len(bad)} problem(s), {known} known, {len(stale)} stale")
    return 1 if bad or stale else 0


if __name__ == "__main__":
    sys.exit(main())
