"""The pycosat-compatible functions einsat.solve and einsat.itersolve,
checked against brute force, N-Queens counts and pycosat itself (imported,
or under /usr/bin/python3 when only Debian's python3-pycosat has it), and
the behaviours pycosat's own test suite checks, with any valid model where
it pins PicoSAT's."""

import itertools
import random
import subprocess
import sys
import time
import unittest

import einsat
from helpers import (QUEENS_COUNTS, brute_force_models, model_satisfies,
                     pigeonhole, pycosat_answers, pycosat_source, queens,
                     random_3sat, random_formula, to_bits)

PYCOSAT = pycosat_source()

# The formulas of pycosat's test suite.
CLAUSES1 = [[1, -5, 4], [-1, 5, 3, 4], [-3, -4]]  # 5 variables, 18 models
CLAUSES2 = [[-1], [1]]
CLAUSES3 = [[-1, 2], [-1, -2], [1, -2]]           # only model: -1 -2


class SolveTest(unittest.TestCase):
    def test_solve_random_against_brute_force(self):
        rng = random.Random(1)
        for _ in range(400):
            n, clauses = random_case = self.case(rng)
            expected = brute_force_models(n, clauses)
            result = einsat.solve(clauses, vars=n)
            if expected:
                self.assertIsInstance(result, list, random_case)
                self.assertEqual([abs(lit) for lit in result], list(range(1, n + 1)))
                self.assertTrue(model_satisfies(result, clauses), random_case)
            else:
                self.assertEqual(result, "UNSAT", random_case)

    def case(self, rng):
        from helpers import random_formula
        return random_formula(rng)

    def test_itersolve_random_against_brute_force(self):
        rng = random.Random(2)
        for _ in range(200):
            n, clauses = self.case(rng)
            expected = brute_force_models(n, clauses)
            solutions = list(einsat.itersolve(clauses, vars=n))
            for solution in solutions:
                self.assertEqual(len(solution), n)
                self.assertTrue(model_satisfies(solution, clauses))
            self.assertEqual(sorted(to_bits(s) for s in solutions), expected)

    def test_itersolve_queens_counts(self):
        for n, count in QUEENS_COUNTS.items():
            solutions = list(einsat.itersolve(queens(n)))
            self.assertEqual(len(solutions), count, "%d queens" % n)
            self.assertEqual(len(set(map(tuple, solutions))), count)

    def test_solution_length_follows_largest_variable_and_vars(self):
        solution = einsat.solve([[1, -5], [-2], [-3], [-4]])
        self.assertEqual(len(solution), 5)
        self.assertEqual(solution[1:4], [-2, -3, -4])
        self.assertTrue(solution[0] == 1 or solution[4] == -5)
        self.assertEqual(len(einsat.solve([[1, -5]])), 5)
        self.assertEqual(einsat.solve([[1]], vars=3), [1, -2, -3])
        self.assertEqual(einsat.solve([[-3]], vars=1), [-1, -2, -3])
        self.assertEqual(len(list(einsat.itersolve([[1]], vars=3))), 4)
        self.assertEqual(einsat.solve([[2]], vars=-1), [-1, 2])

    def test_empty_formula_and_empty_clause(self):
        self.assertEqual(einsat.solve([]), [])
        self.assertEqual(einsat.solve([[]]), "UNSAT")
        self.assertEqual(einsat.solve([[1], []]), "UNSAT")
        self.assertEqual(list(einsat.itersolve([])), [[]])
        self.assertEqual(list(einsat.itersolve([[]])), [])

    def test_any_iterables(self):
        clauses = ((x for x in (1, 2)), range(-1, 0), {-2: None, 3: None})
        self.assertEqual(einsat.solve(iter(clauses)), [-1, 2, 3])

        class Index:
            def __init__(self, value):
                self.value = value

            def __index__(self):
                return self.value

        self.assertEqual(einsat.solve([[Index(2)], [Index(-1)]]), [-1, 2])
        self.assertEqual(einsat.solve(clauses=[[1]], vars=2, verbose=0,
                                      prop_limit=0), [1, -2])

    def test_itersolve_is_lazy(self):
        # 2**40 solutions: only the first few can be computed.
        start = time.monotonic()
        first = list(itertools.islice(einsat.itersolve([[1, -1]], vars=40), 5))
        self.assertEqual(len(first), 5)
        self.assertLess(time.monotonic() - start, 5)
        iterator = einsat.itersolve([[1, 2]])
        self.assertIs(iter(iterator), iterator)
        next(iterator)
        del iterator  # dropping a half-used iterator frees its solver

    def test_itersolve_exhausted_stays_exhausted(self):
        iterator = einsat.itersolve([[1]])
        self.assertEqual(list(iterator), [[1]])
        self.assertEqual(list(iterator), [])

    def test_prop_limit_gives_unknown(self):
        start = time.monotonic()
        # The pycosat interface takes no options, and counting refutes the
        # pigeonhole formula at once: a random formula above the threshold.
        hard = random_3sat(400, 2000, 1)
        self.assertEqual(einsat.solve(hard, prop_limit=20000), "UNKNOWN")
        self.assertLess(time.monotonic() - start, 5)
        self.assertEqual(einsat.solve(pigeonhole(4, 3), prop_limit=10**9), "UNSAT")
        # The budget is shared by the whole iteration, as in pycosat.
        few = list(einsat.itersolve(queens(8), prop_limit=300))
        self.assertLess(len(few), 92)
        self.assertEqual(len(list(einsat.itersolve(queens(8), prop_limit=10**9))), 92)

    def test_verbose_prints_without_failing(self):
        code = ("import einsat; print(einsat.solve([[1, 2], [-1]], verbose=3))")
        out = subprocess.run([sys.executable, "-c", code], capture_output=True,
                             text=True, timeout=60)
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertIn("[-1, 2]", out.stdout)

    @unittest.skipIf(PYCOSAT is None, "pycosat is importable neither by this "
                     "interpreter nor by /usr/bin/python3 (python3-pycosat)")
    def test_same_answers_as_pycosat(self):
        rng = random.Random(3)
        cases = [random_formula(rng)[::-1] for _ in range(200)]
        for (clauses, n), (theirs, their_models) in zip(cases, pycosat_answers(cases)):
            ours = einsat.solve(clauses, vars=n)
            self.assertEqual(isinstance(ours, list), isinstance(theirs, list))
            self.assertEqual(sorted(einsat.itersolve(clauses, vars=n)), their_models)


def valid(solution, clauses, n):
    """A solution as pycosat returns one: every variable 1..n once, in
    order, satisfying the clauses."""
    return (isinstance(solution, list) and
            [abs(lit) for lit in solution] == list(range(1, n + 1)) and
            model_satisfies(solution, clauses))


class PycosatSuiteTest(unittest.TestCase):
    """What pycosat's test_pycosat.py checks, with einsat's own models where
    it pins PicoSAT's (see python/README.md)."""

    def test_wrong_args(self):
        for function in (einsat.solve, einsat.itersolve):
            self.assertRaises(TypeError, function, [[1, 2], [-3]], "A")
            for bad in (1, 1.0, object(), ["a"]):
                self.assertRaises(TypeError, function, bad)
            self.assertRaises(TypeError, function, [[1, 2], [3, None]], 5)
            self.assertRaises(ValueError, function, [[1, 2], [3, 0]])

            class Liar:
                def __iter__(self):
                    return None

            self.assertRaises(TypeError, function, Liar())

    def test_no_clauses(self):
        for n in range(7):
            self.assertTrue(valid(einsat.solve([], n), [], n))
            self.assertEqual(len(set(map(tuple, einsat.itersolve([], vars=n)))), 2 ** n)

    def test_clause_containers(self):
        shapes = [CLAUSES1, iter(CLAUSES1), tuple(CLAUSES1),
                  [iter(c) for c in CLAUSES1], [tuple(c) for c in CLAUSES1],
                  (c for c in CLAUSES1), [(x for x in c) for c in CLAUSES1]]
        for clauses in shapes:
            self.assertTrue(valid(einsat.solve(clauses), CLAUSES1, 5))
        shapes = [iter(CLAUSES1), tuple(CLAUSES1), [iter(c) for c in CLAUSES1],
                  [tuple(c) for c in CLAUSES1], (c for c in CLAUSES1),
                  [(x for x in c) for c in CLAUSES1]]
        for clauses in shapes:
            solutions = list(einsat.itersolve(clauses))
            self.assertEqual(len(solutions), 18)
            self.assertTrue(all(valid(m, CLAUSES1, 5) for m in solutions))

    def test_small_formulas(self):
        self.assertEqual(einsat.solve(CLAUSES2), "UNSAT")
        self.assertEqual(einsat.solve(CLAUSES3), [-1, -2])  # the only model
        self.assertEqual(einsat.solve(CLAUSES3, vars=3)[:2], [-1, -2])
        self.assertTrue(valid(einsat.solve(CLAUSES1, vars=7), CLAUSES1, 7))
        self.assertEqual(list(einsat.itersolve(CLAUSES2, 2)), [])
        self.assertEqual(sorted(einsat.itersolve(CLAUSES3, 3)),
                         [[-1, -2, -3], [-1, -2, 3]])

    def test_itersolve_complete_and_distinct(self):
        expected = sorted(brute_force_models(5, CLAUSES1))
        solutions = list(einsat.itersolve(CLAUSES1, vars=5))
        self.assertEqual(sorted(map(to_bits, solutions)), expected)
        self.assertEqual(len(set(map(tuple, solutions))), 18)
        reference = set(map(tuple, solutions))
        rng = random.Random(4)
        for _ in range(10):
            shuffled = list(CLAUSES1)
            rng.shuffle(shuffled)
            self.assertEqual(set(map(tuple, einsat.itersolve(shuffled))), reference)
        self.assertEqual(set(map(tuple, einsat.itersolve(100 * CLAUSES1))), reference)

    def test_prop_limit_on_the_suite_formula(self):
        # einsat solves it with 4 propagations (PicoSAT needs 8): below that
        # the budget gives UNKNOWN, from it on a valid model.
        s = einsat.Solver(CLAUSES1)
        self.assertIs(s.solve(), True)
        needed = s.statistics()["propagations"]
        self.assertGreater(needed, 0)
        for limit in range(1, 20):
            result = einsat.solve(CLAUSES1, prop_limit=limit)
            if limit < needed:
                self.assertEqual(result, "UNKNOWN", limit)
            else:
                self.assertTrue(valid(result, CLAUSES1, 5), (limit, result))
        self.assertEqual(list(einsat.itersolve(CLAUSES1, prop_limit=2)), [])

    def test_prop_limit_is_exact(self):
        # A run limited to L propagations is the unlimited run when L
        # exceeds the propagations that run needed; below, it stops with
        # "UNKNOWN" (or an answer found within L: a conflict can settle
        # the formula before the propagations the unlimited run made
        # after it).  Both are fresh solvers with default options, so
        # Solver's statistics count what solve() does.
        rng = random.Random(5)
        stopped = 0
        for _ in range(150):
            n, clauses = random_formula(rng, max_vars=12)
            s = einsat.Solver(clauses)
            answer = s.solve()
            needed = s.statistics()["propagations"]
            satisfiable = bool(brute_force_models(n, clauses))
            self.assertIs(answer, satisfiable)
            for limit in range(1, needed + 2):
                result = einsat.solve(clauses, vars=n, prop_limit=limit)
                if result == "UNKNOWN":
                    self.assertLessEqual(limit, needed, (clauses, limit))
                    limited = einsat.Solver(clauses, propagation_limit=limit)
                    self.assertIsNone(limited.solve())
                    self.assertGreaterEqual(limited.statistics()["propagations"], limit)
                    stopped += 1
                elif satisfiable:
                    self.assertTrue(valid(result, clauses, n), (clauses, limit))
                else:
                    self.assertEqual(result, "UNSAT")
                if limit > needed:
                    self.assertNotEqual(result, "UNKNOWN")
        self.assertGreater(stopped, 100)

    def test_itersolve_budget_is_shared(self):
        # The budget of one solution is not enough for all of them.
        s = einsat.Solver(CLAUSES1)
        s.solve()
        one = s.statistics()["propagations"]
        first = list(einsat.itersolve(CLAUSES1, prop_limit=one))
        self.assertGreaterEqual(len(first), 1)
        self.assertLess(len(first), 18)
        self.assertTrue(all(valid(m, CLAUSES1, 5) for m in first))

if __name__ == "__main__":
    unittest.main()
