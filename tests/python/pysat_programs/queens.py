"""N-Queens with cardinality constraints; solutions enumerated by
blocking each placement (the auxiliary variables stay free)."""
from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from pysat.solvers import Solver

COUNTS = {4: 2, 5: 10, 6: 4, 7: 40, 8: 92}


def queens(n, encoding):
    pool = IDPool()
    q = [[pool.id((r, c)) for c in range(n)] for r in range(n)]
    clauses = []
    lines = [row for row in q] + [list(col) for col in zip(*q)]
    for line in lines:
        clauses += CardEnc.equals(line, 1, vpool=pool, encoding=encoding).clauses
    for d in range(-n + 1, n):
        for diagonal in ([q[r][r - d] for r in range(n) if 0 <= r - d < n],
                         [q[r][n - 1 - r + d] for r in range(n) if 0 <= n - 1 - r + d < n]):
            if len(diagonal) > 1:
                clauses += CardEnc.atmost(diagonal, 1, vpool=pool, encoding=encoding).clauses
    return q, clauses


for n, expected in COUNTS.items():
    for encoding in (EncType.pairwise, EncType.ladder, EncType.seqcounter):
        q, clauses = queens(n, encoding)
        squares = [v for row in q for v in row]
        found = set()
        with Solver(name="m22", bootstrap_with=clauses) as solver:
            while solver.solve():
                model = solver.get_model()
                placement = tuple(v for v in squares if model[v - 1] > 0)
                assert len(placement) == n and placement not in found
                found.add(placement)
                solver.add_clause([-v for v in placement])
        assert len(found) == expected, (n, len(found))
    print("queens", n, len(found))
