"""einsat.pysat, PySAT's interface on einsat, against brute force: every
model checked, every core refuted, enumerations complete and distinct,
propagation against a reference unit propagation, cardinality encodings
exhaustively for small n and k against an independent DPLL oracle, the
Tseitin encodings of formulas against their truth tables."""

import bz2
import gzip
import io
import itertools
import lzma
import os
import random
import shutil
import subprocess
import tempfile
import threading
import time
import unittest

import einsat
from einsat.pysat import card, formula, solvers
from einsat.pysat.card import CardEnc, EncType, ITotalizer
from einsat.pysat.formula import (CNF, CNFPlus, IDPool, WCNF, And, Atom, Equals,
                                  Formula, FormulaError, Implies, ITE, Neg, Or,
                                  XOr, PYSAT_FALSE, PYSAT_TRUE)
from einsat.pysat.solvers import NoSuchSolverError, Solver, SolverNames
from helpers import (CONFIG, ROOT, brute_force_models, dpll_satisfiable,
                     model_satisfies, pigeonhole, random_3sat, random_formula,
                     unit_propagation)


def models_of(n, clauses):
    """All models over 1..n as sorted literal lists."""
    return sorted([v if x >> (v - 1) & 1 else -v for v in range(1, n + 1)]
                  for x in brute_force_models(n, clauses))


def satisfiable_under(n, clauses, assumptions):
    return bool(brute_force_models(n, list(clauses) + [[lit] for lit in assumptions]))


#------------------------------------------------------------------------------
# Solvers.

class SolverTest(unittest.TestCase):
    def test_every_name_is_einsat(self):
        for canonical, aliases in vars(SolverNames).items():
            if not isinstance(aliases, tuple):
                continue
            for name in aliases + (aliases[0].upper(),):
                with Solver(name=name, bootstrap_with=[[1, 2], [-1]]) as s:
                    self.assertIs(s.solve(), True, name)
                    self.assertEqual(s.get_model(), [-1, 2])
        for cls in (solvers.Glucose3, solvers.Cadical153, solvers.Minisat22,
                    solvers.Lingeling, solvers.MapleChrono, solvers.CryptoMinisat):
            with cls([[1], [-1, 2]]) as s:
                self.assertIs(s.solve(), True)
                self.assertEqual(s.get_model(), [1, 2])
        self.assertRaises(NoSuchSolverError, Solver, name="zchaff")
        self.assertRaises(TypeError, Solver, name="g3", unknown=True)
        Solver(name="g4", incr=True, warm_start=True, native_card=True,
               sync_with=formula.IDPool()).delete()

    def test_random_formulas_against_brute_force(self):
        rng = random.Random(11)
        for _ in range(300):
            n, clauses = random_formula(rng, max_vars=8)
            assumptions = sorted({rng.choice((-1, 1)) * rng.randint(1, n)
                                  for _ in range(rng.randint(0, 3))})
            with Solver(name=rng.choice(["g3", "m22", "cd15"]), bootstrap_with=clauses) as s:
                self.assertIsNone(s.get_status())
                self.assertIsNone(s.get_model())
                result = s.solve(assumptions=assumptions)
                self.assertIs(result, satisfiable_under(n, clauses, assumptions))
                self.assertIs(s.get_status(), result)
                if result:
                    model = s.get_model()
                    self.assertEqual([abs(lit) for lit in model], list(range(1, len(model) + 1)))
                    self.assertTrue(model_satisfies(model, clauses))
                    self.assertTrue(all(lit in model for lit in assumptions))
                    self.assertIsNone(s.get_core())
                else:
                    self.assertIsNone(s.get_model())
                    core = s.get_core() or []
                    self.assertTrue(set(core) <= set(assumptions))
                    self.assertFalse(satisfiable_under(n, clauses, core))

    def test_answers_survive_later_changes(self):
        # As in PySAT, the model and the core stay until the next solve.
        with Solver(bootstrap_with=[[1, 2], [-1, 3]]) as s:
            self.assertTrue(s.solve(assumptions=[1]))
            model = s.get_model()
            s.add_clause([-3, 4])
            s.propagate(assumptions=[2])
            self.assertEqual(s.get_model(), model)
            self.assertFalse(s.solve(assumptions=[1, -3]))
            core = s.get_core()
            s.add_clause([5])
            self.assertEqual(s.get_core(), core)
            self.assertTrue(set(core) <= {1, -3})

    def test_enum_models_complete_and_distinct(self):
        rng = random.Random(12)
        for _ in range(150):
            n, clauses = random_formula(rng, max_vars=7)
            clauses.append(list(range(1, n + 1)) + [-v for v in range(1, n + 1)])  # mentions every var
            assumptions = [rng.choice((-1, 1)) * rng.randint(1, n)] if rng.random() < 0.5 else []
            with Solver(bootstrap_with=clauses) as s:
                iterator = s.enum_models(assumptions=assumptions)
                self.assertTrue(hasattr(iterator, "__next__"))  # lazy
                found = [sorted(m, key=abs) for m in iterator]
                self.assertEqual(len(set(map(tuple, found))), len(found))
                expected = [m for m in models_of(n, clauses) if all(a in m for a in assumptions)]
                self.assertEqual(sorted(found), expected)
                self.assertFalse(s.solve(assumptions=assumptions))
                self.assertEqual(s.nof_clauses(), len(clauses) + len(found))

    def test_enum_models_is_lazy(self):
        with Solver(bootstrap_with=[[v, -v] for v in range(1, 41)]) as s:
            first = list(itertools.islice(s.enum_models(), 3))
            self.assertEqual(len(first), 3)

    def test_propagate_against_unit_propagation(self):
        # With the 'plain' configuration (no inprocessing) the result is
        # exactly unit propagation; with the default one it is sound (every
        # literal implied) and contains unit propagation's literals unless
        # the solver fixed them at the root level.
        rng = random.Random(13)
        for round_ in range(300):
            n, clauses = random_formula(rng, max_vars=9)
            assumptions = list(dict.fromkeys(rng.choice((-1, 1)) * rng.randint(1, n)
                                             for _ in range(rng.randint(0, 4))))
            ok_ref, true_ref = unit_propagation(clauses, assumptions)
            ok_root, root = unit_propagation(clauses)
            plain = einsat.Solver(clauses, config="plain")
            status, lits = plain.propagate(assumptions)
            if not ok_root:
                self.assertIs(status, False)
                continue
            self.assertIs(status, ok_ref, (clauses, assumptions))
            if ok_ref:
                self.assertEqual(set(lits), true_ref - root, (clauses, assumptions))
                self.assertEqual(len(lits), len(set(lits)))
                fresh = [a for a in assumptions if a not in root]
                self.assertEqual(lits[:len(fresh)], fresh)  # assumptions first
            else:
                self.assertEqual(lits, [])
            with Solver(bootstrap_with=clauses) as s:
                if round_ % 3 == 0:
                    s.solve()  # propagation after a solve (and elimination)
                status, lits = s.propagate(assumptions=assumptions)
                models = [m for m in models_of(n, clauses) if all(a in m for a in assumptions)]
                if status:
                    self.assertTrue(models)
                    for m in models:
                        self.assertTrue(set(lits) <= set(m), (clauses, assumptions, lits))
                    implied_by_formula = set.intersection(*map(set, models_of(n, clauses)))
                    self.assertTrue(true_ref - root <= set(lits) | implied_by_formula)
                else:
                    self.assertEqual(lits, [])
                    self.assertFalse(models)

    def test_propagate_example_of_pysat(self):
        cnf = CardEnc.atmost(lits=range(1, 6), bound=1, encoding=EncType.pairwise)
        with Solver(name="g3", bootstrap_with=cnf) as s:
            for lit in range(1, 6):
                status, lits = s.propagate(assumptions=[lit], phase_saving=1)
                self.assertTrue(status)
                self.assertEqual(lits[0], lit)
                self.assertEqual(sorted(lits[1:], key=abs), [-v for v in range(1, 6) if v != lit])
                s.solve(assumptions=[3])
            s.solve()
            s.add_clause([2])
            self.assertEqual(s.propagate(assumptions=[1]), (False, []))

    def test_budgets_and_limited_solving(self):
        hard = random_3sat(300, 1350, 2)
        with Solver(name="g3", bootstrap_with=hard) as s:
            s.conf_budget(50)
            self.assertIsNone(s.solve_limited())
            self.assertIsNone(s.get_status())
            self.assertIsNone(s.get_model())
            before = s.accum_stats()["conflicts"]
            self.assertIsNone(s.solve_limited())  # the budget holds for each call
            self.assertLessEqual(s.accum_stats()["conflicts"] - before, 51)
            s.conf_budget(-1)
            s.prop_budget(5000)
            before = s.accum_stats()["propagations"]
            self.assertIsNone(s.solve_limited())
            used = s.accum_stats()["propagations"] - before
            self.assertTrue(5000 <= used <= 5100, used)
            s.prop_budget(0)
            s.dec_budget(20)
            before = s.accum_stats()["decisions"]
            self.assertIsNone(s.solve_limited(expect_interrupt=True))
            self.assertLessEqual(s.accum_stats()["decisions"] - before, 21)
            s.dec_budget(-1)
        with Solver(bootstrap_with=pigeonhole(5, 4)) as s:
            s.conf_budget(10 ** 6)
            self.assertIs(s.solve_limited(), False)  # within the budget
        with Solver(bootstrap_with=hard[:300]) as s:
            s.conf_budget(1)
            self.assertIs(s.solve(), True)  # solve() knows no budget
            self.assertTrue(model_satisfies(s.get_model(), hard[:300]))

    def test_interrupt_from_a_timer(self):
        hard = random_3sat(400, 2000, 1)
        with Solver(bootstrap_with=hard) as s:
            timer = threading.Timer(0.2, s.interrupt)
            timer.start()
            start = time.monotonic()
            self.assertIsNone(s.solve_limited(expect_interrupt=True))
            self.assertLess(time.monotonic() - start, 30)
            timer.join()
            self.assertIsNone(s.solve_limited())  # until cleared
            s.clear_interrupt()
            s.conf_budget(100)
            self.assertIsNone(s.solve_limited())
            self.assertGreaterEqual(s.accum_stats()["conflicts"], 100)
        with Solver(bootstrap_with=[[1, 2]]) as s:
            s.interrupt()
            s.clear_interrupt()
            self.assertIs(s.solve_limited(), True)  # nothing left pending

    def test_add_clause_return_and_counts(self):
        with Solver(bootstrap_with=[[-1, 2], [-1, -2]]) as s:
            self.assertEqual((s.nof_vars(), s.nof_clauses()), (2, 2))
            self.assertIs(s.add_clause([3, 4], no_return=False), True)
            self.assertIs(s.add_clause([1], no_return=False), False)
            self.assertIs(s.get_status(), False)
            self.assertIs(s.solve(), False)
            self.assertIsNone(s.add_clause([5]))
            self.assertEqual((s.nof_vars(), s.nof_clauses()), (5, 5))
            self.assertIs(s.append_formula([[6], [7, 8]], no_return=False), False)
            self.assertEqual(s.nof_clauses(), 7)
            self.assertFalse(s.supports_atmost())
            self.assertRaises(NotImplementedError, s.add_atmost, [1, 2], 1)
            self.assertRaises(NotImplementedError, s.add_xor_clause, [1, 2])
            plus = CNFPlus()
            plus.append([[1, 2, 3], 1], is_atmost=True)
            self.assertRaises(NotImplementedError, s.append_formula, plus)

    def test_native_cardinality_as_in_pysat(self):
        plus = CardEnc.atmost(lits=range(1, 6), bound=1, encoding=EncType.native)
        plus.append(list(range(1, 6)))
        for name in ("minicard", "gluecard3", "Gluecard4", "einsat"):
            with Solver(name=name, bootstrap_with=plus) as s:
                self.assertTrue(s.supports_atmost())
                self.assertEqual(len(list(s.enum_models())), 5)
        with solvers.Minicard() as s:
            s.add_clause([1, 2, 3, 4])
            s.add_atmost([1, 2, 3, 4], 3)
            self.assertIs(s.add_atmost([-1, -2, -3, -4], 1, no_return=False), True)
            models = list(s.enum_models())
            self.assertEqual(len(models), 4)  # exactly 3 of 4 true
            self.assertTrue(all(sum(lit > 0 for lit in m) == 3 for m in models))
            self.assertIs(s.add_atmost([1, 2, 3, 4], 0, no_return=False), False)
            self.assertRaises(NotImplementedError, s.add_atmost, [1, 2], 1,
                              weights=[1, 2])
        for name in ("m22", "cadical153", "glucose4"):
            with Solver(name=name) as s:
                self.assertFalse(s.supports_atmost())
                self.assertRaises(NotImplementedError, s.append_formula, plus)
        with Solver(name="minicard", with_proof=True) as s:
            self.assertRaises(ValueError, s.add_atmost, [1, 2, 3], 2)

    def test_phases_timer_stats(self):
        phases = [-1, 2, -3, 4, -5, 6, -7, 8]
        with Solver(bootstrap_with=[list(range(1, 9))], use_timer=True) as s:
            s.set_phases(literals=phases)
            self.assertIs(s.solve(), True)
            self.assertEqual(s.get_model(), phases)
            self.assertGreaterEqual(s.time(), 0.0)
            s.solve(assumptions=[1])
            self.assertGreaterEqual(s.time_accum(), s.time())
            stats = s.accum_stats()
            self.assertEqual(set(stats), {"restarts", "conflicts", "decisions", "propagations"})
            s.configure({"seed": 3})
            self.assertRaises(ValueError, s.configure, {"no-such-option": 1})
        with Solver(bootstrap_with=[[1]]) as s:
            self.assertEqual(s.time(), 0.0)
        s.delete()
        self.assertIsNone(s.solve())  # deleted: PySAT returns None
        self.assertIsNone(s.get_model())

    def test_proof_checks(self):
        checker = os.path.join(ROOT, "build", CONFIG, "bin", "einsat-check")
        if not os.access(checker, os.X_OK):
            self.skipTest("%s not built" % checker)
        clauses = pigeonhole(5, 4)
        with Solver(name="cd15", bootstrap_with=clauses, with_proof=True) as s:
            self.assertIs(s.solve(), False)
            proof = s.get_proof()
            self.assertEqual(proof[-1].split(), ["0"])
        with tempfile.TemporaryDirectory() as tmp:
            cnf, drat = os.path.join(tmp, "f.cnf"), os.path.join(tmp, "f.drat")
            CNF(from_clauses=clauses).to_file(cnf)
            with open(drat, "w") as f:
                f.write("\n".join(proof) + "\n")
            run = subprocess.run([checker, "drat", cnf, drat], capture_output=True, text=True)
            self.assertEqual(run.returncode, 0, run.stdout + run.stderr)
        with Solver(bootstrap_with=clauses) as s:
            self.assertIsNone(s.get_proof())

    def test_bootstrap_with_formulas(self):
        x, y, z = Atom("bx"), Atom("by"), Atom("bz")
        cnf = CNF(from_clauses=[[-1, 2], [-2, 3]])
        with Solver(bootstrap_with=cnf) as s:
            self.assertEqual(len(list(s.enum_models())), 4)
        f = (x ^ y) & (y >> z)
        with Solver(bootstrap_with=f) as s:
            atoms = Formula.literals([x, y, z])
            found = set()
            for model in s.enum_models():
                found.add(tuple(lit > 0 for lit in (model[abs(a) - 1] * (1 if a > 0 else -1) for a in atoms)))
            self.assertEqual(found, {(a, b, c) for a, b, c in itertools.product((False, True), repeat=3)
                                     if (a != b) and (not b or c)})


#------------------------------------------------------------------------------
# Formulas.

class IDPoolTest(unittest.TestCase):
    def test_pool(self):
        pool = IDPool(occupied=[[12, 18], [3, 10]])
        self.assertEqual([pool.id("v%d" % i) for i in range(5)], [1, 2, 11, 19, 20])
        self.assertEqual(pool.id("v1"), 2)
        self.assertEqual(pool.obj(19), "v3")
        self.assertIsNone(pool.obj(7))
        self.assertEqual(pool.id(), 21)  # anonymous
        self.assertEqual(pool.top, 21)
        pool.occupy(22, 25)
        self.assertEqual(pool.id("w"), 26)
        pool.restart(start_from=5)
        self.assertEqual(pool.id("v0"), 5)
        neg = IDPool(with_neg=True)
        self.assertEqual(neg.id(7), 1)
        self.assertEqual(neg.obj2id[-7], -1)
        self.assertEqual(neg.obj(-1), -7)
        self.assertIn("IDPool(start_from=", repr(pool))


class CNFTest(unittest.TestCase):
    TEXT = "c first\nc second\np cnf 6 3\n-1 2 0\n-2 3\n0 4 -5 0\n"

    def test_read_and_write(self):
        cnf = CNF(from_string=self.TEXT)
        self.assertEqual(cnf.clauses, [[-1, 2], [-2, 3], [4, -5]])
        self.assertEqual(cnf.nv, 6)  # the header's count is kept
        self.assertEqual(cnf.comments, ["c first", "c second"])
        self.assertEqual(CNF(from_string=cnf.to_dimacs()).clauses, cnf.clauses)
        self.assertEqual(cnf.to_dimacs().splitlines()[2], "p cnf 6 3")
        out = io.StringIO()
        cnf.to_fp(out, comments=["c extra"])
        self.assertIn("c extra\np cnf 6 3\n-1 2 0\n", out.getvalue())
        self.assertEqual(CNF(from_fp=io.StringIO(out.getvalue())).clauses, cnf.clauses)
        self.assertEqual(CNF(from_string="p cnf 2 1\n1 2 0\n%\n0\n").clauses, [[1, 2]])
        self.assertEqual(CNF(from_string="x 1 2 0\n", comment_lead=["x"]).clauses, [])
        with self.assertRaisesRegex(ValueError, "line 2"):
            CNF(from_string="p cnf 2 1\n1 a 0\n")
        self.assertEqual(eval(repr(cnf)).clauses, cnf.clauses)

    def test_files_compressed_or_not(self):
        cnf = CNF(from_string=self.TEXT)
        with tempfile.TemporaryDirectory() as tmp:
            names = ["f.cnf", "f.cnf.gz", "f.cnf.bz2", "f.cnf.xz", "f.cnf.lzma"]
            if shutil.which("zstd"):
                names.append("f.cnf.zst")
            for name in names:
                path = os.path.join(tmp, name)
                cnf.to_file(path)
                self.assertEqual(CNF(from_file=path).clauses, cnf.clauses, name)
            with open(os.path.join(tmp, "f.cnf.gz"), "rb") as f:
                self.assertEqual(gzip.decompress(f.read()).decode().splitlines()[2], "p cnf 6 3")
            with open(os.path.join(tmp, "f.cnf.bz2"), "rb") as f:
                self.assertIn(b"p cnf 6 3", bz2.decompress(f.read()))
            with open(os.path.join(tmp, "f.cnf.xz"), "rb") as f:
                self.assertIn(b"p cnf 6 3", lzma.decompress(f.read()))
            plain = os.path.join(tmp, "plain.gz")  # not compressed after all
            cnf.to_file(plain, compress_with=None)
            with open(plain) as f:
                self.assertTrue(f.read().startswith("c first"))
            read = CNF()
            read.from_file(plain, compressed_with=None)
            self.assertEqual(read.clauses, cnf.clauses)

    def test_changes(self):
        cnf = CNF(from_clauses=[[-1, 2], [3]])
        cnf.append([-3, 4])
        cnf.extend([[5, 6], [-7]])
        self.assertEqual(cnf.clauses, [[-1, 2], [3], [-3, 4], [5, 6], [-7]])
        self.assertEqual(cnf.nv, 7)
        copy = cnf.copy()
        copy.append([8])
        self.assertEqual(len(cnf.clauses), 5)
        self.assertEqual(list(cnf), cnf.clauses)
        wcnf = cnf.weighted()
        self.assertEqual((wcnf.hard, wcnf.soft, wcnf.wght, wcnf.topw), ([], cnf.clauses, [1] * 5, 6))

    def test_negate_against_brute_force(self):
        rng = random.Random(14)
        for _ in range(150):
            n, clauses = random_formula(rng, max_vars=6)
            clauses = [c for c in clauses if c] or [[1]]
            pos = CNF(from_clauses=clauses)
            n = pos.nv  # the negation's variables come after the formula's
            neg = pos.negate()
            # Under each assignment of 1..n the negation is satisfiable
            # exactly when the formula is false.
            positive = set(brute_force_models(n, clauses))
            for x in range(1 << n):
                assignment = [v if x >> (v - 1) & 1 else -v for v in range(1, n + 1)]
                sat = dpll_satisfiable(neg.clauses, assignment) is not None
                self.assertIs(sat, x not in positive, (clauses, assignment))
            self.assertEqual(len(neg.auxvars), sum(len(c) > 1 for c in clauses))
            self.assertEqual(neg.clauses[-1], neg.enclits)

    def test_wcnf_formats(self):
        old = "c w\np wcnf 3 4 10\n10 1 2 0\n3 -1 0\n2 -2 0\n10 -3 0\n"
        new = "c w\nh 1 2 0\n3 -1 0\n2 -2 0\nh -3 0\n"
        for text in (old, new):
            w = WCNF(from_string=text)
            self.assertEqual(w.hard, [[1, 2], [-3]])
            self.assertEqual(w.soft, [[-1], [-2]])
            self.assertEqual(w.wght, [3, 2])
            self.assertEqual(w.nv, 3)
            again = WCNF(from_string=w.to_dimacs())
            self.assertEqual((again.hard, again.soft, again.wght), (w.hard, w.soft, w.wght))
            again = WCNF(from_string=w.to_dimacs(format="dimacs"))
            self.assertEqual((again.hard, again.soft, again.wght), (w.hard, w.soft, w.wght))
        plus = formula.WCNFPlus(from_string="c x\np wcnf+ 7 3 10\n10 1 -2 3 5 -7 <= 3\n"
                                            "10 4 5 6 -7 >= 2\n5 3 5 7 0\n")
        self.assertEqual((plus.soft, plus.wght, plus.hard, plus.nv), ([[3, 5, 7]], [5], [], 7))
        self.assertEqual(plus.atms, [([1, -2, 3, 5, -7], 3), ([-4, -5, -6, 7], 2)])
        for fmt in ("mse22", "dimacs"):
            self.assertEqual(formula.WCNFPlus(from_string=plus.to_dimacs(fmt)).atms, plus.atms)
        cnfplus = CNFPlus(from_string="p cnf+ 3 2\n1 2 0\n1 2 3 <= 1\n")
        self.assertEqual((cnfplus.clauses, cnfplus.atmosts), ([[1, 2]], [([1, 2, 3], 1)]))
        weighted = cnfplus.weighted()
        self.assertEqual((weighted.soft, weighted.atms), ([[1, 2]], [([1, 2, 3], 1)]))
        w = WCNF()
        w.append([-1, -2])
        w.append([1], weight=1)
        w.append([2], weight=3.5)
        self.assertEqual(w.topw, 5.5)
        self.assertEqual(w.unweighted().clauses, [[-1, -2], [1], [2]])


def random_formula_tree(rng, atoms, depth):
    """A random formula over 'atoms' and the constants, built with the
    classes and with the operators."""
    if depth == 0 or rng.random() < 0.25:
        choice = rng.random()
        if choice < 0.06:
            return PYSAT_TRUE
        if choice < 0.12:
            return PYSAT_FALSE
        return rng.choice(atoms)
    subs = [random_formula_tree(rng, atoms, depth - 1) for _ in range(3)]
    some = subs[:rng.randint(1, 3)]
    a, b, c = subs
    return rng.choice([
        lambda: Neg(a), lambda: And(*some), lambda: Or(*some),
        lambda: Equals(*some), lambda: XOr(*some), lambda: Implies(a, b),
        lambda: ITE(a, b, c), lambda: a & b, lambda: a | b, lambda: a >> b,
        lambda: a << b, lambda: a @ b, lambda: a ^ b, lambda: ~a])()


def formula_value(f, v):
    """Evaluates a formula object directly (the reference for merged
    operators)."""
    if f is PYSAT_TRUE:
        return True
    if f is PYSAT_FALSE:
        return False
    if isinstance(f, Atom):
        return v[f]
    if isinstance(f, Neg):
        return not formula_value(f.subformula, v)
    if isinstance(f, And):
        return all(formula_value(s, v) for s in f.subformulas)
    if isinstance(f, Or):
        return any(formula_value(s, v) for s in f.subformulas)
    if isinstance(f, Implies):
        return not formula_value(f.left, v) or formula_value(f.right, v)
    if isinstance(f, Equals):
        return len({formula_value(s, v) for s in f.subformulas}) == 1
    if isinstance(f, XOr):
        return sum(formula_value(s, v) for s in f.subformulas) % 2 == 1
    if isinstance(f, ITE):
        return formula_value(f.cons1 if formula_value(f.cond, v) else f.cons2, v)
    raise AssertionError(f)


class FormulaTest(unittest.TestCase):
    def setUp(self):
        Formula.set_context("test")

    def tearDown(self):
        Formula.cleanup("test")
        Formula.set_context("default")

    def check_tseitin(self, f, atoms):
        """The clauses of 'f' have exactly one model for each assignment
        of the atoms that satisfies 'f' (the auxiliary variables are
        defined by it) and none for the others."""
        for a in atoms:  # every atom named, so the table covers them
            a.clausify()
        clauses = list(f)
        names = [a.name for a in atoms]
        variables = sorted({abs(lit) for c in clauses for lit in c} | set(names))
        index = {var: i for i, var in enumerate(variables)}
        self.assertLessEqual(len(variables), 18, str(f))
        counts = {}
        for x in range(1 << len(variables)):
            if all(any((x >> index[abs(l)] & 1) == (l > 0) for l in c) for c in clauses):
                key = tuple(bool(x >> index[n] & 1) for n in names)
                counts[key] = counts.get(key, 0) + 1
        for values in itertools.product((False, True), repeat=len(atoms)):
            assignment = dict(zip(atoms, values))
            expected = formula_value(f, assignment)
            self.assertEqual(counts.get(values, 0), 1 if expected else 0,
                             (str(f), values, clauses))
            self.assertIs(f.satisfied([a if val else ~a for a, val in assignment.items()]),
                          expected)

    def test_tseitin_against_truth_tables(self):
        rng = random.Random(15)
        atoms = [Atom("a"), Atom("b"), Atom("c"), Atom("d")]
        checked = 0
        while checked < 400:
            f = random_formula_tree(rng, atoms, 3)
            if f is PYSAT_TRUE or f is PYSAT_FALSE:
                continue
            self.check_tseitin(f, atoms)
            checked += 1

    def test_operators(self):
        a, b, c = Atom("a"), Atom("b"), Atom("c")
        eq = a @ b @ c  # all three equal (PySAT's merge)
        self.assertIs(eq, Equals(a, b, c, merge=True))
        self.assertEqual(len(eq.subformulas), 3)
        self.assertEqual(len((a ^ b ^ c).subformulas), 3)
        self.assertIs(And((a, b, c)), And(c, b, a))  # a sequence of operands
        self.assertIs(a >> b, Implies(a, b))
        self.assertIs(a << b, Implies(b, a))
        for f in (eq, a ^ b ^ c, ~(a ^ b), a & ~a, a | ~a, ITE(a, b, c), a @ ~a,
                  XOr(a), Equals(a), And(a, PYSAT_TRUE), Or(a, PYSAT_FALSE, b)):
            self.check_tseitin(f, [a, b, c])
        self.assertEqual(list(Or(PYSAT_FALSE)), [[]])  # unsatisfiable
        self.assertEqual(list(And(PYSAT_TRUE, a)), [[a.name]])

    def test_unique_objects_and_names(self):
        x, y = Atom("x"), Atom("x")
        self.assertIs(x, y)
        self.assertIs(x & Atom("y"), Atom("y") & x)
        self.assertIsNot(And(And(x, Atom("y")), Atom("z")), And(x, Atom("y"), Atom("z")))
        self.assertIs(~~x, x)
        self.assertIs(~PYSAT_TRUE, PYSAT_FALSE)
        self.assertIsNot(Atom(1), Atom(True))
        self.assertEqual(Atom(5).name, 5)
        fresh = Atom("fresh")
        fresh.clausify()
        self.assertGreater(fresh.name, 5)  # Atom(5) took 1..5
        Formula.cleanup("test")  # variables from 1 again
        Formula.set_context("test")
        a = (Atom("p") @ Atom("q")) ^ Atom("r")
        with Solver(bootstrap_with=a) as s:
            models = [Formula.formulas(m, atoms_only=True) for m in s.enum_models()]
        self.assertEqual(len(models), 4)
        for m in models:
            self.assertIs(a.satisfied(m), True)
        self.assertEqual(Formula.literals([Atom("p"), ~Atom("q")]),
                         [Atom("p").name, -Atom("q").name])
        self.assertEqual(sorted(map(str, a.atoms())), ["p", "q", "r"])
        self.assertRaises(FormulaError, Atom, 0)
        self.assertRaises(FormulaError, And, 1, 2)
        self.assertRaises(FormulaError, lambda: Neg("x"))
        self.assertIs(Neg(Atom("ok")), ~Atom("ok"))  # nothing half-built left

    def test_simplified(self):
        x, y, z, p = Atom("x"), Atom("y"), Atom("z"), Atom("p")
        a = (x @ y) | z
        self.assertIs(a.simplified(assumptions=[z]), PYSAT_TRUE)
        self.assertIs(a.simplified(assumptions=[~z]), x @ y)
        self.assertEqual(str((a ^ p).simplified(assumptions=[x, ~p])), "y | z")
        self.assertIsNone(a.satisfied([~z]))
        self.assertIs(a.satisfied([z]), True)
        self.assertEqual(str(x & y | z), "(x & y) | z")
        self.assertEqual(repr(x >> y), "Implies(Atom('x'), Atom('y'))")
        rng = random.Random(16)
        atoms = [x, y, z, p]
        for _ in range(300):
            f = random_formula_tree(rng, atoms, 3)
            fixed = rng.sample(atoms, rng.randint(0, 3))
            values = {a: rng.random() < 0.5 for a in fixed}
            simple = f.simplified([a if v else ~a for a, v in values.items()])
            for rest in itertools.product((False, True), repeat=4):
                full = dict(zip(atoms, rest))
                full.update(values)
                self.assertIs(formula_value(simple, full), formula_value(f, full), (str(f), str(simple)))

    def test_cnf_inside_formulas(self):
        Formula.cleanup("test")
        Formula.set_context("test")
        cnf = CNF(from_clauses=[[-1, 2], [-2, 3]])
        xor = Atom(1) ^ Atom(2) ^ Atom(4)
        with Solver(bootstrap_with=xor & cnf) as s:
            models = list(s.enum_models(assumptions=Formula.literals([~Atom(3)])))
        self.assertEqual([Formula.formulas(m) for m in models],
                         [[Neg(Atom(1)), Neg(Atom(2)), Neg(Atom(3)), Atom(4)]])
        inner = Or(cnf, Atom(4))  # the CNF named by a variable
        clauses = list(inner)
        for x in range(16):
            v = {i: bool(x >> (i - 1) & 1) for i in range(1, 5)}
            cnf_true = all(any(v[abs(l)] == (l > 0) for l in c) for c in cnf.clauses)
            assumptions = [i if v[i] else -i for i in v]
            sat = dpll_satisfiable(clauses, assumptions) is not None
            self.assertIs(sat, cnf_true or v[4])


#------------------------------------------------------------------------------
# Cardinality encodings.

ENCODINGS = {
    "pairwise": EncType.pairwise, "seqcounter": EncType.seqcounter,
    "sortnetwrk": EncType.sortnetwrk, "cardnetwrk": EncType.cardnetwrk,
    "bitwise": EncType.bitwise, "ladder": EncType.ladder,
    "totalizer": EncType.totalizer, "mtotalizer": EncType.mtotalizer,
    "kmtotalizer": EncType.kmtotalizer}


class CardTest(unittest.TestCase):
    def check(self, kind, lits, bound, encoding, counts):
        n = len(lits)
        method = getattr(CardEnc, kind)
        top = n + 2
        try:
            result = method(lits=lits, bound=bound, top_id=top, encoding=encoding)
        except card.UnsupportedBound:
            self.assertIn(encoding, card.AT_MOST_ONE_ONLY)
            self.assertTrue(1 < bound < n - 1)
            return
        used = {abs(l) for c in result.clauses for l in c}
        aux = used - set(map(abs, lits))
        self.assertTrue(all(v > top for v in aux), (kind, encoding, aux))
        self.assertGreaterEqual(result.nv, max(used | {top}))
        holds = {"atmost": lambda s: s <= bound, "atleast": lambda s: s >= bound,
                 "equals": lambda s: s == bound}[kind]
        for values in itertools.product((False, True), repeat=n):
            total = sum(values[i] if lits[i] > 0 else not values[i] for i in range(n))
            assumptions = [abs(l) if v else -abs(l) for l, v in zip(lits, values)]
            solution = dpll_satisfiable(result.clauses, assumptions)
            self.assertIs(solution is not None, holds(total),
                          (kind, lits, bound, encoding, values, result.clauses))
            if solution is not None:  # a model, checked
                self.assertTrue(all(any(solution.get(abs(l), False) == (l > 0) for l in c)
                                    for c in result.clauses))
        counts[encoding] = counts.get(encoding, 0) + 1

    def test_exhaustive_small(self):
        rng = random.Random(17)
        counts = {}
        for n in range(1, 7):
            for bound in range(0, n + 2):
                for name, encoding in ENCODINGS.items():
                    lits = [v if rng.random() < 0.7 else -v for v in range(1, n + 1)]
                    rng.shuffle(lits)
                    for kind in ("atmost", "atleast", "equals"):
                        if kind == "atleast" and bound > n:
                            self.assertRaises(ValueError, CardEnc.atleast, lits, bound,
                                              encoding=encoding)
                            continue
                        if kind == "equals" and bound > n:
                            continue
                        self.check(kind, lits, bound, encoding, counts)
        self.assertEqual(set(counts), set(ENCODINGS.values()))

    def test_modulo_totalizers_exhaustively_up_to_8(self):
        # The quotient caps of the modulo totalizers matter most for n
        # near a multiple of the modulus.
        counts = {}
        for n in (7, 8):
            for bound in range(1, n):
                for encoding in (EncType.mtotalizer, EncType.kmtotalizer):
                    self.check("atmost", list(range(1, n + 1)), bound, encoding, counts)

    def test_larger_bounds_by_sampling(self):
        # n = 11: the input assignments sampled, every k.
        rng = random.Random(18)
        for name, encoding in ENCODINGS.items():
            if encoding in card.AT_MOST_ONE_ONLY:
                continue
            for n in (11,):
                lits = list(range(1, n + 1))
                for bound in range(1, n):
                    result = CardEnc.atmost(lits, bound, encoding=encoding)
                    for _ in range(8):
                        values = [rng.random() < bound / n for _ in range(n)]
                        assumptions = [v if x else -v for v, x in zip(lits, values)]
                        sat = dpll_satisfiable(result.clauses, assumptions) is not None
                        self.assertIs(sat, sum(values) <= bound, (name, n, bound, values))

    def test_duplicates_count_twice(self):
        for name, encoding in ENCODINGS.items():
            if encoding in card.AT_MOST_ONE_ONLY:
                result = CardEnc.atmost([1, 1, 2], 1, encoding=encoding)
            else:
                result = CardEnc.atmost([1, 1, 2, 3], 2, encoding=encoding)
            self.assertIsNone(dpll_satisfiable(result.clauses, [1, 2]), name)
            self.assertIsNotNone(dpll_satisfiable(result.clauses, [-1, 2]), name)

    def test_arguments(self):
        self.assertRaises(card.NoSuchEncodingError, CardEnc.atmost, [1, 2], 1, encoding=12)
        self.assertRaises(ValueError, CardEnc.atmost, [1, 2], -1)
        self.assertRaises(card.UnsupportedBound, CardEnc.atmost, [1, 2, 3, 4], 2,
                          encoding=EncType.pairwise)
        self.assertEqual(CardEnc.atmost([], 1).clauses, [])
        native = CardEnc.atmost([1, 2, 3], 2, encoding=EncType.native)
        self.assertEqual((native.clauses, native.atmosts), ([], [([1, 2, 3], 2)]))
        self.assertEqual(CardEnc.atleast([1, 2, 3], 2, encoding=EncType.native).atmosts,
                         [([-1, -2, -3], 1)])
        self.assertEqual(CardEnc.atmost([1, 2, 3], encoding=EncType.pairwise).clauses,
                         [[-1, -2], [-1, -3], [-2, -3]])
        self.assertRaises(ValueError, CardEnc.atmost, [1, 2], 1, top_id=5, vpool=IDPool())

    def test_vpool(self):
        pool = IDPool(occupied=[[1, 10]])
        v = [pool.id(("x", i)) for i in range(6)]
        pool.occupy(pool.top + 1, pool.top + 5)  # taken by someone else
        before = pool.top
        result = CardEnc.atmost(v, 2, vpool=pool, encoding=EncType.seqcounter)
        aux = {abs(l) for c in result.clauses for l in c} - set(v)
        self.assertTrue(all(a > before + 5 for a in aux))
        self.assertEqual(result.nv, pool.top)
        self.assertEqual(max(aux), pool.top)
        again = CardEnc.atmost(v, 3, vpool=pool, encoding=EncType.totalizer)
        aux2 = {abs(l) for c in again.clauses for l in c} - set(v)
        self.assertFalse(aux & aux2)

    def test_itotalizer(self):
        rng = random.Random(19)
        for _ in range(25):
            n = rng.randint(1, 5)
            lits = list(range(1, n + 1))
            ubound = rng.randint(0, n)
            t = ITotalizer(lits=lits, ubound=ubound)
            self.check_totalizer(t, lits, ubound)
            if ubound < n:
                t.increase(ubound=ubound + 1)
                self.check_totalizer(t, lits, ubound + 1)
                # outputs exist up to n: nothing is new at the last step
                self.assertEqual(t.nof_new > 0, ubound + 1 < n)
            # New inputs are variables the totalizer does not use yet.
            more = list(range(t.top_id + 1, t.top_id + 1 + rng.randint(1, 2)))
            t.extend(lits=more)
            self.check_totalizer(t, lits + more, t.ubound)
            other_lits = [t.top_id + 1, t.top_id + 2]
            other = ITotalizer(lits=other_lits, ubound=1, top_id=t.top_id + 2)
            t.merge_with(other, ubound=t.ubound)
            self.check_totalizer(t, lits + more + other_lits, t.ubound)
            with t:
                pass
        with ITotalizer(lits=[1, 2, 3], ubound=1) as t:
            self.assertEqual(len(t.rhs), 2)
            t.increase(ubound=2)
            self.assertEqual(t.nof_new, 1)

    def check_totalizer(self, t, lits, ubound):
        self.assertEqual(sorted(t.lits), sorted(lits))
        self.assertEqual(len(t.rhs), min(ubound + 1, len(lits)))
        self.assertTrue(all(abs(l) <= t.top_id for c in t.cnf.clauses for l in c))
        for values in itertools.product((False, True), repeat=len(lits)):
            assumptions = [v if x else -v for v, x in zip(lits, values)]
            for k in range(len(t.rhs)):
                sat = dpll_satisfiable(t.cnf.clauses + [[-t.rhs[k]]], assumptions) is not None
                self.assertIs(sat, sum(values) <= k, (lits, k, values))


if __name__ == "__main__":
    unittest.main()
