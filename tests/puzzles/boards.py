#!/usr/bin/env python3
"""boards.py N COUNT < OUTPUT: checks the boards of an 'einsat queens N'
output: each has N rows of N squares ('Q' or '.'), N queens, no two
attacking; all boards differ; there are COUNT of them.  Exits 0 if all
holds, else prints what is wrong and exits 1."""

import sys


def attacks(queens):
    for i, (r1, c1) in enumerate(queens):
        for r2, c2 in queens[i + 1:]:
            if r1 == r2 or c1 == c2 or abs(r1 - r2) == abs(c1 - c2):
                return (r1 + 1, c1 + 1, r2 + 1, c2 + 1)
    return None


def main():
    n, expected = int(sys.argv[1]), int(sys.argv[2])
    boards, rows = [], []
    for line in sys.stdin:
        words = line.split()
        if words and set(words) <= {'Q', '.'}:
            rows.append(words)
            if len(rows) == n:
                boards.append(rows)
                rows = []
        elif rows:
            sys.exit('incomplete board of %d rows' % len(rows))
    seen = set()
    for b in boards:
        if any(len(r) != n for r in b):
            sys.exit('row of wrong length')
        queens = [(r, c) for r in range(n) for c in range(n) if b[r][c] == 'Q']
        if len(queens) != n:
            sys.exit('board with %d queens' % len(queens))
        bad = attacks(queens)
        if bad:
            sys.exit('queens on (%d,%d) and (%d,%d) attack each other' % bad)
        key = tuple(map(tuple, b))
        if key in seen:
            sys.exit('board printed twice')
        seen.add(key)
    if len(boards) != expected:
        sys.exit('%d boards, expected %d' % (len(boards), expected))


main()
