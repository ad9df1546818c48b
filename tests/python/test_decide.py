"""Solver.set_decide: decisions made by a Python function, checked against
brute force; errors raised inside it; the reference cycle it may form."""

import gc
import random
import unittest
import weakref

import einsat
from helpers import (QUEENS_COUNTS, brute_force_models, masks, model_satisfies,
                     queens, random_formula, satisfies, to_bits)


def consistent(solver, clauses):
    """No clause is false under the partial assignment the function sees."""
    return all(any(solver.current_value(lit) >= 0 for lit in clause)
               for clause in clauses)


class DecideTest(unittest.TestCase):
    def test_random_decisions_against_brute_force(self):
        rng = random.Random(5)
        for _ in range(200):
            n, clauses = random_formula(rng)
            models = brute_force_models(n, clauses)
            s = einsat.Solver(clauses)
            seen = []

            def decide(solver):
                seen.append(consistent(solver, clauses))
                free = [v for v in range(1, n + 1) if solver.current_value(v) == 0]
                if not free or rng.random() < 0.2:
                    return None if rng.random() < 0.5 else 0
                return rng.choice(free) * rng.choice((-1, 1))

            s.set_decide(decide)
            result = s.solve()
            self.assertEqual(result, bool(models), clauses)
            if result:
                self.assertIn(to_bits(s.model()), models)
            self.assertTrue(all(seen), clauses)
            self.assertEqual(s.count_models(projection=range(1, n + 1)), len(models))

    def test_decisions_are_followed(self):
        clauses = queens(8)
        s = einsat.Solver(clauses)

        def negative_first(solver):
            for v in range(1, 65):
                if solver.current_value(v) == 0:
                    return -v
            return 0

        s.set_decide(negative_first)
        self.assertTrue(s.solve())
        self.assertTrue(model_satisfies(s.model(), clauses))
        self.assertGreater(s.statistics()["external_decisions"], 0)
        self.assertEqual(s.count_models(), QUEENS_COUNTS[8])
        s.set_decide(None)
        before = s.statistics()["external_decisions"]
        self.assertTrue(s.solve())
        self.assertEqual(s.statistics()["external_decisions"], before)

    def test_errors_in_the_function_are_raised(self):
        s = einsat.Solver(queens(6))

        def fails(solver):
            raise KeyError("inside")

        s.set_decide(fails)
        with self.assertRaises(KeyError):
            s.solve()
        with self.assertRaises(KeyError):
            s.count_models()
        s.set_decide(lambda solver: "x")
        with self.assertRaises(TypeError):
            s.solve()
        for huge in (1 << 40, 1 << 70):  # beyond a C long: not OverflowError
            s.set_decide(lambda solver, huge=huge: huge)
            with self.assertRaisesRegex(ValueError, "returned %d, not a literal" % huge):
                s.solve()
        s.set_decide(lambda solver: solver.solve())
        with self.assertRaises(RuntimeError):
            s.solve()
        with self.assertRaises(TypeError):
            s.set_decide(42)
        s.set_decide(None)
        self.assertTrue(s.solve())  # usable after every error
        self.assertEqual(s.count_models(), 4)

    def test_cycle_through_the_function_is_collected(self):
        s = einsat.Solver([[1, 2]])
        s.set_decide(lambda solver, keep=s: 0)
        self.assertTrue(s.solve())
        ref = weakref.ref(s)
        del s
        gc.collect()
        self.assertIsNone(ref())


if __name__ == "__main__":
    unittest.main()
