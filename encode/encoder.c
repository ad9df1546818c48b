/* Encoders: creation, sticky errors, and the single path every clause
 * takes ('enc_emit'), which forwards it to the solver and records it. */

#include "internal.h"

#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static encoder *new_encoder (einsat *solver, unsigned flags) {
  if ((flags & ENC_NO_SOLVER) && (flags & ENC_NO_RECORD))
    return 0;
  encoder *e = calloc (1, sizeof *e);
  if (!e)
    return 0;
  e->solver = solver;
  e->record = !(flags & ENC_NO_RECORD);
  e->base = e->max_var = solver ? einsat_vars (solver) : 0;
  if (!PUSH (e, e->nodes, ((node){NODE_TRUE, 0, 0, 0, 0})) ||
      !PUSH (e, e->nodes, ((node){NODE_TRUE, 0, 0, 0, 0}))) {
    enc_delete (e);
    return 0;
  }
  return e;
}

encoder *enc_new (unsigned flags) {
  einsat *solver = 0;
  if (!(flags & ENC_NO_SOLVER) && !(solver = einsat_new ()))
    return 0;
  encoder *e = new_encoder (solver, flags);
  if (!e) {
    if (solver)
      einsat_delete (solver);
    return 0;
  }
  e->owns_solver = solver != 0;
  return e;
}

encoder *enc_new_with_solver (einsat *solver, unsigned flags) {
  if (!solver || (flags & ENC_NO_SOLVER))
    return 0;
  return new_encoder (solver, flags);
}

void enc_delete (encoder *e) {
  if (!e)
    return;
  if (e->solver && e->trace)
    einsat_set_trace (e->solver, 0, 0);
  if (e->owns_solver)
    einsat_delete (e->solver);
  RELEASE (e->clause);
  RELEASE (e->recorded);
  RELEASE (e->comments);
  enc_release_names (e);
  enc_release_nodes (e);
  free (e);
}

einsat *enc_solver (encoder *e) { return e->solver; }

/*------------------------------------------------------------------------*/

int enc_ok (const encoder *e) { return !e->failed; }

const char *enc_error (const encoder *e) { return e->error; }

void enc_fail (encoder *e, const char *fmt, ...) {
  if (e->failed)
    return;
  e->failed = true;
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (e->error, sizeof e->error, fmt, ap);
  va_end (ap);
}

/* Grows '*begin' to hold at least 'needed' elements (doubling). */
bool enc_grow (encoder *e, void **begin, size_t *capacity, size_t bytes,
               size_t needed) {
  if (e->failed)
    return false;
  size_t new_capacity = *capacity ? *capacity : 4;
  while (new_capacity < needed)
    new_capacity *= 2;
  void *block = new_capacity > SIZE_MAX / bytes
                    ? 0
                    : realloc (*begin, new_capacity * bytes);
  if (!block) {
    enc_fail (e, "out of memory");
    return false;
  }
  *begin = block;
  *capacity = new_capacity;
  return true;
}

bool enc_valid_literal (encoder *e, const char *function, int lit) {
  if (e->failed)
    return false;
  if (!lit)
    enc_fail (e, "%s: literal 0", function);
  else if (lit == INT_MIN || abs (lit) > e->max_var)
    enc_fail (e, "%s: literal %d of a variable the encoder did not create",
              function, lit);
  else
    return true;
  return false;
}

/*------------------------------------------------------------------------*/
/* Clauses. */

void enc_emit (encoder *e, int size, const int *lits) {
  if (e->failed)
    return;
  if (e->record) {
    if (!RESERVE (e, e->recorded, e->recorded.size + (size_t) size + 1))
      return;
    if (size)
      memcpy (e->recorded.begin + e->recorded.size, lits,
              (size_t) size * sizeof *lits);
    e->recorded.size += (size_t) size;
    e->recorded.begin[e->recorded.size++] = 0;
  }
  if (e->solver && !e->record_only) {
    for (int i = 0; i < size; i++)
      einsat_add (e->solver, lits[i]);
    einsat_add (e->solver, 0);
  }
  e->clauses++;
}

void enc_clause (encoder *e, int size, const int *lits) {
  if (size < 0)
    enc_fail (e, "enc_clause: negative size %d", size);
  for (int i = 0; i < size; i++)
    if (!enc_valid_literal (e, "enc_clause", lits[i]))
      return;
  enc_emit (e, size, lits);
}

void enc_add (encoder *e, int lit) {
  if (lit) {
    if (enc_valid_literal (e, "enc_add", lit))
      PUSH (e, e->clause, lit);
    return;
  }
  enc_emit (e, (int) e->clause.size, e->clause.begin);
  e->clause.size = 0;
}

int64_t enc_clauses (const encoder *e) { return e->clauses; }

/*------------------------------------------------------------------------*/

void enc_comment (encoder *e, const char *fmt, ...) {
  char line[1024];
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (line, sizeof line, fmt, ap);
  va_end (ap);
  for (const char *p = line; *p; p++)
    if (!PUSH (e, e->comments, *p == '\n' ? ' ' : *p))
      return;
  PUSH (e, e->comments, '\n');
}
