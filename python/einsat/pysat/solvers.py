"""PySAT's 'pysat.solvers' for einsat: 'Solver(name=...)' and the named
solver classes (Glucose3, Cadical153, Minisat22, ...), all of them einsat
under PySAT's names, with PySAT's methods and their meaning.

Built on einsat's own incremental solver ('einsat.Solver', the C
extension): solve / solve_limited with budgets, propagate, phases,
interruption, models, cores, DRAT proofs, enumeration, statistics.  What
differs from PySAT is listed in python/README.md.
"""

import os
import tempfile
import time as _time

from .. import _einsat
from .formula import CNFPlus

__all__ = ["Solver", "SolverNames", "NoSuchSolverError", "Cadical103",
           "Cadical153", "Cadical195", "Cadical300", "CryptoMinisat",
           "Gluecard3", "Gluecard4", "Glucose3", "Glucose4", "Glucose42",
           "Kissat404", "Lingeling", "MapleChrono", "MapleCM", "Maplesat",
           "Mergesat3", "Minicard", "Minisat22", "MinisatGH", "MinisatEP"]


class NoSuchSolverError(Exception):
    """A solver name that PySAT does not know."""


class SolverNames:
    """The names PySAT accepts for its solvers (any capitalisation).  Every
    one of them is einsat here."""

    cadical103 = ("cd", "cd103", "cdl", "cdl103", "cadical103")
    cadical153 = ("cd15", "cd153", "cdl15", "cdl153", "cadical153")
    cadical195 = ("cd19", "cd195", "cdl19", "cdl195", "cadical195")
    cadical300 = ("cd30", "cd300", "cdl30", "cdl300", "cadical300")
    cryptosat = ("cms", "cms5", "crypto", "crypto5", "cryptominisat", "cryptominisat5")
    gluecard3 = ("gc3", "gc30", "gluecard3", "gluecard30")
    gluecard4 = ("gc4", "gc41", "gluecard4", "gluecard41")
    glucose3 = ("g3", "g30", "glucose3", "glucose30")
    glucose4 = ("g4", "g41", "glucose4", "glucose41")
    glucose42 = ("g42", "g421", "glucose42", "glucose421")
    kissat404 = ("ks", "ks4", "kissat", "kissat4", "kissat404")
    lingeling = ("lgl", "lingeling")
    maplechrono = ("mcb", "chrono", "chronobt", "maplechrono")
    maplecm = ("mcm", "maplecm")
    maplesat = ("mpl", "maple", "maplesat")
    mergesat3 = ("mg3", "mgs3", "mergesat3", "mergesat30")
    minicard = ("mc", "mcard", "minicard")
    minisat22 = ("m22", "msat22", "minisat22")
    minisatgh = ("mgh", "msat-gh", "minisat-gh")
    minisatep = ("mep", "msat-ep", "minisat-ep", "minisatep")
    einsat = ("einsat",)


def _canonical_name(name):
    if not isinstance(name, str):
        raise NoSuchSolverError(name)
    lowered = name.lower()
    for canonical, aliases in vars(SolverNames).items():
        if isinstance(aliases, tuple) and (lowered in aliases or lowered == canonical):
            return canonical
    raise NoSuchSolverError(name)


KEYWORDS = {"incr", "with_proof", "warm_start", "native_card", "sync_with"}

# The names under which PySAT offers native cardinality constraints; the
# other names refuse them as PySAT does (programs test for that).
NATIVE_CARDINALITY = {"minicard", "gluecard3", "gluecard4", "einsat"}


class Solver:
    """A SAT solver with PySAT's interface: Solver(name='m22',
    bootstrap_with=None, use_timer=False, with_proof=False, ...).  Every
    name is einsat; 'incr', 'warm_start', 'native_card' and 'sync_with' are
    accepted and change nothing."""

    def __init__(self, name="m22", bootstrap_with=None, use_timer=False, **kwargs):
        self._engine = None
        self._create(name, bootstrap_with, use_timer, kwargs)

    def new(self, name="m22", bootstrap_with=None, use_timer=False, **kwargs):
        """Creates the solver (if there is none)."""
        self._create(name, bootstrap_with, use_timer, kwargs)

    def _create(self, name, bootstrap_with, use_timer, kwargs):
        for keyword in kwargs:
            if keyword not in KEYWORDS:
                raise TypeError("Unexpected keyword argument '%s'" % keyword)
        if self._engine is not None:
            return
        self.name = _canonical_name(name)
        self._proof_path = None
        if kwargs.get("with_proof"):
            handle, self._proof_path = tempfile.mkstemp(prefix="einsat-proof-", suffix=".drat")
            os.close(handle)
        self._engine = _einsat.Solver(proof=self._proof_path)
        self.status = None
        self.use_timer = use_timer
        self.call_time = 0.0
        self.accu_time = 0.0
        self._budgets = {"conflicts": None, "propagations": None, "decisions": None}
        self._model = self._core = None
        if bootstrap_with is not None:
            self.append_formula(bootstrap_with)

    def delete(self):
        """Frees the solver (also at the end of a 'with' block)."""
        engine, self._engine = getattr(self, "_engine", None), None
        if engine is not None:
            try:
                engine.close()
            finally:
                if self._proof_path:
                    os.unlink(self._proof_path)
                    self._proof_path = None

    def __del__(self):
        try:
            self.delete()
        except Exception:  # nobody to report to while collected
            pass

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        self.delete()

    # -- solving ---------------------------------------------------------------

    def _timed(self, call, *args):
        if not self.use_timer:
            return call(*args)
        start = _time.process_time()
        try:
            return call(*args)
        finally:
            self.call_time = _time.process_time() - start
            self.accu_time += self.call_time

    def _solve(self, assumptions):
        self._model = self._core = None
        self.status = self._timed(self._engine.solve, assumptions)
        return self.status

    def solve(self, assumptions=()):
        """True or False: is the formula satisfiable under the
        assumptions?  (None only after interrupt().)"""
        if self._engine is not None:
            return self._solve(assumptions)

    def solve_limited(self, assumptions=(), expect_interrupt=False):
        """As solve(), but within the budgets set by conf_budget,
        prop_budget and dec_budget, and stopped by interrupt(): None if it
        stopped.  'expect_interrupt' changes nothing (interrupt() and
        Ctrl-C both work, the GIL is released)."""
        if self._engine is None:
            return None
        engine = self._engine
        engine.set_conflict_limit(self._budgets["conflicts"])
        engine.set_propagation_limit(self._budgets["propagations"])
        engine.set_decision_limit(self._budgets["decisions"])
        try:
            return self._solve(assumptions)
        finally:
            engine.set_conflict_limit(None)
            engine.set_propagation_limit(None)
            engine.set_decision_limit(None)

    def _budget(self, kind, budget):
        self._budgets[kind] = budget if budget is not None and budget > 0 else None

    def conf_budget(self, budget=-1):
        """At most 'budget' conflicts in each following solve_limited()
        call (0 or -1: no limit)."""
        self._budget("conflicts", budget)

    def prop_budget(self, budget=-1):
        """At most 'budget' propagations in each following solve_limited()
        call (0 or -1: no limit).  The limit is exact."""
        self._budget("propagations", budget)

    def dec_budget(self, budget=-1):
        """At most 'budget' decisions in each following solve_limited()
        call (0 or -1: no limit)."""
        self._budget("decisions", budget)

    def interrupt(self):
        """Stops the running solve_limited() (from another thread, e.g. a
        timer) and every later call until clear_interrupt()."""
        if self._engine is not None:
            self._engine.set_interrupt(True)

    def clear_interrupt(self):
        """Lets solving run again after interrupt()."""
        if self._engine is not None:
            self._engine.set_interrupt(False)

    def propagate(self, assumptions=(), phase_saving=0):
        """Unit propagation of the assumptions: (True, the literals they
        make true, assumptions first) or (False, []) on a conflict."""
        if self._engine is None:
            return None
        self._keep_answer()
        status, lits = self._timed(self._engine.propagate, assumptions, phase_saving)
        return bool(status), lits

    def set_phases(self, literals=()):
        """Prefers these literals when their variables are decided."""
        if self._engine is not None:
            self._engine.phase(literals)

    def start_mode(self, warm=False):
        """Accepted for PySAT's warm start; einsat keeps its state anyway."""

    def configure(self, parameters):
        """Sets einsat options from a dict {name: value} (see
        einsat.option_info(); other solvers' option names are unknown)."""
        if self._engine is not None:
            for option, value in dict(parameters).items():
                self._engine.set_option(option, value)

    # -- answers ---------------------------------------------------------------

    def _keep_answer(self):
        """Model and core of the last solve, kept before the solver
        changes (PySAT keeps them until the next solve)."""
        if self.status is True and self._model is None:
            self._model = self._engine.model()
        elif self.status is False and self._core is None and self._engine is not None:
            self._core = self._engine.core()

    def get_status(self):
        """The answer of the last solve: True, False or None."""
        if self._engine is not None:
            return self.status

    def get_model(self):
        """The model of the last solve that returned True, else None."""
        if self._engine is not None and self.status is True:
            self._keep_answer()
            return list(self._model)

    def get_core(self):
        """The failed assumptions of the last solve that returned False
        (None if there were none or it did not return False)."""
        if self._engine is not None and self.status is False:
            self._keep_answer()
            return list(self._core) or None

    def get_proof(self):
        """The DRAT proof so far as a list of lines, if the solver was made
        with with_proof=True, else None."""
        if self._engine is None or not self._proof_path:
            return None
        with open(self._proof_path) as f:
            return [line.rstrip("\n") for line in f]

    def time(self):
        """Process time of the last call (with use_timer=True)."""
        if self._engine is not None:
            return self.call_time

    def time_accum(self):
        """Process time of all calls (with use_timer=True)."""
        if self._engine is not None:
            return self.accu_time

    def nof_vars(self):
        """The largest variable used."""
        if self._engine is not None:
            return self._engine.vars

    def nof_clauses(self):
        """The number of clauses added (with those enum_models added)."""
        if self._engine is not None:
            return self._engine.clauses

    def accum_stats(self):
        """Restarts, conflicts, decisions and propagations so far."""
        if self._engine is not None:
            stats = self._engine.statistics()
            return {name: stats[name] for name in
                    ("restarts", "conflicts", "decisions", "propagations")}

    def enum_models(self, assumptions=()):
        """Yields the models one by one, each blocked by a clause before the
        next is searched (so the formula is unsatisfiable afterwards)."""
        if self._engine is None:
            return
        while self._solve(assumptions):
            model = self.get_model()
            self.add_clause([-lit for lit in model])
            yield model

    # -- adding ----------------------------------------------------------------

    def _root_consistent(self):
        """False if propagating the clauses on the root level gives a
        conflict (the answer of PySAT's add_clause with no_return=False)."""
        engine = self._engine
        engine.set_decision_limit(0)
        try:
            ok = engine.solve() is not False
        finally:
            engine.set_decision_limit(None)
        if not ok:
            self.status = False
            self._core = []
        return ok

    def add_clause(self, clause, no_return=True):
        """Adds a clause; with no_return=False returns False if the formula
        is then refuted by unit propagation."""
        if self._engine is None:
            return None
        self._keep_answer()
        self._engine.add_clause(clause)
        if not no_return:
            return self._root_consistent()

    def append_formula(self, formula, no_return=True):
        """Adds the clauses of a CNF, a Formula or any iterable of
        clauses."""
        if self._engine is None:
            return None
        self._keep_answer()
        if isinstance(formula, CNFPlus) and formula.atmosts:
            self._check_native()
            self._engine.add_clauses(formula.clauses)
            for constraint in formula.atmosts:
                self._add_native(*constraint)
        else:
            self._engine.add_clauses(formula)
        if not no_return:
            return self._root_consistent()

    def supports_atmost(self):
        """True under PySAT's names for MiniCard and GlueCard (and
        'einsat'): at most one propagated in the solver's core, larger
        bounds as a counter; False under the others, as in PySAT."""
        return self.name in NATIVE_CARDINALITY

    def _check_native(self):
        if not self.supports_atmost():
            raise NotImplementedError("native cardinality constraints are "
                                      "offered under the names Minicard, "
                                      "Gluecard3, Gluecard4 and einsat, as "
                                      "in PySAT: use one of them or encode "
                                      "them with einsat.pysat.card.CardEnc")

    def _add_native(self, lits, k, weights=()):
        if weights and any(weight != 1 for weight in weights):
            raise NotImplementedError("einsat has no native weighted (pseudo-"
                                      "Boolean) constraints: encode them with "
                                      "clauses")
        self._engine.add_atmost(lits, k)

    def add_atmost(self, lits, k, weights=(), no_return=True):
        """Adds 'at most k of lits are true' (MiniCard's native constraint);
        with no_return=False returns False if the formula is then refuted by
        unit propagation.  Weights other than 1 are not supported."""
        if self._engine is None:
            return None
        self._check_native()
        self._keep_answer()
        self._add_native(lits, k, weights)
        if not no_return:
            return self._root_consistent()

    def add_xor_clause(self, lits, value=True):
        raise NotImplementedError("einsat takes no XOR clauses: encode them "
                                  "with einsat.pysat.formula.XOr")

    def activate_atmost(self):
        """Nothing to do under the names with native constraints."""
        self._check_native()

    def _no_propagators(self, *args, **kwargs):
        raise NotImplementedError("einsat has no user propagators "
                                  "(see einsat.Solver.set_decide for decisions)")

    connect_propagator = disconnect_propagator = enable_propagator = \
        disable_propagator = propagator_active = observe = ignore = \
        reset_observed = is_decision = _no_propagators

    def process(self, *args, **kwargs):
        raise NotImplementedError("einsat preprocesses inside solve()")

    restore = process


def _named(canonical):
    class Named(Solver):
        def __init__(self, bootstrap_with=None, use_timer=False, **kwargs):
            super().__init__(canonical, bootstrap_with, use_timer, **kwargs)

        def new(self, bootstrap_with=None, use_timer=False, **kwargs):
            self._create(canonical, bootstrap_with, use_timer, kwargs)
    return Named


def _make_named_classes():
    names = {"Cadical103": "cadical103", "Cadical153": "cadical153",
             "Cadical195": "cadical195", "Cadical300": "cadical300",
             "CryptoMinisat": "cryptosat", "Gluecard3": "gluecard3",
             "Gluecard4": "gluecard4", "Glucose3": "glucose3",
             "Glucose4": "glucose4", "Glucose42": "glucose42",
             "Kissat404": "kissat404", "Lingeling": "lingeling",
             "MapleChrono": "maplechrono", "MapleCM": "maplecm",
             "Maplesat": "maplesat", "Mergesat3": "mergesat3",
             "Minicard": "minicard", "Minisat22": "minisat22",
             "MinisatGH": "minisatgh", "MinisatEP": "minisatep"}
    for class_name, canonical in names.items():
        cls = _named(canonical)
        cls.__name__ = cls.__qualname__ = class_name
        cls.__doc__ = "PySAT's %s: einsat under that name." % class_name
        globals()[class_name] = cls


_make_named_classes()
