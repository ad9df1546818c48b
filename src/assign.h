#ifndef ASSIGN_H_INCLUDED
#define ASSIGN_H_INCLUDED

/* Assigning literals: every assignment goes through here, so the trail,
 * the levels and the reasons stay consistent.  The functions are inline:
 * propagation calls them for every implied literal.  Units implied at the
 * root level are written to the proof, so that the proof stays valid
 * when their reasons are deleted later; explicit units ('es_assign_unit'
 * in 'assign.c') come from clauses already in the proof or the formula. */

#include "internal.h"

static inline void es_assign (einsat *solver, unsigned lit, unsigned level,
                           unsigned reason, bool binary) {
  /* Every pointer is loaded before the first store: a store through
   * 'signed char *' may alias anything, so loading them afterwards would
   * make the compiler reload them from 'solver' after each store. */
  const unsigned idx = IDX (lit);
  signed char *const values = solver->values;
  assigned *const a = solver->assigned + idx;
  unsigned *const trail = solver->trail;
  const unsigned position = solver->trail_size;
  assert (idx < solver->vars);
  assert (!values[lit]);
  assert (position < solver->vars);
  assert (level <= solver->level);
  assert (FLAGS (idx)->active);
  assert (reason == INVALID || !binary || IDX (reason) < solver->vars);
  a->level = level;
  a->trail = position;
  a->reason = reason;
  a->binary = binary;
  trail[position] = lit;
  solver->trail_size = position + 1;
  values[lit] = 1;
  values[NOT (lit)] = -1;
  if (!level) {
    var_flags *f = FLAGS (idx);
    f->fixed = true;
    f->active = false;
    solver->active--;
    INC (fixed);
  }
}

/* An implied literal gets the highest level of the other literals of its
 * reason, which after chronological backtracking can be lower than the
 * current level (Nadel and Ryvchin 2018). */
static inline void es_assign_binary (einsat *solver, unsigned lit,
                                     unsigned other) {
  assert (VALUE (other) < 0);
  unsigned level = LEVEL (other);
  es_assign (solver, lit, level, other, true);
  LOGBINARY (lit, other, "assign %s by", LOGLIT (lit));
  if (!level)
    es_proof_root_unit (solver, lit);
  if (solver->trace)
    es_trace_reason (solver, lit);
}

static inline void es_assign_reason (einsat *solver, unsigned lit,
                                     unsigned ref, unsigned level) {
  assert (!CLAUSE (ref)->garbage);
  assert (CLAUSE (ref)->lits[0] == lit);
  assert (level == es_reason_level (solver, lit, CLAUSE (ref)));
  es_assign (solver, lit, level, ref, false);
  LOGCLAUSE (ref, "assign %s by", LOGLIT (lit));
  if (!level)
    es_proof_root_unit (solver, lit);
  if (solver->trace)
    es_trace_reason (solver, lit);
}

/* A replacement watch for the large clause 'c' watched by 'lits[1]':
 * the first non-false literal from where the last search stopped,
 * wrapping around to position 2 (Gent 2013).  Returns its position and
 * remembers it in 'searched', or returns 0 if every other literal is
 * false.  Propagation calls it for every visited clause. */
static inline unsigned *es_find_replacement (einsat *solver, clause *c) {
  const signed char *const values = solver->values;
  unsigned *const lits = c->lits, *const end = lits + c->size;
  assert (2 <= c->searched && c->searched < c->size);
  unsigned *const middle = lits + c->searched;
  unsigned *r = middle;
  while (r != end && values[*r] < 0)
    r++;
  if (r == end) {
    r = lits + 2;
    while (r != middle && values[*r] < 0)
      r++;
    if (r == middle)
      return 0;
  }
  c->searched = (unsigned) (r - lits);
  return r;
}

/* Swaps the literal of the highest level among 'lits[pos..size)' to
 * position 'pos': ordering a clause's watches after backtracking
 * levels (learned, blocking and constraint clauses alike). */
static inline void es_move_highest_level (einsat *solver, unsigned *lits,
                                          size_t size, size_t pos) {
  size_t best = pos;
  for (size_t i = pos + 1; i < size; i++)
    if (LEVEL (lits[i]) > LEVEL (lits[best]))
      best = i;
  unsigned lit = lits[pos];
  lits[pos] = lits[best];
  lits[best] = lit;
}

#endif
