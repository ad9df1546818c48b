"""einsat: Python bindings for the einsat SAT solver.

pycosat-compatible functions (clauses are iterables of iterables of
non-zero ints, DIMACS style):

    solve(clauses, vars=0, verbose=0, prop_limit=0)
        -> [+-1, ..., +-n] | "UNSAT" | "UNKNOWN"
    itersolve(clauses, vars=0, verbose=0, prop_limit=0)
        -> iterator over all solutions

The incremental solver, with named variables and cardinality constraints:

    with einsat.Solver() as s:
        x, y, z = s.var("x"), s.var("y"), s.var("z")
        s.add_clause([x, y, z])
        s.at_most_one([x, y, z])
        if s.solve(assumptions=[-x]):
            print(s.model(), s.value(y))

'CNF' collects clauses in a list with the same helpers.  See
python/README.md for the whole interface.
"""

from . import _einsat
from ._einsat import MAX_VAR, itersolve, option_info, signature, solve, version
from .encode import CNF, Encoding

__all__ = ["Solver", "CNF", "Encoding", "solve", "itersolve", "version",
           "signature", "option_info", "MAX_VAR"]
__version__ = version()


class Solver(_einsat.Solver, Encoding):
    __doc__ = _einsat.Solver.__doc__ + """

Besides the solver methods it has named variables (var, name, key) and
cardinality constraints (at_most_one, exactly_one, at_most_k, at_least_k,
exactly_k) from einsat.Encoding; their auxiliary variables come from
new_var()."""

    def __init__(self, clauses=None, **kwargs):
        super().__init__(clauses, **kwargs)
        Encoding.__init__(self)
