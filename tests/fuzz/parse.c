/* Fuzz target: the DIMACS parser.  Each input is parsed from memory
 * twice, strictly and relaxed.  Parsing must never crash, hang or leak;
 * a failure must explain itself as "fuzz:LINE: message" with a line that
 * exists (or report running out of the 64 MB the solver may use; input
 * that starts like compressed data is decompressed, and its errors need
 * only name the input); what
 * strict parsing accepts, relaxed parsing must accept the same way; and a
 * parsed formula must be solvable (with a conflict limit). */

#include "fuzz.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MEMORY_LIMIT ((size_t) 64 << 20)

typedef struct parsed {
  bool ok;
  einsat_dimacs dimacs;
  int vars;
} parsed;

static uint64_t count_lines (const uint8_t *data, size_t size) {
  uint64_t lines = 1;
  for (size_t i = 0; i < size; i++)
    lines += data[i] == '\n';
  return lines;
}

/* The magic numbers by which the library recognizes compressed input:
 * such input goes through a decompressor, whose failure has no line
 * ("fuzz: 'gzip -dc' failed ...") and whose output has other lines. */
static bool looks_compressed (const uint8_t *data, size_t size) {
  static const struct {
    const char *bytes;
    size_t size;
  } magic[] = {{"\x1f\x8b", 2},
               {"BZh", 3},
               {"\xfd" "7zXZ\0", 6},
               {"\x28\xb5\x2f\xfd", 4},
               {"\x5d\0\0", 3}};
  for (size_t i = 0; i < sizeof magic / sizeof *magic; i++)
    if (size >= magic[i].size && !memcmp (data, magic[i].bytes, magic[i].size))
      return true;
  return false;
}

/* "fuzz:LINE: message" with 1 <= LINE <= lines, or for compressed input
 * "fuzz:" and anything. */
static void check_error_message (const char *error, uint64_t lines,
                                 bool compressed) {
  if (!strncmp (error, "out of memory", 13))
    return;
  const char *p = error;
  if (strncmp (p, "fuzz:", 5))
    fuzz_failure ("error '%s' does not start with the name", error);
  if (compressed)
    return;
  p += 5;
  if (*p < '1' || *p > '9')
    fuzz_failure ("error '%s' has no line number", error);
  char *end;
  uint64_t line = strtoull (p, &end, 10);
  if (line > lines)
    fuzz_failure ("error '%s' names line %" PRIu64 " of %" PRIu64, error,
                  line, lines);
  if (end[0] != ':' || end[1] != ' ' || !isalpha ((unsigned char) end[2]))
    fuzz_failure ("error '%s' is not 'fuzz:LINE: message'", error);
}

static void check_success (const parsed *p, bool relaxed) {
  const einsat_dimacs *d = &p->dimacs;
  if (p->vars != d->max_var)
    fuzz_failure ("solver has %d variables but the file uses %d", p->vars,
                  d->max_var);
  if ((d->project_size > 0) != (d->project != 0))
    fuzz_failure ("projection of %d variables at %p", d->project_size,
                  (void *) d->project);
  if (relaxed)
    return;
  if (d->read_clauses != d->clauses)
    fuzz_failure ("strict parsing read %" PRId64 " of %" PRId64 " clauses",
                  d->read_clauses, d->clauses);
  if (d->max_var > d->variables)
    fuzz_failure ("strict parsing accepted variable %d of %d", d->max_var,
                  d->variables);
}

/* Solving what was parsed exercises the solver on odd shapes (empty
 * clauses, duplicate literals, sparse variables); limits keep it short. */
static void solve_briefly (einsat *solver) {
  einsat_set_conflict_limit (solver, 200);
  einsat_set_decision_limit (solver, 2000);
  int res = einsat_solve (solver);
  if (res != 0 && res != 10 && res != 20 && res != EINSAT_ERROR)
    fuzz_failure ("solve returned %d", res);
  if (res == EINSAT_ERROR && strncmp (einsat_error (solver), "out of "
                                      "memory", 13))
    fuzz_failure ("solve failed with '%s'", einsat_error (solver));
}

static parsed parse (const uint8_t *data, size_t size, bool relaxed) {
  parsed p;
  memset (&p, 0, sizeof p);
  fuzz_memory memory;
  einsat *solver = fuzz_new_solver (&memory, MEMORY_LIMIT);
  FILE *file = fmemopen ((void *) data, size, "r");
  if (!file)
    fuzz_failure ("fmemopen failed");
  p.dimacs.relaxed = relaxed;
  p.ok = einsat_read_dimacs_file (solver, file, "fuzz", &p.dimacs);
  fclose (file);
  p.vars = einsat_vars (solver);
  if (p.ok) {
    check_success (&p, relaxed);
    if (relaxed && p.vars <= 1000)
      solve_briefly (solver);
  } else
    check_error_message (einsat_error (solver), count_lines (data, size),
                         looks_compressed (data, size));
  free (p.dimacs.project);
  p.dimacs.project = 0;
  einsat_delete (solver);
  return p;
}

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size) {
  /* Compressed input costs a decompressor process (a fork of this large
   * sanitized process) and quickly becomes most of what the fuzzer
   * tries, once it has learned the magic numbers from the comparisons:
   * only one in 16 of those inputs is run, so that the parser itself
   * keeps getting the executions (25 s in CI: 8k instead of 200k). */
  if (looks_compressed (data, size) && size % 16)
    return 0;
  parsed strict = parse (data, size, false);
  parsed relaxed = parse (data, size, true);
  if (!strict.ok)
    return 0;
  if (!relaxed.ok)
    fuzz_failure ("relaxed parsing failed where strict parsing succeeded");
  const einsat_dimacs *s = &strict.dimacs, *r = &relaxed.dimacs;
  if (s->variables != r->variables || s->clauses != r->clauses ||
      s->read_clauses != r->read_clauses || s->max_var != r->max_var ||
      s->project_size != r->project_size)
    fuzz_failure ("strict and relaxed parsing read different formulas");
  return 0;
}
