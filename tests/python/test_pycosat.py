"""The pycosat-compatible functions einsat.solve and einsat.itersolve,
checked against brute force, N-Queens counts and (if importable) pycosat
itself."""

import itertools
import random
import subprocess
import sys
import time
import unittest

import einsat
from helpers import (QUEENS_COUNTS, brute_force_models, model_satisfies,
                     pigeonhole, queens, random_3sat, to_bits)

try:
    import pycosat
except ImportError:
    pycosat = None


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

    @unittest.skipIf(pycosat is None, "pycosat is not importable by this interpreter")
    def test_same_answers_as_pycosat(self):
        rng = random.Random(3)
        for _ in range(200):
            n, clauses = self.case(rng)
            ours, theirs = einsat.solve(clauses, vars=n), pycosat.solve(clauses, vars=n)
            self.assertEqual(isinstance(ours, list), isinstance(theirs, list))
            self.assertEqual(sorted(map(tuple, einsat.itersolve(clauses, vars=n))),
                             sorted(map(tuple, pycosat.itersolve(clauses, vars=n))))


if __name__ == "__main__":
    unittest.main()
