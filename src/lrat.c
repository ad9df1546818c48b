/* LRAT bookkeeping: the identifiers of unit and binary clauses, and the
 * hints of lemmas derived by unit propagation on the trail.
 *
 * A lemma L is derived when the trail, with the negation of L assumed,
 * propagates to a falsified clause F: conflict analysis, minimization
 * and shrinking all produce such lemmas.  The hints are found afterwards
 * from the trail alone: starting at F, every false literal that is not
 * in L is either fixed at the root (its unit clause is a hint) or
 * implied by a reason, whose other literals are followed in turn.
 * Ordered by trail position, the reasons become unit one after the
 * other under the negation of L, and F ends the chain.  This keeps the
 * analysis itself free of proof code, at the price of a second walk over
 * the reasons it visited, which only LRAT proofs pay. */

#include "internal.h"

#include <stdlib.h>

/*------------------------------------------------------------------------*/
/* Units. */

static void ensure_variables (einsat *solver) {
  while (SIZE_STACK (solver->unit_ids) < solver->vars)
    PUSH_STACK (solver->unit_ids, 0);
  while (SIZE_STACK (solver->lrat_marks) < solver->vars)
    PUSH_STACK (solver->lrat_marks, 0);
}

void es_lrat_set_unit (einsat *solver, unsigned idx, uint64_t id) {
  ensure_variables (solver);
  POKE_STACK (solver->unit_ids, idx, id);
}

uint64_t es_lrat_unit_id (einsat *solver, unsigned idx) {
  ensure_variables (solver);
  uint64_t id = PEEK_STACK (solver->unit_ids, idx);
  assert (id);
  return id;
}

/*------------------------------------------------------------------------*/
/* Binary clauses. */

static uint64_t binary_key (unsigned a, unsigned b) {
  if (a > b) {
    unsigned tmp = a;
    a = b;
    b = tmp;
  }
  return ((uint64_t) a << 32) | b; /* never 0: a < b */
}

static size_t binary_slot (const binary_ids *ids, uint64_t key) {
  uint64_t h = key * 0x9e3779b97f4a7c15ull;
  h ^= h >> 29;
  return (size_t) h & (ids->size - 1);
}

static binary_id *find_binary (binary_ids *ids, uint64_t key) {
  if (!ids->size)
    return 0;
  for (size_t i = binary_slot (ids, key);; i = (i + 1) & (ids->size - 1)) {
    binary_id *b = ids->table + i;
    if (b->key == key)
      return b;
    if (!b->key)
      return 0;
  }
}

static void insert_binary (binary_ids *ids, binary_id entry) {
  size_t i = binary_slot (ids, entry.key);
  while (ids->table[i].key)
    i = (i + 1) & (ids->size - 1);
  ids->table[i] = entry;
  ids->count++;
}

static void enlarge_binary_ids (einsat *solver) {
  binary_ids *ids = &solver->binary_ids;
  binary_ids old = *ids;
  size_t size = old.size ? 2 * old.size : 1024;
  binary_id *table;
  NEW_ARRAY (table, size); /* may long-jump: 'ids' must stay intact */
  ids->table = table;
  ids->size = size;
  ids->count = 0;
  for (size_t i = 0; i < old.size; i++)
    if (old.table[i].key)
      insert_binary (ids, old.table[i]);
  DELETE_ARRAY (old.table, old.size);
}

void es_lrat_add_binary (einsat *solver, unsigned a, unsigned b,
                         uint64_t id) {
  binary_ids *ids = &solver->binary_ids;
  uint64_t key = binary_key (a, b);
  binary_id *existing = find_binary (ids, key);
  if (existing) {
    existing->copies++;
    return;
  }
  if (2 * (ids->count + 1) > ids->size)
    enlarge_binary_ids (solver);
  insert_binary (ids, (binary_id) {key, id, 1});
}

uint64_t es_lrat_binary_id (einsat *solver, unsigned a, unsigned b) {
  binary_id *b_id = find_binary (&solver->binary_ids, binary_key (a, b));
  assert (b_id);
  return b_id ? b_id->id : 0;
}

/* Removes one copy; returns true (and its identifier) if it was the
 * last.  Later entries of the probe sequence move back into the gap
 * (deletion without tombstones for linear probing). */
bool es_lrat_delete_binary (einsat *solver, unsigned a, unsigned b,
                            uint64_t *id) {
  binary_ids *ids = &solver->binary_ids;
  binary_id *entry = find_binary (ids, binary_key (a, b));
  assert (entry);
  if (!entry || --entry->copies)
    return false;
  *id = entry->id;
  size_t mask = ids->size - 1, gap = (size_t) (entry - ids->table);
  for (size_t i = (gap + 1) & mask; ids->table[i].key; i = (i + 1) & mask) {
    size_t home = binary_slot (ids, ids->table[i].key);
    if (((i - home) & mask) >= ((i - gap) & mask)) {
      ids->table[gap] = ids->table[i];
      gap = i;
    }
  }
  ids->table[gap].key = 0;
  ids->count--;
  return true;
}

/*------------------------------------------------------------------------*/
/* Hints from the trail. */

enum { UNSEEN, IN_LEMMA, SEEN };

static uint64_t reason_id (einsat *solver, unsigned lit) {
  assigned *a = VAR (lit);
  if (a->binary)
    return es_lrat_binary_id (solver, lit, a->reason);
  return es_clause_id (solver, CLAUSE (a->reason));
}

static void push_reason_literals (einsat *solver, unsigned lit) {
  assigned *a = VAR (lit);
  if (a->binary) {
    PUSH_STACK (solver->lrat_work, a->reason);
    return;
  }
  clause *c = CLAUSE (a->reason);
  for (all_literals_in_clause (other, c))
    if (other != lit)
      PUSH_STACK (solver->lrat_work, other);
}

/* Follows the false literals on the work stack to the root units (hints
 * pushed at once) and to the implied literals (ranked by trail position
 * in 'lrat_implied'). */
static void walk_reasons (einsat *solver) {
  signed char *marks = solver->lrat_marks.begin;
  while (!EMPTY_STACK (solver->lrat_work)) {
    unsigned lit = POP_STACK (solver->lrat_work);
    unsigned idx = IDX (lit);
    if (marks[idx])
      continue;
    assert (VALUE (lit) < 0);
    marks[idx] = SEEN;
    PUSH_STACK (solver->lrat_seen, idx);
    assigned *a = solver->assigned + idx;
    if (!a->level) {
      PUSH_STACK (solver->lrat_chain, es_lrat_unit_id (solver, idx));
      continue;
    }
    assert (a->reason != INVALID);
    PUSH_STACK (solver->lrat_implied, ((uint64_t) a->trail << 32) | idx);
    push_reason_literals (solver, NOT (lit));
  }
}

/* The hints for 'lemma' (all its literals false) from the clause
 * 'final_lits' (falsified by the trail) go to 'lrat_chain'.  Literals
 * removed by binary minimization are implied by the asserting literal
 * and a binary clause, which come first. */
void es_lrat_derive (einsat *solver, size_t size, const unsigned *lemma,
                     size_t final_size, const unsigned *final_lits,
                     uint64_t final_id) {
  if (!solver->lrat)
    return;
  ensure_variables (solver);
  CLEAR_STACK (solver->lrat_chain);
  signed char *marks = solver->lrat_marks.begin;
  for (size_t i = 0; i < size; i++)
    marks[IDX (lemma[i])] = IN_LEMMA;
  for (all_stack (unsigned, lit, solver->lrat_binary_removed)) {
    marks[IDX (lit)] = IN_LEMMA;
    PUSH_STACK (solver->lrat_chain,
                es_lrat_binary_id (solver, lemma[0], NOT (lit)));
  }
  for (size_t i = 0; i < final_size; i++)
    PUSH_STACK (solver->lrat_work, final_lits[i]);
  walk_reasons (solver);
  uint64s *implied = &solver->lrat_implied;
  es_sort_keys (implied);
  for (all_stack (uint64_t, rank, *implied))
    PUSH_STACK (solver->lrat_chain,
                reason_id (solver, solver->trail[rank >> 32]));
  PUSH_STACK (solver->lrat_chain, final_id);
  CLEAR_STACK (*implied);
  for (all_stack (unsigned, idx, solver->lrat_seen))
    marks[idx] = UNSEEN;
  CLEAR_STACK (solver->lrat_seen);
  for (size_t i = 0; i < size; i++)
    marks[IDX (lemma[i])] = UNSEEN;
  for (all_stack (unsigned, lit, solver->lrat_binary_removed))
    marks[IDX (lit)] = UNSEEN;
  CLEAR_STACK (solver->lrat_binary_removed);
}

void es_lrat_derive_from_conflict (einsat *solver, size_t size,
                                   const unsigned *lemma,
                                   unsigned conflict) {
  if (!solver->lrat)
    return;
  if (conflict == BINARY_CONFLICT) {
    const unsigned *lits = solver->conflict_binary;
    es_lrat_derive (solver, size, lemma, 2, lits,
                    es_lrat_binary_id (solver, lits[0], lits[1]));
  } else {
    clause *c = CLAUSE (conflict);
    es_lrat_derive (solver, size, lemma, c->size, c->lits,
                    es_clause_id (solver, c));
  }
}

/* The lemma contains 'lit', which is implied: its reason is falsified
 * once the lemma is.  (At the root level the hints are the units of the
 * reason's other literals and the reason.) */
void es_lrat_derive_from_reason (einsat *solver, size_t size,
                                 const unsigned *lemma, unsigned lit) {
  if (!solver->lrat)
    return;
  assigned *a = VAR (lit);
  assert (a->reason != INVALID);
  if (a->binary) {
    unsigned lits[2] = {lit, a->reason};
    es_lrat_derive (solver, size, lemma, 2, lits,
                    es_lrat_binary_id (solver, lit, a->reason));
  } else {
    clause *c = CLAUSE (a->reason);
    es_lrat_derive (solver, size, lemma, c->size, c->lits,
                    es_clause_id (solver, c));
  }
}

/* Root-level false literals removed from a clause: their units are the
 * first hints (the clause itself comes last). */
void es_lrat_add_units (einsat *solver, size_t size, const unsigned *lits) {
  if (!solver->lrat)
    return;
  for (size_t i = 0; i < size; i++)
    if (VALUE (lits[i]) < 0 && !LEVEL (lits[i]))
      PUSH_STACK (solver->lrat_chain, es_lrat_unit_id (solver, IDX (lits[i])));
}

/*------------------------------------------------------------------------*/
/* Original clauses with duplicate literals are stored without them, but
 * a checker may count a duplicate as an open literal of a hint clause.
 * They are restated as lemmas once lemmas can be numbered, and the
 * solver's clause takes the new identifier.  Entries of
 * 'lrat_duplicates': identifier, size, the literals and the reference of
 * a large clause. */

void es_lrat_remember_duplicates (einsat *solver, uint64_t id, size_t size,
                                  const unsigned *lits) {
  uint64s *pending = &solver->lrat_duplicates;
  PUSH_STACK (*pending, id);
  PUSH_STACK (*pending, size);
  for (size_t i = 0; i < size; i++)
    PUSH_STACK (*pending, lits[i]);
  PUSH_STACK (*pending, INVALID);
}

/* The large clause just added for the last remembered entry. */
void es_lrat_remember_duplicates_ref (einsat *solver, unsigned ref) {
  uint64s *pending = &solver->lrat_duplicates;
  POKE_STACK (*pending, SIZE_STACK (*pending) - 1, ref);
}

static void replace_hint (einsat *solver, uint64_t old_id, uint64_t id) {
  for (uint64_t *p = solver->lrat_chain.begin; p != solver->lrat_chain.end;
       p++)
    if (*p == old_id)
      *p = id;
}

static void restate_duplicates (einsat *solver) {
  uint64s *pending = &solver->lrat_duplicates;
  unsigneds *lits = &solver->lrat_lemma;
  for (const uint64_t *p = pending->begin; p != pending->end;) {
    uint64_t old_id = p[0];
    size_t size = (size_t) p[1];
    CLEAR_STACK (*lits);
    for (size_t i = 0; i < size; i++)
      PUSH_STACK (*lits, (unsigned) p[2 + i]);
    unsigned ref = (unsigned) p[2 + size];
    p += 3 + size;
    uint64_t id = es_proof_restate (solver, size, lits->begin, old_id);
    if (size == 1 && es_lrat_unit_id (solver, IDX (lits->begin[0])) == old_id)
      es_lrat_set_unit (solver, IDX (lits->begin[0]), id);
    else if (size == 2) {
      binary_id *b = find_binary (&solver->binary_ids,
                                  binary_key (lits->begin[0], lits->begin[1]));
      if (b && b->id == old_id)
        b->id = id;
    } else if (size > 2)
      es_set_clause_id (solver, CLAUSE (ref), id);
    replace_hint (solver, old_id, id);
  }
  CLEAR_STACK (*lits);
  RELEASE_STACK (*pending);
}

/* Lemmas are numbered after the original clauses, so numbering starts
 * with the first solve: from then on no clause may be added. */
void es_lrat_start (einsat *solver) {
  if (!solver->lrat || solver->lrat_started)
    return;
  solver->lrat_started = true;
  solver->last_id = solver->original_id;
  restate_duplicates (solver);
  if (solver->inconsistent) /* the hints were kept by 'clause.c' */
    es_proof_add (solver, 0, 0);
}

void es_lrat_release (einsat *solver) {
  DELETE_ARRAY (solver->binary_ids.table, solver->binary_ids.size);
  solver->binary_ids.size = solver->binary_ids.count = 0;
}
