"""PySAT's 'pysat.card' for einsat: cardinality constraints encoded into
clauses (CardEnc.atmost / atleast / equals with the encodings of EncType)
and the incremental totalizer ITotalizer.

The names, arguments and results follow PySAT (a CNFPlus whose 'clauses'
and 'nv' hold the encoding; new variables above 'top_id', or taken from
'vpool'); the encodings are einsat's own, written in Python:

  pairwise    at most one: a binary clause per pair, no new variables
  bitwise     at most one: each true literal fixes the bits of its index
              (log2 n new variables, n log2 n clauses)
  ladder      at most one: a ladder of n - 1 variables (Gent and
              Nightingale's regular encoding), 3n clauses
  seqcounter  Sinz's sequential counter: n k new variables, 2nk clauses
  totalizer   Bailleux and Boufkhad's unary sum tree, counts cut at k + 1
  sortnetwrk  Batcher's odd-even merge sorting network; only the
              comparators that lead to the first k + 1 outputs are encoded
  cardnetwrk  cardinality network (Asin et al.): blocks of k + 1 inputs
              sorted, then merged pairwise keeping the largest k + 1
  mtotalizer  the modulo totalizer (Ogawa et al.): counts as quotient and
              remainder modulo about sqrt(n), each in unary
  kmtotalizer the modulo totalizer modulo about sqrt(k), quotients cut
              at the bound
  native      MiniCard's representation (lits, k) in 'atmosts'

Every encoding holds the constraint in one direction (the sum forces the
counters up), which is all 'at most' needs; 'at least k' is 'at most n - k'
of the negated literals and 'equals' both.  Literals are counted with
multiplicity ([x, x] counts x twice).  The pairwise, bitwise and
ladder encodings take only bounds 0, 1, n - 1 and n and above (as in
PySAT, UnsupportedBound otherwise).
"""

import math

from .formula import CNF, CNFPlus, IDPool

__all__ = ["EncType", "CardEnc", "ITotalizer", "NoSuchEncodingError",
           "UnsupportedBound"]


class NoSuchEncodingError(Exception):
    """An encoding number EncType does not know."""


class UnsupportedBound(Exception):
    """A bound the chosen at-most-one encoding cannot express."""


class EncType:
    pairwise = 0
    seqcounter = 1
    sortnetwrk = 2
    cardnetwrk = 3
    bitwise = 4
    ladder = 5
    totalizer = 6
    mtotalizer = 7
    kmtotalizer = 8
    native = 9


AT_MOST_ONE_ONLY = (EncType.pairwise, EncType.bitwise, EncType.ladder)


class _Builder:
    """Collects clauses and hands out new variables, above 'top' or from an
    IDPool."""

    def __init__(self, top, vpool):
        self.top = top
        self.vpool = vpool
        self.clauses = []

    def new(self):
        if self.vpool is not None:
            return self.vpool.id()
        self.top += 1
        return self.top

    def add(self, clause):
        self.clauses.append(clause)


#------------------------------------------------------------------------------
# At most k of 'lits' (the encodings), each given a _Builder.

def _pairwise(b, lits):
    for i, a in enumerate(lits):
        for c in lits[i + 1:]:
            b.add([-a, -c])


def _bitwise(b, lits):
    bits = [b.new() for _ in range(max(1, (len(lits) - 1).bit_length()))]
    for index, lit in enumerate(lits):
        for j, bit in enumerate(bits):
            b.add([-lit, bit if index >> j & 1 else -bit])


def _ladder(b, lits):
    # y[i] means: the true literal, if any, comes after lits[i].
    n = len(lits)
    y = [b.new() for _ in range(n - 1)]
    for i in range(n - 2):
        b.add([-y[i + 1], y[i]])
    for i, lit in enumerate(lits):
        if i > 0:
            b.add([-lit, y[i - 1]])
        if i < n - 1:
            b.add([-lit, -y[i]])


def _seqcounter(b, lits, k):
    # s[i][j]: at least j + 1 of lits[0..i] are true.
    n = len(lits)
    s = [[b.new() for _ in range(k)] for _ in range(n - 1)]
    b.add([-lits[0], s[0][0]])
    for j in range(1, k):
        b.add([-s[0][j]])
    for i in range(1, n - 1):
        b.add([-lits[i], s[i][0]])
        b.add([-s[i - 1][0], s[i][0]])
        for j in range(1, k):
            b.add([-lits[i], -s[i - 1][j - 1], s[i][j]])
            b.add([-s[i - 1][j], s[i][j]])
        b.add([-lits[i], -s[i - 1][k - 1]])
    b.add([-lits[n - 1], -s[n - 2][k - 1]])


def _totalize(b, lits, cap):
    """The unary sum of 'lits': outputs o[i] forced by at least i + 1 true
    inputs, for i < cap."""
    if len(lits) == 1:
        return list(lits)
    half = len(lits) // 2
    left = _totalize(b, lits[:half], cap)
    right = _totalize(b, lits[half:], cap)
    return _merge_unary(b, left, right, cap)


def _merge_unary(b, left, right, cap, outputs=None, done=0):
    """Outputs of the sum of two unary counters (up to 'cap'); with
    'outputs' and 'done', extends an existing merge whose first 'done'
    outputs are encoded."""
    size = min(len(left) + len(right), cap)
    outputs = list(outputs or [])
    while len(outputs) < size:
        outputs.append(b.new())
    for i in range(len(left) + 1):
        for j in range(len(right) + 1):
            total = i + j
            if done < total <= size:
                clause = [outputs[total - 1]]
                if i:
                    clause.append(-left[i - 1])
                if j:
                    clause.append(-right[j - 1])
                b.add(clause)
    return outputs


def _totalizer(b, lits, k):
    outputs = _totalize(b, lits, k + 1)
    b.add([-outputs[k]])


# Comparator networks: a list of comparators (i, j) on wires, each putting
# the larger value on wire i.  Only the comparators the needed outputs
# depend on are encoded, half of each (larger: a | b, smaller: a & b).

def _odd_even_merge(wires, comparators):
    """Merges two sorted halves of 'wires' (a power of two long)."""
    n = len(wires)
    if n == 2:
        comparators.append((wires[0], wires[1]))
        return
    _odd_even_merge(wires[0::2], comparators)
    _odd_even_merge(wires[1::2], comparators)
    for i in range(1, n - 1, 2):
        comparators.append((wires[i], wires[i + 1]))


def _odd_even_sort(wires, comparators):
    if len(wires) < 2:
        return
    half = len(wires) // 2
    _odd_even_sort(wires[:half], comparators)
    _odd_even_sort(wires[half:], comparators)
    _odd_even_merge(wires, comparators)


def _encode_network(b, values, comparators, needed):
    """Encodes the comparators (in order) on the wire literals 'values'
    (None: constant false) and returns the literals of the wires 'needed'
    at the end."""
    # Which comparators matter, from the outputs backwards.
    live = set(needed)
    useful = []
    for i, j in reversed(comparators):
        wants = (i in live, j in live)
        if any(wants):
            useful.append((i, j, wants))
            live.update((i, j))
    values = list(values)
    for i, j, (want_max, want_min) in reversed(useful):
        a, c = values[i], values[j]
        if a is None or c is None:  # with false: max is the other, min false
            values[i], values[j] = (c if a is None else a), None
            continue
        high = b.new() if want_max else None
        low = b.new() if want_min else None
        if want_max:
            b.add([-a, high])
            b.add([-c, high])
        if want_min:
            b.add([-a, -c, low])
        values[i], values[j] = high, low
    return [values[w] for w in needed]


def _padded(lits):
    size = 1 << max(1, (len(lits) - 1).bit_length())
    return list(lits) + [None] * (size - len(lits))


def _sortnetwrk(b, lits, k):
    values = _padded(lits)
    comparators = []
    _odd_even_sort(list(range(len(values))), comparators)
    outputs = _encode_network(b, values, comparators, [k])
    if outputs[0] is not None:
        b.add([-outputs[0]])


def _cardnetwrk(b, lits, k):
    """Sorts blocks of m >= k + 1 inputs (m a power of two) and merges the
    sorted blocks pairwise, keeping the largest m of each merge."""
    m = 1 << k.bit_length()  # > k
    blocks = []
    for start in range(0, len(lits), m):
        block = _padded(lits[start:start + m]) + [None] * m
        block = block[:m]
        comparators = []
        _odd_even_sort(list(range(m)), comparators)
        blocks.append(_encode_network(b, block, comparators, list(range(m))))
    while len(blocks) > 1:
        merged = []
        for a, c in zip(blocks[0::2], blocks[1::2]):
            comparators = []
            _odd_even_merge(list(range(2 * m)), comparators)
            merged.append(_encode_network(b, a + c, comparators, list(range(m))))
        if len(blocks) % 2:
            merged.append(blocks[-1])
        blocks = merged
    output = blocks[0][k]
    if output is not None:
        b.add([-output])


def _mtotalizer(b, lits, k, cut):
    """The modulo totalizer: each node counts its true inputs as
    p * Q + R with 0 <= R < p, Q and R in unary (forced upwards).  The
    modulus is about sqrt(n), or about sqrt(k) for the variant with
    quotients cut at the bound ('cut').  Nodes with fewer than p inputs
    are plain totalizers of R.  The quotient of a node has at most as many
    outputs as it can reach (and than the cut allows); children whose
    quotients sum beyond them are excluded by clauses, which no true count
    triggers, so that choosing a carry freely cannot hide a count."""
    p = max(2, math.isqrt(k if cut else len(lits)))
    limit_q = (k + 1) // p + 1 if cut else None

    def node(part):
        if len(part) == 1:
            return [], [part[0]]  # Q = 0, R = x
        half = len(part) // 2
        qa, ra = node(part[:half])
        qb, rb = node(part[half:])
        if len(part) < p:
            return [], _merge_unary(b, ra, rb, p - 1)
        carry = b.new()
        r = [b.new() for _ in range(min(p - 1, len(ra) + len(rb)))]
        size_q = min(len(qa) + len(qb) + 1, len(part) // p)
        if limit_q is not None:
            size_q = min(size_q, limit_q)
        q = [b.new() for _ in range(size_q)]
        for i in range(len(ra) + 1):
            for j in range(len(rb) + 1):
                total = i + j
                if not total:
                    continue
                premise = ([-ra[i - 1]] if i else []) + ([-rb[j - 1]] if j else [])
                if total >= p:
                    b.add(premise + [carry])
                    if total > p:
                        b.add(premise + [r[total - p - 1]])
                else:
                    b.add(premise + [carry, r[total - 1]])
        for i in range(len(qa) + 1):
            for j in range(len(qb) + 1):
                premise = ([-qa[i - 1]] if i else []) + ([-qb[j - 1]] if j else [])
                if i + j > len(q):
                    b.add(premise)
                elif i + j:
                    b.add(premise + [q[i + j - 1]])
                if i + j + 1 > len(q):
                    if i + j <= len(q):
                        b.add(premise + [-carry])
                else:
                    b.add(premise + [-carry, q[i + j]])
        return q, r

    q, r = node(list(lits))
    # Forbid a count of k + 1 = p * qk + rk or more.
    qk, rk = divmod(k + 1, p)
    if qk < len(q):
        b.add([-q[qk]])  # Q >= qk + 1
    if qk == 0:
        if rk <= len(r):
            b.add([-r[rk - 1]])
    elif rk == 0:
        if qk <= len(q):
            b.add([-q[qk - 1]])
    elif qk <= len(q) and rk <= len(r):
        b.add([-q[qk - 1], -r[rk - 1]])


def _at_most(b, lits, k, encoding):
    n = len(lits)
    if k >= n:
        return
    if k == 0:
        for lit in lits:
            b.add([-lit])
        return
    if k == n - 1 and encoding in AT_MOST_ONE_ONLY:
        b.add([-lit for lit in lits])
        return
    if k == 1 and encoding in AT_MOST_ONE_ONLY:
        {EncType.pairwise: _pairwise, EncType.bitwise: _bitwise,
         EncType.ladder: _ladder}[encoding](b, lits)
    elif encoding == EncType.seqcounter:
        _seqcounter(b, lits, k)
    elif encoding == EncType.totalizer:
        _totalizer(b, lits, k)
    elif encoding == EncType.sortnetwrk:
        _sortnetwrk(b, lits, k)
    elif encoding == EncType.cardnetwrk:
        _cardnetwrk(b, lits, k)
    elif encoding == EncType.mtotalizer:
        _mtotalizer(b, lits, k, cut=False)
    elif encoding == EncType.kmtotalizer:
        _mtotalizer(b, lits, k, cut=True)
    else:
        raise UnsupportedBound(encoding, k)


def _check(lits, bound, top_id, vpool, encoding):
    if encoding not in range(10):
        raise NoSuchEncodingError(encoding)
    if top_id is not None and vpool is not None:
        raise ValueError("use either a top id or a pool of variables, not both")
    lits = list(lits)
    for lit in lits:
        if isinstance(lit, bool) or not isinstance(lit, int) or not lit:
            raise ValueError("literals are non-zero ints, not %r" % (lit,))
    return lits


def _encode(lits, bound, top_id, vpool, encoding):
    """At most 'bound' of 'lits' as a CNFPlus."""
    result = CNFPlus()
    if not lits:
        if bound < 0:
            result.clauses = [[]]
        return result
    top = max([abs(lit) for lit in lits] + [top_id or 0])
    if vpool is not None and vpool.top < top:
        vpool.occupy(vpool.top + 1, top)  # the literals' variables are taken
    if encoding == EncType.native:
        result.atmosts = [(list(lits), bound)]
        result.nv = top
        return result
    builder = _Builder(top, vpool)
    if bound < 0:
        builder.add([])
    else:
        _at_most(builder, lits, bound, encoding)
    result.clauses = builder.clauses
    result.nv = max(top, vpool.top if vpool is not None else builder.top)
    return result


class CardEnc:
    """Cardinality constraints as clauses (class methods only)."""

    @classmethod
    def atmost(cls, lits, bound=1, top_id=None, vpool=None, encoding=EncType.seqcounter):
        """At most 'bound' of 'lits' are true: a CNFPlus with the clauses
        and 'nv', the largest variable used."""
        lits = _check(lits, bound, top_id, vpool, encoding)
        if bound < 0:
            raise ValueError("Wrong bound: %d" % bound)
        if encoding in AT_MOST_ONE_ONLY and 1 < bound < len(lits) - 1:
            raise UnsupportedBound(encoding, bound)
        return _encode(lits, bound, top_id, vpool, encoding)

    @classmethod
    def atleast(cls, lits, bound=1, top_id=None, vpool=None, encoding=EncType.seqcounter):
        """At least 'bound' of 'lits' are true (at most n - bound false)."""
        lits = _check(lits, bound, top_id, vpool, encoding)
        if bound > len(lits):
            raise ValueError("Wrong bound: %d" % bound)
        if encoding in AT_MOST_ONE_ONLY and 1 < bound < len(lits) - 1:
            raise UnsupportedBound(encoding, bound)
        if encoding == EncType.native:
            result = _encode(lits, len(lits) - bound, top_id, vpool, encoding)
            result.atmosts = [([-lit for lit in lits], len(lits) - bound)]
            return result
        return _encode([-lit for lit in lits], len(lits) - bound, top_id, vpool, encoding)

    @classmethod
    def equals(cls, lits, bound=1, top_id=None, vpool=None, encoding=EncType.seqcounter):
        """Exactly 'bound' of 'lits' are true."""
        lits = list(lits)
        first = cls.atmost(lits, bound, top_id, vpool, encoding)
        if vpool is None:
            top_id = max(first.nv, top_id or 0)
        second = cls.atleast(lits, bound, top_id, vpool, encoding)
        first.nv = max(first.nv, second.nv)
        first.clauses.extend(second.clauses)
        first.atmosts.extend(second.atmosts)
        return first


#------------------------------------------------------------------------------
# The incremental totalizer.

class _Node:
    """A node of the totalizer tree: 'outputs' o[i] forced by at least i + 1
    true inputs below, for i < len(outputs)."""

    def __init__(self, lits, left=None, right=None):
        self.size = len(lits) if left is None else left.size + right.size
        self.left, self.right = left, right
        self.outputs = list(lits) if left is None else []


class ITotalizer:
    """An incremental totalizer over 'lits' (Martins et al., CP 2014): 'rhs'
    lists the outputs, rhs[k] true if more than k inputs are true, so that
    the unit clause [-rhs[k]] (or the assumption -rhs[k]) imposes 'at most
    k'.  Outputs exist up to 'ubound' (at most the number of inputs);
    'increase', 'extend' and 'merge_with' add to 'cnf' and report the
    number of new clauses in 'nof_new'."""

    def __init__(self, lits=(), ubound=1, top_id=None):
        self.lits = []
        self.ubound = 0
        self.top_id = 0
        self.cnf = CNF()
        self.rhs = []
        self.nof_new = 0
        self._root = None
        if lits:
            self.new(lits=lits, ubound=ubound, top_id=top_id)

    def new(self, lits=(), ubound=1, top_id=None):
        """Builds the tree over 'lits' with outputs up to 'ubound'."""
        self.lits = list(lits)
        self.ubound = ubound
        self.top_id = max([abs(lit) for lit in self.lits] + [top_id or 0])
        self.cnf = CNF()
        builder = self._builder()
        self._root = self._build(builder, self.lits)
        self._raise(builder, self._root, self.ubound + 1)
        self._finish(builder)

    def delete(self):
        """Forgets the tree."""
        self._root = None
        self.lits, self.rhs = [], []
        self.cnf = CNF()

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        self.delete()

    def increase(self, ubound=1, top_id=None):
        """Adds the outputs up to the new bound 'ubound'."""
        self.top_id = max(self.top_id, top_id or 0)
        if ubound <= self.ubound or self.ubound >= len(self.lits):
            self.nof_new = 0
            return
        self.ubound = ubound
        builder = self._builder()
        self._raise(builder, self._root, self.ubound + 1)
        self._finish(builder)

    def extend(self, lits=(), ubound=None, top_id=None):
        """Adds new input literals (and raises the bound to 'ubound')."""
        new = sorted(set(lits) - set(self.lits))
        if not new:
            if ubound:
                self.increase(ubound=ubound, top_id=top_id)
            return
        self.top_id = max([abs(lit) for lit in self.lits + new] + [self.top_id, top_id or 0])
        self.ubound = max(self.ubound, ubound or 0)
        builder = self._builder()
        subtree = self._build(builder, new)
        self._root = self._join(self._root, subtree)
        self._raise(builder, self._root, self.ubound + 1)
        self.lits.extend(new)
        self._finish(builder)

    def merge_with(self, another, ubound=None, top_id=None):
        """Joins the tree of 'another' ITotalizer into this one (its clauses
        are taken over)."""
        self.top_id = max(self.top_id, top_id or 0, another.top_id)
        self.ubound = max(self.ubound, ubound or 0, another.ubound)
        self.lits.extend(another.lits)
        self.cnf.clauses.extend(another.cnf.clauses)
        taken = len(another.cnf.clauses)
        builder = self._builder()
        self._root = self._join(self._root, another._root)
        self._raise(builder, self._root, self.ubound + 1)
        self._finish(builder)
        self.nof_new += taken

    # -- the tree --------------------------------------------------------------

    def _builder(self):
        return _Builder(self.top_id, None)

    def _finish(self, builder):
        self.top_id = builder.top
        self.cnf.clauses.extend(builder.clauses)
        self.cnf.nv = max(self.cnf.nv, self.top_id)
        self.nof_new = len(builder.clauses)
        self.rhs = list(self._root.outputs) if self._root else []

    @staticmethod
    def _build(builder, lits):
        if not lits:
            return None
        if len(lits) == 1:
            return _Node(lits)
        half = len(lits) // 2
        return _Node((), ITotalizer._build(builder, lits[:half]),
                     ITotalizer._build(builder, lits[half:]))

    @staticmethod
    def _join(a, b):
        if a is None or b is None:
            return a or b
        return _Node((), a, b)

    def _raise(self, builder, node, cap):
        """Gives 'node' its outputs up to 'cap' (never beyond its size)."""
        if node is None or node.left is None:
            return
        cap = min(cap, node.size)
        if len(node.outputs) >= cap:
            return
        self._raise(builder, node.left, cap)
        self._raise(builder, node.right, cap)
        done = len(node.outputs)
        node.outputs = _merge_unary(builder, node.left.outputs, node.right.outputs,
                                    cap, node.outputs, done)
