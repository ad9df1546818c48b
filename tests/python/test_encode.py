"""Named variables and the cardinality encodings of einsat.Encoding, for
einsat.Solver and einsat.CNF, against counting over all assignments."""

import itertools
import math
import random
import unittest

import einsat


def count_assignments(n, predicate):
    return sum(1 for bits in itertools.product((False, True), repeat=n)
               if predicate(bits))


def lits_true(lits, bits):
    return sum(bits[abs(lit) - 1] == (lit > 0) for lit in lits)


class CardinalityTest(unittest.TestCase):
    CONSTRAINTS = {
        "at_most_k": lambda count, k: count <= k,
        "at_least_k": lambda count, k: count >= k,
        "exactly_k": lambda count, k: count == k,
    }

    def check(self, make, n, lits, constraint, *args):
        """The models projected on 1..n are exactly the assignments whose
        count of true 'lits' satisfies the constraint."""
        f = make()
        for _ in range(n):
            f.new_var()
        getattr(f, constraint)(lits, *args)
        if constraint in self.CONSTRAINTS:
            test = lambda bits: self.CONSTRAINTS[constraint](lits_true(lits, bits), args[0])
        elif constraint == "at_most_one":
            test = lambda bits: lits_true(lits, bits) <= 1
        else:
            test = lambda bits: lits_true(lits, bits) == 1
        s = f if isinstance(f, einsat.Solver) else einsat.Solver(f)
        models = s.enumerate(range(1, n + 1))
        self.assertEqual(len(models), count_assignments(n, test),
                         (constraint, lits, args))
        for model in models:
            self.assertTrue(test([lit > 0 for lit in model]))

    def test_cardinality_on_distinct_variables(self):
        for make in (einsat.Solver, einsat.CNF):
            for n in range(0, 7):
                lits = list(range(1, n + 1))
                for k in range(-1, n + 2):
                    for constraint in self.CONSTRAINTS:
                        self.check(make, n, lits, constraint, k)
                for encoding in ("pairwise", "ladder"):
                    self.check(make, n, lits, "at_most_one", encoding)
                    self.check(make, n, lits, "exactly_one", encoding)

    def test_cardinality_with_signs_and_repetitions(self):
        rng = random.Random(21)
        for _ in range(150):
            n = rng.randint(1, 5)
            lits = [rng.choice((-1, 1)) * rng.randint(1, n) for _ in range(rng.randint(1, 8))]
            constraint = rng.choice(sorted(self.CONSTRAINTS) + ["at_most_one", "exactly_one"])
            args = (rng.randint(-1, len(lits) + 1),) if constraint in self.CONSTRAINTS else ()
            self.check(rng.choice((einsat.Solver, einsat.CNF)), n, lits, constraint, *args)

    def test_sizes(self):
        cnf = einsat.CNF()
        xs = [cnf.new_var() for _ in range(20)]
        cnf.at_most_one(xs)
        self.assertLessEqual(len(cnf), 3 * 20)  # ladder, not 190 pairs
        cnf = einsat.CNF()
        xs = [cnf.new_var() for _ in range(20)]
        cnf.at_most_k(xs, 5)
        self.assertLess(len(cnf), 2 * 20 * 5 + 20)
        self.assertEqual(count_assignments(0, lambda b: True), 1)
        self.assertEqual(math.comb(4, 2), 6)


class NamesTest(unittest.TestCase):
    def test_var_and_name(self):
        for f in (einsat.Solver(), einsat.CNF()):
            x12 = f.var("x", 1, 2)
            self.assertEqual(f.var("x", 1, 2), x12)
            y = f.var("y")
            self.assertNotEqual(x12, y)
            self.assertNotEqual(f.var("x", 2, 1), x12)
            self.assertEqual(f.name(x12), "x[1,2]")
            self.assertEqual(f.name(-y), "-y")
            self.assertEqual(f.key(-x12), ("x", 1, 2))
            aux = f.new_var()
            self.assertIsNone(f.name(aux))
            self.assertGreater(aux, y)

    def test_named_variables_avoid_clause_variables(self):
        s = einsat.Solver([[1, 5]])
        self.assertEqual(s.var("a"), 6)

    def test_cnf_works_with_solve_and_pycosat_style(self):
        cnf = einsat.CNF([[1, 2]])
        a = cnf.var("a")
        cnf.add_clause([-a])
        cnf.exactly_one([1, 2, a])
        self.assertEqual(cnf.vars, 3)
        solutions = list(einsat.itersolve(cnf))
        self.assertEqual(sorted(solutions), [[-1, 2, -3], [1, -2, -3]])
        self.assertRaises(ValueError, cnf.add_clause, [0])
        self.assertRaises(TypeError, cnf.add_clause, [True])
        self.assertIn("clauses=", repr(cnf))


if __name__ == "__main__":
    unittest.main()
