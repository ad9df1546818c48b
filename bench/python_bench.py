#!/usr/bin/env python3
"""Python-level benchmark: the same workloads through einsat and pycosat.

    make python PYTHON=/usr/bin/python3 PYTHON_DEST=build/release/python-system
    PYTHONPATH=build/release/python-system /usr/bin/python3 bench/python_bench.py

(pycosat is Debian's python3-pycosat, importable by /usr/bin/python3 only.)
The Sudoku workload reads sudoku/top95.txt from --data-dir DIR, by default
from bench/ of this repository or ../shared/bench next to it.
Both solvers get identical clause lists; only the calls to solve and
itersolve are timed (including the conversion of the Python clause lists),
as the best CPU time (time.process_time) of --repeat runs.  Every answer
is checked afterwards: models against the clauses, and SAT/UNSAT and
solution counts of the two solvers against each other.  The ratio is einsat time divided
by pycosat time (below 1: einsat is faster).
"""

import argparse
import itertools
import os
import platform
import random
import sys
import time

import einsat

try:
    import pycosat
except ImportError:
    sys.exit("python_bench.py: pycosat is not importable by %s "
             "(run it with /usr/bin/python3, see the docstring)" % sys.executable)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SUDOKU_FILES = [os.path.join(ROOT, "bench", "sudoku", "top95.txt"),
                os.path.join(ROOT, "..", "shared", "bench", "sudoku", "top95.txt"),
                "../shared/bench/sudoku/top95.txt"]


def queens(n):
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


def random_3sat(n, seed, ratio=4.26):
    rng = random.Random(seed)
    return [[v * rng.choice((-1, 1)) for v in rng.sample(range(1, n + 1), 3)]
            for _ in range(round(ratio * n))]


def pigeonhole(p, h):
    var = lambda i, j: i * h + j + 1
    clauses = [[var(i, j) for j in range(h)] for i in range(p)]
    for j in range(h):
        for a, b in itertools.combinations(range(p), 2):
            clauses.append([-var(a, j), -var(b, j)])
    return clauses


def sudoku_clauses():
    x = lambda r, c, d: 81 * r + 9 * c + d
    clauses = []
    groups = [[(r, c) for c in range(9)] for r in range(9)]
    groups += [[(r, c) for r in range(9)] for c in range(9)]
    groups += [[(3 * (b // 3) + i // 3, 3 * (b % 3) + i % 3) for i in range(9)] for b in range(9)]
    for r in range(9):
        for c in range(9):
            clauses.append([x(r, c, d) for d in range(1, 10)])
            for a, b in itertools.combinations(range(1, 10), 2):
                clauses.append([-x(r, c, a), -x(r, c, b)])
    for group in groups:
        for d in range(1, 10):
            clauses.append([x(r, c, d) for r, c in group])
            for (r1, c1), (r2, c2) in itertools.combinations(group, 2):
                clauses.append([-x(r1, c1, d), -x(r2, c2, d)])
    return clauses, x


def sudoku_files(data_dir=None):
    """Where top95.txt is looked for: in DATA_DIR/sudoku if given."""
    if data_dir is None:
        return SUDOKU_FILES
    return [os.path.join(data_dir, "sudoku", "top95.txt")]


def sudoku_instances(data_dir=None):
    files = sudoku_files(data_dir)
    for path in files:
        if os.path.exists(path):
            with open(path) as f:
                puzzles = [line.strip() for line in f if len(line.strip()) == 81]
            break
    else:
        sys.exit("python_bench.py: top95.txt not found in %s" % files)
    base, x = sudoku_clauses()
    return [base + [[x(i // 9, i % 9, int(ch))] for i, ch in enumerate(p) if ch in "123456789"]
            for p in puzzles]


def check_model(model, clauses):
    true = set(model)
    assert all(any(lit in true for lit in clause) for clause in clauses), "wrong model"


def run_solve(module, instances):
    return [module.solve(clauses) for clauses in instances]


def run_itersolve(module, instances):
    return [list(module.itersolve(clauses)) for clauses in instances]


def summarize(kind, instances, results):
    """Checks every model (outside the timed part); returns the answers."""
    answers = []
    for clauses, result in zip(instances, results):
        if kind == "itersolve":
            for solution in result:
                check_model(solution, clauses)
            assert len(set(map(tuple, result))) == len(result), "duplicate solution"
            answers.append(len(result))
        elif isinstance(result, list):
            check_model(result, clauses)
            answers.append("SAT")
        else:
            answers.append(result)
    return answers


def run_enumerate(instances):
    return [einsat.Solver(clauses).count_models() for clauses in instances]


def best_time(function, repeat):
    best, result = None, None
    for _ in range(repeat):
        start = time.process_time()
        result = function()
        elapsed = time.process_time() - start
        best = elapsed if best is None else min(best, elapsed)
    return best, result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="smaller workloads")
    parser.add_argument("--data-dir", metavar="DIR",
                        help="benchmark data directory holding sudoku/top95.txt "
                             "(default: bench/ of this repository, then ../shared/bench)")
    args = parser.parse_args()
    sizes = (150, 175) if args.quick else (150, 175, 200)
    per_size = 5 if args.quick else 20
    workloads = [
        ("itersolve N-Queens %d" % n, "itersolve", [queens(n)])
        for n in ((8, 9) if args.quick else (8, 9, 10))
    ] + [
        ("solve random 3-SAT n=%d (%d formulas)" % (n, per_size), "solve",
         [random_3sat(n, seed) for seed in range(per_size)])
        for n in sizes
    ] + [
        ("solve Sudoku top95 (95 puzzles)", "solve", sudoku_instances(args.data_dir)),
        ("solve pigeonhole 8 in 7 (UNSAT)", "solve", [pigeonhole(8, 7)]),
        ("solve pigeonhole 9 in 8 (UNSAT)", "solve", [pigeonhole(9, 8)]),
    ]
    print("einsat %s, pycosat %s, Python %s (%s), %s" % (
        einsat.version(), pycosat.__version__, platform.python_version(),
        sys.executable, platform.processor() or platform.machine()))
    print("CPU seconds, best of %d; ratio = einsat / pycosat\n" % args.repeat)
    print("| workload | einsat s | pycosat s | ratio | answers |")
    print("|---|---:|---:|---:|---|")
    total = [0.0, 0.0]
    for name, kind, instances in workloads:
        run = run_solve if kind == "solve" else run_itersolve
        ours, our_results = best_time(lambda: run(einsat, instances), args.repeat)
        theirs, their_results = best_time(lambda: run(pycosat, instances), args.repeat)
        our_answers = summarize(kind, instances, our_results)
        their_answers = summarize(kind, instances, their_results)
        assert our_answers == their_answers, (name, our_answers, their_answers)
        total[0] += ours
        total[1] += theirs
        if kind == "solve":
            summary = "%d SAT, %d UNSAT" % (our_answers.count("SAT"), our_answers.count("UNSAT"))
        else:
            summary = "%s solutions" % ", ".join(map(str, our_answers))
        print("| %s | %.3f | %.3f | %.2f | %s |" % (name, ours, theirs, ours / theirs, summary),
              flush=True)
        if kind == "itersolve":
            enum, counts = best_time(lambda: run_enumerate(instances), args.repeat)
            assert counts == our_answers
            print("| ... same with einsat Solver.count_models | %.3f | %.3f | %.2f | %s |"
                  % (enum, theirs, enum / theirs, summary), flush=True)
    print("| **total** (without count_models rows) | %.3f | %.3f | %.2f | |"
          % (total[0], total[1], total[0] / total[1]))


if __name__ == "__main__":
    main()
