#!/usr/bin/env python3
"""Checks the links of the project's Markdown files.

    tools/check-links.py [--missing-ok PREFIX]...

For README.md, CONTRIBUTING.md, docs/*.md and lab/**/*.md (those that
exist), outside fenced code blocks:

- every relative link or image, [text](path) or ![alt](path) (also a
  reference definition, [name]: path, and an HTML href= or src=), must name
  a file or directory of the repository; a path is read from the Markdown
  file's directory, or from the repository's root when it starts with "/";
- an anchor, path.md#heading or #heading, must be the slug of a heading of
  that file as GitHub makes it (lower case, punctuation dropped, each space
  a hyphen, -1, -2... for repeats); #L12 or #L12-L20 on another file must be
  within its lines;
- a path written as inline code (`src/net/mod.rs`, `tools/test.sh`) must
  exist, from the repository's root or the file's directory. A span counts
  as a path when it has only path characters (letters, digits, _ . - /) and
  contains a "/" or ends in a known extension; a trailing :LINE is allowed.
  URLs, globs, commands with arguments, Rust paths (a::b), absolute paths
  (/etc/...), pairs such as `K/N`, and paths under a directory that
  .gitignore names from the root (`dist/`, `target/...`: made by a build)
  are not checked.

Each broken link is printed as file:line: message; the exit status is 1 if
there was any. --missing-ok PREFIX (repeatable) accepts links to missing
files under PREFIX (e.g. lab/ while another branch creates it) and lists
them apart; tools/test.sh passes none.
"""

import argparse
import os
import re
import sys
import unicodedata
from pathlib import Path
from urllib.parse import unquote

ROOT = Path(__file__).resolve().parent.parent

# Extensions that make a backticked name without a "/" a file name.
EXTENSIONS = {
    ".rs", ".md", ".sh", ".mjs", ".ts", ".toml", ".html", ".css", ".js",
    ".py", ".txt", ".csv", ".tsv", ".json", ".yml", ".yaml", ".svg", ".png",
    ".ini", ".c", ".webmanifest",
}
# Directories never searched for files a bare name could mean.
SKIP_DIRS = {".git", "target", "dist", "node_modules", ".site", "test-results",
             "playwright-report", "artifacts", "__pycache__"}

FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
ATX = re.compile(r"^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
INLINE_LINK = re.compile(r"(!?)\[((?:[^\[\]]|\[[^\]]*\])*)\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"]*\")?\s*\)")
REF_DEF = re.compile(r"^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$")
HTML_ATTR = re.compile(r"\b(?:href|src)\s*=\s*\"([^\"]*)\"")
HTML_ID = re.compile(r"\b(?:id|name)\s*=\s*\"([^\"]+)\"")
CODE_SPAN = re.compile(r"(`+)(.+?)(?<!`)\1(?!`)")
PATH_LIKE = re.compile(r"^[A-Za-z0-9_.\-/]+$")
LINE_SUFFIX = re.compile(r"^(.*?):(\d+)(?:-\d+)?$")
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]*:")
LINE_ANCHOR = re.compile(r"^L(\d+)(?:-L(\d+))?$")


def markdown_files():
    files = [ROOT / "README.md", ROOT / "CONTRIBUTING.md"]
    files += sorted((ROOT / "docs").glob("*.md"))
    files += sorted((ROOT / "lab").glob("**/*.md"))
    return [f for f in files if f.is_file()]


def prose_lines(text):
    """(line number, line) of the lines outside fenced code blocks."""
    fence = None
    for number, line in enumerate(text.splitlines(), 1):
        m = FENCE.match(line)
        if fence is None:
            if m:
                fence = m.group(1)
                continue
            yield number, line
        elif m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence) \
                and not line.strip()[len(m.group(1)):].strip():
            fence = None


def without_code(line):
    """The line with its inline code spans blanked (links inside code are not links)."""
    return CODE_SPAN.sub(lambda m: " " * len(m.group(0)), line)


def slug(heading):
    """GitHub's anchor for a heading's text."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # links and images: their text
    text = re.sub(r"<[^>]+>", "", text)  # HTML tags
    text = text.lower()
    kept = []
    for ch in text:
        if ch in " -_" or ch.isalnum() or unicodedata.category(ch).startswith("M"):
            kept.append(ch)
        # everything else (punctuation, symbols, backticks, emphasis) is dropped
    return "".join(kept).replace(" ", "-")


_anchor_cache = {}


def anchors(path):
    """The anchors a Markdown file offers: its headings' slugs and HTML ids."""
    if path in _anchor_cache:
        return _anchor_cache[path]
    found = set()
    seen = {}
    previous = ""
    for _, line in prose_lines(path.read_text(encoding="utf-8")):
        text = None
        m = ATX.match(line)
        if m:
            text = m.group(2)
        elif re.match(r"^ {0,3}(=+|-+)\s*$", line) and previous.strip() \
                and not previous.lstrip().startswith(("|", "-", "*", ">")) and not ATX.match(previous):
            text = previous.strip()  # a setext heading: the line above
        if text is not None:
            base = slug(text)
            n = seen.get(base, 0)
            found.add(base if n == 0 else f"{base}-{n}")
            seen[base] = n + 1
        for attr in HTML_ID.findall(line):
            found.add(attr)
        previous = line
    _anchor_cache[path] = found
    return found


_names = None


def names_in_repo():
    """Every file name of the repository (for a bare `name.rs` in prose)."""
    global _names
    if _names is None:
        _names = set()
        for directory, dirs, files in os.walk(ROOT):
            dirs[:] = [d for d in dirs if d not in SKIP_DIRS]
            _names.update(files)
    return _names


_ignored = None


def generated(text):
    """Whether a path lies under one of .gitignore's rooted entries (`/dist`, `/target`)."""
    global _ignored
    if _ignored is None:
        _ignored = []
        ignore = ROOT / ".gitignore"
        if ignore.is_file():
            for entry in ignore.read_text(encoding="utf-8").splitlines():
                entry = entry.strip()
                if entry.startswith("/") and not any(c in entry for c in "*?[!"):
                    _ignored.append(entry.strip("/"))
    text = text.strip("/")
    return any(text == e or text.startswith(e + "/") for e in _ignored)


def inside_repo(path):
    try:
        path.resolve().relative_to(ROOT)
        return True
    except ValueError:
        return False


class Checker:
    def __init__(self, missing_ok):
        self.missing_ok = [p.strip("/") + "/" for p in missing_ok]
        self.errors = []
        self.waiting = []

    def report(self, source, number, message, target=None):
        where = f"{source.relative_to(ROOT)}:{number}"
        if target is not None and inside_repo(target):
            relative = target.resolve().relative_to(ROOT).as_posix()
            if any(relative.startswith(p) or relative + "/" == p for p in self.missing_ok):
                self.waiting.append(f"{where}: {message}")
                return
        self.errors.append(f"{where}: {message}")

    def link(self, source, number, target):
        if not target or SCHEME.match(target) or target.startswith("//"):
            return  # a URL (https:, mailto:...), not a file of the repository
        path_part, _, anchor = target.partition("#")
        path_part = unquote(path_part.split("?", 1)[0])
        anchor = unquote(anchor)
        if path_part:
            base = ROOT if path_part.startswith("/") else source.parent
            file = (base / path_part.lstrip("/")).resolve()
            if not inside_repo(file):
                self.report(source, number, f"link {target} leads outside the repository")
                return
            if not file.exists():
                self.report(source, number, f"link {target}: no such file", file)
                return
        else:
            file = source
        if not anchor:
            return
        if file.is_dir():
            self.report(source, number, f"link {target}: an anchor on a directory")
        elif file.suffix.lower() in (".md", ".markdown"):
            if anchor not in anchors(file):
                self.report(source, number, f"link {target}: no heading #{anchor} in {file.relative_to(ROOT)}")
        else:
            m = LINE_ANCHOR.match(anchor)
            if not m:
                self.report(source, number, f"link {target}: #{anchor} is neither a heading nor a line (#L12)")
                return
            lines = len(file.read_bytes().splitlines())
            last = int(m.group(2) or m.group(1))
            if not 1 <= int(m.group(1)) <= last <= lines:
                self.report(source, number, f"link {target}: {file.relative_to(ROOT)} has {lines} lines")

    def code_path(self, source, number, span):
        text = span.strip()
        m = LINE_SUFFIX.match(text)
        if m:
            text = m.group(1)
        if not PATH_LIKE.match(text) or "//" in text:
            return  # spaces, a URL, a glob, a query, a formula, a Rust path...
        if "/" not in text and Path(text).suffix.lower() not in EXTENSIONS:
            return
        if text.startswith(".") and "/" not in text:
            return  # `.rs`: an extension, not a file
        if re.fullmatch(r"[./]+", text) or text.startswith("/"):
            return  # `./`, or a path on some machine (`/etc/...`) or site (`/sub/path/`)
        parts = [p for p in text.split("/") if p]
        if "/" in text and Path(text).suffix.lower() not in EXTENSIONS \
                and not all(len(p) >= 2 and re.search(r"[A-Za-z]", p) for p in parts):
            return  # `K/N`, `1/K`, `1-0/0-1`: a ratio or a pair, not a path
        if generated(text):
            return  # under a directory .gitignore names: made by a build or a run
        if "/" not in text:
            # A bare file name: it exists somewhere in the repository.
            if text in names_in_repo() or (source.parent / text).exists():
                return
            self.report(source, number, f"`{span}`: no file of that name in the repository")
            return
        for base in (ROOT, source.parent):
            if (base / text.lstrip("/")).exists():
                return
        self.report(source, number, f"`{span}`: no such path (from the root or {source.parent.relative_to(ROOT) or '.'}/)",
                    ROOT / text.lstrip("/"))

    def check(self, source):
        for number, line in prose_lines(source.read_text(encoding="utf-8")):
            prose = without_code(line)
            for m in INLINE_LINK.finditer(prose):
                self.link(source, number, m.group(3))
            m = REF_DEF.match(prose)
            if m:
                self.link(source, number, m.group(1))
            for target in HTML_ATTR.findall(prose):
                self.link(source, number, target)
            for m in CODE_SPAN.finditer(line):
                self.code_path(source, number, m.group(2))


def main():
    parser = argparse.ArgumentParser(description="Check the relative links and paths of the Markdown docs.")
    parser.add_argument("--missing-ok", action="append", default=[], metavar="PREFIX",
                        help="accept links to missing files under PREFIX (e.g. lab/); repeatable")
    args = parser.parse_args()
    checker = Checker(args.missing_ok)
    files = markdown_files()
    for source in files:
        checker.check(source)
    for line in checker.waiting:
        print(f"waiting (--missing-ok): {line}")
    for line in checker.errors:
        print(line)
    print(f"{len(files)} files checked: {len(checker.errors)} broken link(s)"
          + (f", {len(checker.waiting)} waiting for a missing prefix" if checker.waiting else ""))
    return 1 if checker.errors else 0


if __name__ == "__main__":
    sys.exit(main())
