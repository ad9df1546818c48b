#!/usr/bin/env python3
"""Brute-force reference for logic-grid puzzles (puzzles/README.md).

  grid_oracle.py solve PUZZLE           prints every solution, one per line
  grid_oracle.py tables OUTPUT          prints the solutions in the tables
                                        of an 'einsat zebra --all' output
  grid_oracle.py facts FACTS VARIANT    prints the solution of variant A or
                                        B of einstein_zebra.txt

Each solution is printed as 'value=position ...' sorted by value, so that
the three can be compared with 'diff'.  The solver reads the format on its
own (no code shared with puzzles/zebra_read.c) and tries every combination of
permutations, so it is meant for small puzzles only."""

import itertools
import sys


def read_puzzle(path):
    positions, attributes, clues = 0, [], []
    for raw in open(path):
        words = raw.split('#', 1)[0].split()
        if not words:
            continue
        key = words[0]
        if key in ('title', 'question'):
            continue
        if key == 'positions':
            positions = int(words[1])
        elif key == 'attribute':
            attributes.append(words[2:])
        elif key == 'either':
            split = words.index('or')
            clues.append(('either', words[1:split], words[split + 1:]))
        else:
            clues.append(tuple(words))
    return positions, attributes, clues


def holds(clue, pos):
    if clue[0] == 'either':
        return holds(tuple(clue[1]), pos) != holds(tuple(clue[2]), pos)
    kind, a, b = clue
    if kind in ('at', 'not-at'):
        return (pos[a] == int(b)) == (kind == 'at')
    pa, pb = pos[a], pos[b]
    return {
        'same': pa == pb,
        'different': pa != pb,
        'left-of': pa + 1 == pb,
        'right-of': pa == pb + 1,
        'somewhere-left-of': pa < pb,
        'somewhere-right-of': pa > pb,
        'next-to': abs(pa - pb) == 1,
        'not-next-to': abs(pa - pb) != 1,
    }[kind]


def canonical(pos):
    return ' '.join('%s=%d' % (v, pos[v]) for v in sorted(pos))


def solve(path):
    n, attributes, clues = read_puzzle(path)
    orders = list(itertools.permutations(range(1, n + 1)))
    for choice in itertools.product(orders, repeat=len(attributes)):
        pos = {}
        for values, order in zip(attributes, choice):
            pos.update(zip(values, order))
        if all(holds(c, pos) for c in clues):
            print(canonical(pos))


def tables(path):
    """Tables of 'einsat zebra' output: a header row, then the rows of
    positions 1, 2, ... with as many words as the header."""
    solutions, pos, width, previous = [], None, 0, []
    for line in open(path):
        words = line.split()
        if pos is not None and words and words[0] == str(len(pos) //
                                                         (width - 1) + 1) \
                and len(words) == width:
            for value in words[1:]:
                pos[value] = int(words[0])
        elif words[:1] == ['1'] and len(previous) == len(words) > 1 and \
                not previous[0].isdigit():
            if pos:
                solutions.append(canonical(pos))
            width, pos = len(words), {v: 1 for v in words[1:]}
        else:
            if pos:
                solutions.append(canonical(pos))
            pos = None
        previous = words
    if pos:
        solutions.append(canonical(pos))
    for s in solutions:
        print(s)


def facts(path, variant):
    section, pos = None, {}
    for line in open(path):
        if line.startswith('## Variant'):
            section = line.split()[2].rstrip(':')
        elif section == variant and line[:1].isdigit():
            words = line.split()
            for value in words[1:]:
                pos[value] = int(words[0])
    print(canonical(pos))


if __name__ == '__main__':
    {'solve': solve, 'tables': tables, 'facts': facts}[sys.argv[1]](
        *sys.argv[2:])
