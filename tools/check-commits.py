#!/usr/bin/env python3
"""Checks that commits follow CONTRIBUTING.md's commit convention.

Every commit after BASE (the last one made before the convention was
checked) must have:

- a subject of at most 72 characters, without a trailing full stop;
- a body after a blank line (why, with the numbers);
- the issue it serves named in the body ("Issue 68." or
  "Issues 68 and 71.").

Merge commits are held to the same rules. In a shallow clone that lacks
BASE, the commits present are checked. Exits 1 and names each commit that
breaks a rule.
"""
import re
import subprocess
import sys

BASE = "128075e"
MAX_SUBJECT = 72
ISSUE = re.compile(r"\bIssues? \d+")


def git(*args):
    return subprocess.run(["git", *args], capture_output=True, text=True)


def commits():
    if git("cat-file", "-e", BASE + "^{commit}").returncode == 0:
        spec = [f"{BASE}..HEAD"]
    else:
        spec = ["HEAD"]
    out = git("log", "--format=%H%x00%B%x01", *spec)
    if out.returncode != 0:
        sys.exit(f"git log failed: {out.stderr.strip()}")
    for record in out.stdout.split("\x01"):
        record = record.strip("\n")
        if record:
            sha, message = record.split("\x00", 1)
            yield sha, message


def problems(message):
    lines = message.strip("\n").split("\n")
    subject = lines[0]
    found = []
    if len(subject) > MAX_SUBJECT:
        found.append(f"subject is {len(subject)} characters (at most {MAX_SUBJECT})")
    if subject.endswith("."):
        found.append("subject ends with a full stop")
    if len(lines) > 1 and lines[1].strip():
        found.append("no blank line after the subject")
    body = "\n".join(lines[2:]).strip()
    if not body:
        found.append("no body")
    elif not ISSUE.search(body):
        found.append('the body names no issue ("Issue N.")')
    return found


def main():
    bad = 0
    checked = 0
    for sha, message in commits():
        checked += 1
        for problem in problems(message):
            bad += 1
            print(f"{sha[:7]} {message.splitlines()[0][:50]!r}: {problem}")
    print(f"{checked} commit(s) checked: {bad} problem(s)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
