#!/usr/bin/env python3
"""bench/generate.py - fresh benchmark formulas from a seed, by family.

    bench/generate.py [--seed S] [--scale F] [--families a,b,...] OUT_DIR

Writes OUT_DIR/<family>/<name>.cnf and OUT_DIR/fresh.list (one path per
line, relative to OUT_DIR) and prints the list of families.  Every run
with a new seed gives new formulas of the same kind and difficulty, so a
solver cannot be tuned to the files themselves.  Formulas known to be
satisfiable (planted solutions) or unsatisfiable (by construction) carry
a 'c expect: SAT' / 'c expect: UNSAT' header line, which the shared
harness checks answers against.  '--scale' multiplies the instance
counts (0.5: half as many).  Standard library only.

Families (sizes chosen so that Kissat 4.0.4 needs about 0.5-30 s):

  ksat3-sat      random 3-SAT just below the threshold (ratio 4.20)
  ksat3-unsat    random 3-SAT above it (ratio 4.40), mostly UNSAT
  ksat5          random 5-SAT near its threshold (ratio 20.0)
  col-planted    3-colouring of random graphs with a planted colouring
  col-random     3-colouring of random graphs near the threshold
  qwh            quasigroups (Latin squares) with holes, SAT
  mult-miter     multiplier miters: a*b = b*a, UNSAT
  factor-sat     multiplier = a product of two primes, SAT
  factor-unsat   multiplier = a prime, factors > 1, UNSAT
  xor-unsat      random 3- and 4-XOR systems, more equations than
                 variables (inconsistent), growing size
  xor-sat        the same with a planted solution
  xor-mixed      a planted 3-XOR system plus random 3-clauses
  vdw            van der Waerden W(2;5) colourings of 1..n, n < 178, SAT

Named only (not in the default round, which stays comparable with
earlier rounds):

  ksat7-sat      random 7-SAT below the threshold (ratio 85, n 90-110),
                 mostly SAT; local search is the way in, CDCL a lottery
  ksat7-unsat    random 7-SAT above it (ratio 92, n 40-44), mostly UNSAT

Parity families (xor-*) are measured but kept apart in the summary:
Gaussian elimination answers them, CDCL alone does not.
"""
import argparse
import os
import random
import sys


class Cnf:
    def __init__(self):
        self.vars = 0
        self.clauses = []
        self.comments = []

    def new(self, n=1):
        first = self.vars + 1
        self.vars += n
        return first if n == 1 else list(range(first, first + n))

    def add(self, *lits):
        self.clauses.append(list(lits))

    def shuffle(self, rng):
        """Renames variables, flips signs and reorders clauses."""
        perm = list(range(1, self.vars + 1))
        rng.shuffle(perm)
        sign = [1] + [rng.choice((1, -1)) for _ in range(self.vars)]
        self.clauses = [[(perm[abs(l) - 1]) * (1 if l > 0 else -1) * sign[abs(l)]
                         for l in c] for c in self.clauses]
        for c in self.clauses:
            rng.shuffle(c)
        rng.shuffle(self.clauses)

    def write(self, path, expect=None):
        with open(path, "w") as f:
            for line in self.comments:
                f.write("c %s\n" % line)
            if expect:
                f.write("c expect: %s\n" % expect)
            f.write("p cnf %d %d\n" % (self.vars, len(self.clauses)))
            for c in self.clauses:
                f.write(" ".join(map(str, c)) + " 0\n")


# ---------------------------------------------------------------------------
# Random k-SAT


def random_ksat(rng, n, k, ratio):
    f = Cnf()
    f.new(n)
    for _ in range(int(round(ratio * n))):
        vs = rng.sample(range(1, n + 1), k)
        f.add(*[v if rng.random() < 0.5 else -v for v in vs])
    return f


# ---------------------------------------------------------------------------
# Graph colouring


def colouring(edges, n, colours):
    f = Cnf()
    x = [f.new(colours) if colours > 1 else [f.new()] for _ in range(n)]
    for v in range(n):
        f.add(*x[v])
        for a in range(colours):
            for b in range(a + 1, colours):
                f.add(-x[v][a], -x[v][b])
    for (u, v) in edges:
        for c in range(colours):
            f.add(-x[u][c], -x[v][c])
    return f


def random_edges(rng, n, m, allowed=lambda u, v: True):
    edges = set()
    while len(edges) < m:
        u, v = rng.randrange(n), rng.randrange(n)
        if u != v and allowed(u, v):
            edges.add((min(u, v), max(u, v)))
    return sorted(edges)


def planted_colouring(rng, n, degree, colours=3):
    colour = [v % colours for v in range(n)]
    rng.shuffle(colour)
    m = int(degree * n / 2)
    edges = random_edges(rng, n, m, lambda u, v: colour[u] != colour[v])
    return colouring(edges, n, colours)


def random_colouring(rng, n, degree, colours=3):
    return colouring(random_edges(rng, n, int(degree * n / 2)), n, colours)


# ---------------------------------------------------------------------------
# Quasigroups with holes: a random Latin square, row by row (each row a
# perfect matching of columns to the symbols still free in them, found by
# augmenting paths in random order), then holes punched at random.


def latin_square(rng, order):
    square = []
    used = [set() for _ in range(order)]  # symbols per column
    for _ in range(order):
        match = [-1] * order  # symbol -> column
        cols = list(range(order))
        rng.shuffle(cols)

        def augment(col, seen):
            symbols = [s for s in range(order) if s not in used[col]]
            rng.shuffle(symbols)
            for s in symbols:
                if s in seen:
                    continue
                seen.add(s)
                if match[s] < 0 or augment(match[s], seen):
                    match[s] = col
                    return True
            return False

        for col in cols:
            if not augment(col, set()):
                raise RuntimeError("no perfect matching (cannot happen)")
        row = [0] * order
        for s, col in enumerate(match):
            row[col] = s
            used[col].add(s)
        square.append(row)
    return square


def qwh(rng, order, holes):
    sys.setrecursionlimit(10000)
    square = latin_square(rng, order)
    cells = [(r, c) for r in range(order) for c in range(order)]
    hole = set(rng.sample(cells, int(holes * len(cells))))
    row_has = [set() for _ in range(order)]
    col_has = [set() for _ in range(order)]
    for (r, c) in cells:
        if (r, c) not in hole:
            row_has[r].add(square[r][c])
            col_has[c].add(square[r][c])
    f = Cnf()
    x = {}
    for (r, c) in sorted(hole):
        for s in range(order):
            if s not in row_has[r] and s not in col_has[c]:
                x[r, c, s] = f.new()
    def exactly_one(lits):
        f.add(*lits)
        for i in range(len(lits)):
            for j in range(i + 1, len(lits)):
                f.add(-lits[i], -lits[j])
    for (r, c) in sorted(hole):
        exactly_one([x[r, c, s] for s in range(order) if (r, c, s) in x])
    for r in range(order):
        for s in range(order):
            if s not in row_has[r]:
                exactly_one([x[r, c, s] for c in range(order) if (r, c, s) in x])
    for c in range(order):
        for s in range(order):
            if s not in col_has[c]:
                exactly_one([x[r, c, s] for r in range(order) if (r, c, s) in x])
    return f


# ---------------------------------------------------------------------------
# Circuits (Tseitin encoding)


class Circuit(Cnf):
    def __init__(self):
        super().__init__()
        self.true = self.new()
        self.add(self.true)

    def AND(self, a, b):
        if a == -self.true or b == -self.true:
            return -self.true
        if a == self.true:
            return b
        if b == self.true:
            return a
        g = self.new()
        self.add(-g, a)
        self.add(-g, b)
        self.add(g, -a, -b)
        return g

    def OR(self, a, b):
        return -self.AND(-a, -b)

    def XOR(self, a, b):
        if a == -self.true:
            return b
        if b == -self.true:
            return a
        g = self.new()
        self.add(-g, a, b)
        self.add(-g, -a, -b)
        self.add(g, -a, b)
        self.add(g, a, -b)
        return g

    def full_adder(self, a, b, c):
        t = self.XOR(a, b)
        s = self.XOR(t, c)
        carry = self.OR(self.AND(a, b), self.AND(t, c))
        return s, carry

    def array_multiplier(self, a, b):
        """Shift-and-add with ripple-carry rows: len(a) + len(b) bits."""
        zero = -self.true
        width = len(a) + len(b)
        acc = [zero] * width
        for j, bj in enumerate(b):
            carry = zero
            for i in range(width - j):
                pp = self.AND(a[i], bj) if i < len(a) else zero
                acc[i + j], carry = self.full_adder(acc[i + j], pp, carry)
        return acc

    def column_multiplier(self, a, b):
        """Partial products compressed column by column with full adders
        (a Dadda-like tree), then one ripple-carry addition."""
        zero = -self.true
        width = len(a) + len(b)
        columns = [[] for _ in range(width + 1)]
        for i, ai in enumerate(a):
            for j, bj in enumerate(b):
                columns[i + j].append(self.AND(ai, bj))
        for k in range(width):
            while len(columns[k]) > 2:
                x, y, z = columns[k].pop(0), columns[k].pop(0), columns[k].pop(0)
                s, c = self.full_adder(x, y, z)
                columns[k].append(s)
                columns[k + 1].append(c)
        out, carry = [], zero
        for k in range(width):
            col = columns[k] + [zero] * (2 - len(columns[k]))
            s, carry = self.full_adder(col[0], col[1], carry)
            out.append(s)
        return out

    def constant(self, bits, value):
        for i, b in enumerate(bits):
            self.add(b if value >> i & 1 else -b)


def multiplier_miter(rng, bits):
    f = Circuit()
    a, b = f.new(bits), f.new(bits)
    if rng.random() < 0.5:
        left, right = f.array_multiplier(a, b), f.array_multiplier(b, a)
        f.comments.append("miter: array(a,b) = array(b,a), %d bits" % bits)
    else:
        left, right = f.array_multiplier(a, b), f.column_multiplier(b, a)
        f.comments.append("miter: array(a,b) = column(b,a), %d bits" % bits)
    f.add(*[f.XOR(l, r) for l, r in zip(left, right)])
    return f


def is_prime(n):
    if n < 2:
        return False
    for p in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37):
        if n % p == 0:
            return n == p
    d, s = n - 1, 0
    while d % 2 == 0:
        d, s = d // 2, s + 1
    for a in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37):
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def random_prime(rng, bits):
    while True:
        p = rng.randrange(1 << (bits - 1), 1 << bits) | 1
        if is_prime(p):
            return p


def factoring(rng, bits, prime):
    """a * b = N with a, b of 'bits' bits each and both > 1."""
    if prime:
        n = random_prime(rng, 2 * bits - 1)
    else:
        n = random_prime(rng, bits) * random_prime(rng, bits - 1)
    f = Circuit()
    a, b = f.new(bits), f.new(bits)
    f.constant(f.array_multiplier(a, b), n)
    f.add(*a[1:])  # a > 1
    f.add(*b[1:])  # b > 1
    f.comments.append("factoring %d (%s)" % (n, "prime" if prime else "semiprime"))
    return f


# ---------------------------------------------------------------------------
# XOR systems


def add_xor(f, vs, rhs):
    """The 2^(k-1) clauses of x_1 ^ ... ^ x_k = rhs."""
    k = len(vs)
    for mask in range(1 << k):
        negatives = bin(mask).count("1")
        if negatives % 2 != (1 - rhs) % 2:
            continue
        f.add(*[-v if mask >> i & 1 else v for i, v in enumerate(vs)])


def xor_system(rng, n, m, k, planted, extra3=0.0):
    f = Cnf()
    f.new(n)
    model = [rng.getrandbits(1) for _ in range(n + 1)]
    for _ in range(m):
        vs = rng.sample(range(1, n + 1), k)
        rhs = sum(model[v] for v in vs) % 2 if planted else rng.getrandbits(1)
        add_xor(f, vs, rhs)
    for _ in range(int(extra3 * n)):
        vs = rng.sample(range(1, n + 1), 3)
        # satisfied by the planted model: flip one literal if not
        lits = [v if rng.random() < 0.5 else -v for v in vs]
        if not any((l > 0) == bool(model[abs(l)]) for l in lits):
            lits[0] = -lits[0]
        f.add(*lits)
    return f


# ---------------------------------------------------------------------------
# van der Waerden W(2;k): no monochromatic arithmetic progression of
# length k in 1..n (W(2;5) = 178: satisfiable for n < 178).


def vdw(n, k):
    f = Cnf()
    f.new(n)
    for start in range(1, n + 1):
        for step in range(1, (n - start) // (k - 1) + 1):
            ap = [start + i * step for i in range(k)]
            f.add(*ap)
            f.add(*[-v for v in ap])
    return f


# ---------------------------------------------------------------------------
# The families: a function (rng, index) -> (name, Cnf, expected status)
# and the number of instances at scale 1.


def fam_ksat3_sat(rng, i):
    n = [300, 330, 360][i % 3]
    f = random_ksat(rng, n, 3, 4.20)
    return "uf3-n%d-r4.20" % n, f, None


def fam_ksat3_unsat(rng, i):
    n = [250, 270, 290][i % 3]
    f = random_ksat(rng, n, 3, 4.40)
    return "uuf3-n%d-r4.40" % n, f, None


def fam_ksat5(rng, i):
    n = [90, 100, 110][i % 3]
    f = random_ksat(rng, n, 5, 20.0)
    return "k5-n%d-r20.0" % n, f, None


def fam_ksat7_sat(rng, i):
    n = [90, 100, 110][i % 3]
    f = random_ksat(rng, n, 7, 85.0)
    return "k7-n%d-r85" % n, f, None


def fam_ksat7_unsat(rng, i):
    n = [40, 42, 44][i % 3]
    f = random_ksat(rng, n, 7, 92.0)
    return "k7-n%d-r92" % n, f, None


def fam_col_planted(rng, i):
    n = [600, 650, 700][i % 3]
    f = planted_colouring(rng, n, 4.6)
    f.shuffle(rng)
    return "planted3col-n%d-d4.6" % n, f, "SAT"


def fam_col_random(rng, i):
    n = [350, 400, 450][i % 3]
    f = random_colouring(rng, n, 4.6)
    f.shuffle(rng)
    return "rand3col-n%d-d4.6" % n, f, None


def fam_qwh(rng, i):
    order = [42, 45, 48][i % 3]
    f = qwh(rng, order, 0.42)
    return "qwh-%d-h42" % order, f, "SAT"


def fam_mult_miter(rng, i):
    bits = [7, 8, 9][i % 3]
    return "miter-%dbit" % bits, multiplier_miter(rng, bits), "UNSAT"


def fam_factor_sat(rng, i):
    bits = [19, 20, 21][i % 3]
    return "factor-%dx%d" % (bits, bits), factoring(rng, bits, False), "SAT"


def fam_factor_unsat(rng, i):
    bits = [18, 19, 20][i % 3]
    return "prime-%dx%d" % (bits, bits), factoring(rng, bits, True), "UNSAT"


XOR_SIZES = [(60, 3), (150, 3), (400, 4), (1000, 3), (3000, 4), (6000, 3)]


def fam_xor_unsat(rng, i):
    n, k = XOR_SIZES[i % len(XOR_SIZES)]
    m = n + max(5, n // 50)
    f = xor_system(rng, n, m, k, planted=False)
    # more equations than variables: inconsistent unless the random
    # right-hand sides happen to agree (probability at most 2^(n-m))
    return "xor%d-n%d-m%d" % (k, n, m), f, "UNSAT"


def fam_xor_sat(rng, i):
    n, k = XOR_SIZES[i % len(XOR_SIZES)]
    f = xor_system(rng, n, n, k, planted=True)
    f.shuffle(rng)
    return "xor%d-n%d-planted" % (k, n), f, "SAT"


def fam_xor_mixed(rng, i):
    n = [400, 500, 600][i % 3]
    f = xor_system(rng, n, int(0.7 * n), 3, planted=True, extra3=2.0)
    f.shuffle(rng)
    return "xor3mix-n%d" % n, f, "SAT"


def fam_vdw(rng, i):
    n = rng.randrange(172, 178)
    f = vdw(n, 5)
    f.shuffle(rng)
    return "vdw-2-5-%d" % n, f, "SAT"


FAMILIES = [
    ("ksat3-sat", fam_ksat3_sat, 6),
    ("ksat3-unsat", fam_ksat3_unsat, 6),
    ("ksat5", fam_ksat5, 3),
    ("col-planted", fam_col_planted, 6),
    ("col-random", fam_col_random, 3),
    ("qwh", fam_qwh, 6),
    ("mult-miter", fam_mult_miter, 3),
    ("factor-sat", fam_factor_sat, 6),
    ("factor-unsat", fam_factor_unsat, 3),
    ("xor-unsat", fam_xor_unsat, 6),
    ("xor-sat", fam_xor_sat, 6),
    ("xor-mixed", fam_xor_mixed, 3),
    ("vdw", fam_vdw, 3),
]

# Generated only when named in '--families'.
NAMED_ONLY = [
    ("ksat7-sat", fam_ksat7_sat, 3),
    ("ksat7-unsat", fam_ksat7_unsat, 3),
]

PARITY = {"xor-unsat", "xor-sat", "xor-mixed"}


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("out")
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--scale", type=float, default=1.0)
    p.add_argument("--families", default=None,
                   help="comma-separated subset (default: all)")
    p.add_argument("--count", type=int, default=None,
                   help="instances per family (overrides --scale)")
    args = p.parse_args()
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)
    wanted = args.families.split(",") if args.families else [f[0] for f in FAMILIES]
    known = {f[0] for f in FAMILIES + NAMED_ONLY}
    for w in wanted:
        if w not in known:
            sys.exit("generate.py: unknown family '%s'" % w)
    os.makedirs(args.out, exist_ok=True)
    listing = []
    for name, make, count in FAMILIES + NAMED_ONLY:
        if name not in wanted:
            continue
        count = args.count if args.count is not None else max(1, int(round(count * args.scale)))
        os.makedirs(os.path.join(args.out, name), exist_ok=True)
        for i in range(count):
            rng = random.Random("%d/%s/%d" % (seed, name, i))
            base, f, expect = make(rng, i)
            f.comments.insert(0, "bench/generate.py --seed %d: family %s, instance %d" % (seed, name, i))
            rel = os.path.join(name, "%s-s%d-%d.cnf" % (base, seed, i))
            f.write(os.path.join(args.out, rel), expect)
            listing.append(rel)
    with open(os.path.join(args.out, "fresh.list"), "w") as out:
        out.write("# bench/generate.py --seed %d\n" % seed)
        for rel in listing:
            out.write(rel + "\n")
    print("seed %d: %d formulas in %s" % (seed, len(listing), args.out))


if __name__ == "__main__":
    main()
