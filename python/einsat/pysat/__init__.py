"""PySAT's interface on einsat: replace 'pysat' by 'einsat.pysat' in the
imports of PySAT code,

    from einsat.pysat.solvers import Solver, Glucose3
    from einsat.pysat.formula import CNF, IDPool, Atom
    from einsat.pysat.card import CardEnc, EncType, ITotalizer

and every solver is einsat.  Modules: 'solvers' (Solver and the named
solver classes), 'formula' (CNF, WCNF, IDPool, Tseitin-encoded formulas),
'card' (cardinality encodings).  See python/README.md for what differs
from PySAT.
"""

from .. import _einsat

__all__ = ["card", "formula", "solvers"]
__version__ = _einsat.version()
