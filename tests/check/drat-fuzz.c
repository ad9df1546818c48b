/* drat-fuzz SEED DIR: writes a random small formula 'DIR/fuzz.cnf' and a
 * random DRAT proof 'DIR/fuzz.drat' (text or binary), and prints the
 * verdict a forward DRAT checker must give:
 *
 *   "0 0"   the proof is valid (exit 0)
 *   "1 N"   lemma N is the first lemma that is neither RUP nor RAT
 *   "1 0"   all lemmas are fine but no conflict is ever reached
 *   "skip"  no unambiguous instance was found for this seed
 *
 * 'drat-fuzz --check CNF PROOF' prints the verdict for given (small, text)
 * files instead.
 *
 * The verdict comes from a deliberately naive reference checker: unit
 * propagation rescans every clause until nothing changes, and clauses are
 * plain arrays.  It shares no code with einsat-check and is small enough
 * to be checked by reading.  It uses the same conventions as einsat-check:
 * duplicate literals are dropped, the RAT pivot is the first literal,
 * deletions of unit clauses and of clauses not present are ignored, and
 * the proof is valid as soon as propagation alone finds a conflict.
 * einsat-check ignores the deletion of a clause that is the reason of a
 * top-level assignment; which clause is "the" reason depends on the
 * propagation order, so instances deleting a clause that could be a
 * reason (one true and all other literals false at the top level) are
 * discarded as ambiguous and generated again.
 *
 * Proofs mix resolvents, random clauses, extension definitions on fresh
 * variables (RAT), blocked-looking clauses on existing variables (RAT or
 * not), deletions, and finally a tree-shaped refutation of the current
 * clauses (found by brute force, each lemma RUP), and are then perhaps
 * mutated (a lemma dropped, a literal flipped, the tail cut off).
 */

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_VARS 32
#define MAX_LEN 24
#define MAX_CLAUSES 10000

struct clause {
  int size;
  int lits[MAX_LEN];
};

struct step {
  bool deletion;
  struct clause clause;
};

struct db {
  struct clause clauses[MAX_CLAUSES];
  bool alive[MAX_CLAUSES];
  int count;
};

/* The one piece of global state of this test program: threading the
 * random generator through every helper would only add noise.  */
static uint64_t rng_state;

static uint64_t next_random (void) {
  uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static int pick (int n) { return (int) (next_random () % (uint64_t) n); }

static bool chance (int percent) { return pick (100) < percent; }

static int random_literal (int vars) {
  int v = 1 + pick (vars);
  return chance (50) ? v : -v;
}

/*------------------------------------------------------------------------*/
/* Clauses as literal sets.  */

static bool has (const struct clause *c, int lit) {
  for (int i = 0; i < c->size; i++)
    if (c->lits[i] == lit)
      return true;
  return false;
}

/* Adds 'lit' unless present (so clauses never hold duplicates).  */
static void push (struct clause *c, int lit) {
  if (!has (c, lit) && c->size < MAX_LEN)
    c->lits[c->size++] = lit;
}

static bool same_set (const struct clause *a, const struct clause *b) {
  if (a->size != b->size)
    return false;
  for (int i = 0; i < a->size; i++)
    if (!has (b, a->lits[i]))
      return false;
  return true;
}

/*------------------------------------------------------------------------*/
/* The reference: naive unit propagation over the alive clauses.  */

typedef signed char assignment[MAX_VARS + 1];

static int lit_value (const assignment a, int lit) {
  int v = a[abs (lit)];
  return lit < 0 ? -v : v;
}

/* Assigns 'lit' true; returns false if it is already false.  */
static bool assume (assignment a, int lit) {
  if (lit_value (a, lit) < 0)
    return false;
  a[abs (lit)] = lit < 0 ? -1 : 1;
  return true;
}

/* Propagates to a fixpoint; returns false on a conflict.  */
static bool propagate (const struct db *db, assignment a) {
  bool changed = true;
  while (changed) {
    changed = false;
    for (int i = 0; i < db->count; i++) {
      if (!db->alive[i])
        continue;
      const struct clause *c = db->clauses + i;
      int unassigned = 0, last = 0;
      bool satisfied = false;
      for (int j = 0; j < c->size; j++) {
        int v = lit_value (a, c->lits[j]);
        if (v > 0)
          satisfied = true;
        else if (!v)
          unassigned++, last = c->lits[j];
      }
      if (satisfied)
        continue;
      if (!unassigned)
        return false;
      if (unassigned == 1) {
        assume (a, last);
        changed = true;
      }
    }
  }
  return true;
}

static bool top_level_conflict (const struct db *db) {
  assignment a = {0};
  return !propagate (db, a);
}

/* RUP of the union of 'c' and 'd' without 'except'.  */
static bool rup2 (const struct db *db, const struct clause *c,
                  const struct clause *d, int except) {
  assignment a = {0};
  for (int i = 0; i < c->size; i++)
    if (!assume (a, -c->lits[i]))
      return true;
  for (int i = 0; d && i < d->size; i++)
    if (d->lits[i] != except && !assume (a, -d->lits[i]))
      return true;
  return !propagate (db, a);
}

static bool rup (const struct db *db, const struct clause *c) {
  return rup2 (db, c, 0, 0);
}

static bool rat (const struct db *db, const struct clause *c) {
  if (!c->size)
    return false;
  int pivot = c->lits[0];
  for (int i = 0; i < db->count; i++)
    if (db->alive[i] && has (db->clauses + i, -pivot) &&
        !rup2 (db, c, db->clauses + i, -pivot))
      return false;
  return true;
}

static bool valid_lemma (const struct db *db, const struct clause *c) {
  return rup (db, c) || rat (db, c);
}

static void add_clause (struct db *db, const struct clause *c) {
  if (db->count == MAX_CLAUSES) {
    fprintf (stderr, "drat-fuzz: too many clauses\n");
    exit (1);
  }
  db->clauses[db->count] = *c;
  db->alive[db->count++] = true;
}

/* The alive copy added last with the literals of 'c', or -1.  */
static int find_clause (const struct db *db, const struct clause *c) {
  for (int i = db->count - 1; i >= 0; i--)
    if (db->alive[i] && same_set (db->clauses + i, c))
      return i;
  return -1;
}

/* Could the clause be the reason of a top-level assignment?  */
static bool maybe_reason (const struct db *db, const struct clause *c) {
  assignment a = {0};
  propagate (db, a);
  int true_literals = 0, false_literals = 0;
  for (int i = 0; i < c->size; i++) {
    int v = lit_value (a, c->lits[i]);
    true_literals += v > 0, false_literals += v < 0;
  }
  return true_literals == 1 && false_literals == c->size - 1;
}

enum verdict { VALID, INVALID_LEMMA, NO_CONFLICT, AMBIGUOUS };

/* Checks the proof forward; sets '*lemma' to the failing lemma number. */
static enum verdict reference (const struct db *formula,
                               const struct step *steps, int count,
                               int *lemma) {
  static struct db db;
  db = *formula;
  *lemma = 0;
  if (top_level_conflict (&db))
    return VALID;
  int lemmas = 0;
  for (int i = 0; i < count; i++) {
    const struct clause *c = &steps[i].clause;
    if (steps[i].deletion) {
      if (c->size <= 1)
        continue;
      int j = find_clause (&db, c);
      if (j < 0)
        continue;
      if (maybe_reason (&db, c))
        return AMBIGUOUS;
      db.alive[j] = false;
      continue;
    }
    lemmas++;
    if (!valid_lemma (&db, c)) {
      *lemma = lemmas;
      return INVALID_LEMMA;
    }
    add_clause (&db, c);
    if (top_level_conflict (&db))
      return VALID;
  }
  return NO_CONFLICT;
}

/*------------------------------------------------------------------------*/
/* Brute force.  */

static bool falsified_by (const struct db *db, const assignment a) {
  for (int i = 0; i < db->count; i++) {
    if (!db->alive[i])
      continue;
    const struct clause *c = db->clauses + i;
    int j = 0;
    while (j < c->size && lit_value (a, c->lits[j]) < 0)
      j++;
    if (j == c->size)
      return true;
  }
  return false;
}

static bool satisfiable_below (const struct db *db, assignment a, int var,
                               int vars) {
  if (falsified_by (db, a))
    return false;
  if (var > vars)
    return true;
  for (int sign = -1; sign <= 1; sign += 2) {
    a[var] = (signed char) sign;
    bool res = satisfiable_below (db, a, var + 1, vars);
    a[var] = 0;
    if (res)
      return true;
  }
  return false;
}

static bool satisfiable (const struct db *db, int vars) {
  assignment a = {0};
  return satisfiable_below (db, a, 1, vars);
}

/*------------------------------------------------------------------------*/
/* Generating the proof.  */

struct generator {
  struct db db; /* the formula, then updated by the generated steps */
  struct db formula;
  struct step steps[MAX_CLAUSES];
  int count;
  int vars, original_vars;
  bool allow_invalid, delete_children;
};

static void emit (struct generator *g, bool deletion,
                  const struct clause *c) {
  if (g->count == MAX_CLAUSES)
    return;
  g->steps[g->count].deletion = deletion;
  g->steps[g->count].clause = *c;
  g->count++;
}

/* Adds a lemma, unless it is invalid and invalid lemmas are unwanted.  */
static void offer_lemma (struct generator *g, const struct clause *c) {
  if (!valid_lemma (&g->db, c) && !(g->allow_invalid && chance (30)))
    return;
  emit (g, false, c);
  add_clause (&g->db, c);
}

static void offer_deletion (struct generator *g, int index) {
  const struct clause *c = g->db.clauses + index;
  if (!g->db.alive[index] || maybe_reason (&g->db, c))
    return;
  emit (g, true, c);
  g->db.alive[index] = false;
}

static int random_alive (const struct generator *g) {
  for (int tries = 0; tries < 20; tries++) {
    int i = pick (g->db.count);
    if (g->db.alive[i])
      return i;
  }
  return -1;
}

static void resolvent_lemma (struct generator *g) {
  int i = random_alive (g), j = random_alive (g);
  if (i < 0 || j < 0)
    return;
  const struct clause *a = g->db.clauses + i, *b = g->db.clauses + j;
  for (int k = 0; k < a->size; k++) {
    int pivot = a->lits[k];
    if (!has (b, -pivot))
      continue;
    struct clause r = {0};
    for (int l = 0; l < a->size; l++)
      if (a->lits[l] != pivot)
        push (&r, a->lits[l]);
    for (int l = 0; l < b->size; l++)
      if (b->lits[l] != -pivot)
        push (&r, b->lits[l]);
    if (r.size && chance (20)) { /* drop a literal: maybe wrong */
      int dropped = pick (r.size);
      r.lits[dropped] = r.lits[--r.size];
    }
    offer_lemma (g, &r);
    return;
  }
}

static void random_lemma (struct generator *g) {
  struct clause c = {0};
  int size = 1 + pick (3);
  for (int k = 0; k < size; k++)
    push (&c, random_literal (g->vars));
  offer_lemma (g, &c);
}

/* x <-> (a & b) on a fresh variable x: each clause is RAT on its first
 * literal.  */
static void definition_lemmas (struct generator *g) {
  if (g->vars >= MAX_VARS || g->vars >= g->original_vars + 2)
    return;
  int x = ++g->vars;
  int a = random_literal (x - 1), b = random_literal (x - 1);
  struct clause c1 = {0}, c2 = {0}, c3 = {0};
  push (&c1, -x), push (&c1, a);
  push (&c2, -x), push (&c2, b);
  push (&c3, x), push (&c3, -a), push (&c3, -b);
  offer_lemma (g, &c1);
  offer_lemma (g, &c2);
  offer_lemma (g, &c3);
}

static void deletion_step (struct generator *g) {
  if (chance (10)) { /* of a clause not present: to be ignored */
    struct clause c = {0};
    push (&c, random_literal (g->vars));
    push (&c, random_literal (g->vars));
    push (&c, random_literal (g->vars));
    if (find_clause (&g->db, &c) < 0)
      emit (g, true, &c);
    return;
  }
  int i = random_alive (g);
  if (i >= 0)
    offer_deletion (g, i);
}

static void random_steps (struct generator *g) {
  int steps = pick (25);
  for (int s = 0; s < steps; s++) {
    int kind = pick (100);
    if (kind < 40)
      resolvent_lemma (g);
    else if (kind < 65)
      random_lemma (g);
    else if (kind < 80)
      definition_lemmas (g);
    else
      deletion_step (g);
  }
}

/* The clause falsified exactly by the partial assignment 'a'.  */
static struct clause negation_of (const assignment a, int vars) {
  struct clause c = {0};
  for (int v = 1; v <= vars; v++)
    if (a[v])
      push (&c, a[v] > 0 ? -v : v);
  return c;
}

/* Emits a tree refutation below 'a' ending in the negation of 'a'.  */
static void refute_below (struct generator *g, assignment a, int var) {
  struct clause c = negation_of (a, g->vars);
  if (!falsified_by (&g->db, a) && var <= g->vars) {
    int children[2];
    for (int k = 0; k < 2; k++) {
      a[var] = (signed char) (k ? 1 : -1);
      refute_below (g, a, var + 1);
      children[k] = g->db.count - 1;
      a[var] = 0;
    }
    emit (g, false, &c);
    add_clause (&g->db, &c);
    if (g->delete_children)
      for (int k = 0; k < 2; k++)
        offer_deletion (g, children[k]);
    return;
  }
  emit (g, false, &c);
  add_clause (&g->db, &c);
}

static void tree_refutation (struct generator *g) {
  if (satisfiable (&g->db, g->vars))
    return;
  assignment a = {0};
  refute_below (g, a, 1);
}

static void mutate (struct generator *g) {
  if (!g->count || g->count == MAX_CLAUSES)
    return;
  int i = pick (g->count);
  int kind = pick (5);
  if (kind == 4) { /* insert a random lemma */
    struct clause c = {0};
    int size = 1 + pick (3);
    for (int k = 0; k < size; k++)
      push (&c, random_literal (g->vars));
    memmove (g->steps + i + 1, g->steps + i,
             (size_t) (g->count - i) * sizeof *g->steps);
    g->steps[i].deletion = false;
    g->steps[i].clause = c;
    g->count++;
  } else if (kind == 0) { /* drop a step */
    memmove (g->steps + i, g->steps + i + 1,
             (size_t) (g->count - i - 1) * sizeof *g->steps);
    g->count--;
  } else if (kind == 1) { /* flip a literal */
    struct clause *c = &g->steps[i].clause;
    if (c->size) {
      int k = pick (c->size);
      int flipped = -c->lits[k];
      c->lits[k] = c->lits[--c->size];
      push (c, flipped);
    }
  } else if (kind == 2) { /* replace a literal */
    struct clause *c = &g->steps[i].clause;
    if (c->size) {
      int k = pick (c->size);
      int lit = random_literal (g->vars);
      c->lits[k] = c->lits[--c->size];
      push (c, lit);
    }
  } else /* cut the tail */
    g->count = i;
}

static void random_clauses (struct generator *g) {
  memset (&g->db, 0, sizeof g->db);
  bool make_unsat = chance (85);
  int initial = g->vars + pick (3 * g->vars);
  for (int n = 0; n < 400; n++) {
    if (n >= initial && (!make_unsat || !satisfiable (&g->db, g->vars)))
      break;
    struct clause c = {0};
    int size = chance (3) ? 1 : chance (25) ? 2 : 3;
    for (int k = 0; k < size; k++)
      push (&c, random_literal (g->vars));
    if (chance (3))
      push (&c, -c.lits[0]); /* a tautology */
    add_clause (&g->db, &c);
  }
}

/* Mostly formulas which propagation alone does not refute.  */
static void random_formula (struct generator *g) {
  g->vars = g->original_vars = 2 + pick (7);
  for (int tries = 0; tries < 20; tries++) {
    random_clauses (g);
    if (!top_level_conflict (&g->db) || chance (5))
      break;
  }
  g->formula = g->db;
}

/*------------------------------------------------------------------------*/
/* Output.  */

static void write_cnf (const struct db *db, int vars, const char *path) {
  FILE *file = fopen (path, "w");
  if (!file) {
    perror (path);
    exit (1);
  }
  fprintf (file, "c drat-fuzz\np cnf %d %d\n", vars, db->count);
  for (int i = 0; i < db->count; i++) {
    const struct clause *c = db->clauses + i;
    for (int j = 0; j < c->size; j++)
      fprintf (file, "%d ", c->lits[j]);
    fprintf (file, "0\n");
  }
  fclose (file);
}

static void write_varint (FILE *file, unsigned x) {
  while (x > 127) {
    fputc ((int) (x & 127) | 128, file);
    x >>= 7;
  }
  fputc ((int) x, file);
}

/* Occasionally writes a literal twice, which must not matter.  */
static void write_proof (const struct generator *g, const char *path,
                         bool binary) {
  FILE *file = fopen (path, "w");
  if (!file) {
    perror (path);
    exit (1);
  }
  for (int i = 0; i < g->count; i++) {
    const struct step *s = g->steps + i;
    const struct clause *c = &s->clause;
    bool duplicate = c->size && chance (5);
    if (binary) {
      fputc (s->deletion ? 'd' : 'a', file);
      for (int j = 0; j < c->size; j++)
        write_varint (file, 2u * (unsigned) abs (c->lits[j]) +
                                (c->lits[j] < 0));
      if (duplicate)
        write_varint (file, 2u * (unsigned) abs (c->lits[0]) +
                                (c->lits[0] < 0));
      fputc (0, file);
    } else {
      if (!binary && chance (3))
        fprintf (file, "c a comment\n");
      fputs (s->deletion ? "d " : "", file);
      for (int j = 0; j < c->size; j++)
        fprintf (file, "%d ", c->lits[j]);
      if (duplicate)
        fprintf (file, "%d ", c->lits[0]);
      fprintf (file, "0\n");
    }
  }
  fclose (file);
}

/*------------------------------------------------------------------------*/
/* '--check CNF PROOF': the reference verdict for small text files, so that
 * the expectations of the hand-written test cases do not come from
 * einsat-check itself.  */

static bool read_clause (FILE *file, const char *path, struct clause *c,
                         bool *deletion) {
  int ch, lit;
  memset (c, 0, sizeof *c);
  *deletion = false;
  for (;;) {
    while ((ch = getc (file)) == ' ' || ch == '\n' || ch == '\r' ||
           ch == '\t')
      ;
    if (ch == EOF)
      return false;
    if (ch == 'c' || ch == 'p') {
      while ((ch = getc (file)) != '\n' && ch != EOF)
        ;
      continue;
    }
    if (ch == 'd') {
      *deletion = true;
      continue;
    }
    ungetc (ch, file);
    break;
  }
  while (fscanf (file, "%d", &lit) == 1 && lit) {
    if (abs (lit) > MAX_VARS || c->size == MAX_LEN) {
      fprintf (stderr, "drat-fuzz: %s: too large for the reference\n",
               path);
      exit (1);
    }
    push (c, lit);
  }
  return true;
}

static int check_files (const char *cnf, const char *proof) {
  static struct db formula;
  static struct step steps[MAX_CLAUSES];
  FILE *file = fopen (cnf, "r");
  if (!file)
    return perror (cnf), 1;
  struct clause c;
  bool deletion;
  while (read_clause (file, cnf, &c, &deletion))
    add_clause (&formula, &c);
  fclose (file);
  if (!(file = fopen (proof, "r")))
    return perror (proof), 1;
  int count = 0;
  while (count < MAX_CLAUSES && read_clause (file, proof, &c, &deletion)) {
    steps[count].deletion = deletion;
    steps[count++].clause = c;
  }
  fclose (file);
  int lemma;
  enum verdict v = reference (&formula, steps, count, &lemma);
  if (v == AMBIGUOUS)
    printf ("ambiguous\n");
  else
    printf ("%d %d\n", v != VALID, lemma);
  return 0;
}

int main (int argc, char **argv) {
  if (argc == 4 && !strcmp (argv[1], "--check"))
    return check_files (argv[2], argv[3]);
  if (argc != 3) {
    fprintf (stderr, "usage: drat-fuzz SEED DIR | --check CNF PROOF\n");
    return 1;
  }
  uint64_t seed = strtoull (argv[1], 0, 10);
  static struct generator g;
  for (int attempt = 0; attempt < 50; attempt++) {
    rng_state = seed * 1000003u + (uint64_t) attempt;
    memset (&g, 0, sizeof g);
    random_formula (&g);
    g.allow_invalid = chance (30);
    g.delete_children = chance (50);
    random_steps (&g);
    if (chance (85))
      tree_refutation (&g);
    if (chance (50))
      mutate (&g);
    int lemma;
    enum verdict v = reference (&g.formula, g.steps, g.count, &lemma);
    if (v == AMBIGUOUS)
      continue;
    char path[4096];
    snprintf (path, sizeof path, "%s/fuzz.cnf", argv[2]);
    write_cnf (&g.formula, g.original_vars, path);
    snprintf (path, sizeof path, "%s/fuzz.drat", argv[2]);
    write_proof (&g, path, chance (40));
    if (v == VALID)
      printf ("0 0\n");
    else
      printf ("1 %d\n", lemma);
    return 0;
  }
  printf ("skip\n");
  return 0;
}
