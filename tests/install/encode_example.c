#include <einsat_encode.h>
#include <stdio.h>

/* Against the installed encoding library: the 2 solutions of 4 queens,
 * with a clause blocking each one found. */
int main (void) {
  encoder *e = enc_new (0);
  int q[4][4];
  for (int r = 0; r < 4; r++)
    for (int c = 0; c < 4; c++)
      q[r][c] = enc_var (e, "q_%d_%d", r + 1, c + 1);
  for (int r = 0; r < 4; r++)
    enc_exactly_one (e, 4, q[r]);
  for (int a = 0; a < 16; a++)
    for (int b = a + 1; b < 16; b++) {
      int r1 = a / 4, c1 = a % 4, r2 = b / 4, c2 = b % 4;
      int dr = r2 - r1, dc = c2 - c1 < 0 ? c1 - c2 : c2 - c1;
      if (c1 == c2 || dr == dc) {
        int clause[] = {-q[r1][c1], -q[r2][c2]};
        enc_clause (e, 2, clause);
      }
    }
  if (!enc_ok (e)) {
    fprintf (stderr, "%s\n", enc_error (e));
    return 1;
  }
  einsat *solver = enc_solver (e);
  int solutions = 0;
  while (einsat_solve (solver) == 10) {
    int queens[4], n = 0;
    for (int r = 0; r < 4; r++)
      for (int c = 0; c < 4; c++)
        if (einsat_val (solver, q[r][c]) > 0)
          queens[n++] = q[r][c];
    for (int i = 0; i < n; i++) {
      printf ("%s%s", i ? " " : "", enc_name (e, queens[i]));
      einsat_add (solver, -queens[i]);
    }
    einsat_add (solver, 0);
    printf ("\n");
    solutions++;
  }
  printf ("%d solutions\n", solutions);
  enc_delete (e);
  return 0;
}
