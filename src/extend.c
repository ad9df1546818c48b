/* The extension stack: clauses removed by variable elimination or as
 * blocked clauses ('block.c'), each with its witness literal (the
 * eliminated literal or the literal it is blocked on).  Models of the
 * simplified formula are extended to models of the original one by
 * walking the stack backwards and making the witness true whenever its
 * clause is not satisfied yet (Järvisalo, Heule and Biere 2012).
 *
 * A variable that was eliminated or is the witness of blocked clauses
 * but shows up again (in a new clause, an assumption, a freeze or a
 * projection) is restored: the clauses with that witness go back into
 * the formula, and with them the clauses of every other eliminated or
 * witness variable they mention, as each restored clause is a new clause
 * too (Fazekas, Biere and Scholl 2019).
 *
 * With an LRAT proof the clauses moved here stay in the proof (they are
 * not deleted there), so restoring one needs no new lemma: it comes back
 * under its old identifier, which the entry keeps.  So they do in a DRAT
 * proof with option 'incremental' (the default): a restored clause is
 * added again in front of its witness, which makes it RAT on the
 * witness only if no clause with the negated witness exists, but a
 * checker reads the clauses the user added after solving up front, and
 * they are what restores it.  Kept, the clause is still there and its
 * addition is RUP.  Without 'incremental' (the command line) the moved
 * clauses are deleted in the proof, which makes checking faster.
 *
 * Layout of an entry: size, witness, the literals, with LRAT the 64-bit
 * identifier ('id_words' words), size again (so the stack can be walked
 * in both directions). */

#include "internal.h"

#include <stdlib.h>

#define ENTRY_WORDS(SIZE) ((SIZE) + 3 + solver->id_words)

void es_push_extension (einsat *solver, unsigned witness, size_t size,
                        const unsigned *lits, uint64_t lrat_id) {
  assert (size > 0);
#ifndef NDEBUG
  bool contains_witness = false;
  for (size_t i = 0; i < size; i++)
    contains_witness |= lits[i] == witness;
  assert (contains_witness);
#endif
  LOGLITS (size, lits, "pushing on the extension stack with witness %s",
           LOGLIT (witness));
  PUSH_STACK (solver->extension, (unsigned) size);
  PUSH_STACK (solver->extension, witness);
  for (size_t i = 0; i < size; i++)
    PUSH_STACK (solver->extension, lits[i]);
  if (solver->id_words) {
    PUSH_STACK (solver->extension, (unsigned) lrat_id);
    PUSH_STACK (solver->extension, (unsigned) (lrat_id >> 32));
  }
  PUSH_STACK (solver->extension, (unsigned) size);
}

/* Removes the occurrence 'o' of 'witness' (an irredundant clause) from
 * the formula to the extension stack. */
void es_move_to_extension (einsat *solver, unsigned witness,
                           const occurrence *o) {
  unsigned binary[2], size;
  const unsigned *lits =
      es_occurrence_literals (solver, witness, o, binary, &size);
  if (o->ref == INVALID) {
    uint64_t id = 0;
    if (solver->lrat)
      id = es_lrat_binary_id (solver, witness, o->other);
    es_push_extension (solver, witness, size, lits, id);
    if (solver->lrat) {
      es_remove_binary (solver, false, witness, o->other);
      es_lrat_delete_binary (solver, witness, o->other, &id);
    } else if (GET_OPTION (incremental))
      es_remove_binary (solver, false, witness, o->other);
    else
      es_delete_binary (solver, false, witness, o->other);
  } else {
    clause *c = CLAUSE (o->ref);
    es_push_extension (solver, witness, size, lits, es_clause_id (solver, c));
    if (solver->lrat || GET_OPTION (incremental))
      es_discard_clause (solver, c);
    else
      es_mark_garbage (solver, c);
  }
}

static uint64_t entry_id (einsat *solver, const unsigned *entry) {
  if (!solver->id_words)
    return 0;
  const unsigned *id = entry + 2 + entry[0];
  return id[0] | ((uint64_t) id[1] << 32);
}

void es_reconstruct (einsat *solver, signed char *values) {
  const unsigned *begin = solver->extension.begin;
  const unsigned *p = solver->extension.end;
  while (p != begin) {
    unsigned size = p[-1];
    p -= ENTRY_WORDS (size);
    assert (p >= begin && p[0] == size);
    unsigned witness = p[1];
    const unsigned *lits = p + 2;
    bool satisfied = false;
    for (unsigned i = 0; !satisfied && i < size; i++)
      satisfied = values[lits[i]] > 0;
    if (!satisfied) {
      values[witness] = 1;
      values[NOT (witness)] = -1;
    }
  }
}

/*------------------------------------------------------------------------*/
/* Restoring.  The variables to restore are marked with 'seen'. */

/* Variables with clauses on the stack. */
static bool restorable (const var_flags *f) {
  return (f->eliminated || f->witness) && !f->seen;
}

/* Adds the restorable variables mentioned by the clauses of marked
 * witnesses until nothing changes. */
static void close_restore_set (einsat *solver, unsigneds *restore) {
  bool changed = true;
  while (changed) {
    changed = false;
    for (unsigned *p = solver->extension.begin; p != solver->extension.end;
         p += ENTRY_WORDS (p[0])) {
      if (!FLAGS (IDX (p[1]))->seen)
        continue;
      for (unsigned i = 0; i < p[0]; i++) {
        unsigned idx = IDX (p[2 + i]);
        var_flags *f = FLAGS (idx);
        if (restorable (f)) {
          f->seen = true;
          PUSH_STACK (*restore, idx);
          changed = true;
        }
      }
    }
  }
}

/* All clauses of the variable left the stack: a witness of blocked
 * clauses is active anyway, an eliminated variable becomes active. */
static void reactivate (einsat *solver, unsigned idx) {
  var_flags *f = FLAGS (idx);
  assert (f->seen && (!f->eliminated || !VALUE (LIT (idx))));
  f->seen = false;
  f->witness = false;
  if (!f->eliminated)
    return;
  f->eliminated = false;
  f->active = true;
  INC (restored);
  solver->active++;
  es_queue_enqueue (solver, idx);
  es_heap_push (solver, &solver->scores, idx);
  LOG ("reactivating eliminated variable %u", idx);
}

/* Moves the clauses of marked witnesses from the stack back into the
 * formula, keeping the order of the remaining entries.  The clauses are
 * collected first: adding them may not touch the stack while it is being
 * compacted. */
static void restore_clauses (einsat *solver, unsigneds *clauses) {
  unsigned *q = solver->extension.begin;
  for (unsigned *p = solver->extension.begin; p != solver->extension.end;) {
    unsigned words = ENTRY_WORDS (p[0]);
    if (FLAGS (IDX (p[1]))->seen) {
      PUSH_STACK (*clauses, p[0]);
      PUSH_STACK (*clauses, p[1]);
      for (unsigned i = 0; i < p[0] + solver->id_words; i++)
        PUSH_STACK (*clauses, p[2 + i]);
    } else {
      for (unsigned i = 0; i < words; i++)
        q[i] = p[i];
      q += words;
    }
    p += words;
  }
  solver->extension.end = q;
}

static void add_restored_clauses (einsat *solver, unsigneds *clauses) {
  for (unsigned *p = clauses->begin; p != clauses->end;
       p += 2 + p[0] + solver->id_words) {
    unsigned size = p[0], witness = p[1];
    const unsigned *lits = p + 2;
    CLEAR_STACK (solver->clause);
    PUSH_STACK (solver->clause, witness); /* first, for RAT in proofs */
    for (unsigned i = 0; i < size; i++)
      if (lits[i] != witness)
        PUSH_STACK (solver->clause, lits[i]);
    INC (restored_clauses);
    es_add_internal_clause (solver, entry_id (solver, p));
  }
}

/* Restores the variables in 'restore' (marked 'seen') and all they
 * need. */
static void restore_marked (einsat *solver, unsigneds *restore) {
  if (EMPTY_STACK (*restore))
    return;
  close_restore_set (solver, restore);
  unsigneds *clauses = &solver->restored;
  CLEAR_STACK (*clauses);
  restore_clauses (solver, clauses);
  for (all_stack (unsigned, idx, *restore))
    reactivate (solver, idx);
  CLEAR_STACK (*restore);
  add_restored_clauses (solver, clauses);
  CLEAR_STACK (*clauses);
}

/* Marks 'eidx' for restoring if it has clauses on the stack. */
static void mark_external (einsat *solver, unsigneds *restore, int eidx) {
  if (eidx > solver->max_external)
    return;
  unsigned iidx1 = PEEK_STACK (solver->e2i, eidx);
  if (!iidx1)
    return;
  var_flags *f = FLAGS (iidx1 - 1);
  if (restorable (f)) {
    f->seen = true;
    PUSH_STACK (*restore, iidx1 - 1);
  }
}

/* The (empty) list of variables to restore, or NULL if nothing is on the
 * extension stack. */
static unsigneds *start_restoring (einsat *solver) {
  if (EMPTY_STACK (solver->extension))
    return 0;
  CLEAR_STACK (solver->restoring);
  return &solver->restoring;
}

void es_restore_external (einsat *solver, size_t size, const int *elits) {
  unsigneds *restore = start_restoring (solver);
  if (!restore)
    return;
  for (size_t i = 0; i < size; i++)
    mark_external (solver, restore, abs (elits[i]));
  restore_marked (solver, restore);
}

/* All at once: restoring them one by one would walk the extension stack
 * once per restored variable. */
void es_restore_all_external (einsat *solver) {
  unsigneds *restore = start_restoring (solver);
  if (!restore)
    return;
  for (int eidx = 1; eidx <= solver->max_external; eidx++)
    mark_external (solver, restore, eidx);
  restore_marked (solver, restore);
}

/* The decide callback may look at the value of any variable and expects
 * no clause of the user's to be false after propagation, which blocked
 * clauses (over active variables, not propagated) could be: they all go
 * back before such a solve, and none is removed during it. */
void es_restore_blocked (einsat *solver) {
  unsigneds *restore = start_restoring (solver);
  if (!restore)
    return;
  for (unsigned idx = 0; idx < solver->vars; idx++) {
    var_flags *f = FLAGS (idx);
    if (f->witness && !f->seen) {
      f->seen = true;
      PUSH_STACK (*restore, idx);
    }
  }
  restore_marked (solver, restore);
}
