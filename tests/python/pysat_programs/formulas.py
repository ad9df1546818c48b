"""Non-clausal formulas: Tseitin-encoded, models read back as atoms, and
compared with the formula's own evaluation."""
import itertools

from pysat.formula import Atom, Formula, ITE, Implies
from pysat.solvers import Solver

x, y, z, w = Atom("x"), Atom("y"), Atom("z"), Atom("w")
formula = ((x @ y) ^ z) & Implies(w, x | z) & ITE(y, ~w, z)

models = []
with Solver(bootstrap_with=formula) as solver:
    atoms = Formula.literals([x, y, z, w])
    while solver.solve():
        model = solver.get_model()
        assignment = [a if model[a - 1] > 0 else -a for a in atoms]
        models.append(tuple(Formula.formulas(assignment)))
        solver.add_clause([-l for l in assignment])

expected = 0
for values in itertools.product((False, True), repeat=4):
    literals = [a if v else ~a for a, v in zip((x, y, z, w), values)]
    if formula.satisfied(literals):
        expected += 1
        assert tuple(literals) in models
assert expected == len(models) == len(set(models))
print("formulas", len(models), "models")
