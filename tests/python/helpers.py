"""Shared helpers of the Python tests: random formulas with a brute-force
oracle (clauses as bit masks), classic families and memory measurement."""

import itertools
import json
import os
import random
import resource
import subprocess

CONFIG = os.environ.get("EINSAT_CONFIG", "release")
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLES = os.path.join(ROOT, "python", "examples")


def random_formula(rng, max_vars=10, max_size=4):
    """(vars, clauses) with duplicate and complementary literals allowed."""
    n = rng.randint(1, max_vars)
    clauses = []
    for _ in range(rng.randint(0, 5 * n)):
        size = rng.randint(1, max_size)
        clauses.append([rng.choice((-1, 1)) * rng.randint(1, n) for _ in range(size)])
    return n, clauses


def masks(clauses):
    result = []
    for clause in clauses:
        pos = neg = 0
        for lit in clause:
            if lit > 0:
                pos |= 1 << (lit - 1)
            else:
                neg |= 1 << (-lit - 1)
        result.append((pos, neg))
    return result


def satisfies(x, clause_masks):
    return all((x & pos) or (~x & neg) for pos, neg in clause_masks)


def brute_force_models(n, clauses):
    """All models over variables 1..n as bit sets (bit i = variable i+1)."""
    m = masks(clauses)
    return [x for x in range(1 << n) if satisfies(x, m)]


def to_bits(model):
    """A model as literal list -> bit set."""
    x = 0
    for lit in model:
        if lit > 0:
            x |= 1 << (lit - 1)
    return x


def model_satisfies(model, clauses):
    true = set(model)
    return all(any(lit in true for lit in clause) for clause in clauses)


def random_3sat(variables, clauses, seed):
    """Uniform random 3-SAT.  With 400 variables and 2000 clauses (ratio 5,
    above the threshold) it is almost surely unsatisfiable, and einsat
    did not decide seed 1 within 60 s: no preprocessing makes it easy."""
    rng = random.Random(seed)
    return [[v if rng.random() < 0.5 else -v
             for v in rng.sample(range(1, variables + 1), 3)]
            for _ in range(clauses)]


def pigeonhole(pigeons, holes):
    var = lambda p, h: p * holes + h + 1
    clauses = [[var(p, h) for h in range(holes)] for p in range(pigeons)]
    for h in range(holes):
        for a, b in itertools.combinations(range(pigeons), 2):
            clauses.append([-var(a, h), -var(b, h)])
    return clauses


def queens(n):
    """N-Queens with one variable per square (pycosat's example style)."""
    var = lambda r, c: r * n + c + 1
    clauses = [[var(r, c) for c in range(n)] for r in range(n)]
    lines = [[(r, c) for c in range(n)] for r in range(n)]
    lines += [[(r, c) for r in range(n)] for c in range(n)]
    for d in range(-n + 1, n):
        lines.append([(r, r - d) for r in range(n) if 0 <= r - d < n])
        lines.append([(r, d + n - 1 - r) for r in range(n) if 0 <= d + n - 1 - r < n])
    for line in lines:
        for a, b in itertools.combinations(line, 2):
            clauses.append([-var(*a), -var(*b)])
    return clauses


QUEENS_COUNTS = {1: 1, 2: 0, 3: 0, 4: 2, 5: 10, 6: 4, 7: 40, 8: 92}


def rss_bytes():
    """Current resident set size (peak on systems without /proc)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


# pycosat as a reference.  Debian's python3-pycosat imports only under
# /usr/bin/python3, which may not be the interpreter the binding was built
# for: then the answers come from a child process running that one.
SYSTEM_PYTHON = "/usr/bin/python3"

_PYCOSAT_CHILD = r"""
import json, sys, pycosat
answers = []
for clauses, n in json.load(sys.stdin):
    solution = pycosat.solve(clauses, vars=n)
    models = sorted(pycosat.itersolve(clauses, vars=n))
    answers.append([solution, models])
json.dump(answers, sys.stdout)
"""


def pycosat_source():
    """How pycosat can be reached: 'import', SYSTEM_PYTHON, or None."""
    try:
        import pycosat  # noqa: F401
        return "import"
    except ImportError:
        pass
    if os.access(SYSTEM_PYTHON, os.X_OK):
        check = subprocess.run([SYSTEM_PYTHON, "-c", "import pycosat"],
                               capture_output=True, timeout=60)
        if check.returncode == 0:
            return SYSTEM_PYTHON
    return None


def pycosat_answers(cases):
    """For each (clauses, vars): pycosat's solve() result and the sorted
    list of itersolve() solutions (as lists)."""
    source = pycosat_source()
    if source == "import":
        import pycosat
        return [[pycosat.solve(c, vars=n), sorted(pycosat.itersolve(c, vars=n))]
                for c, n in cases]
    out = subprocess.run([source, "-c", _PYCOSAT_CHILD], input=json.dumps(cases),
                         capture_output=True, text=True, timeout=600)
    if out.returncode:
        raise RuntimeError("pycosat under %s failed: %s" % (source, out.stderr))
    return json.loads(out.stdout)


def dpll_satisfiable(clauses, assumptions=()):
    """A plain DPLL search (unit propagation, branching on the first free
    variable of the first open clause), as an oracle independent of einsat
    for formulas with too many variables to enumerate but small enough
    (the cardinality encodings of the tests).  Returns a satisfying
    assignment {var: bool} or None."""
    assignment = {}
    for lit in assumptions:
        if assignment.get(abs(lit), lit > 0) != (lit > 0):
            return None
        assignment[abs(lit)] = lit > 0

    def value(lit):
        v = assignment.get(abs(lit))
        return None if v is None else v == (lit > 0)

    def search():
        trail = []
        while True:  # unit propagation
            unit = None
            for clause in clauses:
                free = []
                for lit in clause:
                    v = value(lit)
                    if v:
                        break
                    if v is None:
                        free.append(lit)
                else:
                    if not free:
                        for var in trail:
                            del assignment[var]
                        return False
                    if len(free) == 1:
                        unit = free[0]
                        break
            if unit is None:
                break
            assignment[abs(unit)] = unit > 0
            trail.append(abs(unit))
        for clause in clauses:
            if not any(value(lit) for lit in clause):
                lit = next(lit for lit in clause if value(lit) is None)
                for choice in (lit, -lit):
                    assignment[abs(choice)] = choice > 0
                    if search():
                        return True
                    del assignment[abs(choice)]
                for var in trail:
                    del assignment[var]
                return False
        return True

    return dict(assignment) if search() else None


def unit_propagation(clauses, assumptions=()):
    """Unit propagation of the assumptions: (True, set of true literals) or
    (False, None) on a conflict (the reference for 'propagate')."""
    true = set()
    for lit in assumptions:
        if -lit in true:
            return False, None
        true.add(lit)
    changed = True
    while changed:
        changed = False
        for clause in clauses:
            if any(lit in true for lit in clause):
                continue
            free = {lit for lit in clause if -lit not in true}
            if not free:
                return False, None
            if len(free) == 1:
                true |= free
                changed = True
    return True, true
