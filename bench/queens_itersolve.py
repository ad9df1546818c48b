"""Counts N-queens boards with pycosat.itersolve, the way a pycosat user
would: bench/queens_bench.sh runs it with /usr/bin/python3 (Debian's
python3-pycosat).

    queens_itersolve.py N [CNF]

With CNF (written by 'einsat queens N --cnf') the solutions of that
encoding are enumerated: itersolve blocks whole models, so boards that
differ only in auxiliary variables come several times and the distinct
boards are counted from the N*N square variables (numbered first).
Without CNF the pairwise encoding is built here (no auxiliary
variables).  Prints the number of boards and of models visited."""

import itertools
import sys

import pycosat


def read_dimacs(path):
    clauses = []
    with open(path) as f:
        for line in f:
            if line[:1] not in "cp" and line.strip():
                clauses.append([int(x) for x in line.split()[:-1]])
    return clauses


def pairwise(n):
    square = lambda r, c: r * n + c + 1
    lines = [[square(r, c) for c in range(n)] for r in range(n)]
    lines += [[square(r, c) for r in range(n)] for c in range(n)]
    clauses = [list(line) for line in lines[:2 * n]]  # one per row and column
    for d in range(-(n - 1), n):
        lines.append([square(r, r - d) for r in range(n) if 0 <= r - d < n])
    for s in range(2 * n - 1):
        lines.append([square(r, s - r) for r in range(n) if 0 <= s - r < n])
    for line in lines:
        clauses += [[-a, -b] for a, b in itertools.combinations(line, 2)]
    return clauses


def main():
    n = int(sys.argv[1])
    clauses = read_dimacs(sys.argv[2]) if len(sys.argv) > 2 else pairwise(n)
    boards, models = set(), 0
    for model in pycosat.itersolve(clauses):
        models += 1
        boards.add(tuple(lit > 0 for lit in model[:n * n]))
    print(len(boards), models)


if __name__ == "__main__":
    main()
