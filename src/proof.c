/* Writing DRAT and LRAT proofs.  Binary DRAT encodes each literal 'l' as
 * the unsigned number '2 * |l| + (l < 0)' in 7-bit little-endian groups
 * (high bit = more to come) after an 'a' (add) or 'd' (delete) byte,
 * ending with a zero byte; text DRAT writes DIMACS lines with a 'd '
 * prefix for deletions.  Literals are written in external numbering, so
 * the proof refers to the variables of the user's formula.
 *
 * LRAT lines carry clause identifiers: 'ID LITS 0 HINTS 0' adds the
 * lemma ID, implied by unit propagation through the hint clauses in the
 * given order, and 'ID d IDS 0' deletes clauses.  Binary LRAT uses the
 * 'a' and 'd' bytes with identifiers encoded like positive literals. */

#include "internal.h"

#include <stdlib.h>

static void put_byte (einsat *solver, char ch) {
  PUSH_STACK (solver->proof_buffer, ch);
}

static void put_binary_number (einsat *solver, uint64_t x) {
  while (x & ~(uint64_t) 0x7f) {
    put_byte (solver, (char) ((x & 0x7f) | 0x80));
    x >>= 7;
  }
  put_byte (solver, (char) x);
}

static void put_binary_literal (einsat *solver, int elit) {
  put_binary_number (solver, 2u * (unsigned) abs (elit) + (elit < 0));
}

static void put_text_number (einsat *solver, uint64_t x) {
  char digits[24];
  int n = 0;
  do
    digits[n++] = (char) ('0' + x % 10);
  while (x /= 10);
  while (n)
    put_byte (solver, digits[--n]);
  put_byte (solver, ' ');
}

static void put_text_literal (einsat *solver, int elit) {
  if (elit < 0)
    put_byte (solver, '-');
  put_text_number (solver, (unsigned) abs (elit));
}

/* Clause identifiers (and the zero ending a list) in LRAT, negated for
 * RAT hints. */
static void put_id (einsat *solver, uint64_t id) {
  bool rat = id & RAT_HINT;
  id &= ~RAT_HINT;
  if (solver->proof_binary)
    put_binary_number (solver, 2 * id + rat);
  else {
    if (rat)
      put_byte (solver, '-');
    put_text_number (solver, id);
  }
}

static void begin_line (einsat *solver, bool deletion) {
  if (solver->proof_binary)
    put_byte (solver, deletion ? 'd' : 'a');
  else if (deletion) {
    put_byte (solver, 'd');
    put_byte (solver, ' ');
  }
}

/* The zero ending a list: a zero byte, or '0' and 'separator'. */
static void put_zero (einsat *solver, char separator) {
  if (solver->proof_binary)
    put_byte (solver, 0);
  else {
    put_byte (solver, '0');
    put_byte (solver, separator);
  }
}

static void end_line (einsat *solver) {
  put_zero (solver, '\n');
  if (SIZE_STACK (solver->proof_buffer) >= (1 << 16))
    es_proof_flush (solver);
}

/* The end of the literals of an LRAT lemma, before its hints. */
static void end_literals (einsat *solver) { put_zero (solver, ' '); }

static void put_literal (einsat *solver, int elit) {
  if (solver->proof_binary)
    put_binary_literal (solver, elit);
  else
    put_text_literal (solver, elit);
}

/* A DRAT line of internal ('lits') or external ('elits') literals.  The
 * workers of a portfolio write to the shared sink instead ('sink.c'). */
static void write_line (einsat *solver, bool deletion, size_t size,
                        const unsigned *lits, const int *elits) {
  if (solver->share.sink) {
    if (lits)
      es_sink_clause (solver, deletion, size, lits);
    else
      es_sink_external (solver, deletion, size, elits);
    return;
  }
  if (!solver->proof)
    return;
  begin_line (solver, deletion);
  for (size_t i = 0; i < size; i++)
    put_literal (solver, lits ? es_proof_literal (solver, lits[i])
                              : elits[i]);
  end_line (solver);
}

static void write_internal (einsat *solver, bool deletion, size_t size,
                            const unsigned *lits) {
  write_line (solver, deletion, size, lits, 0);
}

static void write_external (einsat *solver, bool deletion, size_t size,
                            const int *elits) {
  write_line (solver, deletion, size, 0, elits);
}

/*------------------------------------------------------------------------*/
/* LRAT: every added clause gets the next identifier and is remembered
 * under it (units per variable, binary clauses in a table, large clauses
 * in front of their literals, see 'clause.c'). */

/* The literals are internal ('lits') or external ('elits'). */
static void write_lrat_lemma (einsat *solver, uint64_t id, size_t size,
                              const unsigned *lits, const int *elits,
                              size_t hints, const uint64_t *hint) {
  if (solver->proof_binary)
    put_byte (solver, 'a');
  put_id (solver, id);
  for (size_t i = 0; i < size; i++)
    put_literal (solver, lits ? es_proof_literal (solver, lits[i])
                              : elits[i]);
  end_literals (solver);
  for (size_t i = 0; i < hints; i++)
    put_id (solver, hint[i]);
  end_line (solver);
}

static void write_lrat_deletion (einsat *solver, uint64_t id) {
  if (solver->proof_binary)
    put_byte (solver, 'd');
  else {
    put_text_number (solver, solver->last_id);
    put_byte (solver, 'd');
    put_byte (solver, ' ');
  }
  put_id (solver, id);
  end_line (solver);
}

static void add_lrat_lemma (einsat *solver, size_t size,
                            const unsigned *lits) {
  assert (solver->lrat_started);
  uint64_t id = solver->clause_id = ++solver->last_id;
  write_lrat_lemma (solver, id, size, lits, 0,
                    SIZE_STACK (solver->lrat_chain),
                    solver->lrat_chain.begin);
  CLEAR_STACK (solver->lrat_chain);
  if (size == 1 && VALUE (lits[0]) >= 0) /* false: an empty clause next */
    es_lrat_set_unit (solver, IDX (lits[0]), id);
  else if (size == 2)
    es_lrat_add_binary (solver, lits[0], lits[1], id);
}

/* Writes the original clause 'old_id' again without its duplicate
 * literals, as a lemma with that single hint, and returns the lemma's
 * identifier (left to the caller to remember). */
uint64_t es_proof_restate (einsat *solver, size_t size,
                           const unsigned *lits, uint64_t old_id) {
  uint64_t id = ++solver->last_id;
  write_lrat_lemma (solver, id, size, lits, 0, 1, &old_id);
  return id;
}

/* The hints of an LRAT lemma are in 'lrat_chain'. */
void es_proof_add (einsat *solver, size_t size, const unsigned *lits) {
  if (solver->lrat)
    add_lrat_lemma (solver, size, lits);
  else
    write_internal (solver, false, size, lits);
}

/* Deletes a unit or binary clause (large ones: 'es_proof_delete_clause').
 * LRAT keeps units: they are hints for the rest of the proof. */
void es_proof_delete (einsat *solver, size_t size, const unsigned *lits) {
  if (!solver->lrat) {
    write_internal (solver, true, size, lits);
    return;
  }
  assert (size <= 2);
  uint64_t id;
  if (size == 2 && es_lrat_delete_binary (solver, lits[0], lits[1], &id))
    write_lrat_deletion (solver, id);
}

/* Deletes a lemma derived with identifier 'id' that never became a
 * clause of the solver (a step of a longer derivation): with LRAT by
 * its identifier, binary ones through the table of binary ids. */
void es_proof_delete_lemma (einsat *solver, uint64_t id, size_t size,
                            const unsigned *lits) {
  if (solver->lrat && size > 2)
    write_lrat_deletion (solver, id);
  else
    es_proof_delete (solver, size, lits);
}

void es_proof_delete_clause (einsat *solver, clause *c) {
  if (solver->lrat)
    write_lrat_deletion (solver, es_clause_id (solver, c));
  else
    write_internal (solver, true, c->size, c->lits);
}

/* 'c' lost literals in place and was added to the proof as it is now
 * (its new identifier is the last one); the old clause goes. */
void es_proof_shrunk (einsat *solver, clause *c, uint64_t old_id,
                      size_t old_size, const unsigned *old_lits) {
  if (!solver->lrat) {
    write_internal (solver, true, old_size, old_lits);
    return;
  }
  es_set_clause_id (solver, c, solver->last_id);
  write_lrat_deletion (solver, old_id);
}

/* 'lit' was just implied at the root level: its unit clause follows from
 * its reason and the units of the reason's other literals.  Written to
 * the proof so that it stays valid when the reason is deleted later. */
void es_proof_root_unit (einsat *solver, unsigned lit) {
  es_lrat_derive_from_reason (solver, 1, &lit, lit);
  es_proof_add (solver, 1, &lit);
}

/* A variable of the proof only (an extension variable) is named after
 * every variable so far. */
int es_proof_new_name (einsat *solver) {
  int name = solver->proof_max > solver->max_external ? solver->proof_max
                                                      : solver->max_external;
  if (name >= EINSAT_MAX_VAR)
    es_fatal (solver, "too many variables in the proof");
  return solver->proof_max = ++name;
}

/* Original clauses keep their identifiers in LRAT: nothing to write. */
void es_proof_add_external (einsat *solver, size_t size,
                            const int *elits) {
  if (!solver->lrat)
    write_external (solver, false, size, elits);
}

void es_proof_delete_external (einsat *solver, size_t size,
                               const int *elits) {
  if (!solver->lrat)
    write_external (solver, true, size, elits);
}

/* An LRAT lemma over proof variables (see 'cardinality.c'), which the
 * solver does not keep: its hints are in 'lrat_chain', and its
 * identifier is returned for later hints and its deletion. */
uint64_t es_proof_lrat_external (einsat *solver, size_t size,
                                 const int *elits) {
  assert (solver->lrat_started);
  uint64_t id = ++solver->last_id;
  write_lrat_lemma (solver, id, size, 0, elits,
                    SIZE_STACK (solver->lrat_chain),
                    solver->lrat_chain.begin);
  CLEAR_STACK (solver->lrat_chain);
  return id;
}

void es_proof_lrat_delete_id (einsat *solver, uint64_t id) {
  write_lrat_deletion (solver, id);
}

void es_proof_flush (einsat *solver) {
  if (!solver->proof || solver->share.sink)
    return;
  size_t bytes = SIZE_STACK (solver->proof_buffer);
  if (bytes && fwrite (solver->proof_buffer.begin, 1, bytes,
                       solver->proof) != bytes)
    solver->proof_failed = true;
  CLEAR_STACK (solver->proof_buffer);
  fflush (solver->proof);
}
