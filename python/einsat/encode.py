"""Named variables and cardinality constraints for einsat.

'Encoding' is a mixin: any class with 'new_var()' and 'add_clause(clause)'
gets named variables ('var', 'name') and the constraints below.  Both
'einsat.Solver' (clauses go straight into the solver) and 'CNF' (clauses
are collected in a list, e.g. for 'einsat.solve' or 'pycosat.solve') use
it.

Encodings:
  at_most_one   pairwise (n(n-1)/2 binary clauses, no new variables) up to
                6 literals, else the ladder / sequential encoding (3n
                clauses, n-1 new variables)
  at_most_k     Sinz's sequential counter (C. Sinz, "Towards an optimal CNF
                encoding of Boolean cardinality constraints", CP 2005):
                about 2nk clauses and (n-1)k new variables
  at_least_k, exactly_k, exactly_one   built from the two above

All constraints count literals with multiplicity and treat impossible
bounds as unsatisfiable (at_most_k(lits, -1) adds the empty clause).
"""

import itertools
import operator

__all__ = ["Encoding", "CNF"]

PAIRWISE_LIMIT = 6


class Encoding:
    """Named variables and cardinality constraints (a mixin)."""

    def __init__(self):
        self._var_of = {}
        self._key_of = {}

    def var(self, name, *index):
        """The variable called 'name' with the given indices; a new one on
        the first call, the same int on every later call."""
        key = (name,) + index
        var = self._var_of.get(key)
        if var is None:
            var = self.new_var()
            self._var_of[key] = var
            self._key_of[var] = key
        return var

    def name(self, lit):
        """The name of the variable of 'lit' as 'name' or 'name[i,j]',
        prefixed with '-' for a negative literal; None if unnamed."""
        key = self._key_of.get(abs(lit))
        if key is None:
            return None
        text = str(key[0])
        if len(key) > 1:
            text += "[" + ",".join(map(str, key[1:])) + "]"
        return "-" + text if lit < 0 else text

    def key(self, lit):
        """The tuple (name, *index) of the variable of 'lit', or None."""
        return self._key_of.get(abs(lit))

    def at_least_one(self, lits):
        self.add_clause(lits)

    def at_most_one(self, lits, encoding="auto"):
        """At most one of 'lits' is true ('auto', 'pairwise' or 'ladder')."""
        lits = list(lits)
        if encoding == "auto":
            encoding = "pairwise" if len(lits) <= PAIRWISE_LIMIT else "ladder"
        if encoding == "pairwise":
            for a, b in itertools.combinations(lits, 2):
                self.add_clause((-a, -b))
        elif encoding == "ladder":
            self._ladder(lits)
        else:
            raise ValueError("unknown at_most_one encoding %r "
                             "(use 'auto', 'pairwise' or 'ladder')"
                             % (encoding,))

    def _ladder(self, lits):
        # s[i] is implied by "one of lits[0..i] is true"; then lits[i+1]
        # must be false.
        previous = None
        for i, lit in enumerate(lits):
            if previous is not None:
                self.add_clause((-lit, -previous))
            if i == len(lits) - 1:
                break
            current = self.new_var()
            self.add_clause((-lit, current))
            if previous is not None:
                self.add_clause((-previous, current))
            previous = current

    def exactly_one(self, lits, encoding="auto"):
        lits = list(lits)
        self.add_clause(lits)
        self.at_most_one(lits, encoding)

    def at_most_k(self, lits, k):
        """At most k of 'lits' are true (sequential counter)."""
        lits = list(lits)
        k = operator.index(k)
        n = len(lits)
        if k < 0:
            self.add_clause(())
        elif k == 0:
            for lit in lits:
                self.add_clause((-lit,))
        elif k == 1:
            self.at_most_one(lits)
        elif k < n:
            self._sequential_counter(lits, k)

    def _sequential_counter(self, lits, k):
        # s[j] after lits[i]: "at least j+1 of lits[0..i] are true".
        n = len(lits)
        s = [self.new_var() for _ in range(k)]
        self.add_clause((-lits[0], s[0]))
        for j in range(1, k):
            self.add_clause((-s[j],))
        for i in range(1, n - 1):
            x = lits[i]
            t = [self.new_var() for _ in range(k)]
            self.add_clause((-x, t[0]))
            self.add_clause((-s[0], t[0]))
            for j in range(1, k):
                self.add_clause((-x, -s[j - 1], t[j]))
                self.add_clause((-s[j], t[j]))
            self.add_clause((-x, -s[k - 1]))
            s = t
        self.add_clause((-lits[n - 1], -s[k - 1]))

    def at_least_k(self, lits, k):
        """At least k of 'lits' are true: at most n-k of them are false."""
        lits = list(lits)
        self.at_most_k([-lit for lit in lits], len(lits) - operator.index(k))

    def exactly_k(self, lits, k):
        lits = list(lits)
        self.at_most_k(lits, k)
        self.at_least_k(lits, k)


class CNF(Encoding):
    """A formula as a list of clauses, with named variables and the
    constraints of 'Encoding'.  Iterating over it yields the clauses, so
    it can be passed to einsat.solve, einsat.itersolve or
    Solver.add_clauses."""

    def __init__(self, clauses=()):
        super().__init__()
        self.clauses = []
        self.vars = 0
        self.add_clauses(clauses)

    def new_var(self):
        self.vars += 1
        return self.vars

    def add_clause(self, clause):
        checked = []
        for lit in clause:
            if isinstance(lit, bool):
                raise TypeError("literal must be an int, not bool")
            lit = operator.index(lit)
            if not lit:
                raise ValueError("0 is not a literal")
            checked.append(lit)
            self.vars = max(self.vars, abs(lit))
        self.clauses.append(checked)

    def add_clauses(self, clauses):
        for clause in clauses:
            self.add_clause(clause)

    def __iter__(self):
        return iter(self.clauses)

    def __len__(self):
        return len(self.clauses)

    def __repr__(self):
        return "<einsat.CNF vars=%d clauses=%d>" % (self.vars,
                                                     len(self.clauses))
