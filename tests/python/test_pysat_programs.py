"""PySAT programs (tests/python/pysat_programs, written for PySAT) run on
einsat with only their imports changed from 'pysat' to 'einsat.pysat'.
Each program checks its own answers against brute force and prints a
summary line."""

import os
import re
import subprocess
import sys
import tempfile
import unittest

import einsat

PROGRAMS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "pysat_programs")
EXPECTED = {
    "pigeonhole.py": "pigeonhole done",
    "queens.py": "queens 8 92",
    "mus.py": "mus 20 minimal",
    "maxsat_lsu.py": "lsu 15 optimal",
    "formulas.py": "formulas",
    "limits.py": "limits stopped",
}


def with_einsat_imports(source):
    """'from pysat.x import y' -> 'from einsat.pysat.x import y' and
    'import pysat.x' -> 'import einsat.pysat.x': nothing else changes."""
    return re.sub(r"^(\s*)(from|import)(\s+)pysat\b", r"\1\2\3einsat.pysat",
                  source, flags=re.MULTILINE)


class PysatProgramsTest(unittest.TestCase):
    def test_import_rewrite(self):
        self.assertEqual(with_einsat_imports("from pysat.solvers import Solver\n"
                                             "import pysat.card as c\nx = 'pysat'\n"),
                         "from einsat.pysat.solvers import Solver\n"
                         "import einsat.pysat.card as c\nx = 'pysat'\n")

    def test_programs(self):
        self.assertEqual(sorted(os.listdir(PROGRAMS)),
                         sorted(name for name in EXPECTED))
        for name, line in EXPECTED.items():
            with open(os.path.join(PROGRAMS, name)) as f:
                source = f.read()
            self.assertIn("from pysat.", source)
            with tempfile.TemporaryDirectory() as tmp:
                path = os.path.join(tmp, name)
                with open(path, "w") as f:
                    f.write(with_einsat_imports(source))
                package = os.path.dirname(os.path.dirname(os.path.abspath(einsat.__file__)))
                env = dict(os.environ, PYTHONPATH=package)
                out = subprocess.run([sys.executable, path], capture_output=True,
                                     text=True, timeout=300, cwd=tmp, env=env)
            self.assertEqual(out.returncode, 0, "%s:\n%s" % (name, out.stderr[-3000:]))
            self.assertIn(line, out.stdout, name)


if __name__ == "__main__":
    unittest.main()
