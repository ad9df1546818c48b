/* Creating and deleting clauses, and the two ways clauses enter the
 * solver: original clauses from the API and clauses learned in conflict
 * analysis.  Every change to the clause set is also written to the proof
 * (if one is traced). */

#include "assign.h"

#include <string.h>

/* The clause counters and the count of changes to the irredundant
 * clauses (against which 'dpll.c' checks its copy of them) change here
 * only: 'delta' is 1 for a new clause, -1 for a removed one and 0 for
 * one changed in place. */
void es_count_clause (einsat *solver, bool redundant, int delta) {
  assert (-1 <= delta && delta <= 1);
  uint64_t *count = redundant ? &STAT (clauses_redundant)
                              : &STAT (clauses_irredundant);
  assert (delta >= 0 || *count > 0);
  if (delta > 0)
    (*count)++;
  else if (delta < 0)
    (*count)--;
  if (!redundant)
    solver->irredundant_changes++;
}

unsigned es_new_clause (einsat *solver, bool redundant, unsigned glue,
                        size_t size, const unsigned *lits) {
  assert (size >= 3);
  assert (!solver->dense || !redundant); /* dense: irredundant ones */
  size_t words = ARENA_WORDS (size);
  size_t start = SIZE_STACK (solver->arena);
  if (size > UINT_MAX / 2 || start + words > MAX_ARENA_WORDS)
    es_out_of_memory (solver, words * sizeof (unsigned));
  /* Room for the clauses of exactly-one constraints, see 'atmost.c'. */
  RESERVE_STACK (solver->arena,
                 start + words + solver->atmosts.pending_words);
  RESIZE_STACK (solver->arena, start + words);
  size_t ref = start + solver->id_words;
  clause *c = CLAUSE ((unsigned) ref);
  memset (c, 0, CLAUSE_HEADER_WORDS * sizeof (unsigned));
  es_set_clause_id (solver, c, solver->clause_id);
  c->glue = glue > (1u << 21) ? (1u << 21) : glue;
  c->redundant = redundant;
  c->size = (unsigned) size;
  c->searched = 2;
  memcpy (c->lits, lits, size * sizeof *lits);
  if (redundant)
    PUSH_STACK (solver->redundant, (unsigned) ref);
  else {
    PUSH_STACK (solver->irredundant, (unsigned) ref);
    es_reserve_exactly (solver);
  }
  es_count_clause (solver, redundant, 1);
  if (solver->dense)
    es_connect_occurrences (solver, (unsigned) ref);
  else
    es_watch_clause (solver, (unsigned) ref);
  LOGCLAUSE ((unsigned) ref, "new");
  return (unsigned) ref;
}

void es_new_binary (einsat *solver, bool redundant, unsigned a,
                    unsigned b) {
  assert (IDX (a) != IDX (b));
  assert (IDX (a) < solver->vars && IDX (b) < solver->vars);
  unsigned tag = redundant ? REDUNDANT_BINARY : IRREDUNDANT_BINARY;
  PUSH_WATCHES (WATCHES (a), ((watch) {b, tag}));
  PUSH_WATCHES (WATCHES (b), ((watch) {a, tag}));
  es_count_clause (solver, redundant, 1);
  LOGBINARY (a, b, "new %s", redundant ? "redundant" : "irredundant");
}

void es_mark_garbage (einsat *solver, clause *c) {
  assert (!c->garbage);
  es_proof_delete_clause (solver, c);
  es_discard_clause (solver, c);
}

/* Without proof deletion: for clauses replaced by a shorter copy. */
void es_discard_clause (einsat *solver, clause *c) {
  assert (!c->garbage);
  assert (!c->reason);
  LOGCLAUSE (REF (c), "garbage");
  c->garbage = true;
  solver->garbage_words += ARENA_WORDS (c->size);
  es_count_clause (solver, c->redundant, -1);
}

/* Shortening a clause in place: 'es_save_clause' keeps its literals in
 * 'solver->clause' and returns its identifier, the caller moves the
 * literals that stay to the front (and prepares the LRAT hints), and
 * 'es_shorten_clause' writes the proof and keeps the first 'new_size'
 * literals, or replaces the clause by a binary one.  The rest of its
 * words are garbage. */
uint64_t es_save_clause (einsat *solver, clause *c) {
  assert (!c->garbage);
  unsigneds *old = &solver->clause;
  CLEAR_STACK (*old);
  for (all_literals_in_clause (lit, c))
    PUSH_STACK (*old, lit);
  return es_clause_id (solver, c);
}

void es_shorten_clause (einsat *solver, clause *c, uint64_t old_id,
                        unsigned new_size) {
  assert (!c->garbage);
  assert (2 <= new_size && new_size < c->size);
  unsigneds *old = &solver->clause;
  assert (SIZE_STACK (*old) == c->size);
  es_proof_add (solver, new_size, c->lits);
  es_proof_shrunk (solver, c, old_id, SIZE_STACK (*old), old->begin);
  CLEAR_STACK (*old);
  if (new_size == 2) {
    es_new_binary (solver, c->redundant, c->lits[0], c->lits[1]);
    es_discard_clause (solver, c);
    return;
  }
  solver->garbage_words += c->size - new_size;
  es_count_clause (solver, c->redundant, 0);
  c->size = new_size;
  c->searched = 2;
  LOGCLAUSE (REF (c), "shortened");
}

/* A redundant clause that subsumes an irredundant one becomes
 * irredundant.  Its reference stays in 'redundant' too: collection drops
 * it there because it is no longer redundant (see 'collect.c'). */
void es_promote_clause (einsat *solver, clause *c) {
  assert (c->redundant && !c->garbage);
  c->redundant = false;
  es_count_clause (solver, true, -1);
  es_count_clause (solver, false, 1);
  PUSH_STACK (solver->irredundant, REF (c));
  es_reserve_exactly (solver);
  LOGCLAUSE (REF (c), "promoted");
}

/* Without proof deletion: for binary clauses moved to the extension
 * stack, which stay in LRAT and incremental DRAT proofs (see
 * 'es_move_to_extension'). */
void es_remove_binary (einsat *solver, bool redundant, unsigned a,
                       unsigned b) {
  assert (IDX (a) != IDX (b));
  LOGBINARY (a, b, "removing %s", redundant ? "redundant" : "irredundant");
  unsigned tag = redundant ? REDUNDANT_BINARY : IRREDUNDANT_BINARY;
  es_remove_watch (solver, a, (watch) {b, tag});
  es_remove_watch (solver, b, (watch) {a, tag});
  es_count_clause (solver, redundant, -1);
}

void es_delete_binary (einsat *solver, bool redundant, unsigned a,
                       unsigned b) {
  es_remove_binary (solver, redundant, a, b);
  unsigned lits[2] = {a, b};
  es_proof_delete (solver, 2, lits);
}

/* Is there an irredundant clause of 'min_size' to 'max_size' literals
 * (binary clauses are counted, not stored: the irredundant clauses not
 * in the arena)?  Or, with 'redundant', a learned binary clause?  The
 * simplifiers that need such clauses (gates, XORs, binary implications)
 * ask first: their occurrence lists and arrays per literal are not worth
 * building for a formula of long clauses and at-most-one constraints. */
bool es_some_clause_sized (einsat *solver, unsigned min_size,
                           unsigned max_size, bool redundant) {
  uint64_t large[2] = {0, 0};
  for (unsigned pass = 0; pass < 1u + redundant; pass++)
    for (all_stack (unsigned, ref,
                    pass ? solver->redundant : solver->irredundant)) {
      clause *c = CLAUSE (ref);
      if (c->garbage || c->redundant != (bool) pass)
        continue;
      if (!pass && min_size <= c->size && c->size <= max_size)
        return true;
      large[pass]++;
    }
  if (min_size > 2)
    return false;
  return STAT (clauses_irredundant) > large[0] ||
         (redundant && STAT (clauses_redundant) > large[1]);
}

/*------------------------------------------------------------------------*/
/* Original clauses are simplified against the root-level assignment:
 * duplicates and false literals are dropped, tautologies and satisfied
 * clauses are skipped.  The proof gets the simplified clause and the
 * deletion of the original whenever the two differ. */

static void remember_for_checking (einsat *solver, size_t size,
                                   const int *elits) {
  for (size_t i = 0; i < size; i++)
    PUSH_STACK (solver->check_clauses, elits[i]);
  PUSH_STACK (solver->check_clauses, 0);
}

/* The common case of 'simplify_original' without marking: binary
 * clauses are most of many encodings (at-most-one constraints). */
static bool simplify_binary (einsat *solver, unsigneds *lits,
                             bool root_values) {
  assert (SIZE_STACK (*lits) == 2);
  unsigned *const begin = lits->begin;
  const unsigned a = begin[0], b = begin[1];
  if (a == NOT (b))
    return false;
  signed char a_value = root_values ? VALUE (a) : 0;
  signed char b_value = root_values ? VALUE (b) : 0;
  if (a_value > 0 || b_value > 0)
    return false;
  unsigned *q = begin;
  if (!a_value)
    *q++ = a;
  if (!b_value && b != a)
    *q++ = b;
  lits->end = q;
  return true;
}

/* Returns false for tautologies and satisfied clauses.  Uses the
 * 'analyzed' flag of each variable to find duplicates, the sign bit in
 * 'poisoned' to find complementary pairs. */
static bool simplify_original (einsat *solver, unsigneds *lits,
                               bool root_values) {
  if (SIZE_STACK (*lits) == 2)
    return simplify_binary (solver, lits, root_values);
  bool keep = true;
  unsigned *q = lits->begin;
  for (all_stack (unsigned, lit, *lits)) {
    assigned *a = VAR (lit);
    signed char value = root_values ? VALUE (lit) : 0;
    if (value > 0) {
      keep = false;
      break;
    }
    if (value < 0)
      continue;
    if (a->analyzed) {
      if (a->poisoned != (bool) NEGATED (lit)) {
        keep = false;
        break;
      }
      continue;
    }
    a->analyzed = true;
    a->poisoned = NEGATED (lit);
    *q++ = lit;
  }
  for (unsigned *p = lits->begin; p != lits->end; p++)
    VAR (*p)->analyzed = VAR (*p)->poisoned = false;
  lits->end = q;
  return keep;
}

static void add_simplified (einsat *solver, unsigneds *lits) {
  assert (!solver->level);
  size_t size = SIZE_STACK (*lits);
  LOGLITS (size, lits->begin, "adding simplified");
  if (!size) {
    LOG ("clause is empty after simplification");
    solver->inconsistent = true;
  } else if (size == 1) {
    assert (!VALUE (lits->begin[0]));
    es_assign_unit (solver, lits->begin[0]);
  } 
  else if (size == 2)
    es_new_binary (solver, false, lits->begin[0], lits->begin[1]);
  else
    es_new_clause (solver, false, 0, size, lits->begin);
  CLEAR_STACK (*lits);
}

/* With an LRAT proof, original clauses keep their identifiers and are
 * stored as given (without duplicates): root-level values are left to
 * propagation and simplification, which derive shorter clauses with
 * hints.  Nothing has been propagated before the first solve, so no
 * propagation is missed.  Without its duplicate literals a clause is no
 * longer the clause of the input, which strict checkers (cake_lpr) do
 * not reduce that way: it is restated as a lemma at the first solve.  Only a unit clause meeting an earlier unit
 * is decided here: a duplicate, or the empty clause, whose hints wait
 * for the first solve (lemmas are numbered after all original clauses,
 * see 'es_lrat_start'). */
static void add_original_with_id (einsat *solver, unsigneds *lits) {
  uint64_t id = ++solver->original_id;
  size_t given = SIZE_STACK (*lits);
  if (solver->inconsistent || !simplify_original (solver, lits, false)) {
    CLEAR_STACK (*lits);
    return;
  }
  size_t size = SIZE_STACK (*lits);
  if (size < given) /* duplicate literals: restated at the first solve */
    es_lrat_remember_duplicates (solver, id, size, lits->begin);
  CLEAR_STACK (solver->lrat_chain);
  if (size == 1) {
    unsigned lit = lits->begin[0];
    signed char value = VALUE (lit);
    if (value > 0) {
      CLEAR_STACK (*lits);
      return;
    }
    if (value < 0) {
      PUSH_STACK (solver->lrat_chain, es_lrat_unit_id (solver, IDX (lit)));
      PUSH_STACK (solver->lrat_chain, id);
      solver->inconsistent = true;
      CLEAR_STACK (*lits);
      return;
    }
    es_lrat_set_unit (solver, IDX (lit), id);
  } else if (size == 2)
    es_lrat_add_binary (solver, lits->begin[0], lits->begin[1], id);
  else if (!size)
    PUSH_STACK (solver->lrat_chain, id);
  solver->clause_id = id;
  add_simplified (solver, lits);
  if (size < given && size > 2)
    es_lrat_remember_duplicates_ref (solver, TOP_STACK (solver->irredundant));
}

void es_add_original_clause (einsat *solver, size_t size,
                             const int *elits) {
  assert (!solver->level);
  assert (!solver->dense);
  solver->originals++;
  if (GET_OPTION (check))
    remember_for_checking (solver, size, elits);
  es_restore_external (solver, size, elits);
  unsigneds *lits = &solver->clause;
  CLEAR_STACK (*lits);
  for (size_t i = 0; i < size; i++)
    PUSH_STACK (*lits, es_import_literal (solver, elits[i]));
  if (solver->lrat) {
    add_original_with_id (solver, lits);
    return;
  }
  if (solver->inconsistent)
    return;
  if (!simplify_original (solver, lits, true)) {
    LOG ("skipping satisfied or tautological original clause");
    es_proof_delete_external (solver, size, elits);
    return;
  }
  size_t new_size = SIZE_STACK (*lits);
  if (new_size != size) {
    es_proof_add (solver, new_size, lits->begin);
    es_proof_delete_external (solver, size, elits);
  }
  add_simplified (solver, lits);
}

/* A restored clause never left an LRAT proof (see 'extend.c'): it keeps
 * its identifier 'id' unless root-level units shorten it. */
static void restore_with_id (einsat *solver, unsigneds *lits, uint64_t id) {
  CLEAR_STACK (solver->lrat_chain);
  es_lrat_add_units (solver, SIZE_STACK (*lits), lits->begin);
  bool shortened = !EMPTY_STACK (solver->lrat_chain);
  if (!simplify_original (solver, lits, true)) {
    CLEAR_STACK (solver->lrat_chain);
    CLEAR_STACK (*lits);
    return;
  }
  size_t size = SIZE_STACK (*lits);
  if (shortened) {
    PUSH_STACK (solver->lrat_chain, id);
    es_proof_add (solver, size, lits->begin);
  } else {
    solver->clause_id = id;
    if (size == 1)
      es_lrat_set_unit (solver, IDX (lits->begin[0]), id);
    else if (size == 2)
      es_lrat_add_binary (solver, lits->begin[0], lits->begin[1], id);
  }
  add_simplified (solver, lits);
}

/* Adds the internal clause in 'solver->clause' (restored clauses, with
 * their LRAT identifier 'id') as an irredundant clause, simplified
 * against the root level. */
void es_add_internal_clause (einsat *solver, uint64_t id) {
  assert (!solver->level);
  unsigneds *lits = &solver->clause;
  if (!solver->inconsistent && solver->lrat) {
    restore_with_id (solver, lits, id);
    return;
  }
  if (solver->inconsistent || !simplify_original (solver, lits, true)) {
    CLEAR_STACK (*lits);
    return;
  }
  es_proof_add (solver, SIZE_STACK (*lits), lits->begin);
  add_simplified (solver, lits);
}

/*------------------------------------------------------------------------*/

static void call_learn_callback (einsat *solver, size_t size,
                                 const unsigned *lits) {
  if (!solver->learn_callback || (int) size > solver->learn_max)
    return;
  CLEAR_STACK (solver->learn_buffer);
  for (size_t i = 0; i < size; i++) {
    int elit = es_export_literal (solver, lits[i]);
    if (!elit)
      return; /* mentions an internal variable (enumeration selector) */
    PUSH_STACK (solver->learn_buffer, elit);
  }
  PUSH_STACK (solver->learn_buffer, 0);
  solver->learn_callback (solver->learn_data, solver->learn_buffer.begin);
}

static bool is_reason (einsat *solver, clause *c) {
  assert (!c->garbage);
  unsigned lit = c->lits[0];
  assigned *a = VAR (lit);
  return VALUE (lit) > 0 && a->level && !a->binary &&
         a->reason == REF (c);
}

/* Eager subsumption (as in Kissat): a new learned clause often subsumes
 * one of the clauses learned just before it, which can go at once.  The
 * new clause itself ('learned_ref') is among the last ones on the
 * 'redundant' stack.  Called after on-the-fly strengthening, so that
 * every clause the proofs of both need is still there when they are
 * added. */
void es_eagerly_subsume (einsat *solver) {
  unsigned limit = GET_OPTION (eagersubsume);
  unsigneds *lits = &solver->learned;
  if (!limit || SIZE_STACK (*lits) < 2)
    return;
  signed char *marks = solver->marks;
  for (all_stack (unsigned, lit, *lits))
    marks[lit] = 1;
  size_t needed = SIZE_STACK (*lits);
  unsigned *begin = solver->redundant.begin, *p = solver->redundant.end;
  while (limit-- && p != begin) {
    unsigned ref = *--p;
    if (ref == solver->learned_ref)
      continue;
    clause *d = CLAUSE (ref);
    if (d->garbage || d->size < needed || !d->redundant)
      continue;
    size_t found = 0;
    for (all_literals_in_clause (lit, d))
      found += marks[lit];
    assert (found <= needed);
    if (found == needed && !is_reason (solver, d)) {
      LOGCLAUSE (ref, "eagerly subsumed");
      es_mark_garbage (solver, d);
      INC (eager_subsumed);
    }
  }
  for (all_stack (unsigned, lit, *lits))
    marks[lit] = 0;
}

/* The learned clause in 'solver->learned' has its asserting literal first
 * and a literal of the jump level second; the solver has already
 * backtracked to that level. */
void es_learn_clause (einsat *solver, unsigned glue) {
  unsigneds *lits = &solver->learned;
  size_t size = SIZE_STACK (*lits);
  assert (size > 0);
  unsigned uip = lits->begin[0];
  assert (!VALUE (uip));
  assert (size == 1 || VALUE (lits->begin[1]) < 0);
  assert (size == 1 || LEVEL (lits->begin[1]) <= solver->level);
  LOGLITS (size, lits->begin, "learned glue %u", glue);
  es_proof_add (solver, size, lits->begin); /* hints: 'es_analyze' */
  call_learn_callback (solver, size, lits->begin);
  INC (learned);
  ADD (learned_literals, size);
  solver->learned_ref = INVALID;
  if (size == 1) {
    INC (learned_units);
    es_assign_unit (solver, uip);
  } else if (size == 2) {
    INC (learned_binary);
    es_new_binary (solver, true, uip, lits->begin[1]);
    es_assign_binary (solver, uip, lits->begin[1]);
  } else {
    unsigned ref = es_new_clause (solver, true, glue, size, lits->begin);
    clause *c = CLAUSE (ref);
    c->used = 1 + (glue <= (unsigned) GET_OPTION (tier2));
    c->subsume = true;
    es_assign_reason (solver, uip, ref, LEVEL (lits->begin[1]));
    solver->learned_ref = ref;
  }
  if (solver->share.export_clause) /* after assigning: units need it */
    es_export_learned (solver, size, lits->begin, glue);
}
