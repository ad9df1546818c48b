"""The incremental einsat.Solver: assumptions, cores, models, enumeration
(against brute force), limits, options, statistics, proofs, lifetime."""

import copy
import itertools
import os
import pickle
import random
import struct
import subprocess
import sys
import tempfile
import unittest
import weakref

import einsat
from helpers import (CONFIG, QUEENS_COUNTS, ROOT, brute_force_models, masks,
                     model_satisfies, pigeonhole, queens, random_3sat, random_formula,
                     satisfies, to_bits)


def projections(models, projection):
    return {tuple(v if x >> (v - 1) & 1 else -v for v in projection) for x in models}


class IncrementalTest(unittest.TestCase):
    def test_incremental_with_assumptions_against_brute_force(self):
        rng = random.Random(11)
        for _ in range(150):
            n, clauses = random_formula(rng)
            s = einsat.Solver()
            added = []
            for chunk in range(0, len(clauses) + 1, 4):
                s.add_clauses(clauses[chunk:chunk + 4])
                added = clauses[:chunk + 4]
                assumptions = [rng.choice((-1, 1)) * rng.randint(1, n)
                               for _ in range(rng.randint(0, 3))]
                models = brute_force_models(n, added + [[a] for a in assumptions])
                result = s.solve(assumptions)
                self.assertEqual(result, bool(models), (added, assumptions))
                if result:
                    model = s.model()
                    self.assertEqual(len(model), s.vars)
                    self.assertTrue(model_satisfies(model, added))
                    for a in assumptions:
                        self.assertTrue(s.value(a))
                        self.assertIs(s.value(-a), False)
                else:
                    core = s.core()
                    self.assertTrue(set(core) <= set(assumptions))
                    self.assertFalse(brute_force_models(n, added + [[a] for a in core]))

    def test_value_model_and_vars(self):
        s = einsat.Solver([[1, 2], [-1]])
        self.assertTrue(s.solve())
        self.assertEqual(s.model(), [-1, 2])
        self.assertIs(s.value(2), True)
        self.assertIs(s.value(-2), False)
        self.assertIsNone(s.value(7))  # never seen by the solver
        v = s.new_var()
        self.assertEqual((v, s.vars), (3, 3))
        self.assertTrue(s.solve())
        self.assertEqual(len(s.model()), 3)
        self.assertFalse(s.solve([-2]))
        self.assertEqual(s.core(), [-2])
        self.assertTrue(s.solve())  # assumptions hold for one call only

    def test_core_without_assumptions_is_empty(self):
        s = einsat.Solver([[1], [-1]])
        self.assertIs(s.solve([2]), False)
        self.assertEqual(s.core(), [])

    def test_model_only_after_sat_and_before_changes(self):
        s = einsat.Solver([[1]])
        for method in (s.model, s.core):
            self.assertRaises(RuntimeError, method)
        self.assertTrue(s.solve())
        self.assertRaises(RuntimeError, s.core)
        s.add_clause([2])
        self.assertRaisesRegex(RuntimeError, "no model", s.model)
        self.assertRaises(RuntimeError, s.value, 1)

    def test_subclass_and_weakref(self):
        class Mine(einsat.Solver):
            def __init__(self):
                super().__init__([[1, 2]], options={"seed": 7})
                self.extra = 1

        m = Mine()
        self.assertTrue(m.solve())
        self.assertEqual(m.extra + m.var("x"), 4)
        for copier in (copy.copy, copy.deepcopy, pickle.dumps):
            self.assertRaisesRegex(TypeError, "cannot pickle or copy", copier, m)
        ref = weakref.ref(m)
        del m
        self.assertIsNone(ref())


class EnumerateTest(unittest.TestCase):
    def test_enumerate_against_brute_force(self):
        rng = random.Random(12)
        for _ in range(150):
            n, clauses = random_formula(rng)
            s = einsat.Solver(clauses)
            while s.vars < n:
                s.new_var()
            models = brute_force_models(n, clauses)
            all_models = s.enumerate()
            self.assertTrue(s.enumeration_complete)
            self.assertEqual(sorted(to_bits(m) for m in all_models), models)
            projection = rng.sample(range(1, n + 1), rng.randint(1, n))
            projected = s.enumerate(projection)
            self.assertEqual(len(projected), len(set(map(tuple, projected))))
            self.assertEqual(set(map(tuple, projected)), projections(models, projection))
            self.assertEqual(s.count_models(projection), len(projected))
            # The formula is unchanged afterwards.
            self.assertEqual(s.solve(), bool(models))

    def test_limit_and_completeness(self):
        s = einsat.Solver([[1, 2, 3]])
        self.assertIsNone(s.enumeration_complete)
        self.assertEqual(len(s.enumerate(limit=3)), 3)
        self.assertFalse(s.enumeration_complete)
        self.assertEqual(s.enumerate(limit=0), [])
        self.assertEqual(len(s.enumerate(limit=100)), 7)
        self.assertTrue(s.enumeration_complete)
        self.assertEqual(s.count_models([1]), 2)
        self.assertEqual(einsat.Solver().enumerate(), [[]])
        self.assertEqual(einsat.Solver([[]]).enumerate(), [])

    def test_count_queens(self):
        for n, count in QUEENS_COUNTS.items():
            s = einsat.Solver(queens(n))
            self.assertEqual(s.count_models(), count, "%d queens" % n)

    def test_named_variables_in_projection(self):
        s = einsat.Solver()
        xs = [s.var("x", i) for i in range(4)]
        s.exactly_k(xs, 2)
        models = s.enumerate(xs)
        self.assertEqual(len(models), 6)
        self.assertTrue(all(sum(lit > 0 for lit in m) == 2 for m in models))


def spelled_out(lits, bound):
    """'At most bound of lits' as clauses: each bound + 1 of them (by
    position, so repeated literals count repeatedly) has a false one."""
    if bound < 0:
        return [[]]
    return [[-lit for lit in chosen]
            for chosen in itertools.combinations(lits, bound + 1)]


class AtmostTest(unittest.TestCase):
    def test_add_atmost_against_brute_force(self):
        rng = random.Random(31)
        for _ in range(150):
            n, clauses = random_formula(rng, max_vars=8, max_size=3)
            s = einsat.Solver(clauses)
            while s.vars < n:
                s.new_var()
            spelled = list(clauses)
            for _ in range(rng.randint(1, 3)):
                size = rng.randint(0, 6)
                lits = [rng.choice([-1, 1]) * rng.randint(1, n) for _ in range(size)]
                bound = rng.randint(-1, 3)
                s.add_atmost(lits, bound)
                spelled += spelled_out(lits, bound)
            models = brute_force_models(n, spelled)
            self.assertEqual(s.solve(), bool(models))
            projected = s.enumerate(list(range(1, n + 1)))
            self.assertEqual(sorted(to_bits(m) for m in projected), models)

    def test_add_exactly_against_brute_force(self):
        rng = random.Random(37)
        for _ in range(150):
            n, clauses = random_formula(rng, max_vars=8, max_size=3)
            s = einsat.Solver(clauses, options={"dpll": rng.randint(0, 1)})
            while s.vars < n:
                s.new_var()
            spelled = list(clauses)
            for _ in range(rng.randint(1, 3)):
                size = rng.randint(0, 6)
                lits = [rng.choice([-1, 1]) * rng.randint(1, n) for _ in range(size)]
                bound = rng.choice([1, 1, rng.randint(-1, 7)])
                if bound == 1:
                    s.add_exactly(lits)
                else:
                    s.add_exactly(lits, bound)
                rest = size if bound < 0 else size - bound
                spelled += spelled_out(lits, bound)
                spelled += spelled_out([-lit for lit in lits], rest)
            models = brute_force_models(n, spelled)
            self.assertEqual(s.solve(), bool(models))
            projected = s.enumerate(list(range(1, n + 1)))
            self.assertEqual(sorted(to_bits(m) for m in projected), models)

    def test_add_exactly_errors(self):
        with einsat.Solver() as s:
            self.assertRaises(TypeError, s.add_exactly, 3)
            self.assertRaises(TypeError, s.add_exactly, [1, 2], "1")
            self.assertRaises(ValueError, s.add_exactly, [1, 0, 2])
            s.add_exactly([1, 2, 3])
            s.add_clause([-1])
            s.add_clause([-3])
            self.assertIs(s.solve(), True)
            self.assertEqual(s.model(), [-1, 2, -3])
        with einsat.Solver(proof=os.devnull) as s:
            self.assertRaisesRegex(ValueError, "proof", s.add_exactly,
                                   [1, 2, 3, 4], 2)
            s.add_exactly([1, 2, 3, 4], 3)  # exactly one of the negations

    def test_add_atmost_errors(self):
        with einsat.Solver() as s:
            self.assertRaises(TypeError, s.add_atmost, 3, 1)
            self.assertRaises(TypeError, s.add_atmost, [1, 2], "1")
            self.assertRaises(ValueError, s.add_atmost, [1, 0, 2], 1)
            s.add_atmost([1, 2, 3], 1)
            s.add_clause([1, 2])
            s.add_clause([2, 3])
            self.assertIs(s.solve(), True)
            self.assertEqual(s.model(), [-1, 2, -3])

    def test_atmost_in_a_drat_proof(self):
        """Pigeons into holes with native at-most-one per hole: the proof
        is checked against the CNF with the pairwise clauses."""
        checker = os.path.join(ROOT, "build", CONFIG, "bin", "einsat-check")
        if not os.access(checker, os.X_OK):
            self.skipTest("%s not built" % checker)
        pigeons, holes = 6, 5
        var = lambda p, h: p * holes + h + 1
        clauses = [[var(p, h) for h in range(holes)] for p in range(pigeons)]
        columns = [[var(p, h) for p in range(pigeons)] for h in range(holes)]
        with tempfile.TemporaryDirectory() as tmp:
            cnf = os.path.join(tmp, "f.cnf")
            proof = os.path.join(tmp, "p.drat")
            with einsat.Solver(proof=proof) as s:
                s.add_clauses(clauses)
                for column in columns:
                    s.add_atmost(column, 1)
                self.assertRaisesRegex(ValueError, "proof", s.add_atmost,
                                       [1, 2, 3], 2)
                s.add_atmost([1, 2], 2)  # a bound of at least len: nothing
                self.assertIs(s.solve(), False)
            formula = clauses + [c for column in columns for c in spelled_out(column, 1)]
            with open(cnf, "w") as f:
                f.write("p cnf %d %d\n" % (pigeons * holes, len(formula)))
                for clause in formula:
                    f.write(" ".join(map(str, clause + [0])) + "\n")
            run = subprocess.run([checker, "drat", cnf, proof],
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
            self.assertEqual(run.returncode, 0, run.stdout.decode())


class LimitsOptionsTest(unittest.TestCase):
    def test_limits_give_none(self):
        hard = pigeonhole(10, 9)
        # factoring, counting and symmetry breaking each make the
        # pigeonhole formula easy
        no_factor = {"factor": 0, "cardinality": 0, "symmetry": 0}
        for kwargs in ({"conflict_limit": 100}, {"decision_limit": 100},
                       {"propagation_limit": 1000}, {"time_limit": 0.1}):
            s = einsat.Solver(hard, options=no_factor, **kwargs)
            self.assertIsNone(s.solve(), kwargs)
            self.assertIsNone(s.solve(), kwargs)  # limits hold for every call
        s = einsat.Solver(hard, options=no_factor)
        s.set_conflict_limit(50)
        self.assertIsNone(s.solve())
        self.assertLessEqual(s.statistics()["conflicts"], 60)  # checked between conflicts
        s.set_conflict_limit(None)
        s.set_propagation_limit(500)
        self.assertIsNone(s.solve())
        s.set_propagation_limit(None)
        s.set_decision_limit(10)
        self.assertIsNone(s.solve())
        s.set_decision_limit(None)
        s.set_time_limit(0.05)
        self.assertIsNone(s.solve())
        s.set_time_limit(None)
        small = einsat.Solver(pigeonhole(5, 4), conflict_limit=10**6)
        self.assertIs(small.solve(), False)

    def test_set_interrupt_holds_until_cleared(self):
        hard = random_3sat(400, 2000, 1)
        s = einsat.Solver(hard)
        s.set_interrupt(True)
        self.assertIsNone(s.solve())
        self.assertIsNone(s.solve())  # held
        self.assertEqual(s.count_models(), 0)
        s.set_interrupt(False)
        s.set_conflict_limit(20)
        self.assertIsNone(s.solve())
        self.assertGreaterEqual(s.statistics()["conflicts"], 20)  # it ran
        small = einsat.Solver([[1, 2]])
        small.set_interrupt(True)
        small.set_interrupt(False)
        self.assertIs(small.solve(), True)  # nothing pending, unlike interrupt()
        small.interrupt()
        self.assertIsNone(small.solve())

    def test_phase_and_clause_count(self):
        s = einsat.Solver([list(range(1, 7))])
        s.add_clause([1, -2])
        s.add_clauses([[3, 4], [5]])
        self.assertEqual(s.clauses, 4)
        s.phase([-1, -2, -3, 4, 5, -6])
        self.assertIs(s.solve(), True)
        self.assertEqual(s.model(), [-1, -2, -3, 4, 5, -6])
        self.assertRaises(ValueError, s.phase, [0])
        self.assertRaises(TypeError, s.phase, 3)

    def test_propagate(self):
        # Pigeon 1 in hole 1 keeps pigeons 2 and 3 out of it (variables
        # pigeon * 3 + hole + 1); pigeons 1 and 2 in holes 1 and 2 leave
        # hole 3 to both pigeons 3 and 4: a conflict.
        s = einsat.Solver(pigeonhole(3, 3))
        status, lits = s.propagate([1])
        self.assertTrue(status)
        self.assertEqual(lits[0], 1)
        self.assertEqual(sorted(lits[1:]), [-7, -4])
        self.assertEqual(einsat.Solver(pigeonhole(4, 3)).propagate([1, 5]), (False, []))
        self.assertRaises(RuntimeError, s.model)  # not a solve
        self.assertIs(s.solve(), True)
        s.add_clause([-1])
        self.assertEqual(s.propagate([1]), (False, []))  # false at the root
        self.assertEqual(s.propagate(), (True, []))
        self.assertRaises(ValueError, s.propagate, [0])

    def test_options(self):
        info = einsat.option_info()
        self.assertIn("seed", info)
        self.assertEqual(set(info["seed"]), {"default", "min", "max", "help"})
        s = einsat.Solver(options={"seed": 42, "phase": False}, config="sat")
        self.assertEqual(s.get_option("seed"), 42)
        self.assertEqual(s.get_option("phase"), 0)
        s.set_option("seed", 3)
        self.assertEqual(s.get_option("seed"), 3)
        self.assertRaisesRegex(ValueError, "unknown option", s.set_option, "nope", 1)
        self.assertRaisesRegex(ValueError, "must be in", s.set_option, "seed", -1)
        self.assertRaisesRegex(ValueError, "unknown option", s.get_option, "nope")
        self.assertRaises(TypeError, s.set_option, "seed", "x")
        self.assertRaises(ValueError, einsat.Solver, config="nope")
        self.assertRaises(ValueError, einsat.Solver, options={"seed": 2**40})
        self.assertRaises(TypeError, einsat.Solver, options=[("seed", 1)])
        s.configure("unsat")
        s.add_clauses(pigeonhole(5, 4))
        self.assertFalse(s.solve())

    def test_statistics(self):
        # counting refutes it without a conflict: off for the search
        s = einsat.Solver(pigeonhole(6, 5), options={"cardinality": 0})
        self.assertFalse(s.solve())
        stats = s.statistics()
        for name in ("conflicts", "decisions", "propagations", "solves", "memory"):
            self.assertIsInstance(stats[name], int)
        self.assertGreater(stats["conflicts"], 0)
        self.assertEqual(stats["solves"], 1)
        counted = einsat.Solver(pigeonhole(6, 5))
        self.assertFalse(counted.solve())
        self.assertEqual(counted.statistics()["cardinality_refuted"], 1)


class LifetimeTest(unittest.TestCase):
    def test_context_manager_deletes(self):
        with einsat.Solver([[1]]) as s:
            self.assertTrue(s.solve())
            self.assertFalse(s.deleted)
        self.assertTrue(s.deleted)
        self.assertIn("deleted", repr(s))
        self.assertRaisesRegex(ValueError, "deleted", s.solve)
        self.assertRaises(ValueError, s.add_clause, [1])
        self.assertRaises(ValueError, s.statistics)
        self.assertRaises(ValueError, s.__enter__)
        s.interrupt()  # harmless
        s.delete()
        s.close()

    def test_exception_in_with_block_propagates(self):
        with self.assertRaises(KeyError):
            with einsat.Solver() as s:
                raise KeyError
        self.assertTrue(s.deleted)


def read_text_proof(data):
    steps = []
    for line in data.decode().splitlines():
        words = line.split()
        if not words:
            continue
        kind = "d" if words[0] == "d" else "a"
        lits = [int(w) for w in words[kind == "d":]]
        assert lits[-1] == 0
        steps.append((kind, lits[:-1]))
    return steps


def read_binary_proof(data):
    steps, i = [], 0
    while i < len(data):
        kind, lits, i = chr(data[i]), [], i + 1
        assert kind in "ad", kind
        while True:
            x = shift = 0
            while True:
                byte = data[i]
                i += 1
                x |= (byte & 0x7f) << shift
                shift += 7
                if not byte & 0x80:
                    break
            if not x:
                break
            lits.append(-(x >> 1) if x & 1 else x >> 1)
        steps.append((kind, lits))
    return steps


def propagates_to_conflict(clauses, assumed):
    values = {}
    for lit in assumed:
        if values.get(-lit):
            return True
        values[lit] = True
    changed = True
    while changed:
        changed = False
        for clause in clauses:
            if any(values.get(lit) for lit in clause):
                continue
            open_lits = [lit for lit in clause if not values.get(-lit)]
            if not open_lits:
                return True
            if len(open_lits) == 1:
                values[open_lits[0]] = True
                changed = True
    return False


def check_rup_proof(formula, steps):
    """Every added clause must follow by unit propagation (RUP); unit
    deletions are ignored as drat-trim does; at the end the clauses must
    propagate to a conflict."""
    clauses = [list(c) for c in formula]
    for kind, lits in steps:
        if kind == "d":
            if len(lits) > 1:
                clauses.remove(next(c for c in clauses if sorted(c) == sorted(lits)))
            continue
        assert propagates_to_conflict(clauses, [-lit for lit in lits]), lits
        clauses.append(lits)
    assert propagates_to_conflict(clauses, [])


class ProofTest(unittest.TestCase):
    def check_proof(self, binary):
        rng = random.Random(13)
        formulas = [pigeonhole(5, 4)]
        while len(formulas) < 6:
            n, clauses = random_formula(rng, max_vars=12, max_size=3)
            if n >= 8 and not brute_force_models(n, clauses):
                formulas.append(clauses)
        with tempfile.TemporaryDirectory() as tmp:
            for i, formula in enumerate(formulas):
                path = os.path.join(tmp, "proof%d.drat" % i)
                with einsat.Solver(proof=path, proof_binary=binary) as s:
                    s.add_clauses(formula)
                    self.assertIs(s.solve(), False)
                    self.assertRaisesRegex(RuntimeError, "proof", s.enumerate)
                with open(path, "rb") as f:
                    data = f.read()
                steps = (read_binary_proof if binary else read_text_proof)(data)
                check_rup_proof(formula, steps)

    def test_text_proof(self):
        self.check_proof(binary=False)

    def test_binary_proof(self):
        self.check_proof(binary=True)

    def check_lrat(self, binary):
        checker = os.path.join(ROOT, "build", CONFIG, "bin", "einsat-check")
        if not os.access(checker, os.X_OK):
            self.skipTest("%s not built" % checker)
        rng = random.Random(17)
        formulas = [pigeonhole(5, 4)]
        while len(formulas) < 8:
            n, clauses = random_formula(rng, max_vars=12, max_size=3)
            if n >= 8 and clauses and not brute_force_models(n, clauses):
                formulas.append(clauses)
        with tempfile.TemporaryDirectory() as tmp:
            for i, formula in enumerate(formulas):
                cnf = os.path.join(tmp, "f%d.cnf" % i)
                proof = os.path.join(tmp, "p%d.lrat" % i)
                with open(cnf, "w") as f:
                    n = max(abs(lit) for clause in formula for lit in clause)
                    f.write("p cnf %d %d\n" % (n, len(formula)))
                    for clause in formula:
                        f.write(" ".join(map(str, clause + [0])) + "\n")
                with einsat.Solver(proof=proof, proof_format="lrat",
                                   proof_binary=binary) as s:
                    s.add_clauses(formula)
                    # Solving under an assumption keeps the proof valid.
                    self.assertIs(s.solve(assumptions=[1]), False)
                    self.assertIn(s.core(), ([], [1]))
                    self.assertIs(s.solve(), False)
                    self.assertRaisesRegex(ValueError, "LRAT", s.add_clause,
                                           [1, 2])
                    self.assertRaisesRegex(ValueError, "LRAT", s.add_clauses,
                                           [[1]])
                    self.assertRaisesRegex(ValueError, "LRAT", s.at_most_one,
                                           [1, 2, 3])
                run = subprocess.run([checker, "lrat", cnf, proof],
                                     stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT)
                self.assertEqual(run.returncode, 0, run.stdout.decode())

    def test_lrat_proof(self):
        self.check_lrat(binary=False)

    def test_drat_proof_with_clauses_after_solve(self):
        checker = os.path.join(ROOT, "build", CONFIG, "bin", "einsat-check")
        if not os.access(checker, os.X_OK):
            self.skipTest("%s not built" % checker)
        first = pigeonhole(4, 4)
        later = [c for c in pigeonhole(5, 4) if c not in first]
        with tempfile.TemporaryDirectory() as tmp:
            cnf = os.path.join(tmp, "f.cnf")
            proof = os.path.join(tmp, "p.drat")
            with open(cnf, "w") as f:
                f.write("p cnf 20 %d\n" % (len(first) + len(later)))
                for clause in first + later:
                    f.write(" ".join(map(str, clause + [0])) + "\n")
            with einsat.Solver(proof=proof) as s:
                s.add_clauses(first)
                self.assertIs(s.solve(), True)
                self.assertTrue(model_satisfies(s.model(), first))
                s.add_clauses(later)  # the fifth pigeon: new variables
                self.assertIs(s.solve(), False)
            run = subprocess.run([checker, "drat", cnf, proof],
                                 stdout=subprocess.PIPE,
                                 stderr=subprocess.STDOUT)
            self.assertEqual(run.returncode, 0, run.stdout.decode())
            final = os.path.join(tmp, "q.drat")
            with einsat.Solver(proof=final, options={"incremental": 0}) as s:
                s.add_clauses(first)
                self.assertIs(s.solve(), True)
                self.assertRaisesRegex(ValueError, "incremental=0",
                                       s.add_clause, [1, 2])

    def test_binary_lrat_proof(self):
        self.check_lrat(binary=True)

    def test_proof_errors(self):
        self.assertRaisesRegex(ValueError, "proof_format", einsat.Solver,
                               proof_format="grat")
        self.assertRaisesRegex(TypeError, "proof_format", einsat.Solver,
                               proof_format=3)
        self.assertRaises(FileNotFoundError, einsat.Solver,
                          proof="/nonexistent/directory/proof.drat")
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "p.drat")
            with einsat.Solver([[1, 2]]) as s:
                self.assertRaisesRegex(ValueError, "proof", s.__init__, proof=path)

    @unittest.skipUnless(os.path.exists("/dev/full"), "no /dev/full")
    def test_lost_proof_raises(self):
        # A proof that cannot be written raises from solve() (the answer
        # itself stands) and from close(), also for binary and LRAT proofs.
        for kwargs in ({}, {"proof_binary": True}, {"proof_format": "lrat"}):
            s = einsat.Solver(pigeonhole(5, 4), proof="/dev/full", **kwargs)
            with self.assertRaises(OSError) as caught:
                s.solve()
            self.assertEqual(caught.exception.filename, "/dev/full")
            self.assertIn("proof", str(caught.exception))
            self.assertRaises(RuntimeError, s.model)
            self.assertEqual(s.core(), [])  # UNSAT: the answer stands
            self.assertRaises(OSError, s.solve)  # still lost
            self.assertRaises(OSError, s.close)
            self.assertTrue(s.deleted)
            s.close()  # reported once, then deleted
        # A 'with' block raises on exit, unless it raises already.
        with self.assertRaises(OSError):
            with einsat.Solver(pigeonhole(4, 3), proof="/dev/full") as s:
                try:
                    s.solve()
                except OSError:
                    pass
        with self.assertRaises(KeyError):
            with einsat.Solver(pigeonhole(4, 3), proof="/dev/full") as s:
                raise KeyError("mine")
        # Written completely: nothing raised, and the proof is complete.
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "p.drat")
            with einsat.Solver(pigeonhole(4, 3), proof=path) as s:
                self.assertIs(s.solve(), False)
            with open(path) as f:
                self.assertTrue(f.read().endswith("0\n"))

    def test_lost_proof_without_close_is_reported(self):
        if not os.path.exists("/dev/full"):
            self.skipTest("no /dev/full")
        code = ("import einsat\n"
                "s = einsat.Solver(%r, proof='/dev/full')\n"
                "try:\n"
                "    s.solve()\n"
                "except OSError:\n"
                "    pass\n"
                "del s\n"
                "print('done')\n" % pigeonhole(4, 3))
        out = subprocess.run([sys.executable, "-c", code], capture_output=True,
                             text=True, timeout=60)
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertIn("done", out.stdout)
        self.assertIn("Exception ignored", out.stderr)
        self.assertIn("proof could not be written", out.stderr)

if __name__ == "__main__":
    unittest.main()
