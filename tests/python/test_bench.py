"""bench/python_bench.py finds its data where --data-dir says.  The
script needs pycosat (Debian's python3-pycosat, importable by
/usr/bin/python3), so these tests skip without it."""

import importlib.util
import os
import subprocess
import sys
import tempfile
import unittest

from helpers import ROOT

BENCH = os.path.join(ROOT, "bench", "python_bench.py")
PUZZLES = [
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
]

try:
    import pycosat  # noqa: F401 (the script imports it at once)
except ImportError:
    pycosat = None


def load_bench():
    spec = importlib.util.spec_from_file_location("python_bench", BENCH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@unittest.skipIf(pycosat is None, "pycosat is not importable by this interpreter")
class BenchDataDirTest(unittest.TestCase):
    def test_data_dir_is_read(self):
        bench = load_bench()
        with tempfile.TemporaryDirectory() as data:
            os.mkdir(os.path.join(data, "sudoku"))
            with open(os.path.join(data, "sudoku", "top95.txt"), "w") as f:
                f.write("\n".join(PUZZLES) + "\n")
            self.assertEqual(bench.sudoku_files(data),
                             [os.path.join(data, "sudoku", "top95.txt")])
            instances = bench.sudoku_instances(data)
        self.assertEqual(len(instances), 2)
        for clauses in instances:
            self.assertIsInstance(bench.einsat.solve(clauses), list)
        self.assertEqual(bench.sudoku_files(), bench.SUDOKU_FILES)  # the default

    def test_missing_data_dir_is_named(self):
        with tempfile.TemporaryDirectory() as data:
            out = subprocess.run([sys.executable, BENCH, "--quick", "--data-dir", data],
                                 capture_output=True, text=True, timeout=120)
        self.assertNotEqual(out.returncode, 0)
        self.assertIn(os.path.join(data, "sudoku", "top95.txt"), out.stderr)
        self.assertIn("top95.txt not found", out.stderr)


if __name__ == "__main__":
    unittest.main()
