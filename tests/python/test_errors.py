"""Bad input raises TypeError or ValueError with a clear message and never
reaches the library (whose contract violations would abort the process);
a random fuzz of every entry point runs in a child process that must exit
normally."""

import os
import subprocess
import sys
import textwrap
import unittest

import einsat

BAD_CLAUSES = [
    ([[1, 0]], ValueError, "0 is not a literal"),
    ([[1, "a"]], TypeError, "must be an int, not 'str'"),
    ([[1.0]], TypeError, "not 'float'"),
    ([[True]], TypeError, "not bool"),
    ([[None]], TypeError, "not 'NoneType'"),
    ([[2**28]], ValueError, "out of range"),
    ([[-2**28]], ValueError, "out of range"),
    ([[2**100]], ValueError, "out of range"),
    ([[[1]]], TypeError, "not 'list'"),
    ([1, 2], TypeError, "clause 0: expected an iterable of ints, not 'int'"),
    (["12"], TypeError, "not 'str'"),
    ([b"12"], TypeError, "not 'bytes'"),
    (5, TypeError, "clauses must be an iterable"),
    (None, TypeError, "clauses must be an iterable"),
    ([[1], [2, 0]], ValueError, "clause 1: 0 is not a literal"),
]


class BadInputTest(unittest.TestCase):
    def test_bad_clauses_raise(self):
        for clauses, error, message in BAD_CLAUSES:
            functions = [einsat.solve, einsat.itersolve, einsat.Solver().add_clauses]
            if clauses is not None:  # Solver(None) is an empty solver
                functions.append(einsat.Solver)
            for function in functions:
                with self.assertRaisesRegex(error, message, msg=repr(clauses)):
                    function(clauses)
            if isinstance(clauses, list) and isinstance(clauses[0], list):
                with self.assertRaises(error):
                    einsat.Solver().add_clause(clauses[-1])

    def test_failed_add_clauses_adds_nothing(self):
        s = einsat.Solver([[1, 2]])
        self.assertRaises(ValueError, s.add_clauses, [[-1], [-2], [3, 0]])
        self.assertEqual(s.vars, 2)
        self.assertTrue(s.solve())
        self.assertRaises(TypeError, s.add_clause, [-1, -2, "x"])
        self.assertTrue(s.solve())

    def test_exception_from_iterable_propagates(self):
        def clauses():
            yield [1]
            raise KeyError("from the generator")

        self.assertRaises(KeyError, einsat.solve, clauses())
        def literals():
            yield 1
            raise KeyError("from the generator")

        self.assertRaises(KeyError, einsat.Solver().add_clause, literals())

    def test_bad_arguments_of_methods(self):
        s = einsat.Solver([[1, 2]])
        self.assertRaisesRegex(ValueError, "assumption: 0", s.solve, [0])
        self.assertRaises(TypeError, s.solve, 5)
        self.assertRaises(TypeError, s.solve, ["1"])
        self.assertRaisesRegex(ValueError, "projection", s.enumerate, [1, 0])
        self.assertRaises(TypeError, s.enumerate, limit="3")
        self.assertTrue(s.solve())
        self.assertRaises(ValueError, s.value, 0)
        self.assertRaises(TypeError, s.value, "1")
        self.assertRaises(ValueError, s.value, 2**31)
        for setter in (s.set_conflict_limit, s.set_decision_limit, s.set_propagation_limit):
            self.assertRaises(TypeError, setter, "x")
            self.assertRaises(TypeError, setter, 1.5)
        self.assertRaises(TypeError, s.set_time_limit, "x")
        self.assertRaises(TypeError, s.get_option, 1)
        self.assertRaises(TypeError, s.configure, 1)
        self.assertRaises(TypeError, s.set_option, 1, 1)
        self.assertRaises(TypeError, einsat.Solver, unknown=1)
        self.assertRaises(TypeError, einsat.solve, [[1]], vars="x")
        self.assertRaises(ValueError, einsat.solve, [[1]], vars=2**29)
        self.assertRaises(TypeError, s.at_most_k, [1, 2], 1.5)
        self.assertRaises(ValueError, s.at_most_one, [1, 2], encoding="magic")

    def test_huge_ints_raise_value_error(self):
        # Ints beyond the C types are wrong values like any other out of
        # range, not OverflowError (which PyArg_Parse's "i" and "L" raise).
        for huge in (2**40, 2**63, 2**64, 2**100):
            for function in (einsat.solve, lambda *a, **k: list(einsat.itersolve(*a, **k))):
                with self.assertRaisesRegex(ValueError, "vars must be at most %d" % (2**28 - 1)):
                    function([], vars=huge)
                if huge >= 2**63:
                    with self.assertRaisesRegex(ValueError, "prop_limit must be at most"):
                        function([[1]], prop_limit=huge)
            for setter in (lambda v: einsat.Solver(options={"seed": v}),
                           lambda v: einsat.Solver().set_option("seed", v),
                           lambda v: einsat.Solver().set_option("seed", -v)):
                with self.assertRaisesRegex(ValueError, "option 'seed' must be in 0..2147483647"):
                    setter(huge)
            s = einsat.Solver([[1, 2]])
            s.set_decide(lambda solver, huge=huge: huge)
            with self.assertRaisesRegex(ValueError, "decision function returned %d" % huge):
                s.solve()
            s = einsat.Solver([[1, 2]])
            self.assertTrue(s.solve())
            for call in (s.add_clause, s.solve, s.enumerate):
                self.assertRaisesRegex(ValueError, "out of range", call, [huge])
            self.assertRaisesRegex(ValueError, "out of range", s.value, huge)
            self.assertRaisesRegex(ValueError, "out of range", s.value, -huge)
        for huge in (10**400, -10**400):
            self.assertRaisesRegex(ValueError, "time limit too large",
                                   einsat.Solver, time_limit=huge)
            self.assertRaisesRegex(ValueError, "time limit too large",
                                   einsat.Solver().set_time_limit, huge)

    def test_huge_ints_with_a_meaning(self):
        # Where every value of one sign has a meaning, huge ones share it:
        # negative 'vars' count as 0, 'verbose' is cut to 0..3, positive
        # limits beyond 64 bits mean none.
        self.assertEqual(einsat.solve([[1]], vars=-2**70), [1])
        self.assertEqual(einsat.solve([[1]], verbose=-2**70), [1])
        self.assertEqual(einsat.solve([[1]], prop_limit=2**63 - 1), [1])
        for limit in (2**64, 2**100):
            s = einsat.Solver([[1]], conflict_limit=limit, decision_limit=limit,
                              propagation_limit=limit)
            s.set_conflict_limit(limit)
            s.set_decision_limit(limit)
            s.set_propagation_limit(limit)
            self.assertTrue(s.solve())
            self.assertEqual(s.count_models(limit=limit), 1)

    def test_one_rule_for_limits(self):
        # As on the command line: a negative or NaN limit is an error, None
        # means no limit (and pycosat's prop_limit=0 in solve/itersolve).
        s = einsat.Solver([[1]])
        setters = {"conflict_limit": s.set_conflict_limit,
                   "decision_limit": s.set_decision_limit,
                   "propagation_limit": s.set_propagation_limit,
                   "time_limit": s.set_time_limit}
        for name, setter in setters.items():
            bad = [-1, -2**70] + ([-0.5, float("nan"), float("-inf")]
                                  if name == "time_limit" else [])
            for value in bad:
                with self.assertRaisesRegex(ValueError, "negative", msg=(name, value)):
                    setter(value)
                with self.assertRaisesRegex(ValueError, "negative", msg=(name, value)):
                    einsat.Solver(**{name: value})
            setter(None)
            einsat.Solver([[1]], **{name: None})
            self.assertRaises(TypeError, setter, True)
        s.set_time_limit(float("inf"))  # no limit, like None
        self.assertIs(s.solve(), True)
        s.set_time_limit(0)  # no time at all
        self.assertIsNone(s.solve())
        self.assertRaisesRegex(ValueError, "limit must not be negative",
                               s.count_models, limit=-1)
        for function in (einsat.solve, lambda *a, **k: list(einsat.itersolve(*a, **k))):
            for value in (-1, -2**70):
                with self.assertRaisesRegex(ValueError, "prop_limit must not be negative"):
                    function([[1]], prop_limit=value)
            self.assertEqual(function([[1]], prop_limit=0), [1] if function is einsat.solve else [[1]])
            self.assertEqual(function([[1]], prop_limit=None), [1] if function is einsat.solve else [[1]])

    def test_strings_with_nul_are_rejected(self):
        # The library reads C strings: 'seed\0junk' would be 'seed'.
        s = einsat.Solver()
        for call in (lambda: s.set_option("seed\x00junk", 7),
                     lambda: s.get_option("seed\x00junk"),
                     lambda: s.configure("sat\x00junk"),
                     lambda: einsat.Solver(options={"seed\x00": 7}),
                     lambda: einsat.Solver(config="plain\x00x"),
                     lambda: einsat.Solver(proof_format="lrat\x00", proof=os.devnull),
                     lambda: einsat.Solver(proof="a\x00b")):
            self.assertRaisesRegex(ValueError, "NUL|null", call)
        self.assertEqual(s.get_option("seed"), 0)
        self.assertRaises(TypeError, s.set_option, b"seed", 7)

    def test_random_garbage_never_crashes(self):
        code = textwrap.dedent("""
            import random, einsat
            rng = random.Random(5)
            atoms = [0, 1, -1, 2, 3, -3, 2**28, -2**31, 2**70, True, None, 1.5, "1",
                     b"", [], [1], [[1]], (2, -1), {3: 4}, range(1, 3), object()]
            def garbage(depth=0):
                if depth < 2 and rng.random() < 0.5:
                    return [garbage(depth + 1) for _ in range(rng.randint(0, 3))]
                return rng.choice(atoms)
            s = einsat.Solver()
            calls = [einsat.solve, lambda x: list(einsat.itersolve(x)), s.add_clause,
                     s.add_clauses, s.solve, s.value, s.enumerate, s.count_models,
                     s.set_conflict_limit, s.set_time_limit, s.get_option,
                     s.at_most_one, lambda x: s.at_most_k(x, 2), s.exactly_one, s.var]
            handled = 0
            for i in range(3000):
                call = rng.choice(calls)
                try:
                    call(garbage())
                except (TypeError, ValueError, RuntimeError):
                    handled += 1
                if i % 100 == 0:
                    s.set_conflict_limit(None)
                    s.set_time_limit(None)
                    s.solve()
            print("handled", handled)
        """)
        out = subprocess.run([sys.executable, "-c", code], capture_output=True,
                             text=True, timeout=300)
        self.assertEqual(out.returncode, 0, out.stderr[-2000:])
        self.assertIn("handled", out.stdout)


if __name__ == "__main__":
    unittest.main()
