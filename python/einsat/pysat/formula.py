"""PySAT's 'pysat.formula' for einsat: CNF and WCNF formulas with DIMACS
reading and writing, the variable manager IDPool, and non-clausal formulas
(Atom, Neg, And, Or, Implies, Equals, XOr, ITE) turned into clauses by the
Tseitin transformation.

The names, arguments and behaviour follow PySAT (pysathq/pysat), so that
code written for 'pysat.formula' runs with 'einsat.pysat.formula'; the
implementation is einsat's own.  Differences are listed in
python/README.md.

Formulas are unique per context, as in PySAT: building the same formula
twice gives the same object (so that a shared subformula is encoded once),
and its variables come from the context's IDPool.  Clausification names
each subformula by a literal ('name') that is equivalent to it (both
directions are encoded, in 'encoded'), and asserts the formula itself
without naming it ('clauses'); iterating over a formula clausifies it and
yields the definitions of its subformulas, then its own clauses.  The
constants PYSAT_TRUE and PYSAT_FALSE are named by the non-integers 0.5 and
-0.5, which iteration removes: a clause containing true is dropped, a false
literal left out.
"""

import collections
import decimal
import enum
import itertools

from ._fileio import open_text

__all__ = ["IDPool", "FormulaError", "FormulaType", "Formula", "Atom", "And",
           "Or", "Neg", "Implies", "Equals", "XOr", "ITE", "CNF", "CNFPlus",
           "WCNF", "WCNFPlus", "PYSAT_TRUE", "PYSAT_FALSE"]


#------------------------------------------------------------------------------
# Variable identifiers.

class IDPool:
    """Gives each object a variable identifier (the same one every time),
    counting from 'start_from' and skipping the 'occupied' intervals
    [start, stop] (inclusive).  'top' is the largest identifier given out.
    With 'with_neg', the negation -obj of an object gets -id."""

    def __init__(self, start_from=1, occupied=(), with_neg=False):
        self.restart(start_from=start_from, occupied=occupied, with_neg=with_neg)

    def __repr__(self):
        return "IDPool(start_from=%d, occupied=%r)" % (self.top + 1, self._occupied)

    def restart(self, start_from=1, occupied=(), with_neg=False):
        """Forgets everything and starts again, as the constructor."""
        self.top = start_from - 1
        self._occupied = sorted([list(interval) for interval in occupied],
                                key=lambda interval: interval[0])
        # Looking up a new object gives it the next identifier (PySAT code
        # reads this mapping directly).
        self.obj2id = collections.defaultdict(self._next)
        self.id2obj = {}
        self.with_neg = with_neg

    def id(self, obj=None):
        """The identifier of 'obj' (a new one the first time); without an
        object, a fresh identifier belonging to no object."""
        if obj is None:
            return self._next()
        vid = self.obj2id[obj]
        if vid not in self.id2obj:
            self.id2obj[vid] = obj
            if self.with_neg and hasattr(obj, "__neg__"):
                self.obj2id[-obj] = -vid
                self.id2obj[-vid] = -obj
        return vid

    def obj(self, vid):
        """The object with identifier 'vid', or None."""
        return self.id2obj.get(vid)

    def occupy(self, start, stop):
        """Marks the identifiers start..stop (inclusive) as taken."""
        if stop < start:
            return
        if self._occupied and self._occupied[-1][0] >= start and \
                self._occupied[-1][1] <= stop:
            self._occupied.pop()
        self._occupied.append([start, stop])
        self._occupied.sort(key=lambda interval: interval[0])

    def _next(self):
        self.top += 1
        while self._occupied and self.top >= self._occupied[0][0]:
            if self.top <= self._occupied[0][1]:
                self.top = self._occupied[0][1] + 1
            self._occupied.pop(0)
        return self.top


#------------------------------------------------------------------------------
# Non-clausal formulas.

class FormulaError(Exception):
    """A formula is used in a way that is not supported."""


class FormulaType(enum.Enum):
    ATOM = 0
    AND = 1
    OR = 2
    NEG = 3
    IMPL = 4
    EQ = 5
    XOR = 6
    ITE = 7
    CNF = 8


def _object_key(obj):
    """A hashable key for the object of an atom that tells 1 from True and
    compares lists by contents."""
    if isinstance(obj, (list, tuple)):
        return (type(obj), tuple(_object_key(item) for item in obj))
    if isinstance(obj, (set, frozenset)):
        return (type(obj), frozenset(_object_key(item) for item in obj))
    if isinstance(obj, dict):
        return (dict, frozenset((_object_key(k), _object_key(v)) for k, v in obj.items()))
    try:
        hash(obj)
    except TypeError:
        return ("identity", id(obj))
    return (type(obj), obj)


def _is_constant(name):
    return isinstance(name, float)


def _formula(obj, what):
    """Checks an operand before a formula is made of it (a failed check
    must leave nothing behind in the context)."""
    if not isinstance(obj, Formula):
        raise FormulaError("%s must be a formula, not %r" % (what, obj))
    return obj


class Formula:
    """The base class of the formula types.  Formulas are immutable and
    unique per context ('Formula.set_context'); the context's IDPool
    ('Formula.export_vpool') gives their variables."""

    _instances = collections.defaultdict(dict)
    _vpool = collections.defaultdict(IDPool)
    _context = "default"

    # -- contexts and the variable pool --------------------------------------

    @staticmethod
    def set_context(context="default"):
        """Switches to another context (None: formulas are not shared)."""
        Formula._context = context

    @staticmethod
    def attach_vpool(vpool, context="default"):
        """Uses 'vpool' for the variables of 'context'."""
        Formula._vpool[context] = vpool

    @staticmethod
    def export_vpool(active=True, context="default"):
        """The IDPool of the current context (or of 'context' if not
        'active')."""
        return Formula._vpool[Formula._context if active else context]

    @staticmethod
    def cleanup(context=None):
        """Forgets the formulas and the variable pool of 'context' (of every
        context if None); the constants stay."""
        contexts = ([context] if context is not None else
                    set(Formula._instances) | set(Formula._vpool))
        for ctx in contexts:
            if ctx == "_global":
                continue
            Formula._instances.pop(ctx, None)
            Formula._vpool.pop(ctx, None)
        if not [ctx for ctx in Formula._instances if ctx != "_global"]:
            Formula.set_context("default")

    @staticmethod
    def _pool():
        return Formula._vpool[Formula._context]

    @staticmethod
    def formulas(lits, atoms_only=True):
        """The formulas named by the literals 'lits' (Neg(f) for a negative
        literal), only atoms and negated atoms if 'atoms_only'."""
        pool = Formula._pool()
        forms = []
        for lit in lits:
            if lit in pool.id2obj:
                forms.append(pool.id2obj[lit])
            elif -lit in pool.id2obj:
                forms.append(~pool.id2obj[-lit])
        if atoms_only:
            forms = [f for f in forms if isinstance(f, Atom) or
                     (isinstance(f, Neg) and isinstance(f.subformula, Atom))]
        return forms

    @staticmethod
    def literals(forms):
        """The literals naming the formulas 'forms' (clausified if needed);
        the constants are left out."""
        lits = []
        for form in forms:
            if form is PYSAT_TRUE or form is PYSAT_FALSE:
                continue
            form._clausify(name_required=True)
            lits.append(form.name)
        return lits

    # -- construction ----------------------------------------------------------

    def __new__(cls, *args, **kwargs):
        if cls is Formula:
            raise FormulaError("create Atom, And, Or, ... rather than Formula")
        if Formula._context is None:
            return object.__new__(cls)
        key = cls._key(args, kwargs)
        known = Formula._instances["_global"].get(key)
        if known is not None:
            return known
        instances = Formula._instances[Formula._context]
        known = instances.get(key)
        if known is None:
            known = object.__new__(cls)
            instances[key] = known
        return known

    def _start(self, ftype):
        """Common initialisation; False if the object existed already."""
        if hasattr(self, "type"):
            return False
        self.type = ftype
        self.name = None       # the literal equivalent to the formula
        self.clauses = []      # the formula asserted
        self.encoded = []      # the definition of 'name'
        self._asserted = False
        return True

    def __deepcopy__(self, memo):
        raise FormulaError("formulas are unique and cannot be copied")

    def __copy__(self):
        return self

    # -- operators ------------------------------------------------------------

    def __invert__(self):
        if self is PYSAT_TRUE:
            return PYSAT_FALSE
        if self is PYSAT_FALSE:
            return PYSAT_TRUE
        return Neg(self)

    def __neg__(self):
        return self.__invert__()

    def __and__(self, other):
        return And(self, other, merge=True)

    def __or__(self, other):
        return Or(self, other, merge=True)

    def __rshift__(self, other):
        return Implies(self, other)

    def __lshift__(self, other):
        return Implies(other, self)

    def __matmul__(self, other):
        return Equals(self, other, merge=True)

    def __xor__(self, other):
        return XOr(self, other, merge=True)

    # -- clauses --------------------------------------------------------------

    def __iter__(self):
        """The clauses of the formula (Tseitin transformation)."""
        self.clausify()
        for clause in self._iter({}, outermost=True):
            if PYSAT_TRUE.name in clause:
                continue
            yield [lit for lit in clause if lit != PYSAT_FALSE.name]

    def clausify(self):
        """Tseitin-encodes the formula: 'clauses' asserts it, every
        subformula gets a 'name'."""
        self._clausify(name_required=False)

    def _clausify(self, name_required=True):
        if not self._asserted:
            self._asserted = True
            self.clauses = self._assert()
        if name_required and self.name is None:
            self._define()

    def _iter(self, seen, outermost=False):
        if self in seen:
            return
        seen[self] = True
        for sub in self._operands():
            yield from sub._iter(seen)
        yield from (self.clauses if outermost else self.encoded)

    def _fresh(self):
        return Formula._pool().id()

    def _named(self):
        """Gives this formula its own variable."""
        self.name = Formula._pool().id(self)
        return self.name

    def _name_of(self, sub):
        if not isinstance(sub, Formula):
            raise FormulaError("operand %r is not a formula" % (sub,))
        sub._clausify(name_required=True)
        return sub.name

    # -- evaluation -----------------------------------------------------------

    def simplified(self, assumptions=()):
        """The formula with the atoms in 'assumptions' (atoms, negated
        atoms) replaced by their values, simplified."""
        raise FormulaError("no simplification for %s" % type(self).__name__)

    def satisfied(self, model):
        """True if the atoms and negated atoms in 'model' satisfy the
        formula, False if they falsify it, None if it depends on others."""
        simple = self.simplified(assumptions=model)
        if simple is PYSAT_TRUE:
            return True
        if simple is PYSAT_FALSE:
            return False
        return None

    def atoms(self, constants=False):
        """The atoms the formula is built from."""
        found = set()
        self._atoms(found)
        if not constants:
            found.discard(PYSAT_TRUE)
            found.discard(PYSAT_FALSE)
        return list(found)

    def _atoms(self, found):
        for sub in self._operands():
            sub._atoms(found)

    def _operands(self):
        return ()

    @staticmethod
    def _paren(sub):
        return str(sub) if sub.type in (FormulaType.ATOM, FormulaType.NEG) \
            else "(%s)" % sub


class Atom(Formula):
    """A variable standing for 'object' (any object; a positive int is used
    as the variable itself), or a constant: Atom(True), Atom(False)."""

    @staticmethod
    def _key(args, kwargs):
        if not args and "object" not in kwargs:
            raise FormulaError("an Atom needs an object")
        obj = args[0] if args else kwargs["object"]
        if type(obj) is int and obj <= 0:
            raise FormulaError("variables are positive integers, not %d" % obj)
        return (FormulaType.ATOM, _object_key(obj))

    def __init__(self, *args, **kwargs):
        if not self._start(FormulaType.ATOM):
            return
        self.object = args[0] if args else kwargs["object"]
        if type(self.object) is int:
            pool = Formula._pool()
            self.name = self.object
            pool.obj2id[self] = self.name
            pool.id2obj[self.name] = self
            pool.occupy(1, self.name)

    def _assert(self):
        if self.name is None:
            self._define()
        return [[self.name]]

    def _define(self):
        if self.name is None:
            self._named()

    def _iter(self, seen, outermost=False):
        if self in seen:
            return
        seen[self] = True
        if outermost:
            yield from self.clauses

    def simplified(self, assumptions=()):
        assumptions = set(assumptions)
        if self in assumptions:
            return PYSAT_TRUE
        if ~self in assumptions:
            return PYSAT_FALSE
        return self

    def _atoms(self, found):
        found.add(self)

    def __repr__(self):
        return "Atom(%r)" % (self.object,)

    def __str__(self):
        if isinstance(self.object, bool):
            return "T" if self.object else "F"
        return str(self.object)


class Neg(Formula):
    """The negation of 'subformula'."""

    @staticmethod
    def _key(args, kwargs):
        sub = args[0] if args else kwargs.get("subformula")
        return (FormulaType.NEG, _formula(sub, "the operand of Neg"))

    def __init__(self, *args, **kwargs):
        if not self._start(FormulaType.NEG):
            return
        self.subformula = args[0] if args else kwargs.get("subformula")

    def _operands(self):
        return (self.subformula,)

    def __invert__(self):
        return self.subformula

    def _assert(self):
        return [[-self._name_of(self.subformula)]]

    def _define(self):
        self.name = -self._name_of(self.subformula)
        if not _is_constant(self.name):
            pool = Formula._pool()
            pool.obj2id[self] = self.name
            pool.id2obj[self.name] = self

    def simplified(self, assumptions=()):
        sub = self.subformula.simplified(assumptions)
        if sub is PYSAT_TRUE:
            return PYSAT_FALSE
        if sub is PYSAT_FALSE:
            return PYSAT_TRUE
        return ~sub

    def __repr__(self):
        return "Neg(%r)" % (self.subformula,)

    def __str__(self):
        return "~" + self._paren(self.subformula)


class _NAry(Formula):
    """And, Or, Equals and XOr: any number of operands, order and
    duplicates significant for printing only; 'merge=True' (the operators
    &, |, @, ^) takes the operands of operands of the same type."""

    SYMBOL = ""

    @classmethod
    def _operands_of(cls, args, merge):
        if len(args) == 1 and isinstance(args[0], (list, tuple)):
            args = args[0]  # And((x, y, z)) is And(x, y, z)
        operands = []
        for sub in args:
            if merge and type(sub) is cls:
                operands.extend(sub.subformulas)
            else:
                operands.append(sub)
        return operands

    @classmethod
    def _key(cls, args, kwargs):
        merge = bool(kwargs.get("merge", False))
        operands = cls._operands_of(args, merge)
        if not operands:
            raise FormulaError("%s needs at least one operand" % cls.__name__)
        for sub in operands:
            _formula(sub, "an operand of %s" % cls.__name__)
        return (cls.FTYPE, frozenset(collections.Counter(operands).items()), merge)

    def __init__(self, *args, **kwargs):
        if not self._start(self.FTYPE):
            return
        self.merged = bool(kwargs.get("merge", False))
        self.subformulas = self._operands_of(args, self.merged)

    def _operands(self):
        return self.subformulas

    def _rebuild(self, operands):
        return type(self)(*operands, merge=True) if self.merged else type(self)(*operands)

    def _simplified_dual(self, assumptions, absorbing, neutral):
        """And (absorbing False, neutral True) and Or (the other way)."""
        operands, seen = [], set()
        for sub in self.subformulas:
            sub = sub.simplified(assumptions)
            if sub is absorbing or ~sub in seen:
                return absorbing
            if sub is not neutral and sub not in seen:
                seen.add(sub)
                operands.append(sub)
        if not operands:
            return neutral
        return operands[0] if len(operands) == 1 else self._rebuild(operands)

    def __repr__(self):
        return "%s%r" % (type(self).__name__, self.subformulas)

    def __str__(self):
        return (" %s " % self.SYMBOL).join(self._paren(sub) for sub in self.subformulas)


class And(_NAry):
    """The conjunction of the operands."""

    FTYPE = FormulaType.AND
    SYMBOL = "&"

    def _assert(self):
        clauses = []
        for sub in self.subformulas:
            if isinstance(sub, CNF):  # clauses join in without a name
                clauses.extend(list(clause) for clause in sub.clauses)
            else:
                clauses.append([self._name_of(sub)])
        return clauses

    def _define(self):
        # A CNF operand joins with its clauses, each named by a variable of
        # its own (a literal for a unit clause), not by one for the CNF.
        names, definitions = [], []
        for sub in self.subformulas:
            if not isinstance(sub, CNF):
                names.append(self._name_of(sub))
                continue
            Formula._pool().occupy(1, sub.nv)
            for clause in sub.clauses:
                if len(clause) == 1:
                    names.append(clause[0])
                    continue
                aux = self._fresh()
                definitions += [[-lit, aux] for lit in clause]
                definitions.append(list(clause) + [-aux])
                names.append(aux)
        if len(names) == 1 and not definitions:
            self.name = names[0]
            return
        name = self._named()
        self.encoded = definitions + [[-name, lit] for lit in names]
        self.encoded.append([name] + [-lit for lit in names])

    def simplified(self, assumptions=()):
        return self._simplified_dual(assumptions, PYSAT_FALSE, PYSAT_TRUE)


class Or(_NAry):
    """The disjunction of the operands."""

    FTYPE = FormulaType.OR
    SYMBOL = "|"

    def _assert(self):
        return [[self._name_of(sub) for sub in self.subformulas]]

    def _define(self):
        names = [self._name_of(sub) for sub in self.subformulas]
        if len(names) == 1:
            self.name = names[0]
            return
        name = self._named()
        self.encoded = [[-name] + names]
        self.encoded += [[name, -lit] for lit in names]

    def simplified(self, assumptions=()):
        return self._simplified_dual(assumptions, PYSAT_TRUE, PYSAT_FALSE)


class Equals(_NAry):
    """All operands have the same value (a @ b @ c: all three equal)."""

    FTYPE = FormulaType.EQ
    SYMBOL = "@"

    def _chain(self):
        names = [self._name_of(sub) for sub in self.subformulas]
        clauses = []
        for a, b in zip(names, names[1:]):
            clauses += [[-a, b], [a, -b]]
        return names, clauses

    def _assert(self):
        return self._chain()[1]

    def _define(self):
        names, chain = self._chain()
        name = self._named()
        self.encoded = [clause + [-name] for clause in chain]
        self.encoded.append([name] + [-lit for lit in names])  # all true
        self.encoded.append([name] + names)                    # all false

    def simplified(self, assumptions=()):
        operands, seen = [], set()
        true = false = False
        for sub in self.subformulas:
            sub = sub.simplified(assumptions)
            if sub is PYSAT_TRUE:
                true = True
            elif sub is PYSAT_FALSE:
                false = True
            elif ~sub in seen:
                return PYSAT_FALSE
            elif sub not in seen:
                seen.add(sub)
                operands.append(sub)
        if true and false:
            return PYSAT_FALSE
        if true:      # every other operand must be true
            return And(*operands) if len(operands) > 1 else (operands[0] if operands else PYSAT_TRUE)
        if false:     # every other operand must be false
            negated = [~sub for sub in operands]
            return And(*negated) if len(negated) > 1 else (negated[0] if negated else PYSAT_TRUE)
        if len(operands) == 1:
            return PYSAT_TRUE
        return self._rebuild(operands)


class XOr(_NAry):
    """An odd number of the operands is true."""

    FTYPE = FormulaType.XOR
    SYMBOL = "^"

    def _pair(self):
        """The operands folded into two literals by fresh variables, each
        defined as the exclusive or of two (so that the formula is the
        exclusive or of the pair), with the definitions (made once)."""
        if getattr(self, "_folded", None) is None:
            self._folded = self._fold()
        names, definitions = self._folded
        return list(names), list(definitions)

    def _fold(self):
        names = [self._name_of(sub) for sub in self.subformulas]
        definitions = []
        while len(names) > 2:
            a, b = names.pop(), names.pop()
            t = self._fresh()
            definitions += [[-t, a, b], [-t, -a, -b], [t, -a, b], [t, a, -b]]
            names.append(t)
        return names, definitions

    def _assert(self):
        names, definitions = self._pair()
        if len(names) == 1:
            return definitions + [[names[0]]]
        a, b = names
        return definitions + [[a, b], [-a, -b]]

    def _define(self):
        names, definitions = self._pair()
        if len(names) == 1:
            self.name = names[0]
            return
        a, b = names
        name = self._named()
        self.encoded = definitions + [[-name, a, b], [-name, -a, -b],
                                      [name, -a, b], [name, a, -b]]

    def simplified(self, assumptions=()):
        operands = {}
        odd = False
        for sub in self.subformulas:
            sub = sub.simplified(assumptions)
            if sub is PYSAT_TRUE:
                odd = not odd
            elif sub is PYSAT_FALSE:
                continue
            elif ~sub in operands:        # x ^ ~x is true
                del operands[~sub]
                odd = not odd
            elif sub in operands:         # x ^ x is false
                del operands[sub]
            else:
                operands[sub] = None
        operands = list(operands)
        if not operands:
            return PYSAT_TRUE if odd else PYSAT_FALSE
        result = operands[0] if len(operands) == 1 else self._rebuild(operands)
        return ~result if odd else result


class Implies(Formula):
    """'left' implies 'right' (a >> b, or b << a)."""

    @staticmethod
    def _parts(args, kwargs):
        left = args[0] if args else kwargs.get("left")
        right = args[1] if len(args) > 1 else kwargs.get("right")
        return _formula(left, "left"), _formula(right, "right")

    @staticmethod
    def _key(args, kwargs):
        return (FormulaType.IMPL,) + Implies._parts(args, kwargs)

    def __init__(self, *args, **kwargs):
        if not self._start(FormulaType.IMPL):
            return
        self.left, self.right = self._parts(args, kwargs)

    def _operands(self):
        return (self.left, self.right)

    def _assert(self):
        return [[-self._name_of(self.left), self._name_of(self.right)]]

    def _define(self):
        a, b = self._name_of(self.left), self._name_of(self.right)
        name = self._named()
        self.encoded = [[-name, -a, b], [name, a], [name, -b]]

    def simplified(self, assumptions=()):
        left = self.left.simplified(assumptions)
        right = self.right.simplified(assumptions)
        if left is PYSAT_FALSE or right is PYSAT_TRUE or left is right:
            return PYSAT_TRUE
        if left is PYSAT_TRUE:
            return right
        if right is PYSAT_FALSE:
            return ~left
        if left is ~right:
            return right
        return Implies(left, right)

    def __repr__(self):
        return "Implies(%r, %r)" % (self.left, self.right)

    def __str__(self):
        return "%s >> %s" % (self._paren(self.left), self._paren(self.right))


class ITE(Formula):
    """If 'cond' then 'cons1' else 'cons2'."""

    @staticmethod
    def _parts(args, kwargs):
        parts = list(args)
        found = []
        for role in ("cond", "cons1", "cons2"):
            found.append(kwargs[role] if role in kwargs else
                         (parts.pop(0) if parts else None))
        return tuple(_formula(f, role) for f, role in zip(found, ("cond", "cons1", "cons2")))

    @staticmethod
    def _key(args, kwargs):
        return (FormulaType.ITE,) + ITE._parts(args, kwargs)

    def __init__(self, *args, **kwargs):
        if not self._start(FormulaType.ITE):
            return
        self.cond, self.cons1, self.cons2 = self._parts(args, kwargs)

    def _operands(self):
        return (self.cond, self.cons1, self.cons2)

    def _assert(self):
        c, t, e = (self._name_of(f) for f in self._operands())
        return [[-c, t], [c, e]]

    def _define(self):
        c, t, e = (self._name_of(f) for f in self._operands())
        name = self._named()
        self.encoded = [[-name, -c, t], [-name, c, e], [name, -c, -t], [name, c, -e]]

    def simplified(self, assumptions=()):
        cond = self.cond.simplified(assumptions)
        if cond is PYSAT_TRUE:
            return self.cons1.simplified(assumptions)
        if cond is PYSAT_FALSE:
            return self.cons2.simplified(assumptions)
        then = self.cons1.simplified(assumptions)
        other = self.cons2.simplified(assumptions)
        if then is other:
            return then
        return ITE(cond, then, other)

    def __repr__(self):
        return "ITE(%r, %r, %r)" % (self.cond, self.cons1, self.cons2)

    def __str__(self):
        return "(%s >> %s) & (%s >> %s)" % (self._paren(self.cond), self._paren(self.cons1),
                                            self._paren(~self.cond), self._paren(self.cons2))


# The constants live in a context of their own that is never cleaned up.
Formula.set_context("_global")
PYSAT_FALSE, PYSAT_TRUE = Atom(False), Atom(True)
PYSAT_FALSE.name, PYSAT_TRUE.name = -0.5, 0.5
PYSAT_FALSE.clauses, PYSAT_TRUE.clauses = [[-0.5]], [[0.5]]
PYSAT_FALSE._asserted = PYSAT_TRUE._asserted = True
Formula.set_context("default")


#------------------------------------------------------------------------------
# DIMACS.

def _parse_dimacs(lines, comment_lead, kinds):
    """Reads DIMACS-like text: returns (header fields or None, comments,
    list of (line number, list of tokens) for the other lines).  Comment
    lines start with one of 'comment_lead'; the header is 'p <kind> ...'
    with kind in 'kinds'; '%' ends the formula (SATLIB files)."""
    header, comments, body = None, [], []
    for number, line in enumerate(lines, 1):
        text = line.strip()
        if not text:
            continue
        if text.startswith("%"):
            break
        if any(text.startswith(lead) for lead in comment_lead):
            comments.append(line.rstrip("\r\n"))
            continue
        if text.startswith("p "):
            fields = text.split()
            if header is not None or len(fields) < 2 or fields[1] not in kinds:
                raise ValueError("line %d: unexpected header %r" % (number, text))
            header = fields
            continue
        body.append((number, text.split()))
    return header, comments, body


def _literal(token, number):
    try:
        return int(token)
    except ValueError:
        raise ValueError("line %d: %r is not a literal" % (number, token)) from None


def _clauses_of(body):
    """Clauses from the token lines: literals up to each 0, across lines."""
    clauses, clause = [], []
    for number, tokens in body:
        for token in tokens:
            lit = _literal(token, number)
            if lit:
                clause.append(lit)
            else:
                clauses.append(clause)
                clause = []
    if clause:  # the last clause without its 0
        clauses.append(clause)
    return clauses


def _header_count(header, index, number_kind=int):
    try:
        return number_kind(header[index])
    except (IndexError, ValueError):
        return 0


class CNF(Formula):
    """A formula in conjunctive normal form: 'clauses' (lists of ints),
    'nv' (the largest variable), 'comments' (the comment lines read)."""

    def __new__(cls, *args, **kwargs):  # mutable: never shared
        return object.__new__(cls)

    def __init__(self, from_file=None, from_fp=None, from_string=None,
                 from_clauses=(), from_aiger=None, comment_lead=("c",), by_ref=False):
        self.nv = 0
        self.clauses = []
        self.encoded = []
        self.comments = []
        self.name = None
        self.type = FormulaType.CNF
        self._asserted = True
        if from_aiger is not None:
            raise NotImplementedError("einsat.pysat: reading AIGER circuits "
                                      "is not supported")
        if from_file:
            self.from_file(from_file, comment_lead)
        elif from_fp:
            self.from_fp(from_fp, comment_lead)
        elif from_string:
            self.from_string(from_string, comment_lead)
        elif from_clauses:
            self.from_clauses(from_clauses, by_ref)

    def __repr__(self):
        return "%s(from_string=%r)" % (type(self).__name__, self.to_dimacs())

    def _compute_nv(self, declared=0):
        self.nv = max(itertools.chain([self.nv, declared],
                                      (abs(lit) for clause in self.clauses for lit in clause)))
        Formula._pool().occupy(1, self.nv)

    # -- reading ---------------------------------------------------------------

    def from_file(self, fname, comment_lead=("c",), compressed_with="use_ext"):
        """Reads DIMACS from a file, compressed by gzip, bzip2, xz or zstd
        if its extension says so (or 'compressed_with' names one)."""
        with open_text(fname, "r", compressed_with) as fp:
            self.from_fp(fp, comment_lead)

    def from_fp(self, file_pointer, comment_lead=("c",)):
        """Reads DIMACS from an open text file.  Clauses may span lines; the
        header may declare more variables than are used ('nv' is the larger
        number)."""
        header, self.comments, body = _parse_dimacs(file_pointer, comment_lead, ("cnf",))
        self.nv = 0
        self.clauses = _clauses_of(body)
        self._compute_nv(_header_count(header, 2) if header else 0)

    def from_string(self, string, comment_lead=("c",)):
        """Reads DIMACS from a string."""
        self.from_fp(string.splitlines(), comment_lead)

    def from_clauses(self, clauses, by_ref=False):
        """Takes the clauses (copied unless 'by_ref')."""
        self.clauses = clauses if by_ref else [list(clause) for clause in clauses]
        self._compute_nv()

    def copy(self):
        cnf = type(self)()
        cnf.nv = self.nv
        cnf.clauses = [list(clause) for clause in self.clauses]
        cnf.comments = list(self.comments)
        return cnf

    # -- writing ---------------------------------------------------------------

    def to_file(self, fname, comments=None, as_dnf=False, compress_with="use_ext"):
        """Writes DIMACS to a file (compressed by its extension)."""
        with open_text(fname, "w", compress_with) as fp:
            self.to_fp(fp, comments, as_dnf)

    def to_fp(self, file_pointer, comments=None, as_dnf=False):
        """Writes DIMACS to an open text file: the comments, the header,
        one clause per line."""
        file_pointer.write(self._dimacs_text(comments, as_dnf) + "\n")

    def to_dimacs(self):
        """The formula as DIMACS text (without a final newline)."""
        return self._dimacs_text()

    def _dimacs_text(self, comments=None, as_dnf=False):
        lines = list(self.comments) + list(comments or [])
        lines.append("p %s %d %d" % ("dnf" if as_dnf else "cnf", self.nv, len(self.clauses)))
        lines += [" ".join(map(str, clause)) + " 0" for clause in self.clauses]
        return "\n".join(lines)

    # -- changing --------------------------------------------------------------

    def append(self, clause, update_vpool=False):
        """Adds a clause."""
        clause = list(clause)
        self.nv = max([abs(lit) for lit in clause] + [self.nv])
        self.clauses.append(clause)
        if update_vpool:
            Formula._pool().occupy(1, self.nv)

    def extend(self, clauses):
        """Adds clauses."""
        for clause in clauses:
            self.append(clause)
        Formula._pool().occupy(1, self.nv)

    def __iter__(self):
        return iter(self.clauses)

    def __len__(self):
        return len(self.clauses)

    def weighted(self):
        """A WCNF with every clause soft, of weight 1."""
        wcnf = WCNF()
        wcnf.nv = self.nv
        for clause in self.clauses:
            wcnf.append(list(clause), weight=1)
        wcnf.comments = list(self.comments)
        return wcnf

    def negate(self, topv=None):
        """A CNF of the negation: each clause of more than one literal is
        named by a new variable above 'topv' (default nv), listed in
        'auxvars'; 'enclits' are the literals standing for the negated
        clauses, of which the last clause asks one to hold."""
        negated = CNF()
        top = topv or self.nv
        negated.auxvars, negated.enclits = [], []
        for clause in self.clauses:
            if len(clause) == 1:
                negated.enclits.append(-clause[0])
                continue
            top += 1
            negated.clauses += [[-lit, -top] for lit in clause]
            negated.clauses.append(list(clause) + [top])
            negated.auxvars.append(top)
            negated.enclits.append(top)
        negated.clauses.append(list(negated.enclits))
        negated.nv = max([top] + [abs(lit) for lit in negated.enclits])
        return negated

    # -- as an operand of other formulas ---------------------------------------

    def _clausify(self, name_required=False):
        if not name_required or self.name is not None:
            return
        pool = Formula._pool()
        pool.occupy(1, self.nv)
        encoded, enclits = [], []
        for clause in self.clauses:
            if len(clause) == 1:
                enclits.append(clause[0])
                continue
            aux = pool.id()
            encoded += [[-lit, aux] for lit in clause]
            encoded.append(list(clause) + [-aux])
            enclits.append(aux)
        if len(enclits) == 1:
            self.name = enclits[0]
        elif not enclits:
            self.name = PYSAT_TRUE.name
        else:
            self.name = pool.id(self)
            encoded += [[-self.name, lit] for lit in enclits]
            encoded.append([self.name] + [-lit for lit in enclits])
        self.encoded = encoded

    def _iter(self, seen, outermost=False):
        if self in seen:
            return
        seen[self] = True
        yield from (self.clauses if outermost else self.encoded)

    def _atoms(self, found):
        found.update(range(1, self.nv + 1))

    def simplified(self, assumptions=()):
        raise FormulaError("a CNF formula is not simplified")


class CNFPlus(CNF):
    """A CNF with native cardinality constraints 'atmosts': pairs (lits, k)
    meaning at most k of lits are true (MiniCard's format 'p cnf+', with
    lines 'lits <= k').  einsat's solvers take them natively
    (Solver.add_atmost)."""

    def __init__(self, from_file=None, from_fp=None, from_string=None,
                 comment_lead=("c",)):
        self.atmosts = []
        super().__init__(from_file=from_file, from_fp=from_fp,
                         from_string=from_string, comment_lead=comment_lead)

    def from_fp(self, file_pointer, comment_lead=("c",)):
        header, self.comments, body = _parse_dimacs(file_pointer, comment_lead,
                                                    ("cnf", "cnf+"))
        self.nv, self.atmosts, clause_lines = 0, [], []
        for number, tokens in body:
            if "<=" in tokens or ">=" in tokens:
                lits = [_literal(t, number) for t in tokens[:-2]]
                bound = _literal(tokens[-1], number)
                if tokens[-2] == ">=":  # at least k: at most n - k false
                    lits, bound = [-lit for lit in lits], len(lits) - bound
                self.atmosts.append((lits, bound))
            else:
                clause_lines.append((number, tokens))
        self.clauses = _clauses_of(clause_lines)
        self._compute_nv(_header_count(header, 2) if header else 0)
        for lits, _ in self.atmosts:
            self.nv = max([self.nv] + [abs(lit) for lit in lits])

    def _dimacs_text(self, comments=None, as_dnf=False):
        lines = list(self.comments) + list(comments or [])
        plus = "+" if self.atmosts else ""
        lines.append("p %s%s %d %d" % ("dnf" if as_dnf else "cnf", plus, self.nv,
                                       len(self.clauses) + len(self.atmosts)))
        lines += [" ".join(map(str, clause)) + " 0" for clause in self.clauses]
        lines += [" ".join(map(str, lits)) + " <= %d" % bound for lits, bound in self.atmosts]
        return "\n".join(lines)

    def append(self, clause, is_atmost=False):
        if not is_atmost:
            return super().append(clause)
        lits, bound = clause
        lits = list(lits)
        self.nv = max([abs(lit) for lit in lits] + [self.nv])
        self.atmosts.append((lits, bound))

    def extend(self, formula):
        for item in formula:
            self.append(item, is_atmost=len(item) == 2 and isinstance(item[0], (list, tuple)))

    def copy(self):
        cnf = super().copy()
        cnf.atmosts = [(list(lits), bound) for lits, bound in self.atmosts]
        return cnf

    def weighted(self):
        """A WCNFPlus: every clause soft (weight 1), the cardinality
        constraints hard."""
        wcnf = WCNFPlus()
        wcnf.nv = self.nv
        for clause in self.clauses:
            wcnf.append(list(clause), weight=1)
        for lits, bound in self.atmosts:
            wcnf.append((list(lits), bound), is_atmost=True)
        wcnf.comments = list(self.comments)
        return wcnf


def _weight(token, number):
    """A weight: an int, else a decimal number (PySAT allows floats)."""
    try:
        return int(token)
    except ValueError:
        try:
            return float(decimal.Decimal(token))
        except decimal.InvalidOperation:
            raise ValueError("line %d: %r is not a weight" % (number, token)) from None


class WCNF:
    """A weighted (partial) CNF: 'hard' clauses, 'soft' clauses with weights
    'wght', 'topw' (above the sum of all weights), 'nv', 'comments'.  Reads
    the old format ('p wcnf nv nc top', a weight before each clause, 'top'
    for hard ones) and the MaxSAT Evaluation 2022 format ('h' before hard
    clauses, no header); writes the new one unless format='dimacs'."""

    def __init__(self, from_file=None, from_fp=None, from_string=None,
                 comment_lead=("c",)):
        self.nv = 0
        self.hard, self.soft, self.wght = [], [], []
        self.topw = 1
        self.comments = []
        if from_file:
            self.from_file(from_file, comment_lead)
        elif from_fp:
            self.from_fp(from_fp, comment_lead)
        elif from_string:
            self.from_string(from_string, comment_lead)

    def __repr__(self):
        return "WCNF(from_string=%r)" % self.to_dimacs()

    def from_file(self, fname, comment_lead=("c",), compressed_with="use_ext"):
        with open_text(fname, "r", compressed_with) as fp:
            self.from_fp(fp, comment_lead)

    def from_string(self, string, comment_lead=("c",)):
        self.from_fp(string.splitlines(), comment_lead)

    HEADERS = ("wcnf",)

    def _special_line(self, number, tokens):
        return False

    def from_fp(self, file_pointer, comment_lead=("c",)):
        header, self.comments, body = _parse_dimacs(file_pointer, comment_lead, self.HEADERS)
        self.nv, self.hard, self.soft, self.wght, self.topw = 0, [], [], [], 1
        top = _header_count(header, 4, lambda t: _weight(t, 0)) if header else None
        for number, tokens in body:
            if self._special_line(number, tokens):
                continue
            if tokens[0] == "h":
                weight = None
            else:
                weight = _weight(tokens[0], number)
                if top is not None and weight >= top:
                    weight = None
            lits = [_literal(t, number) for t in tokens[1:]]
            if not lits or lits[-1] != 0:
                raise ValueError("line %d: a clause must end with 0" % number)
            self.append(lits[:-1], weight=weight)
        self.nv = max(self.nv, _header_count(header, 2) if header else 0)
        if top is not None:
            self.topw = max(self.topw, top)

    def append(self, clause, weight=None):
        """Adds a hard clause (weight None) or a soft one."""
        clause = list(clause)
        self.nv = max([abs(lit) for lit in clause] + [self.nv])
        if weight is None:
            self.hard.append(clause)
        else:
            self.soft.append(clause)
            self.wght.append(weight)
            self.topw += weight

    def extend(self, clauses, weights=None):
        """Adds clauses, hard or with the given weights."""
        if weights is None:
            for clause in clauses:
                self.append(clause)
        else:
            for clause, weight in zip(clauses, weights):
                self.append(clause, weight=weight)

    def copy(self):
        wcnf = WCNF()
        wcnf.nv, wcnf.topw = self.nv, self.topw
        wcnf.hard = [list(c) for c in self.hard]
        wcnf.soft = [list(c) for c in self.soft]
        wcnf.wght = list(self.wght)
        wcnf.comments = list(self.comments)
        return wcnf

    def unweighted(self):
        """A CNF of all clauses, hard and soft."""
        cnf = CNF()
        cnf.nv = self.nv
        cnf.clauses = [list(c) for c in self.hard + self.soft]
        cnf.comments = list(self.comments)
        return cnf

    def to_file(self, fname, comments=None, compress_with="use_ext", format="mse22"):
        with open_text(fname, "w", compress_with) as fp:
            self.to_fp(fp, comments, format)

    def to_fp(self, file_pointer, comments=None, format="mse22"):
        file_pointer.write(self.to_dimacs(format, comments) + "\n")

    def to_dimacs(self, format="mse22", comments=None):
        lines = list(self.comments) + list(comments or [])
        if format == "mse22":
            lines += ["h " + " ".join(map(str, c + [0])) for c in self.hard]
            lines += ["%s %s" % (w, " ".join(map(str, c + [0])))
                      for c, w in zip(self.soft, self.wght)]
        elif format == "dimacs":
            lines.append("p wcnf %d %d %s" % (self.nv, len(self.hard) + len(self.soft), self.topw))
            lines += ["%s %s" % (self.topw, " ".join(map(str, c + [0]))) for c in self.hard]
            lines += ["%s %s" % (w, " ".join(map(str, c + [0])))
                      for c, w in zip(self.soft, self.wght)]
        else:
            raise ValueError("unknown WCNF format %r ('mse22' or 'dimacs')" % (format,))
        return "\n".join(lines)


class WCNFPlus(WCNF):
    """A WCNF with hard native cardinality constraints 'atms': pairs (lits,
    k), at most k of lits true ('p wcnf+' files with lines 'w lits <= k' or
    'w lits >= k').  Solvers reject them, as CNFPlus' (no pseudo-Boolean
    'w' lines)."""

    HEADERS = ("wcnf", "wcnf+")

    def __init__(self, from_file=None, from_fp=None, from_string=None,
                 comment_lead=("c",)):
        self.atms = []
        super().__init__(from_file=from_file, from_fp=from_fp,
                         from_string=from_string, comment_lead=comment_lead)

    def from_fp(self, file_pointer, comment_lead=("c",)):
        self.atms = []
        super().from_fp(file_pointer, comment_lead)

    def _special_line(self, number, tokens):
        if "<=" not in tokens and ">=" not in tokens:
            return False
        lits = [_literal(t, number) for t in tokens[1:-2]]  # after the weight
        bound = _literal(tokens[-1], number)
        if tokens[-2] == ">=":
            lits, bound = [-lit for lit in lits], len(lits) - bound
        self.append((lits, bound), is_atmost=True)
        return True

    def append(self, clause, weight=None, is_atmost=False):
        if not is_atmost:
            return super().append(clause, weight)
        lits, bound = clause
        lits = list(lits)
        self.nv = max([abs(lit) for lit in lits] + [self.nv])
        self.atms.append((lits, bound))

    def copy(self):
        wcnf = WCNFPlus()
        for name in ("nv", "topw"):
            setattr(wcnf, name, getattr(self, name))
        wcnf.hard = [list(c) for c in self.hard]
        wcnf.soft = [list(c) for c in self.soft]
        wcnf.wght = list(self.wght)
        wcnf.comments = list(self.comments)
        wcnf.atms = [(list(lits), bound) for lits, bound in self.atms]
        return wcnf

    def to_dimacs(self, format="mse22", comments=None):
        text = super().to_dimacs(format, comments)
        if not self.atms:
            return text
        weight = "h" if format == "mse22" else str(self.topw)
        lines = ["%s %s <= %d" % (weight, " ".join(map(str, lits)), bound)
                 for lits, bound in self.atms]
        text = text.replace("p wcnf ", "p wcnf+ ", 1)
        return text + "\n" + "\n".join(lines)
