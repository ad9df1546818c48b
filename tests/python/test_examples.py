"""The examples in python/examples run and print the known answers."""

import os
import subprocess
import sys
import tempfile
import unittest

from helpers import EXAMPLES

EINSTEIN = """\
1      yellow       Norwegian    water        Dunhill      cats
2      blue         Dane         tea          Blends       horses
3      red          Brit         milk         Pall Mall    birds
4      green        German       coffee       Prince       fish
5      white        Swede        beer         Bluemasters  dogs"""

TOP95_FIRST = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"


def run(name, *args):
    env = dict(os.environ)
    out = subprocess.run([sys.executable, os.path.join(EXAMPLES, name)] + list(args),
                         capture_output=True, text=True, timeout=120, env=env)
    assert out.returncode == 0, out.stderr
    return [line.rstrip() for line in out.stdout.splitlines()]


class ExamplesTest(unittest.TestCase):
    def test_einstein(self):
        lines = run("einstein.py")
        self.assertEqual(lines[1:6], EINSTEIN.splitlines())
        self.assertIn("The German owns the fish.", lines)
        self.assertIn("The solution is unique.", lines)

    def test_sudoku(self):
        lines = run("sudoku.py")
        digits = "".join(ch for line in lines[:11] for ch in line if ch.isdigit())
        self.assertEqual(digits, TOP95_FIRST)
        self.assertEqual(lines[-1], "1 of 1 puzzles solved and checked, 1 with a unique solution")

    def test_sudoku_file(self):
        puzzles = [
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
            "000000010400000000020000000000050407008000300001090000300400200050100000000806000",
            "................................................................................."]
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
            f.write("\n".join(puzzles) + "\n")
        try:
            lines = run("sudoku.py", f.name)
        finally:
            os.unlink(f.name)
        self.assertEqual(lines[-1], "4 of 4 puzzles solved and checked, 3 with a unique solution")

    def test_gchq(self):
        lines = run("gchq.py")
        with open(os.path.join(EXAMPLES, "gchq2015.solution.txt")) as f:
            known = f.read().split()
        self.assertEqual(lines[:25], known)
        self.assertEqual(lines[25:], ["The solution is unique.",
                                      "It matches gchq2015.solution.txt."])

    def test_examples_are_short(self):
        for name in ("einstein.py", "sudoku.py", "gchq.py"):
            with open(os.path.join(EXAMPLES, name)) as f:
                self.assertLess(len(f.readlines()), 100, name)


if __name__ == "__main__":
    unittest.main()
