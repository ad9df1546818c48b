"""Sudoku with einsat: one variable per (row, column, digit).

    python3 sudoku.py                 solves a hard built-in puzzle
    python3 sudoku.py PUZZLES.txt     solves every line of a file (81
                                      characters, '.' or '0' for blanks)

Each solution is checked (rows, columns, boxes, givens) and proved unique
by blocking it and solving again.
"""
import sys

import einsat

# The first puzzle of the "top95" hard set.
PUZZLE = ("4.....8.5.3..........7......2.....6.....8.4......"
          "1.......6.3.7.5..2.....1.4......")
N = range(9)
DIGITS = range(1, 10)


def boxes():
    return [[(3 * (b // 3) + i // 3, 3 * (b % 3) + i % 3) for i in N] for b in N]


def solve(puzzle):
    """Returns (grid, unique) or (None, False) if there is no solution."""
    s = einsat.Solver()
    x = lambda r, c, d: s.var("x", r, c, d)
    for r in N:
        for c in N:
            s.exactly_one(x(r, c, d) for d in DIGITS)
    for d in DIGITS:
        for i in N:
            s.exactly_one(x(i, c, d) for c in N)
            s.exactly_one(x(r, i, d) for r in N)
        for box in boxes():
            s.exactly_one(x(r, c, d) for r, c in box)
    givens = [x(i // 9, i % 9, int(ch)) for i, ch in enumerate(puzzle) if ch in "123456789"]
    if not s.solve(givens):
        return None, False
    grid = [[next(d for d in DIGITS if s.value(x(r, c, d))) for c in N] for r in N]
    s.add_clause([-x(r, c, grid[r][c]) for r in N for c in N])
    return grid, s.solve(givens) is False


def valid(puzzle, grid):
    groups = [[(r, c) for c in N] for r in N] + [[(r, c) for r in N] for c in N] + boxes()
    return (all(sorted(grid[r][c] for r, c in g) == list(DIGITS) for g in groups) and
            all(ch not in "123456789" or grid[i // 9][i % 9] == int(ch)
                for i, ch in enumerate(puzzle)))


def show(grid):
    for r in N:
        row = " ".join(str(d) for d in grid[r])
        print(" | ".join((row[0:5], row[6:11], row[12:17])))
        if r in (2, 5):
            print("------+-------+------")


if __name__ == "__main__":
    if len(sys.argv) > 1:
        with open(sys.argv[1]) as file:
            puzzles = [line.strip() for line in file if len(line.strip()) == 81]
    else:
        puzzles = [PUZZLE]
    solved = unique = 0
    for puzzle in puzzles:
        grid, is_unique = solve(puzzle)
        assert grid is not None and valid(puzzle, grid), "wrong answer for " + puzzle
        solved += 1
        unique += is_unique
        if len(puzzles) == 1:
            show(grid)
    print("%d of %d puzzles solved and checked, %d with a unique solution"
          % (solved, len(puzzles), unique))
