/* 'einsat hint FILE': the next step a person could take on a Sudoku.
 * FILE is the named CNF of 'einsat sudoku --cnf' (rules and givens as
 * unit clauses).  The solver only propagates: no preprocessing ('plain'),
 * no decision (decision limit 0), and the trace reports every implied
 * literal with the clause that implied it.  The first implied positive
 * literal is a cell the rules force; its reason clause says why (a cell
 * with one digit left, or a digit with one place left in a row, column
 * or box), and the propagations before it say which givens removed the
 * other candidates.
 *
 * Output, literals by name ('-' for false):
 *   step LIT by LIT LIT ...    each propagation up to the forced cell
 *   hint LIT by LIT LIT ...    the forced cell and its reason
 *   hint none                  propagation alone forces no empty cell
 *   hint contradiction         the givens already contradict the rules */

#include "web.h"

#include <stdlib.h>
#include <string.h>

typedef struct names {
  char **name; /* by variable, NULL if unnamed */
  int size;
} names;

typedef struct hint_trace {
  const names *names;
  bool found, conflict;
} hint_trace;

static bool read_names (names *n, const char *path) {
  FILE *file = fopen (path, "r");
  if (!file)
    return !fe_error ("%s: cannot open", path);
  char line[256];
  int var;
  char name[128];
  while (fgets (line, sizeof line, file))
    if (sscanf (line, "c var %d %127s", &var, name) == 2 && var > 0 &&
        var <= EINSAT_MAX_VAR) {
      if (var >= n->size) {
        int size = 2 * var;
        char **grown = realloc (n->name, (size_t) size * sizeof *grown);
        if (!grown)
          break;
        memset (grown + n->size, 0, (size_t) (size - n->size) * sizeof *grown);
        n->name = grown, n->size = size;
      }
      free (n->name[var]);
      n->name[var] = strdup (name);
    }
  fclose (file);
  return true;
}

static void print_literal (const names *n, int lit) {
  int var = abs (lit);
  const char *name = var < n->size ? n->name[var] : 0;
  if (name)
    printf (" %s%s", lit < 0 ? "-" : "", name);
  else
    printf (" %d", lit);
}

static void print_step (const names *n, const char *kind, int lit,
                        const int *clause) {
  printf ("%s", kind);
  print_literal (n, lit);
  printf (" by");
  for (const int *p = clause; *p; p++)
    if (*p != lit)
      print_literal (n, *p);
  printf ("\n");
}

static void on_event (void *data, einsat_event event, int lit, int level,
                      const int *clause) {
  hint_trace *t = data;
  (void) level;
  if (t->found)
    return;
  if (event == EINSAT_CONFLICT) {
    t->conflict = true;
    return;
  }
  if (event != EINSAT_PROPAGATE)
    return;
  bool forced = lit > 0 && clause[0] && clause[1]; /* not a given */
  print_step (t->names, forced ? "hint" : "step", lit, clause);
  t->found = forced;
}

int web_hint (int argc, char **argv) {
  if (argc != 2)
    return fe_error ("usage: einsat hint FILE (from 'einsat sudoku --cnf')");
  names n = {0, 0};
  einsat *solver = einsat_new ();
  einsat_dimacs dimacs = {0};
  hint_trace t = {&n, false, false};
  int res = 1;
  if (!solver)
    fe_error ("out of memory");
  else if (read_names (&n, argv[1]) && einsat_configure (solver, "plain") &&
           einsat_read_dimacs_path (solver, argv[1], &dimacs)) {
    einsat_set_trace (solver, on_event, &t);
    einsat_set_decision_limit (solver, 0);
    int status = einsat_solve (solver);
    if (status < 0)
      fe_error ("%s", einsat_error (solver));
    else {
      if (!t.found)
        printf ("hint %s\n", t.conflict || status == 20 ? "contradiction"
                                                        : "none");
      res = 0;
    }
  } else if (solver && *einsat_error (solver))
    fe_error ("%s", einsat_error (solver));
  einsat_delete (solver);
  free (dimacs.project);
  for (int i = 0; i < n.size; i++)
    free (n.name[i]);
  free (n.name);
  return res;
}
