"""Deletion-based MUS extraction with selector variables, assumptions and
get_core, checked by brute force: the MUS is unsatisfiable and every clause
of it is needed."""
import itertools
import random

from pysat.formula import CNF
from pysat.solvers import Solver


def satisfiable(clauses, nv):
    return any(all(any((x >> (abs(l) - 1) & 1) == (l > 0) for l in c) for c in clauses)
               for x in range(1 << nv))


rng = random.Random(7)
done = 0
while done < 20:
    nv = 6
    cnf = CNF(from_clauses=[[rng.choice((-1, 1)) * rng.randint(1, nv) for _ in range(3)]
                            for _ in range(30)])
    if satisfiable(cnf.clauses, nv):
        continue
    top = cnf.nv
    selectors = list(range(top + 1, top + 1 + len(cnf.clauses)))
    with Solver(name="g4", bootstrap_with=[c + [-s] for c, s in zip(cnf.clauses, selectors)]) as oracle:
        assert oracle.solve(assumptions=selectors) is False
        core = sorted(oracle.get_core())
        i = 0
        while i < len(core):
            trial = core[:i] + core[i + 1:]
            if oracle.solve(assumptions=trial) is False:
                core = sorted(oracle.get_core())  # may shrink more
            else:
                i += 1
    mus = [cnf.clauses[s - top - 1] for s in core]
    assert not satisfiable(mus, nv)
    for i in range(len(mus)):
        assert satisfiable(mus[:i] + mus[i + 1:], nv)
    done += 1
print("mus", done, "minimal")
