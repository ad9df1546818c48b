/* Fuzz target: the whole solve path on small formulas.  The input is
 *
 *   byte 0          bits 0-2: number of option settings that follow,
 *                   bit 3: internal checker ('check'), bit 4: trace a
 *                   DRAT proof (bit 5: binary) to /dev/null
 *   3 bytes each    an option setting (see 'fuzz_set_option')
 *   the rest        clauses: a byte below 0xc0 is a literal over the
 *                   variables 1..16 (bits 0-3: variable - 1, bit 4:
 *                   negative), a byte from 0xc0 ends the clause
 *
 * The answer is checked without trusting the solver: a model must
 * satisfy every clause, UNSAT is confirmed by trying all assignments.
 * A second solve call must give the same answer. */

#include "fuzz.h"
#include "oracle.h"

#include <stdio.h>
#include <stdlib.h>

#define MAX_VARS 16
#define MAX_CLAUSES 512
#define MAX_SIZE 64

/* Variable 'v' of the input is variable 'v - 1' of the oracle. */
static oracle formula;

static FILE *null_file (void) {
  static FILE *file;
  if (!file && !(file = fopen ("/dev/null", "w")))
    fuzz_failure ("cannot open /dev/null");
  return file;
}

static void configure (einsat *solver, fuzz_bytes *in) {
  unsigned flags = fuzz_byte (in);
  for (unsigned i = 0; i < (flags & 7); i++)
    fuzz_set_option (solver, in);
  if (flags & 8)
    einsat_set_option (solver, "check", 1);
  if (flags & 16)
    einsat_trace_proof (solver, null_file (), (flags & 32) != 0);
}

static void add_clause (einsat *solver, const int *lits, int size) {
  uint32_t pos = 0, neg = 0;
  for (int i = 0; i < size; i++) {
    einsat_add (solver, lits[i]);
    *(lits[i] > 0 ? &pos : &neg) |= 1u << (abs (lits[i]) - 1);
  }
  einsat_add (solver, 0);
  oracle_add (&formula, pos, neg);
}

/* The oracle only enumerates the variables that occur. */
static void read_formula (einsat *solver, fuzz_bytes *in) {
  oracle_init (&formula, 0);
  int lits[MAX_SIZE], size = 0;
  while (!fuzz_done (in) && formula.size < MAX_CLAUSES) {
    unsigned byte = fuzz_byte (in);
    if (byte < 0xc0) {
      int var = (int) (byte & 15) + 1;
      lits[size++] = byte & 16 ? -var : var;
      if (var > formula.vars)
        formula.vars = var;
    }
    if (byte >= 0xc0 || size == MAX_SIZE) {
      add_clause (solver, lits, size);
      size = 0;
    }
  }
  if (size && formula.size < MAX_CLAUSES)
    add_clause (solver, lits, size);
}

/* Only positive literals: 'val' of negative literals is checked by the
 * API target, which can skip known bugs. */
static void check_model (einsat *solver) {
  uint32_t model = 0;
  for (int v = 1; v <= MAX_VARS; v++) {
    int value = einsat_val (solver, v);
    if (value != v && value != -v)
      fuzz_failure ("einsat_val (%d) returned %d", v, value);
    int model_value = einsat_model_value (solver, v);
    if (model_value && model_value != value)
      fuzz_failure ("einsat_val and einsat_model_value disagree on %d", v);
    if (value > 0)
      model |= 1u << (v - 1);
  }
  if (!oracle_satisfies (&formula, model))
    fuzz_failure ("model does not satisfy the formula");
}

static void check_result (einsat *solver, int res) {
  if (res == 10)
    check_model (solver);
  else if (res == 20) {
    uint32_t witness;
    if (oracle_find (&formula, 0, 0, &witness))
      fuzz_failure ("claimed UNSAT, but assignment 0x%x satisfies the "
                    "formula", witness);
  } else
    fuzz_failure ("solve returned %d without limits ('%s')", res,
                  einsat_error (solver));
}

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size) {
  fuzz_bytes in = {data, size, 0};
  einsat *solver = einsat_new ();
  configure (solver, &in);
  read_formula (solver, &in);
  int first = einsat_solve (solver);
  check_result (solver, first);
  int second = einsat_solve (solver);
  if (second != first)
    fuzz_failure ("second solve returned %d after %d", second, first);
  check_result (solver, second);
  einsat_close_proof (solver);
  einsat_delete (solver);
  oracle_release (&formula);
  return 0;
}
