/* The Tseitin transformation against evaluation: random formulas (DAGs
 * with shared sub-formulas, every connective and the constants) over a
 * few variables are asserted and defined, and every assignment of the
 * variables is checked: asserting must be satisfiable exactly when the
 * formula is true, a defined literal must equal the formula's value.
 * Then the promised sizes: which shapes need no auxiliary variable. */

#include "einsat_encode.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define VARS 5
#define MAX_NODES 24
#define MAX_KIDS 4

typedef enum op {
  OP_VAR,
  OP_TRUE,
  OP_FALSE,
  OP_NOT,
  OP_AND,
  OP_OR,
  OP_IMPLIES,
  OP_IFF,
  OP_XOR,
  OP_ITE
} op;

typedef struct tree_node {
  op op;
  int size, kids[MAX_KIDS]; /* indices of earlier nodes; var for OP_VAR */
} tree_node;

typedef struct dag {
  int size;
  tree_node nodes[MAX_NODES];
} dag;

static uint64_t rng = 77;

static unsigned below (unsigned n) {
  rng = rng * 6364136223846793005ull + 1442695040888963407ull;
  return (unsigned) (rng >> 33) % n;
}

static void random_dag (dag *d) {
  d->size = 0;
  for (int v = 0; v < VARS; v++)
    d->nodes[d->size++] = (tree_node){OP_VAR, 1, {v}};
  int total = VARS + 2 + (int) below (MAX_NODES - VARS - 2);
  while (d->size < total) {
    tree_node n = {(op) (OP_TRUE + below (OP_ITE)), 0, {0}};
    n.size = n.op == OP_TRUE || n.op == OP_FALSE ? 0
             : n.op == OP_NOT                    ? 1
             : n.op == OP_ITE                    ? 3
             : n.op == OP_AND || n.op == OP_OR ? (int) below (MAX_KIDS + 1)
                                               : 2;
    for (int i = 0; i < n.size; i++) /* prefer recent nodes: deeper */
      n.kids[i] = d->size - 1 - (int) below (below (2) ? 3 : d->size);
    d->nodes[d->size++] = n;
  }
}

static bool eval (const dag *d, int i, unsigned x) {
  const tree_node *n = d->nodes + i;
  bool a = n->size > 0 && n->op != OP_VAR ? eval (d, n->kids[0], x) : 0;
  bool b = n->size > 1 ? eval (d, n->kids[1], x) : 0;
  switch (n->op) {
  case OP_VAR:
    return x & (1u << n->kids[0]);
  case OP_TRUE:
    return true;
  case OP_FALSE:
    return false;
  case OP_NOT:
    return !a;
  case OP_AND:
  case OP_OR: {
    bool conjunction = n->op == OP_AND;
    for (int k = 0; k < n->size; k++)
      if (eval (d, n->kids[k], x) != conjunction)
        return !conjunction;
    return conjunction;
  }
  case OP_IMPLIES:
    return !a || b;
  case OP_IFF:
    return a == b;
  case OP_XOR:
    return a != b;
  default:
    return a ? b : eval (d, n->kids[2], x);
  }
}

static void build (encoder *e, const dag *d, enc_formula *f) {
  for (int i = 0; i < d->size; i++) {
    const tree_node *n = d->nodes + i;
    enc_formula kids[MAX_KIDS];
    for (int k = 0; n->op != OP_VAR && k < n->size; k++)
      kids[k] = f[n->kids[k]];
    switch (n->op) {
    case OP_VAR:
      f[i] = enc_lit (e, enc_var (e, "v%d", n->kids[0]));
      break;
    case OP_TRUE:
      f[i] = enc_true (e);
      break;
    case OP_FALSE:
      f[i] = enc_false (e);
      break;
    case OP_NOT:
      f[i] = enc_not (e, kids[0]);
      break;
    case OP_AND:
      f[i] = enc_and (e, n->size, kids);
      break;
    case OP_OR:
      f[i] = enc_or (e, n->size, kids);
      break;
    case OP_IMPLIES:
      f[i] = enc_implies (e, kids[0], kids[1]);
      break;
    case OP_IFF:
      f[i] = enc_iff (e, kids[0], kids[1]);
      break;
    case OP_XOR:
      f[i] = enc_xor (e, kids[0], kids[1]);
      break;
    default:
      f[i] = enc_ite (e, kids[0], kids[1], kids[2]);
      break;
    }
  }
}

static void assume_assignment (encoder *e, unsigned x) {
  for (int v = 0; v < VARS; v++) {
    int var = enc_find (e, "v%d", v);
    if (var)
      einsat_assume (enc_solver (e), x & (1u << v) ? var : -var);
  }
}

/* The value of literal 'lit' in the model, asked through its variable. */
static bool true_in_model (einsat *solver, int lit) {
  return (einsat_val (solver, abs (lit)) > 0) == (lit > 0);
}

/* Asserts the root after defining two other nodes (so cached definitions
 * meet the assertion); checks satisfiability and the defined values. */
static const char *check_dag (const dag *d) {
  encoder *e = enc_new (0);
  for (int v = 0; v < VARS; v++)
    enc_var (e, "v%d", v);
  enc_formula f[MAX_NODES];
  build (e, d, f);
  int root = d->size - 1, first = (int) below ((unsigned) d->size);
  int second = (int) below ((unsigned) d->size);
  int t1 = enc_define (e, f[first]), t2 = enc_define (e, f[second]);
  if (enc_define (e, f[first]) != t1)
    return "defining twice gives another literal";
  enc_assert (e, f[root]);
  if (!enc_ok (e))
    return enc_error (e);
  const char *what = 0;
  for (unsigned x = 0; !what && x < (1u << VARS); x++) {
    assume_assignment (e, x);
    int res = einsat_solve (enc_solver (e));
    if ((res == 10) != eval (d, root, x))
      what = "asserted formula: wrong satisfiability";
    else if (res == 10 &&
             (true_in_model (enc_solver (e), t1) != eval (d, first, x) ||
              true_in_model (enc_solver (e), t2) != eval (d, second, x)))
      what = "defined literal differs from the formula";
  }
  enc_delete (e);
  return what;
}

/* Defines the root alone and checks both signs of its literal. */
static const char *check_definition (const dag *d) {
  encoder *e = enc_new (0);
  enc_formula f[MAX_NODES];
  build (e, d, f);
  int root = d->size - 1, t = enc_define (e, f[root]);
  if (!enc_ok (e))
    return enc_error (e);
  const char *what = 0;
  for (unsigned x = 0; !what && x < (1u << VARS); x++)
    for (int sign = -1; !what && sign <= 1; sign += 2) {
      assume_assignment (e, x);
      einsat_assume (enc_solver (e), sign * t);
      bool expected = eval (d, root, x) == (sign > 0);
      if ((einsat_solve (enc_solver (e)) == 10) != expected)
        what = "defined literal not equivalent";
    }
  enc_delete (e);
  return what;
}

static int random_formulas (int count) {
  for (int i = 0; i < count; i++) {
    dag d;
    random_dag (&d);
    const char *what = check_dag (&d);
    if (!what)
      what = check_definition (&d);
    if (what) {
      printf ("not ok formula random %d: %s\n", i, what);
      return 1;
    }
  }
  printf ("ok formula random: %d formulas, all assignments\n", count);
  return 0;
}

/*------------------------------------------------------------------------*/
/* Sizes. */

typedef struct sizes {
  int aux;
  long long clauses;
} sizes;

static int check_size (const char *name, encoder *e, int aux,
                       long long clauses) {
  sizes got = {enc_aux_vars (e), (long long) enc_clauses (e)};
  int failed = !enc_ok (e) || got.aux != aux || got.clauses != clauses;
  if (failed)
    printf ("not ok size %s: %d aux %lld clauses, expected %d and %lld "
            "(%s)\n",
            name, got.aux, got.clauses, aux, clauses, enc_error (e));
  else
    printf ("ok size %s: %d aux, %lld clauses\n", name, aux, clauses);
  enc_delete (e);
  return failed;
}

static encoder *with_vars (enc_formula *x, int n) {
  encoder *e = enc_new (ENC_NO_SOLVER);
  for (int i = 0; i < n; i++)
    x[i] = enc_lit (e, enc_var (e, "x%d", i));
  return e;
}

static int sizes_promised (void) {
  enc_formula x[8];
  int failed = 0;
  encoder *e = with_vars (x, 8);
  enc_formula implications[4];
  for (int i = 0; i < 4; i++)
    implications[i] = enc_implies (e, x[i], x[i + 1]);
  enc_assert (e, enc_and (e, 4, implications));
  failed += check_size ("conjunction of implications", e, 0, 4);
  e = with_vars (x, 8);
  enc_assert (e, enc_implies (e, ENC_AND (e, x[0], x[1], x[2]),
                              ENC_OR (e, x[3], enc_not (e, x[4]))));
  failed += check_size ("and implies or", e, 0, 1);
  e = with_vars (x, 8);
  enc_assert (e, enc_implies (e, x[0], ENC_AND (e, x[1], x[2], x[3])));
  failed += check_size ("implies and", e, 0, 3);
  e = with_vars (x, 8);
  enc_assert (e, ENC_OR (e, ENC_AND (e, x[0], x[1]),
                         ENC_AND (e, x[2], x[3]), ENC_AND (e, x[4], x[5])));
  failed += check_size ("disjunction of three conjunctions", e, 2, 6);
  e = with_vars (x, 8);
  enc_assert (e, enc_iff (e, x[0], x[1]));
  enc_assert (e, enc_xor (e, x[2], x[3]));
  enc_assert (e, enc_ite (e, x[4], x[5], x[6]));
  failed += check_size ("iff xor ite", e, 0, 6);
  e = with_vars (x, 8);
  enc_assert (e, enc_not (e, ENC_AND (e, x[0], x[1], x[2])));
  failed += check_size ("not and", e, 0, 1);
  e = with_vars (x, 8);
  enc_assert (
      e, ENC_OR (e, x[0], enc_implies (e, x[1], ENC_AND (e, x[2], x[3]))));
  failed += check_size ("nested distribution", e, 0, 2);
  e = with_vars (x, 8);
  enc_define (e, ENC_AND (e, x[0], x[1], x[2]));
  failed += check_size ("defined and", e, 1, 4);
  return failed;
}

/* Sub-formulas shared along a chain, each level holding the previous one
 * twice: naive distribution would double the clauses per level. */
static int shared_chain (void) {
  encoder *e = enc_new (ENC_NO_SOLVER);
  enc_formula f = enc_lit (e, enc_var (e, "z"));
  for (int i = 0; i < 40; i++) {
    enc_formula x = enc_lit (e, enc_var (e, "x%d", i));
    enc_formula y = enc_lit (e, enc_var (e, "y%d", i));
    f = ENC_AND (e, ENC_OR (e, x, f), ENC_OR (e, y, f));
  }
  enc_assert (e, f);
  long long clauses = (long long) enc_clauses (e);
  int failed = !enc_ok (e) || clauses > 100000;
  printf ("%s shared chain: %lld clauses, %d aux for 40 levels\n",
          failed ? "not ok" : "ok", clauses, enc_aux_vars (e));
  enc_delete (e);
  return failed;
}

/*------------------------------------------------------------------------*/

int main (int argc, char **argv) {
  int count = argc > 1 ? atoi (argv[1]) : 400;
  int failed = random_formulas (count);
  failed += sizes_promised ();
  failed += shared_chain ();
  return failed != 0;
}
