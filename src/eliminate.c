/* Bounded variable elimination (Eén and Biere 2005, as in SatELite,
 * CaDiCaL and Kissat).  A variable is eliminated by replacing the clauses
 * that contain it by all their non-tautological resolvents on it, if
 * that does not increase the number of clauses by more than the current
 * bound.  The removed clauses go to the extension stack ('extend.c') so
 * that models can be completed later.
 *
 * Elimination runs in dense mode ('dense.c') at the root level, first
 * before the search (preprocessing) and then periodically (inprocessing)
 * with a bound growing from 0 to 'eliminatebound' as in Kissat.  Its
 * effort is limited in resolution steps, a fraction of the search ticks,
 * so that it stays deterministic; a round that eliminates nothing makes
 * the next ones sit out ('schedule.c').  Variables that the user froze, that
 * are assumed or projected, and internal variables are never eliminated,
 * except those factoring added ('factor.c', option 'eliminatefactor'):
 * Kissat eliminates them too, and on formulas where factoring replaced
 * at-most-one constraints (quasigroups) most of what elimination
 * removes are these variables and the original variables next to them
 * (bench/RESULTS.md, "Elimination yield").  Their clauses go to the
 * extension stack like any other, which assigns them in the model.
 *
 * Resolvents are derived by resolution and therefore added to the proof
 * before their antecedents are deleted. */

#include "internal.h"

#include <stdlib.h>

/* Held by the solver itself: assumed, in a Gauss-Jordan matrix or in a
 * native at-most-k constraint. */
static bool held_internally (const var_flags *f) {
  return f->assumed || f->xmatrix || f->atmost;
}

bool es_frozen (einsat *solver, unsigned idx) {
  int eidx = PEEK_STACK (solver->i2e, idx);
  if (!eidx || PEEK_STACK (solver->frozen, eidx))
    return true;
  return held_internally (FLAGS (idx)) || es_projected (solver, idx);
}

/* May 'idx' be eliminated?  Factoring's variables are internal, so
 * 'es_frozen' holds for them, but nothing outside the solver refers to
 * them. */
static bool eliminable (einsat *solver, unsigned idx) {
  var_flags *f = FLAGS (idx);
  if (!f->active || VALUE (LIT (idx)))
    return false;
  if (f->factor && GET_OPTION (eliminatefactor))
    return !held_internally (f);
  return !es_frozen (solver, idx);
}

/* The variable 'idx' leaves the formula (eliminated or substituted): its
 * clauses are on the extension stack, from where 'extend.c' restores it
 * if it is used again. */
void es_remove_variable (einsat *solver, unsigned idx) {
  var_flags *f = FLAGS (idx);
  assert (f->active && !VALUE (LIT (idx)));
  assert (solver->active > 0);
  f->eliminated = true;
  f->active = false;
  solver->active--;
  es_queue_dequeue (solver, idx);
  LOG ("removed variable %u", idx);
}

/* The first round waits for 'eliminateinit' conflicts (the option is
 * read here because it may be set after the solver was created). */
bool es_eliminating (einsat *solver) {
  if (!GET_OPTION (eliminate))
    return false;
  uint64_t limit = STAT (eliminations)
                       ? solver->limits.eliminate
                       : (uint64_t) GET_OPTION (eliminateinit);
  return STAT (conflicts) >= limit;
}

/*------------------------------------------------------------------------*/

/* The irredundant clauses containing 'lit'; returns the watches visited
 * (the steps spent). */
size_t es_gather_occurrences (einsat *solver, unsigned lit,
                              occurrences *occs) {
  assert (solver->dense);
  CLEAR_STACK (*occs);
  for (all_watches (w, WATCHES (lit))) {
    if (w.ref == REDUNDANT_BINARY)
      continue;
    if (w.ref == IRREDUNDANT_BINARY) {
      PUSH_STACK (*occs, ((occurrence) {INVALID, w.blit, false}));
      continue;
    }
    if (!CLAUSE (w.ref)->garbage)
      PUSH_STACK (*occs, ((occurrence) {w.ref, INVALID, false}));
  }
  return SIZE_WATCHES (WATCHES (lit));
}

const unsigned *es_occurrence_literals (einsat *solver, unsigned lit,
                                        const occurrence *o,
                                        unsigned *binary, unsigned *size) {
  if (o->ref == INVALID) {
    assert (o->other != INVALID);
    binary[0] = lit;
    binary[1] = o->other;
    *size = 2;
    return binary;
  }
  clause *c = CLAUSE (o->ref);
  assert (!c->garbage && !c->redundant);
  *size = c->size;
  return c->lits;
}

/* Computes the resolvent of the two clauses on 'pivot' into
 * 'e->resolvent'; returns false for tautologies. */
static bool resolve (einsat *solver, unsigned pivot, const occurrence *c,
                     const occurrence *d, elimination *e) {
  unsigned binary_c[2], binary_d[2], size_c, size_d;
  const unsigned *lits_c =
      es_occurrence_literals (solver, pivot, c, binary_c, &size_c);
  const unsigned *lits_d =
      es_occurrence_literals (solver, NOT (pivot), d, binary_d, &size_d);
  signed char *marks = solver->marks;
  unsigneds *r = &e->resolvent;
  CLEAR_STACK (*r);
  for (unsigned i = 0; i < size_c; i++)
    if (lits_c[i] != pivot) {
      assert (!marks[lits_c[i]]);
      marks[lits_c[i]] = 1;
      PUSH_STACK (*r, lits_c[i]);
    }
  bool tautology = false;
  for (unsigned i = 0; !tautology && i < size_d; i++) {
    unsigned lit = lits_d[i];
    if (lit == NOT (pivot) || marks[lit])
      continue;
    if (marks[NOT (lit)])
      tautology = true;
    else
      PUSH_STACK (*r, lit);
  }
  for (unsigned i = 0; i < size_c; i++)
    marks[lits_c[i]] = 0;
  e->steps += size_c + size_d;
  return !tautology;
}

/* With a gate definition of the pivot only gate clauses need to be
 * resolved with non-gate clauses: the resolvents among gate clauses are
 * tautologies and those among non-gate clauses are implied (Eén and
 * Biere 2005). */
static bool needed (const occurrence *c, const occurrence *d, bool gate) {
  return !gate || c->gate != d->gate;
}

/* With 'eliminatefactor=1' a variable factoring added is eliminated only
 * where that does not add clauses: with a positive bound elimination
 * would undo products factoring just made (a 2 x 3 product gains one
 * clause, which the bound 1 gives back). */
static unsigned eliminate_bound (einsat *solver, unsigned idx) {
  if (FLAGS (idx)->factor && GET_OPTION (eliminatefactor) == 1)
    return 0;
  return solver->eliminate_bound;
}

/* Would eliminating the variable keep the formula small enough? */
static bool bounded (einsat *solver, unsigned pivot, elimination *e,
                     bool gate) {
  size_t p = SIZE_STACK (e->pos), n = SIZE_STACK (e->neg);
  size_t limit = p + n + eliminate_bound (solver, IDX (pivot));
  size_t max_size = (size_t) GET_OPTION (eliminateclslim);
  size_t resolvents = 0;
  for (all_stack (occurrence, c, e->pos))
    for (all_stack (occurrence, d, e->neg)) {
      if (!needed (&c, &d, gate) || !resolve (solver, pivot, &c, &d, e))
        continue;
      if (SIZE_STACK (e->resolvent) > max_size || ++resolvents > limit)
        return false;
    }
  return true;
}

static uint64_t occurrence_id (einsat *solver, unsigned lit,
                               const occurrence *o) {
  if (o->ref == INVALID)
    return es_lrat_binary_id (solver, lit, o->other);
  return es_clause_id (solver, CLAUSE (o->ref));
}

/* Resolvents may contain literals fixed by units found in this round.
 * LRAT hints: the units of those, then the antecedents 'c' (with
 * 'pivot') and 'd'. */
static void add_resolvent (einsat *solver, elimination *e, unsigned pivot,
                           const occurrence *c, const occurrence *d) {
  unsigneds *r = &e->resolvent;
  if (solver->lrat) {
    CLEAR_STACK (solver->lrat_chain);
    es_lrat_add_units (solver, SIZE_STACK (*r), r->begin);
    PUSH_STACK (solver->lrat_chain, occurrence_id (solver, pivot, c));
    PUSH_STACK (solver->lrat_chain,
                occurrence_id (solver, NOT (pivot), d));
  }
  unsigned *q = r->begin;
  for (all_stack (unsigned, lit, *r)) {
    signed char value = VALUE (lit);
    if (value > 0)
      return;
    if (!value)
      *q++ = lit;
  }
  r->end = q;
  size_t size = SIZE_STACK (*r);
  LOGLITS (size, r->begin, "resolvent on %s", LOGLIT (pivot));
  INC (resolvents);
  es_proof_add (solver, size, r->begin);
  if (!size) {
    solver->inconsistent = true;
    e->units = true;
  } else if (size == 1) {
    LOG ("resolvent is the unit %s", LOGLIT (r->begin[0]));
    es_assign_unit (solver, r->begin[0]);
    e->units = true;
  } else if (size == 2)
    es_new_binary (solver, false, r->begin[0], r->begin[1]);
  else
    es_new_clause (solver, false, 0, size, r->begin);
}

static void remove_clauses (einsat *solver, unsigned lit,
                            occurrences *occs) {
  for (all_stack (occurrence, o, *occs))
    es_move_to_extension (solver, lit, &o);
}

static void remove_redundant_binaries (einsat *solver, unsigned lit) {
  watches *ws = &WATCHES (lit);
  while (!EMPTY_WATCHES (*ws)) {
    watch w = POP_WATCHES (*ws);
    assert (IS_BINARY (w) || CLAUSE (w.ref)->garbage);
    if (w.ref == REDUNDANT_BINARY) {
      es_remove_watch (solver, w.blit, (watch) {lit, REDUNDANT_BINARY});
      unsigned lits[2] = {lit, w.blit};
      es_proof_delete (solver, 2, lits);
      es_count_clause (solver, true, -1);
    }
  }
  RELEASE_WATCHES (*ws);
}

static void eliminate_variable (einsat *solver, unsigned idx,
                                elimination *e, bool gate) {
  unsigned pos = LIT (idx), neg = NOT (pos);
  LOG ("eliminating variable %u", idx);
  assert (solver->dense && !solver->level);
  assert (eliminable (solver, idx));
  for (all_stack (occurrence, c, e->pos))
    for (all_stack (occurrence, d, e->neg))
      if (needed (&c, &d, gate) && resolve (solver, pos, &c, &d, e))
        add_resolvent (solver, e, pos, &c, &d);
  remove_clauses (solver, pos, &e->pos);
  remove_clauses (solver, neg, &e->neg);
  remove_redundant_binaries (solver, pos);
  remove_redundant_binaries (solver, neg);
  es_remove_variable (solver, idx);
  INC (eliminated);
  if (FLAGS (idx)->factor)
    INC (eliminated_factor);
}

static bool try_to_eliminate (einsat *solver, unsigned idx,
                              elimination *e) {
  if (!eliminable (solver, idx))
    return false;
  unsigned pos = LIT (idx);
  e->steps += es_gather_occurrences (solver, pos, &e->pos);
  e->steps += es_gather_occurrences (solver, NOT (pos), &e->neg);
  size_t p = SIZE_STACK (e->pos), n = SIZE_STACK (e->neg);
  size_t occlim = (size_t) GET_OPTION (eliminateocclim);
  if (!p && !n)
    return false;
  if (p > occlim || n > occlim)
    return false;
  gate_kind kind = GET_OPTION (eliminategates) && p && n
                       ? es_find_gate (solver, pos, e)
                       : NO_GATE;
  bool gate = kind != NO_GATE;
  if (!bounded (solver, pos, e, gate))
    return false;
  if (gate)
    INC (gates);
  if (kind == XOR_GATE)
    INC (xor_gates);
  eliminate_variable (solver, idx, e, gate);
  return true;
}

/*------------------------------------------------------------------------*/

static size_t count_occurrences (einsat *solver, unsigned lit) {
  size_t count = 0;
  for (all_watches (w, WATCHES (lit)))
    count += w.ref != REDUNDANT_BINARY;
  return count;
}

/* Candidates with few occurrences first (the key is occurrences, then the
 * variable, so the order is deterministic). */
static void schedule_candidates (einsat *solver, uint64s *schedule) {
  CLEAR_STACK (*schedule);
  uint64_t occlim = (uint64_t) GET_OPTION (eliminateocclim);
  for (unsigned idx = 0; idx < solver->vars; idx++) {
    if (!eliminable (solver, idx))
      continue;
    uint64_t occs = count_occurrences (solver, LIT (idx)) +
                    count_occurrences (solver, NOT (LIT (idx)));
    if (occs && occs <= 2 * occlim)
      PUSH_STACK (*schedule, (occs << 32) | idx);
  }
  es_sort_keys (schedule);
}

static unsigned elimination_round (einsat *solver, elimination *e) {
  uint64s *schedule = &solver->ranks;
  schedule_candidates (solver, schedule);
  unsigned eliminated = 0;
  for (all_stack (uint64_t, key, *schedule)) {
    if (e->steps > e->limit || e->units || es_terminating (solver))
      break;
    eliminated += try_to_eliminate (solver, (unsigned) key, e);
  }
  RELEASE_STACK (*schedule);
  return eliminated;
}

static uint64_t elimination_budget (einsat *solver) {
  return es_effort_budget (solver, solver->last.ticks.eliminate,
                           GET_OPTION (eliminateeffort),
                           GET_OPTION (eliminatemineffort));
}

static void release_elimination (einsat *solver, elimination *e) {
  RELEASE_STACK (e->pos);
  RELEASE_STACK (e->neg);
  RELEASE_STACK (e->resolvent);
}

/* Occurrence lists cost a watch per literal of every clause: not worth
 * building when every variable is frozen (for instance when all are in
 * at-most-one constraints, see 'atmost.c'). */
static bool some_candidate (einsat *solver) {
  for (unsigned idx = 0; idx < solver->vars; idx++)
    if (eliminable (solver, idx))
      return true;
  return false;
}

/* Inner rounds repeat while they eliminate variables (or find units).
 * One that eliminates nothing raises the bound for the next elimination
 * round and ends this one, as in Kissat: raising it again at once would
 * scan every candidate up to five times more where nothing can be
 * eliminated (bench/RESULTS.md, "Techniques scheduled by their
 * success"). */
static void eliminate (einsat *solver, elimination *e) {
  if (!some_candidate (solver))
    return;
  unsigned max_bound = GET_OPTION (eliminatebound);
  for (unsigned round = 0; round < 8; round++) {
    es_enter_dense_mode (solver);
    if (!round && GET_OPTION (block))
      TIMED (block, es_block (solver));
    unsigned eliminated;
    TIMED (eliminate, eliminated = elimination_round (solver, e));
    es_leave_dense_mode (solver);
    if (solver->inconsistent || !es_clean_root (solver) ||
        e->steps > e->limit)
      return;
    if (e->units) {
      e->units = false;
      continue;
    }
    if (!eliminated) {
      if (solver->eliminate_bound >= max_bound)
        return;
      solver->eliminate_bound = solver->eliminate_bound
                                    ? 2 * solver->eliminate_bound
                                    : 1;
      if (solver->eliminate_bound > max_bound)
        solver->eliminate_bound = max_bound;
      LOG ("elimination bound raised to %u", solver->eliminate_bound);
      return;
    }
  }
}

void es_eliminate (einsat *solver) {
  if (!es_clean_root (solver))
    return;
  assert (!solver->level && !solver->dense);
  LOG ("elimination round %" PRIu64 " with bound %u", STAT (eliminations) + 1,
       solver->eliminate_bound);
  es_retire_gauss_jordan (solver);
  TIMED (simplify, es_simplify (solver));
  TIMED (gauss, es_gauss (solver));
  if (!solver->inconsistent)
    TIMED (cardinality, es_cardinality (solver));
  bool decompose = GET_OPTION (decompose);
  if (!solver->inconsistent && decompose)
    TIMED (decompose, es_decompose (solver));
  bool merged = false;
  if (!solver->inconsistent)
    TIMED (congruence, merged = es_congruence (solver));
  if (merged && decompose)
    TIMED (decompose, es_decompose (solver));
  if (!solver->inconsistent && GET_OPTION (subsume))
    TIMED (subsume, es_subsume (solver));
  if (!solver->inconsistent)
    TIMED (atmostdetect, es_detect_atmosts (solver));
  if (!solver->inconsistent && GET_OPTION (factor))
    TIMED (factor, es_factor (solver));
  if (solver->inconsistent)
    return;
  INC (eliminations);
  uint64_t before = STAT (eliminated);
  if (es_round_begins (solver, TECHNIQUE_eliminate,
                       &solver->last.ticks.eliminate)) {
    elimination *e = &solver->elimination;
    e->steps = 0;
    e->units = false;
    e->limit = elimination_budget (solver);
    eliminate (solver, e);
    es_round_ends (solver, TECHNIQUE_eliminate);
  }
  TIMED (gaussjordan, es_build_gauss_jordan (solver));
  solver->last.ticks.eliminate = STAT (ticks);
  solver->limits.eliminate = es_linear_limit (
      solver, GET_OPTION (eliminateint), STAT (eliminations) + 1);
  if (GET_OPTION (verbose) > 1 || STAT (eliminated) > before)
    es_report (solver, 'e');
}

void es_release_elimination (einsat *solver) {
  release_elimination (solver, &solver->elimination);
}
