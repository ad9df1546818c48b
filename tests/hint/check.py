"""Checks 'einsat sudoku --hint' against the rules a person applies.

    check.py EINSAT PUZZLES TMPDIR

PUZZLES holds one puzzle per line (characters: '.' or '0' blank, 1-9 and
then A-Z for the values from 10; boxes from 2x2 to 5x5).  Before the
first cell propagation forces, only the givens rule candidates out, so
the hint must be one of the 'singles' computed here from the givens
alone: a cell with one candidate left ("naked single") or a value with
one place left in a row, column or box ("hidden single").  'hint none'
must mean there is no single (and no cell or value without a place),
'hint contradiction' that some cell or value has no place left.  The
reason given ('by ...') and the explanation ('Why: ...') are checked too.

Prints one 'ok'/'not ok' line per puzzle.
"""

import math
import re
import subprocess
import sys

VALUES = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def parse(line):
    cells = [0 if ch in ".0" else VALUES.index(ch) + 1 for ch in line]
    size = int(math.isqrt(len(cells)))
    return size, int(math.isqrt(size)), cells


def units_of(size, box, row, col):
    """The three units of a cell, as (name, cells)."""
    r0, c0 = row - row % box, col - col % box
    return [
        ("row %d" % (row + 1), [(row, c) for c in range(size)]),
        ("column %d" % (col + 1), [(r, col) for r in range(size)]),
        ("its box", [(r0 + i, c0 + j) for i in range(box) for j in range(box)]),
    ]


def candidates(size, box, cells):
    given = lambda r, c: cells[r * size + c]
    cand = {}
    for r in range(size):
        for c in range(size):
            if given(r, c):
                continue
            used = {given(x, y) for _, unit in units_of(size, box, r, c)
                    for x, y in unit}
            cand[r, c] = set(range(1, size + 1)) - used
    return cand


def singles(size, box, cells):
    """The possible hints as (row, col, value, kind, unit name) and
    whether something has no place left."""
    cand = candidates(size, box, cells)
    found, empty = [], any(not v for v in cand.values())
    for (r, c), vs in cand.items():
        if len(vs) == 1:
            found.append((r, c, min(vs), "cell", None))
        for name, unit in units_of(size, box, r, c):
            for v in vs:
                places = [(x, y) for x, y in unit if v in cand.get((x, y), ())]
                if places == [(r, c)]:
                    found.append((r, c, v, "unit", name))
    for r in range(size):
        for c in range(size):
            for name, unit in units_of(size, box, r, c):
                for v in range(1, size + 1):
                    if all(cells[x * size + y] != v and v not in
                           cand.get((x, y), ()) for x, y in unit):
                        empty = True
    return found, empty


LITERAL = re.compile(r"^r(\d+)c(\d+)=(\d+)$")


def literal(text):
    m = LITERAL.match(text)
    return tuple(int(g) for g in m.groups()) if m else None


def check(size, box, cells, out):
    lines = out.split("\n")
    found, empty = singles(size, box, cells)
    first = lines[0].split(" ")
    if first == ["hint", "none"]:
        return "no single exists" if not found and not empty else \
            "'none', but there are %d singles" % len(found)
    if first == ["hint", "contradiction"]:
        return "a cell or value without a place" if empty else \
            "'contradiction' without a cell or value lacking a place"
    if first[0] != "hint" or first[2] != "by" or not literal(first[1]):
        return "unexpected first line '%s'" % lines[0]
    row, col, value = literal(first[1])
    reason = [literal(t) for t in first[3:]]
    if None in reason:
        return "reason literals '%s'" % lines[0]
    kinds = [(k, u) for r, c, v, k, u in found
             if (r + 1, c + 1, v) == (row, col, value)]
    if not kinds:
        return "r%dc%d=%d is no single" % (row, col, value)
    words = "Row %d, column %d is %d: " % (row, col, value)
    if ("cell", None) in kinds and lines[1] == words + \
            "every other value is ruled out in this cell.":
        want = {(row, col, v) for v in range(1, size + 1) if v != value}
    else:
        units = [u for k, u in kinds if k == "unit" and lines[1] ==
                 words + "%d has no other place in %s." % (value, u)]
        if not units:
            return "explanation '%s' is not a rule that holds" % lines[1]
        unit = dict(units_of(size, box, row - 1, col - 1))[units[0]]
        want = {(x + 1, y + 1, value) for x, y in unit
                if (x + 1, y + 1) != (row, col)}
    if set(reason) != want:
        return "reason %s, want %s" % (sorted(reason), sorted(want))
    # Why: each ruled-out literal with the given that ruled it out.
    for part in re.findall(r"\((r\d+c\d+=\d+)\)", lines[2]):
        r, c, v = literal(part)
        if cells[(r - 1) * size + c - 1] != v:
            return "'%s' in the explanation is no given" % part
    if not lines[2].startswith("Why: "):
        return "no 'Why' line"
    return None


def main():
    einsat, puzzles, tmp = sys.argv[1:4]
    for number, line in enumerate(open(puzzles).read().split()):
        size, box, cells = parse(line)
        path = "%s/hint%d.txt" % (tmp, number)
        with open(path, "w") as f:
            f.write(line + "\n")
        p = subprocess.run([einsat, "sudoku", "--hint", path],
                           capture_output=True, text=True)
        name = "hint %dx%d #%d" % (size, size, number + 1)
        want_code = 2 if p.stdout.startswith("hint contradiction") else 0
        why = check(size, box, cells, p.stdout)
        if p.returncode != want_code or p.stderr:
            print("not ok %s: exit %d, %s" % (name, p.returncode,
                                              p.stderr.strip()))
        elif why and not why.startswith(("no single", "a cell")):
            print("not ok %s: %s; output %r" % (name, why, p.stdout[:200]))
        else:
            kind = p.stdout.split("\n")[0].split(" ")[1]
            print("ok %s: %s" % (name, why or "a single: " + kind))


if __name__ == "__main__":
    main()
