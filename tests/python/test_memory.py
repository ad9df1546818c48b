"""Creating and dropping solvers does not leak: the resident set size
stays flat over 10,000 solver creations (and many solve, itersolve and
enumerate calls), while keeping the same solvers alive would grow it."""

import gc
import os
import unittest

import einsat
from helpers import queens, rss_bytes

MB = 1 << 20


def use_solver(i):
    s = einsat.Solver([[1, 2], [-1, 3], [-2, -3]], options={"seed": i % 5})
    s.solve([1])
    s.model()
    s.statistics()
    s.var("x", i)
    s.at_most_k([1, 2, 3, s.new_var()], 2)
    if i % 2:
        with s:
            s.enumerate()
    return s


def growth(function, rounds):
    function(0)  # warm-up: caches, arenas, small-int objects
    gc.collect()
    before = rss_bytes()
    for i in range(rounds):
        function(i)
    gc.collect()
    return rss_bytes() - before


@unittest.skipIf(os.environ.get("EINSAT_SANITIZED"),
                 "ASan's quarantine keeps freed memory resident")
class MemoryTest(unittest.TestCase):
    def test_10000_solvers_do_not_grow_memory(self):
        for i in range(1000):
            use_solver(i)
        self.assertLess(growth(use_solver, 10000), 2 * MB)

    def test_measurement_sees_a_real_leak(self):
        kept = []
        self.assertGreater(growth(lambda i: kept.append(use_solver(i)), 10000), 10 * MB)
        del kept

    def test_module_functions_do_not_grow_memory(self):
        q = queens(6)

        def calls(i):
            einsat.solve(q)
            next(einsat.itersolve(q))  # dropped half-used
            einsat.Solver(q).enumerate(limit=2)
            try:
                einsat.solve([[1], [0]])
            except ValueError:
                pass

        for i in range(200):
            calls(i)
        self.assertLess(growth(calls, 2000), 2 * MB)


if __name__ == "__main__":
    unittest.main()
