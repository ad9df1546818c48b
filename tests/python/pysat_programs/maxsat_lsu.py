"""Linear search MaxSAT (unweighted): relax the soft clauses, bound the
number of relaxed ones with an incremental totalizer, tighten until UNSAT;
the optimum is compared with brute force."""
import random

from pysat.card import ITotalizer
from pysat.formula import WCNF
from pysat.solvers import Solver


def brute_force(wcnf):
    best = None
    for x in range(1 << wcnf.nv):
        value = lambda l: (x >> (abs(l) - 1) & 1) == (l > 0)
        if all(any(map(value, c)) for c in wcnf.hard):
            cost = sum(1 for c in wcnf.soft if not any(map(value, c)))
            best = cost if best is None else min(best, cost)
    return best


rng = random.Random(3)
for round_ in range(15):
    wcnf = WCNF()
    for _ in range(8):
        wcnf.append([rng.choice((-1, 1)) * rng.randint(1, 8) for _ in range(2)])
    for _ in range(12):
        wcnf.append([rng.choice((-1, 1)) * rng.randint(1, 8)], weight=1)
    expected = brute_force(wcnf)
    top = wcnf.nv
    relax = list(range(top + 1, top + 1 + len(wcnf.soft)))
    clauses = wcnf.hard + [c + [r] for c, r in zip(wcnf.soft, relax)]
    with Solver(name="glucose4", bootstrap_with=clauses) as oracle:
        if not oracle.solve():
            assert expected is None
            continue
        model = oracle.get_model()
        cost = sum(model[r - 1] > 0 for r in relax)
        tot = ITotalizer(lits=relax, ubound=cost, top_id=top + len(relax))
        oracle.append_formula(tot.cnf.clauses)
        while cost > 0 and oracle.solve(assumptions=[-tot.rhs[cost - 1]]):
            model = oracle.get_model()
            cost = sum(model[r - 1] > 0 for r in relax)
        tot.delete()
    assert cost == expected, (cost, expected)
print("lsu", 15, "optimal")
