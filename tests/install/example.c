#include <einsat.h>
#include <stdio.h>

int main (void) {
  einsat *solver = einsat_new ();
  int clauses[] = {1, 2, 0, -1, 2, 0, -2, 3, 0};
  for (size_t i = 0; i < sizeof clauses / sizeof *clauses; i++)
    einsat_add (solver, clauses[i]);          /* 0 ends a clause */
  einsat_assume (solver, -3);                 /* for the next solve only */
  if (einsat_solve (solver) == 20)            /* 10 SAT, 20 UNSAT */
    printf ("UNSAT because of assumption -3: %d\n",
            einsat_failed (solver, -3));
  if (einsat_solve (solver) == 10)
    printf ("x1 = %d, x2 = %d, x3 = %d\n", einsat_val (solver, 1),
            einsat_val (solver, 2), einsat_val (solver, 3));
  einsat_delete (solver);
  return 0;
}
