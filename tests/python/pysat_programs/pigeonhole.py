"""Pigeonhole formulas with IDPool and CardEnc, solved by Glucose3: n + 1
pigeons do not fit into n holes, n pigeons do."""
import itertools
import sys

from pysat.card import CardEnc, EncType
from pysat.formula import CNF, IDPool
from pysat.solvers import Glucose3, Solver


def pigeonhole(pigeons, holes, encoding):
    pool = IDPool()
    var = lambda p, h: pool.id(("in", p, h))
    cnf = CNF()
    for p in range(pigeons):
        cnf.extend(CardEnc.atleast([var(p, h) for h in range(holes)], 1, vpool=pool,
                                   encoding=encoding).clauses)
    for h in range(holes):
        cnf.extend(CardEnc.atmost([var(p, h) for p in range(pigeons)], 1, vpool=pool,
                                  encoding=encoding).clauses)
    return cnf, var


for encoding in (EncType.pairwise, EncType.seqcounter, EncType.totalizer,
                 EncType.sortnetwrk, EncType.ladder, EncType.bitwise):
    for holes in range(1, 6):
        cnf, var = pigeonhole(holes + 1, holes, encoding)
        with Glucose3(bootstrap_with=cnf.clauses) as solver:
            assert solver.solve() is False
            assert solver.get_model() is None
        cnf, var = pigeonhole(holes, holes, encoding)
        with Solver(name="cadical153", bootstrap_with=cnf) as solver:
            assert solver.solve() is True
            model = set(solver.get_model())
            placed = [[h for h in range(holes) if var(p, h) in model] for p in range(holes)]
            assert all(len(hs) == 1 for hs in placed), placed
            assert len({hs[0] for hs in placed}) == holes
    print("encoding", encoding, "ok")
print("pigeonhole done")
