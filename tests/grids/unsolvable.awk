# Sudoku puzzles without a solution, for tests/grids/suite: reads lines
# "PUZZLE SOLUTION" (9x9, one line each, the solution unique) and prints
# the puzzle with its last blank cell set to the first value that clashes
# with no given and is not the solution's, so that nothing solves it.
{
  p = $1; s = $2
  for (k = 80; k >= 0; k--) {
    if (substr (p, k + 1, 1) != "0") continue
    r = int (k / 9); c = k % 9; b = 3 * int (r / 3) + int (c / 3)
    for (v = 1; v <= 9; v++) {
      if (v "" == substr (s, k + 1, 1)) continue
      ok = 1
      for (j = 0; j < 81 && ok; j++) {
        rj = int (j / 9); cj = j % 9; bj = 3 * int (rj / 3) + int (cj / 3)
        if ((rj == r || cj == c || bj == b) && substr (p, j + 1, 1) == v "")
          ok = 0
      }
      if (ok) { print substr (p, 1, k) v substr (p, k + 2); next }
    }
  }
}
