"""The GCHQ 2015 Christmas card nonogram, solved with einsat.

    python3 gchq.py [PUZZLE.non [SOLUTION.txt]]

Reads a puzzle in the '.non' format (rows, columns and a 'givens' section
of pre-filled 'row col' cells), prints the picture, compares it with the
known solution and checks that it is unique.  Each run of a line gets one
variable per possible start; exactly one start is chosen per run, runs
keep their order with a gap, and a cell is black if and only if a chosen
run covers it.
"""
import os
import sys

import einsat

HERE = os.path.dirname(os.path.abspath(__file__))


def read_non(path):
    puzzle, section = {"rows": [], "columns": [], "givens": []}, None
    for line in open(path):
        words = line.split()
        if not words:
            continue
        if words[0] in puzzle:
            section = words[0]
        elif section == "givens" and words[0].isdigit():
            puzzle["givens"].append((int(words[0]), int(words[1])))
        elif section and words[0][0].isdigit():
            puzzle[section].append([int(n) for n in words[0].split(",") if int(n)])
        else:
            section = None  # another key, such as 'width 25'
    return puzzle


def line(s, cells, runs):
    n, starts = len(cells), []
    for i, length in enumerate(runs):
        first = sum(runs[:i]) + i
        last = n - sum(runs[i:]) - (len(runs) - 1 - i)
        starts.append({p: s.new_var() for p in range(first, last + 1)})
        s.exactly_one(starts[i].values())
    for i in range(len(runs) - 1):
        for p, v in starts[i].items():
            for q, w in starts[i + 1].items():
                if q <= p + runs[i]:
                    s.add_clause([-v, -w])
    for c, cell in enumerate(cells):
        covering = [v for i, length in enumerate(runs)
                    for p, v in starts[i].items() if p <= c < p + length]
        s.add_clause([-cell] + covering)
        for v in covering:
            s.add_clause([-v, cell])


def solve(puzzle):
    s = einsat.Solver()
    height, width = len(puzzle["rows"]), len(puzzle["columns"])
    cell = lambda r, c: s.var("cell", r, c)
    for r, runs in enumerate(puzzle["rows"]):
        line(s, [cell(r, c) for c in range(width)], runs)
    for c, runs in enumerate(puzzle["columns"]):
        line(s, [cell(r, c) for r in range(height)], runs)
    for r, c in puzzle["givens"]:
        s.add_clause([cell(r, c)])
    if not s.solve():
        return None, False
    picture = ["".join("#" if s.value(cell(r, c)) else "." for c in range(width))
               for r in range(height)]
    s.add_clause([-cell(r, c) if picture[r][c] == "#" else cell(r, c)
                  for r in range(height) for c in range(width)])
    return picture, s.solve() is False


if __name__ == "__main__":
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "gchq2015.non")
    known = sys.argv[2] if len(sys.argv) > 2 else os.path.splitext(path)[0] + ".solution.txt"
    picture, unique = solve(read_non(path))
    assert picture is not None, "the puzzle has no solution"
    print("\n".join(picture))
    print("The solution is unique." if unique else "The solution is NOT unique!")
    if os.path.exists(known):
        matches = picture == open(known).read().split()
        print("It matches %s." % os.path.basename(known) if matches
              else "It does NOT match %s!" % os.path.basename(known))
        assert matches
    assert unique
