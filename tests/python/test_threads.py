"""Threads and signals: interrupt() from another thread, rejection of
concurrent use of one instance, Ctrl-C (SIGINT) during a solve,
independent solvers running in parallel with the GIL released, and the
thread portfolio of option 'threads'."""

import os
import signal
import threading
import time
import unittest

import einsat
from helpers import queens, random_3sat

# Far beyond a few seconds: not the pigeonhole formula, which factoring
# solves at once.
HARD = random_3sat(400, 2000, seed=1)


def later(seconds, function):
    timer = threading.Timer(seconds, function)
    timer.start()
    return timer


class InterruptTest(unittest.TestCase):
    def test_interrupt_from_another_thread(self):
        s = einsat.Solver(HARD)
        later(0.2, s.interrupt)
        start = time.monotonic()
        self.assertIsNone(s.solve())
        self.assertLess(time.monotonic() - start, 1.5)
        # The solver stays usable and the interrupt does not linger.
        s.set_conflict_limit(10)
        self.assertIsNone(s.solve())
        self.assertGreater(s.statistics()["conflicts"], 5)

    def test_interrupt_enumeration(self):
        # The time bound is on stopping, so it is checked while counting:
        # building the lists of the models found before the interrupt
        # (about a million a second) would dominate it.
        s = einsat.Solver([[1, -1]])
        for _ in range(40):
            s.new_var()
        later(0.2, s.interrupt)
        start = time.monotonic()
        count = s.count_models()
        self.assertLess(time.monotonic() - start, 1.5)
        self.assertFalse(s.enumeration_complete)
        self.assertLess(count, 2**40)
        later(0.02, s.interrupt)
        models = s.enumerate()
        self.assertFalse(s.enumeration_complete)
        self.assertLess(len(models), 2**40)

    def test_interrupt_before_solve_stops_the_next_call(self):
        s = einsat.Solver([[1, 2]])
        s.interrupt()
        self.assertIsNone(s.solve())
        self.assertTrue(s.solve())

    def test_concurrent_use_is_rejected(self):
        s = einsat.Solver(HARD)
        errors = []

        def misuse():
            time.sleep(0.1)
            for call in (lambda: s.add_clause([1]), s.solve, s.model, s.delete,
                         s.statistics, lambda: s.set_conflict_limit(1), s.enumerate):
                try:
                    call()
                    errors.append("no error")
                except RuntimeError as error:
                    errors.append(str(error))
            s.interrupt()

        thread = threading.Thread(target=misuse)
        thread.start()
        self.assertIsNone(s.solve())
        thread.join()
        self.assertEqual(len(errors), 7)
        for error in errors[:3] + errors[4:]:
            self.assertIn("busy", error)
        self.assertIn("while it is solving", errors[3])
        s.add_clause([1])  # usable again afterwards

    def test_parallel_solvers(self):
        results = {}

        def count(n):
            with einsat.Solver(queens(n)) as s:
                results[n] = s.count_models()

        threads = [threading.Thread(target=count, args=(n,)) for n in (5, 6, 7, 8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertEqual(results, {5: 10, 6: 4, 7: 40, 8: 92})

    def test_solving_releases_the_gil(self):
        ticks = []
        stop = threading.Event()

        def ticker():
            while not stop.is_set():
                ticks.append(1)
                time.sleep(0.01)

        thread = threading.Thread(target=ticker)
        thread.start()
        self.assertIsNone(einsat.Solver(HARD, time_limit=0.5).solve())
        stop.set()
        thread.join()
        self.assertGreater(len(ticks), 10)


class PortfolioTest(unittest.TestCase):
    """Option 'threads' through the binding: answers checked against a
    sequential solve, models against the clauses, cores by solving under
    them; the combinations the library refuses raise ValueError."""

    def test_threads_option_answers(self):
        for seed in range(6):
            clauses = random_3sat(120, 511, seed=seed)
            with einsat.Solver(clauses) as sequential:
                expected = sequential.solve()
            s = einsat.Solver(clauses, options={"threads": 2 + seed % 3,
                                                "threadsoversubscribe": 1,
                                                "threadsdelay": 0})
            self.assertEqual(s.solve(), expected)
            if expected:
                model = set(s.model())
                self.assertTrue(all(any(l in model for l in c) for c in clauses))
            self.assertGreater(s.statistics()["workers_started"], 0)
            assumptions = [1, -2, 3, -4]
            result = s.solve(assumptions)
            if result is False:
                with einsat.Solver(clauses) as check:
                    self.assertIs(check.solve(s.core()), False)
            s.set_option("threads", 1)
            self.assertEqual(s.solve(), expected)

    def test_run_slots(self):
        # Eight workers taking turns on two slots, handing over often.
        for seed in range(3):
            clauses = random_3sat(130, 554, seed=10 + seed)
            with einsat.Solver(clauses) as sequential:
                expected = sequential.solve()
            s = einsat.Solver(clauses, options={"threads": 8,
                                                "threadsoversubscribe": 1,
                                                "threadsslots": 2,
                                                "threadsslice": 1,
                                                "threadsdelay": 0})
            self.assertEqual(s.solve(), expected)
            if expected:
                model = set(s.model())
                self.assertTrue(all(any(l in model for l in c) for c in clauses))
            statistics = s.statistics()
            self.assertEqual(statistics["workers_started"], 8)
            self.assertGreaterEqual(statistics["worker_turns"], 7)

    def test_bad_counts_and_refusals(self):
        s = einsat.Solver([[1, 2], [-1, 2]])
        for bad in (0, -1, 257, 2**40):
            self.assertRaises(ValueError, s.set_option, "threads", bad)
        s.set_option("threads", 4)
        s.set_option("threadsdelay", 0)
        self.assertRaisesRegex(ValueError, "not supported", s.count_models)
        s.set_decide(lambda solver: 0)
        self.assertRaisesRegex(ValueError, "not supported", s.solve)
        s.set_decide(None)
        self.assertIs(s.solve(), True)
        self.assertIs(s.value(2), True)

    def test_deterministic(self):
        clauses = random_3sat(150, 639, seed=3)
        runs = []
        for _ in range(2):
            with einsat.Solver(clauses, options={"threads": 3, "threadsdelay": 0,
                                                 "deterministic": 1}) as s:
                result = s.solve()
                runs.append((result, s.model() if result else None,
                             s.statistics()["worker_conflicts"]))
        self.assertEqual(runs[0], runs[1])


@unittest.skipUnless(threading.current_thread() is threading.main_thread(),
                     "signals are handled in the main thread only")
class SigintTest(unittest.TestCase):
    def setUp(self):
        # A shell starts background jobs with SIGINT ignored; then Ctrl-C
        # cannot reach Python at all (and einsat changes nothing).
        if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
            self.skipTest("SIGINT is ignored in this process (started as a background job)")

    def interrupted(self, function):
        timer = later(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
        start = time.monotonic()
        with self.assertRaises(KeyboardInterrupt):
            function()
        timer.join()
        self.assertLess(time.monotonic() - start, 2)

    def test_ctrl_c_in_module_solve(self):
        self.interrupted(lambda: einsat.solve(HARD))

    def test_ctrl_c_in_solver_and_itersolve(self):
        s = einsat.Solver(HARD)
        self.interrupted(s.solve)
        self.assertIn("UNKNOWN", repr(s))
        iterator = einsat.itersolve(HARD)
        self.interrupted(lambda: next(iterator))

    def test_custom_handler_runs_and_solve_returns(self):
        seen = []
        old = signal.signal(signal.SIGINT, lambda *args: seen.append(1))
        try:
            s = einsat.Solver(HARD)
            later(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
            start = time.monotonic()
            self.assertIsNone(s.solve())  # stopped, but no exception
            self.assertLess(time.monotonic() - start, 1.5)
            self.assertEqual(seen, [1])
        finally:
            signal.signal(signal.SIGINT, old)


if __name__ == "__main__":
    unittest.main()
