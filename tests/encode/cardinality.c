/* Every cardinality encoding checked exhaustively: for each method, each
 * small n, each bound k around 0..n and each assignment of the inputs,
 * the encoding (solved under that assignment as assumptions) must be
 * satisfiable exactly when the constraint holds; for the native method
 * the clauses recorded for DIMACS output too.  Inputs are a random mix
 * of positive and negative literals.  With an argument 'sizes' it prints
 * the size of each encoding for a few n instead. */

#include "einsat_encode.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_AMO 10
#define MAX_K 8

typedef enum kind {
  AT_MOST_ONE,
  EXACTLY_ONE,
  AT_MOST_K,
  AT_LEAST_K,
  EXACTLY_K
} kind;

static const char *kind_names[] = {"at_most_one", "exactly_one",
                                   "at_most_k", "at_least_k", "exactly_k"};

static const char *method_names[] = {"auto",      "pairwise", "sequential",
                                     "commander", "bimander", "product",
                                     "totalizer", "native"};

static bool holds (kind what, int count, int k) {
  switch (what) {
  case AT_MOST_ONE:
    return count <= 1;
  case EXACTLY_ONE:
    return count == 1;
  case AT_MOST_K:
    return count <= k;
  case AT_LEAST_K:
    return count >= k;
  default:
    return count == k;
  }
}

static void constrain (encoder *e, kind what, enc_method method, int n,
                       const int *lits, int k) {
  switch (what) {
  case AT_MOST_ONE:
    enc_at_most_one_using (e, method, n, lits);
    break;
  case EXACTLY_ONE:
    enc_exactly_one_using (e, method, n, lits);
    break;
  case AT_MOST_K:
    enc_at_most_k_using (e, method, n, lits, k);
    break;
  case AT_LEAST_K:
    enc_at_least_k_using (e, method, n, lits, k);
    break;
  default:
    enc_exactly_k_using (e, method, n, lits, k);
    break;
  }
}

static uint64_t rng = 20240601;

static unsigned next_random (void) {
  rng = rng * 6364136223846793005ull + 1442695040888963407ull;
  return (unsigned) (rng >> 33);
}

/* The solver's native constraint must agree with the clauses recorded
 * for DIMACS output: the recording is solved on its own too. */
static bool recorded_agrees (encoder *e, const int *vars, int n,
                             unsigned x, int res) {
  FILE *file = tmpfile ();
  if (!file || !enc_write_dimacs (e, file))
    return false;
  rewind (file);
  einsat *solver = einsat_new ();
  einsat_dimacs info = {0};
  bool ok = einsat_read_dimacs_file (solver, file, "recorded", &info);
  for (int i = 0; ok && i < n; i++)
    einsat_assume (solver, x & (1u << i) ? vars[i] : -vars[i]);
  ok = ok && einsat_solve (solver) == res;
  free (info.project);
  einsat_delete (solver);
  fclose (file);
  return ok;
}

/* Returns false and says why if the encoding is wrong. */
static bool check_one (kind what, enc_method method, int n, int k,
                       char *why, size_t size) {
  encoder *e = enc_new (0);
  int vars[MAX_AMO], lits[MAX_AMO];
  for (int i = 0; i < n; i++) {
    vars[i] = enc_var (e, "x%d", i + 1);
    lits[i] = next_random () % 2 ? vars[i] : -vars[i];
  }
  constrain (e, what, method, n, lits, k);
  bool ok = enc_ok (e);
  if (!ok)
    snprintf (why, size, "encoder error: %s", enc_error (e));
  einsat *solver = enc_solver (e);
  for (unsigned x = 0; ok && x < (1u << n); x++) {
    int count = 0;
    for (int i = 0; i < n; i++) {
      bool value = x & (1u << i);
      einsat_assume (solver, value ? vars[i] : -vars[i]);
      count += value == (lits[i] > 0);
    }
    int res = einsat_solve (solver);
    bool expected = holds (what, count, k);
    if ((res == 10) != expected) {
      snprintf (why, size, "assignment %#x (%d true) gives %d", x, count,
                res);
      ok = false;
    } else if (method == ENC_NATIVE && !recorded_agrees (e, vars, n, x, res)) {
      snprintf (why, size, "assignment %#x: the recorded clauses differ",
                x);
      ok = false;
    }
  }
  enc_delete (e);
  return ok;
}

static int check_kind (kind what, const enc_method *methods, int count,
                       int max_n) {
  int failed = 0;
  for (const enc_method *m = methods; m < methods + count; m++) {
    char why[128] = "";
    bool ok = true;
    int n, k = 1;
    for (n = 0; ok && n <= max_n; n++) {
      bool with_k = what >= AT_MOST_K;
      int k_min = with_k ? -1 : 1, k_max = with_k ? n + 1 : 1;
      if (with_k && *m != ENC_AUTO && *m != ENC_SEQUENTIAL &&
          *m != ENC_TOTALIZER) /* NATIVE is one of them */
        k_min = k_max = 1; /* at-most-one methods: only k = 1 */
      for (k = k_min; ok && k <= k_max; k++)
        ok = check_one (what, *m, n, k, why, sizeof why);
    }
    if (ok)
      printf ("ok %s %s: n <= %d, all assignments\n", kind_names[what],
              method_names[*m], max_n);
    else {
      printf ("not ok %s %s: n = %d, k = %d: %s\n", kind_names[what],
              method_names[*m], n - 1, k - 1, why);
      failed++;
    }
  }
  return failed;
}

/* Larger n (where the automatic choice switches to the product and
 * totalizer encodings): random assignments with about k true inputs. */
static bool check_large (kind what, enc_method method, int n, int k) {
  encoder *e = enc_new (0);
  int *lits = malloc (n * sizeof *lits),
      *order = malloc (n * sizeof *order);
  for (int i = 0; i < n; i++)
    lits[i] = enc_var (e, "x%d", i + 1) * (next_random () % 2 ? 1 : -1);
  constrain (e, what, method, n, lits, k);
  bool ok = enc_ok (e);
  for (int round = 0; ok && round < 60; round++) {
    int count = k - 1 + (int) (next_random () % 3);
    if (count < 0 || count > n)
      continue;
    for (int i = 0; i < n; i++)
      order[i] = i;
    for (int i = n - 1; i > 0; i--) {
      int j = (int) (next_random () % (unsigned) (i + 1)), tmp = order[i];
      order[i] = order[j], order[j] = tmp;
    }
    for (int i = 0; i < n; i++) /* the first 'count' in 'order' true */
      einsat_assume (enc_solver (e),
                     i < count ? lits[order[i]] : -lits[order[i]]);
    ok = (einsat_solve (enc_solver (e)) == 10) == holds (what, count, k);
  }
  enc_delete (e);
  free (lits);
  free (order);
  return ok;
}

static int check_large_all (void) {
  static const int sizes[] = {20, 70, 150};
  int failed = 0;
  for (int s = 0; s < 3; s++)
    for (int what = AT_MOST_ONE; what <= EXACTLY_K; what++)
      for (int m = ENC_AUTO; m <= ENC_NATIVE; m++) {
        int n = sizes[s];
        bool amo_method =
            m != ENC_AUTO && m != ENC_SEQUENTIAL && m != ENC_TOTALIZER;
        if ((what <= EXACTLY_ONE && m == ENC_TOTALIZER) ||
            (what >= AT_MOST_K && amo_method))
          continue;
        int k =
            what <= EXACTLY_ONE ? 1 : 2 + (int) (next_random () % (n - 3));
        if (!check_large (what, m, n, k)) {
          printf ("not ok large %s %s: n = %d, k = %d\n", kind_names[what],
                  method_names[m], n, k);
          failed++;
        }
      }
  if (!failed)
    printf ("ok large: n = 20, 70, 150, every kind and method, random "
            "assignments\n");
  return failed;
}

/* The number of auxiliary variables and clauses of each encoding. */
static void print_sizes (void) {
  static const int sizes[] = {5, 10, 100, 1000};
  printf ("%-12s %-11s %6s %9s %9s\n", "constraint", "method", "n", "aux",
          "clauses");
  for (int s = 0; s < 4; s++)
    for (int m = ENC_PAIRWISE; m <= ENC_PRODUCT; m++) {
      int n = sizes[s], *lits = malloc (n * sizeof *lits);
      encoder *e = enc_new (ENC_NO_SOLVER);
      for (int i = 0; i < n; i++)
        lits[i] = enc_var (e, "x%d", i + 1);
      enc_at_most_one_using (e, (enc_method) m, n, lits);
      printf ("%-12s %-11s %6d %9d %9lld\n", "at_most_one", method_names[m],
              n, enc_aux_vars (e), (long long) enc_clauses (e));
      enc_delete (e);
      free (lits);
    }
  for (int s = 1; s < 4; s++)
    for (int m = ENC_SEQUENTIAL; m <= ENC_TOTALIZER; m += 4) {
      int n = sizes[s], k = n / 10 + 1, *lits = malloc (n * sizeof *lits);
      encoder *e = enc_new (ENC_NO_SOLVER);
      for (int i = 0; i < n; i++)
        lits[i] = enc_var (e, "x%d", i + 1);
      enc_at_most_k_using (e, (enc_method) m, n, lits, k);
      char label[32];
      snprintf (label, sizeof label, "at_most_%d", k);
      printf ("%-12s %-11s %6d %9d %9lld\n", label, method_names[m], n,
              enc_aux_vars (e), (long long) enc_clauses (e));
      enc_delete (e);
      free (lits);
    }
}

int main (int argc, char **argv) {
  if (argc > 1 && !strcmp (argv[1], "sizes")) {
    print_sizes ();
    return 0;
  }
  static const enc_method amo[] = {ENC_AUTO,      ENC_PAIRWISE,
                                   ENC_SEQUENTIAL, ENC_COMMANDER,
                                   ENC_BIMANDER,  ENC_PRODUCT,
                                   ENC_NATIVE};
  static const enc_method with_k[] = {ENC_AUTO, ENC_SEQUENTIAL,
                                      ENC_TOTALIZER, ENC_COMMANDER};
  int failed = 0;
  const int amos = sizeof amo / sizeof *amo;
  const int ks = sizeof with_k / sizeof *with_k;
  failed += check_kind (AT_MOST_ONE, amo, amos, MAX_AMO);
  failed += check_kind (EXACTLY_ONE, amo, amos, MAX_AMO);
  failed += check_kind (AT_MOST_K, with_k, ks, MAX_K);
  failed += check_kind (AT_LEAST_K, with_k, ks - 1, MAX_K);
  failed += check_kind (EXACTLY_K, with_k, ks, MAX_K);
  failed += check_large_all ();
  return failed != 0;
}
