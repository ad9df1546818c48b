/* Congruence closure on gates (as in Kissat 4, after Fleury and Biere's
 * 'Scalable and precise congruence closure for SAT').  A gate defines its
 * output as a function of its inputs:
 *
 *   AND: g = l_1 & ... & l_k   from (-g | l_i) for each i and
 *                                   (g | -l_1 | ... | -l_k);
 *   XOR: x_1 ^ ... ^ x_k = b   ('xors.c'), a gate for each of its k
 *                               variables as the output.
 *
 * Two gates of the same kind with equal inputs have equivalent outputs.
 * Merging them may make the inputs of other gates equal, so the merges
 * are closed under this rule with a union-find structure over literals,
 * a hash table of the gates keyed by their inputs (each input replaced
 * by the representative of its class) and a worklist of the gates whose
 * inputs were merged.  Constants take part: a gate with a false input
 * (AND) or with only constant inputs (XOR) fixes its output, and one with
 * a single input left is an equivalence.  Hardware-like formulas gain
 * from the interplay: on hash-function circuits the constants find many
 * more merges than the binary equivalences and the closure without them
 * (bench/RESULTS.md, "Figures behind comments").
 *
 * The merges are added as binary clauses (units for constants), which the
 * substitution right after ('decompose.c') uses; they are implied by the
 * irredundant gate clauses, so the models stay the same.  It runs in the
 * first elimination round after original clauses were added, and again
 * in probing rounds ('probe.c') once units or equivalences were found
 * since the last closure; a closure that finds nothing makes the next
 * ones sit out ('schedule.c').  With a proof (DRAT or LRAT) each merge
 * is derived by unit propagation in the order they were made
 * ('add_proved_merges'); with the teaching trace it is skipped. */

#include "internal.h"

#include <limits.h>
#include <string.h>

typedef struct gate {
  unsigned output; /* AND: the output literal; XOR: the literal of the
                      output variable equal to the sum of the input
                      variables (never a representative, never the
                      constant, so that merges are stated in terms of
                      the gate clauses) */
  unsigned offset; /* of the inputs in 'inputs' */
  unsigned size;   /* inputs left after normalising */
  unsigned hash;
  unsigned source; /* XOR: its constraint's offset in 'xors' */
  bool is_xor, dead, scheduled;
} gate;

/* clang-format off */
#define CONGRUENCE_STACKS(X, P) \
  X (P, STACK (gate), gates) \
  X (P, unsigneds, inputs)      /* AND: literals, XOR: positive ones */ \
  X (P, unsigneds, xors)        /* from 'es_find_xors' */ \
  X (P, unsigneds, occurrences) /* gates by input variable */ \
  X (P, unsigneds, worklist) \
  X (P, unsigneds, candidates)  /* inputs of the AND gate being found */ \
  X (P, unsigneds, merged)      /* pairs (a, b): a = b */ \
  /* DRAT: per merge, the number of variables to split on and those \
   * variables */ \
  X (P, unsigneds, branches) \
  X (P, unsigneds, split)       /* DRAT: variables for the next merge */
/* clang-format on */

typedef struct congruence {
  DECLARE_STACKS (CONGRUENCE_STACKS)
  unsigned *repr;     /* per variable: an equivalent literal; itself if it
                         is the representative of its class */
  unsigned *next;     /* per variable: the next member of its class */
  unsigned *members;  /* per representative: the size of its class */
  unsigned *occurs;   /* per variable: where its gates are in 'occurrences' */
  size_t size;        /* entries of 'repr', 'next', 'members' (variables
                         and the constant) */
  unsigned *table;    /* hash table of gate indices, INVALID if empty */
  size_t table_size, table_count;
  unsigned constant;  /* the literal 'true' (an extra variable) */
  uint64_t steps, limit;
  bool inconsistent, proving;
} congruence;

/*------------------------------------------------------------------------*/
/* Gate extraction, in dense mode. */

static void new_gate (einsat *solver, congruence *C, bool is_xor,
                      unsigned output, unsigned size, const unsigned *inputs,
                      unsigned source) {
  gate g = {output, (unsigned) SIZE_STACK (C->inputs), size, 0, source,
            is_xor, false, false};
  for (unsigned i = 0; i < size; i++)
    PUSH_STACK (C->inputs, inputs[i]);
  PUSH_STACK (C->gates, g);
}

/* 'g = AND (l_1, ..., l_k)' for the clauses (g | -l_1 | ... | -l_k)
 * whose negated literals are all implied by 'g' through binary
 * clauses. */
static void find_and_gates (einsat *solver, congruence *C, unsigned g,
                            unsigneds *inputs) {
  signed char *marks = solver->marks;
  watches *implications = &WATCHES (NOT (g));
  unsigned implied = 0;
  for (all_watches (w, *implications))
    if (w.ref == IRREDUNDANT_BINARY)
      marks[w.blit] = 1, implied++;
  C->steps += SIZE_WATCHES (*implications);
  if (implied >= 2) {
    watches *definitions = &WATCHES (g);
    C->steps += SIZE_WATCHES (*definitions);
    for (all_watches (w, *definitions)) {
      if (IS_BINARY (w))
        continue;
      clause *c = CLAUSE (w.ref);
      if (c->garbage || c->size - 1 > implied)
        continue;
      C->steps += c->size;
      CLEAR_STACK (*inputs);
      for (all_literals_in_clause (lit, c)) {
        if (lit == g)
          continue;
        if (!marks[NOT (lit)])
          break;
        PUSH_STACK (*inputs, NOT (lit));
      }
      if (SIZE_STACK (*inputs) + 1 == c->size) {
        new_gate (solver, C, false, g, c->size - 1, inputs->begin, 0);
        INC (congruence_ands);
      }
    }
  }
  for (all_watches (w, *implications))
    if (w.ref == IRREDUNDANT_BINARY)
      marks[w.blit] = 0;
}

/* Each XOR over k variables gives k gates, one per output variable:
 * x_i = b ^ (sum of the others). */
static void add_xor_gates (einsat *solver, congruence *C) {
  unsigned inputs[8];
  for (unsigned *x = C->xors.begin; x != C->xors.end; x += 2 + x[0]) {
    unsigned size = x[0], rhs = x[1];
    for (unsigned i = 0; i < size; i++) {
      unsigned n = 0;
      for (unsigned j = 0; j < size; j++)
        if (j != i)
          inputs[n++] = LIT (x[2 + j]);
      new_gate (solver, C, true, LIT (x[2 + i]) ^ rhs, n, inputs,
                (unsigned) (x - C->xors.begin));
    }
    INC (congruence_xors);
  }
}

static void find_gates (einsat *solver, congruence *C) {
  for (unsigned idx = 0; idx < solver->vars; idx++) {
    if (C->steps > C->limit || es_terminating (solver))
      break;
    if (!FLAGS (idx)->active)
      continue;
    find_and_gates (solver, C, LIT (idx), &C->candidates);
    find_and_gates (solver, C, NOT (LIT (idx)), &C->candidates);
  }
  if (C->steps <= C->limit)
    es_find_xors (solver, &C->xors, 3,
                  (unsigned) GET_OPTION (congruencexorsize), &C->steps,
                  C->limit);
  add_xor_gates (solver, C);
}

/*------------------------------------------------------------------------*/
/* Union-find over literals, with the constant as a variable of its own. */

static unsigned find (congruence *C, unsigned lit) {
  unsigned *repr = C->repr;
  unsigned root = IDX (lit), sign = 0;
  while (repr[root] != LIT (root))
    sign ^= repr[root] & 1u, root = IDX (repr[root]);
  /* Path compression; 'node_sign' relates 'node' to the root. */
  unsigned node = IDX (lit), node_sign = sign;
  while (node != root) {
    unsigned next = repr[node];
    repr[node] = LIT (root) ^ node_sign;
    node_sign ^= next & 1u;
    node = IDX (next);
  }
  return LIT (root) ^ sign ^ (lit & 1u);
}

static void schedule (einsat *solver, congruence *C, unsigned index) {
  gate *g = C->gates.begin + index;
  if (g->dead || g->scheduled)
    return;
  g->scheduled = true;
  PUSH_STACK (C->worklist, index);
}

/* Makes 'a' and 'b' equivalent; schedules the gates with an input in
 * the smaller class, whose representative changes. */
static void merge (einsat *solver, congruence *C, unsigned a, unsigned b) {
  unsigned ra = find (C, a), rb = find (C, b);
  if (ra == rb) {
    CLEAR_STACK (C->split);
    return;
  }
  if (C->proving) {
    PUSH_STACK (C->branches, (unsigned) SIZE_STACK (C->split));
    for (all_stack (unsigned, idx, C->split))
      PUSH_STACK (C->branches, idx);
    CLEAR_STACK (C->split);
  }
  PUSH_STACK (C->merged, a);
  PUSH_STACK (C->merged, b);
  if (ra == NOT (rb)) {
    C->inconsistent = true;
    return;
  }
  unsigned constant_idx = IDX (C->constant);
  if (IDX (ra) == constant_idx ||
      (IDX (rb) != constant_idx &&
       C->members[IDX (ra)] > C->members[IDX (rb)])) {
    unsigned t = ra;
    ra = rb, rb = t;
  }
  /* 'ra' joins the class of 'rb'. */
  unsigned loser = IDX (ra), winner = IDX (rb);
  C->repr[loser] = rb ^ (ra & 1u);
  C->members[winner] += C->members[loser];
  unsigned last = loser;
  for (unsigned idx = loser; idx != INVALID; idx = C->next[idx]) {
    last = idx;
    if (idx == constant_idx)
      continue;
    for (unsigned i = C->occurs[idx]; i < C->occurs[idx + 1]; i++)
      schedule (solver, C, C->occurrences.begin[i]);
    C->steps += C->occurs[idx + 1] - C->occurs[idx];
  }
  C->next[last] = C->next[winner];
  C->next[winner] = loser;
}

/*------------------------------------------------------------------------*/
/* Split variables for proofs.  An AND merge is implied by reverse unit
 * propagation over the gate clauses and the merges before it.  An XOR
 * merge is not: unit propagation needs all but one variable of an XOR
 * assigned.  So with a proof the variables its XORs depend on (their
 * representatives) are recorded with the merge, to be split on when it
 * is derived ('add_proved_merges').  Merges that would need more than
 * 'MAX_SPLIT' such variables are not made. */

#define MAX_SPLIT 10

static bool add_split (einsat *solver, congruence *C, unsigned idx) {
  for (all_stack (unsigned, other, C->split))
    if (other == idx)
      return true;
  if (SIZE_STACK (C->split) == MAX_SPLIT)
    return false;
  PUSH_STACK (C->split, idx);
  return true;
}

/* The representatives of the variables of the XORs of 'g' and 'h' (if
 * not 0), without those of 'a' and 'b' and the constant. */
static bool split_xors (einsat *solver, congruence *C, unsigned a,
                        unsigned b, const gate *g, const gate *h) {
  CLEAR_STACK (C->split);
  if (!C->proving)
    return true;
  unsigned skip[3] = {IDX (find (C, a)), IDX (find (C, b)),
                      IDX (C->constant)};
  for (const gate *x = g; x; x = x == g ? h : 0) {
    const unsigned *constraint = C->xors.begin + x->source;
    for (unsigned i = 0; i < constraint[0]; i++) {
      unsigned idx = IDX (find (C, LIT (constraint[2 + i])));
      if (idx != skip[0] && idx != skip[1] && idx != skip[2] &&
          !add_split (solver, C, idx)) {
        CLEAR_STACK (C->split);
        return false;
      }
    }
  }
  return true;
}

/*------------------------------------------------------------------------*/
/* Normalising a gate: its inputs replaced by their representatives,
 * constants and duplicates removed.  Returns false if the gate is gone
 * (it fixed its output, became an equivalence, or degenerated). */

static int compare_unsigned (const void *p, const void *q) {
  unsigned a = *(const unsigned *) p, b = *(const unsigned *) q;
  return a < b ? -1 : a > b;
}

/* Most gates have few inputs: insertion sort beats 'qsort' there. */
static void sort_inputs (unsigned size, unsigned *inputs) {
  if (size > 16) {
    qsort (inputs, size, sizeof *inputs, compare_unsigned);
    return;
  }
  for (unsigned i = 1; i < size; i++) {
    unsigned lit = inputs[i], j = i;
    for (; j && inputs[j - 1] > lit; j--)
      inputs[j] = inputs[j - 1];
    inputs[j] = lit;
  }
}

static bool normalize_and (einsat *solver, congruence *C, gate *g,
                           unsigned *inputs) {
  const unsigned truth = C->constant;
  unsigned output = find (C, g->output), size = 0;
  for (unsigned i = 0; i < g->size; i++) {
    unsigned lit = find (C, inputs[i]);
    if (lit == NOT (truth) || lit == NOT (output)) {
      merge (solver, C, g->output, NOT (truth));
      return false;
    }
    if (lit == output)
      return false; /* g = g & ...: not a definition */
    if (lit != truth)
      inputs[size++] = lit;
  }
  sort_inputs (size, inputs);
  unsigned kept = 0;
  for (unsigned i = 0; i < size; i++) {
    if (kept && inputs[kept - 1] == inputs[i])
      continue;
    if (kept && inputs[kept - 1] == NOT (inputs[i])) {
      merge (solver, C, g->output, NOT (truth));
      return false;
    }
    inputs[kept++] = inputs[i];
  }
  g->size = kept;
  if (kept > 1)
    return true;
  merge (solver, C, g->output, kept ? inputs[0] : truth);
  return false;
}

static bool normalize_xor (einsat *solver, congruence *C, gate *g,
                           unsigned *inputs) {
  const unsigned truth = C->constant;
  unsigned parity = 0, size = 0;
  for (unsigned i = 0; i < g->size; i++) {
    unsigned lit = find (C, inputs[i]);
    if (IDX (lit) == IDX (truth))
      parity ^= lit == truth; /* a true input flips the sum */
    else
      parity ^= lit & 1u, inputs[size++] = LIT (IDX (lit));
  }
  sort_inputs (size, inputs);
  unsigned kept = 0;
  for (unsigned i = 0; i < size; i++)
    if (kept && inputs[kept - 1] == inputs[i])
      kept--; /* x ^ x = 0 */
    else
      inputs[kept++] = inputs[i];
  g->output ^= parity;
  unsigned output = find (C, g->output);
  g->size = kept;
  for (unsigned i = 0; i < kept; i++)
    if (IDX (inputs[i]) == IDX (output))
      return false; /* x = x ^ ...: a constraint, not a definition */
  if (kept > 1)
    return true;
  unsigned other = kept ? inputs[0] : NOT (truth);
  if (split_xors (solver, C, g->output, other, g, 0))
    merge (solver, C, g->output, other);
  return false;
}

/*------------------------------------------------------------------------*/
/* The hash table holds gates by kind and inputs.  Entries of gates
 * normalised again since they were inserted are stale: they are skipped
 * by comparing the current inputs, and dropped when the table grows. */

static unsigned hash_gate (const gate *g, const unsigned *inputs) {
  uint64_t hash = g->is_xor ? 0x9e3779b97f4a7c15u : 0x632be59bd9b4e019u;
  for (unsigned i = 0; i < g->size; i++)
    hash = (hash + inputs[i]) * 0xff51afd7ed558ccdu, hash ^= hash >> 32;
  return (unsigned) hash;
}

static bool same_gate (congruence *C, const gate *g, const gate *h) {
  return g->hash == h->hash && g->is_xor == h->is_xor &&
         g->size == h->size &&
         !memcmp (C->inputs.begin + g->offset, C->inputs.begin + h->offset,
                  g->size * sizeof (unsigned));
}

static void insert_gate (congruence *C, unsigned index);

static void grow_table (einsat *solver, congruence *C) {
  size_t old_size = C->table_size;
  size_t new_size = old_size ? 2 * old_size : 1024;
  unsigned *old = C->table, *table;
  NEW_ARRAY (table, new_size); /* may long-jump: 'C' must stay intact */
  memset (table, 0xff, new_size * sizeof *table);
  C->table = table;
  C->table_size = new_size;
  C->table_count = 0;
  for (size_t i = 0; i < old_size; i++) {
    unsigned index = old[i];
    if (index == INVALID)
      continue;
    gate *g = C->gates.begin + index;
    if (!g->dead && !g->scheduled &&
        hash_gate (g, C->inputs.begin + g->offset) == g->hash)
      insert_gate (C, index);
  }
  C->steps += old_size;
  DELETE_ARRAY (old, old_size);
}

static void insert_gate (congruence *C, unsigned index) {
  size_t mask = C->table_size - 1;
  size_t i = C->gates.begin[index].hash & mask;
  while (C->table[i] != INVALID && C->table[i] != index)
    i = (i + 1) & mask;
  if (C->table[i] == INVALID)
    C->table[i] = index, C->table_count++;
}

/* Another live gate with the same kind and inputs, or INVALID. */
static unsigned find_congruent (congruence *C, unsigned index) {
  const gate *g = C->gates.begin + index;
  size_t mask = C->table_size - 1;
  for (size_t i = g->hash & mask; C->table[i] != INVALID;
       i = (i + 1) & mask) {
    unsigned other = C->table[i];
    const gate *h = C->gates.begin + other;
    C->steps++;
    if (other != index && !h->dead && !h->scheduled && same_gate (C, g, h))
      return other;
  }
  return INVALID;
}

static void process_gate (einsat *solver, congruence *C, unsigned index) {
  gate *g = C->gates.begin + index;
  g->scheduled = false;
  if (g->dead)
    return;
  unsigned *inputs = C->inputs.begin + g->offset;
  C->steps += g->size;
  bool alive = g->is_xor ? normalize_xor (solver, C, g, inputs)
                         : normalize_and (solver, C, g, inputs);
  if (!alive) {
    g->dead = true;
    return;
  }
  g->hash = hash_gate (g, inputs);
  unsigned other = find_congruent (C, index);
  if (other != INVALID) {
    gate *h = C->gates.begin + other;
    if (!g->is_xor || split_xors (solver, C, g->output, h->output, g, h)) {
      g->dead = true;
      INC (congruence_matched);
      merge (solver, C, g->output, h->output);
      return;
    }
  }
  if (2 * (C->table_count + 1) > C->table_size)
    grow_table (solver, C);
  insert_gate (C, index);
}

/*------------------------------------------------------------------------*/

static void init_closure (einsat *solver, congruence *C) {
  unsigned vars = solver->vars + 1; /* and the constant */
  C->constant = LIT (solver->vars);
  C->size = vars;
  NEW_ARRAY (C->repr, vars);
  NEW_ARRAY (C->next, vars);
  NEW_ARRAY (C->members, vars);
  NEW_ARRAY (C->occurs, vars + 1);
  for (unsigned idx = 0; idx < vars; idx++)
    C->repr[idx] = LIT (idx), C->next[idx] = INVALID, C->members[idx] = 1;
  /* Occurrences by input variable, as compressed rows: count, sum up to
   * the end of each row, then fill each row from its end. */
  size_t count = SIZE_STACK (C->gates);
  for (size_t i = 0; i < count; i++) {
    const gate *g = C->gates.begin + i;
    for (unsigned j = 0; j < g->size; j++)
      C->occurs[IDX (C->inputs.begin[g->offset + j])]++;
  }
  unsigned total = 0;
  for (unsigned idx = 0; idx < vars; idx++)
    total += C->occurs[idx], C->occurs[idx] = total;
  C->occurs[vars] = total;
  RESIZE_STACK (C->occurrences, 0);
  RESERVE_STACK (C->occurrences, total);
  RESIZE_STACK (C->occurrences, total);
  for (size_t i = count; i-- > 0;) {
    const gate *g = C->gates.begin + i;
    for (unsigned j = g->size; j-- > 0;) {
      unsigned idx = IDX (C->inputs.begin[g->offset + j]);
      C->occurrences.begin[--C->occurs[idx]] = (unsigned) i;
    }
  }
  grow_table (solver, C);
}

static void close_gates (einsat *solver, congruence *C) {
  for (unsigned i = (unsigned) SIZE_STACK (C->gates); i-- > 0;)
    schedule (solver, C, i);
  while (!EMPTY_STACK (C->worklist) && !C->inconsistent &&
         C->steps <= C->limit && !es_terminating (solver))
    process_gate (solver, C, POP_STACK (C->worklist));
}

/*------------------------------------------------------------------------*/
/* Proofs (DRAT and LRAT): the merges are derived by unit propagation on
 * the solver itself, in the order they were made, and each is added to
 * the formula before the next one is derived.  For a merge clause the
 * negation of its literals is assumed as decisions above the root level;
 * propagation then reaches a conflict (or implies one of its literals),
 * and the LRAT hints follow from the trail as for learned clauses
 * ('lrat.c').  An XOR merge first gets the literals of its split
 * variables added in every sign combination, and these clauses are
 * resolved away one variable at a time (the two clauses of the last
 * split are the hints).  A merge propagation cannot derive ends the
 * proof: it and all later merges are dropped. */

/* The literal of 'lemma' implied first (on the trail), or INVALID.  Its
 * reason is what refutes the negation of the lemma: the trail before it
 * agrees with that negation, and after it no longer does. */
static unsigned first_implied (einsat *solver, unsigned size,
                               const unsigned *lemma) {
  unsigned first = INVALID, position = UINT_MAX;
  for (unsigned i = 0; i < size; i++) {
    unsigned lit = lemma[i];
    if (VALUE (lit) > 0 && VAR (lit)->trail < position)
      first = lit, position = VAR (lit)->trail;
  }
  return first;
}

/* Assumes the negation of 'lemma' and propagates; returns true if that
 * is refuted, with the hints in 'lrat_chain'.  No literal of the lemma
 * is assigned at the root level. */
static bool refute_negation (einsat *solver, unsigned size,
                             const unsigned *lemma) {
  bool refuted = false;
  for (unsigned i = 0; !refuted && i < size; i++) {
    unsigned lit = lemma[i];
    if (VALUE (lit))
      continue;
    es_assign_decision (solver, NOT (lit));
    unsigned conflict = es_propagate (solver);
    unsigned implied = first_implied (solver, size, lemma);
    if (implied != INVALID)
      es_lrat_derive_from_reason (solver, size, lemma, implied);
    else if (conflict != INVALID)
      es_lrat_derive_from_conflict (solver, size, lemma, conflict);
    refuted = implied != INVALID || conflict != INVALID;
  }
  es_backtrack (solver, 0);
  return refuted;
}

/* Writes 'lits' (its first 'size' entries) to the proof, with the split
 * variables 'vars[level..count-1]' resolved away.  Returns false if
 * propagation failed to derive it. */
static bool derive_split (einsat *solver, unsigned *lits, unsigned size,
                          unsigned level, unsigned count,
                          const unsigned *vars) {
  if (level == count) {
    if (!refute_negation (solver, size, lits))
      return false;
    es_proof_add (solver, size, lits);
    return true;
  }
  uint64_t ids[2];
  for (unsigned sign = 0; sign < 2; sign++) {
    lits[size] = LIT (vars[level]) ^ sign;
    if (!derive_split (solver, lits, size + 1, level + 1, count, vars))
      return false;
    ids[sign] = solver->clause_id;
  }
  if (solver->lrat) {
    PUSH_STACK (solver->lrat_chain, ids[0]);
    PUSH_STACK (solver->lrat_chain, ids[1]);
  }
  es_proof_add (solver, size, lits);
  uint64_t id = solver->clause_id;
  for (unsigned sign = 0; sign < 2; sign++) {
    lits[size] = LIT (vars[level]) ^ sign;
    es_proof_delete_lemma (solver, ids[sign], size + 1, lits);
  }
  solver->clause_id = id;
  return true;
}

/* Derives the clause 'base' of a merge, simplified by the root level, and
 * adds it to the formula.  Returns false if it could not be derived;
 * 'added' tells whether it is new. */
static bool add_proved_clause (einsat *solver, unsigned size,
                               const unsigned *base, unsigned count,
                               const unsigned *vars, bool *added) {
  unsigned lits[2 + MAX_SPLIT], kept = 0, splits = 0;
  unsigned split[MAX_SPLIT] = {0}; /* gcc cannot see that only written entries are read */
  *added = false;
  for (unsigned i = 0; i < size; i++) {
    unsigned lit = base[i];
    signed char value = VALUE (lit);
    if (value > 0 || (kept && lits[0] == NOT (lit)))
      return true;
    if (!value && !(kept && lits[0] == lit))
      lits[kept++] = lit; /* 'a = -a' gives the clauses (-a) and (a) */
  }
  if (kept == 2 && es_has_irredundant_binary (solver, lits[0], lits[1]))
    return true;
  for (unsigned i = 0; i < count; i++)
    if (!VALUE (LIT (vars[i])))
      split[splits++] = vars[i];
  if (!derive_split (solver, lits, kept, 0, splits, split))
    return false;
  *added = true;
  if (kept == 2)
    es_new_binary (solver, false, lits[0], lits[1]);
  else if (kept == 1) {
    es_assign_unit (solver, lits[0]);
    INC (congruence_units);
    es_propagate_root (solver);
  } else
    solver->inconsistent = true;
  return true;
}

static bool add_proved_merge (einsat *solver, congruence *C, unsigned a,
                              unsigned b, unsigned count,
                              const unsigned *vars) {
  bool forward = false, backward = false;
  if (IDX (b) == IDX (C->constant)) {
    unsigned unit = b == C->constant ? a : NOT (a);
    return add_proved_clause (solver, 1, &unit, count, vars, &forward);
  }
  unsigned lits[2] = {NOT (a), b};
  if (!add_proved_clause (solver, 2, lits, count, vars, &forward))
    return false;
  lits[0] = a, lits[1] = NOT (b);
  if (!solver->inconsistent &&
      !add_proved_clause (solver, 2, lits, count, vars, &backward))
    return false;
  if (forward || backward)
    INC (congruence_equivalences);
  return true;
}

/* With a merge of a literal with its negation last, the unit of its
 * first literal ends in the empty clause. */
static void add_proved_merges (einsat *solver, congruence *C) {
  const unsigned *branch = C->branches.begin;
  for (unsigned *p = C->merged.begin;
       p != C->merged.end && !solver->inconsistent; p += 2) {
    unsigned count = *branch++;
    if (!add_proved_merge (solver, C, p[0], p[1], count, branch)) {
      LOG ("congruence merge %s = %s not derived", LOGLIT (p[0]),
           LOGLIT (p[1]));
      return;
    }
    branch += count;
  }
  if (C->inconsistent && !solver->inconsistent) {
    unsigned a = C->merged.end[-2];
    bool added;
    if (IDX (C->merged.end[-1]) != IDX (C->constant))
      add_proved_clause (solver, 1, &a, 0, 0, &added);
  }
}

static void add_equivalence (einsat *solver, unsigned a, unsigned b) {
  bool added = false;
  if (!es_has_irredundant_binary (solver, NOT (a), b))
    es_new_binary (solver, false, NOT (a), b), added = true;
  if (!es_has_irredundant_binary (solver, a, NOT (b)))
    es_new_binary (solver, false, a, NOT (b)), added = true;
  if (added)
    INC (congruence_equivalences);
}

/* Without a proof: the merges as binary clauses, then the constants as
 * units (the root level is clean before, so no literal of a binary clause
 * is assigned). */
static void add_merged (einsat *solver, congruence *C) {
  unsigned constant_idx = IDX (C->constant);
  for (unsigned *p = C->merged.begin; p != C->merged.end; p += 2)
    if (IDX (p[1]) != constant_idx)
      add_equivalence (solver, p[0], p[1]);
  for (unsigned *p = C->merged.begin; p != C->merged.end; p += 2) {
    if (IDX (p[1]) != constant_idx)
      continue;
    unsigned unit = p[1] == C->constant ? p[0] : NOT (p[0]);
    signed char value = VALUE (unit);
    if (value < 0) { /* the closure would have found this already */
      solver->inconsistent = true;
      return;
    }
    if (!value) {
      es_assign_unit (solver, unit);
      INC (congruence_units);
    }
  }
  es_propagate_root (solver);
}

void es_release_congruence (einsat *solver) {
  congruence *C = solver->congruence;
  if (!C)
    return;
  RELEASE_STACKS (CONGRUENCE_STACKS, C);
  DELETE_ARRAY (C->repr, C->size);
  DELETE_ARRAY (C->next, C->size);
  DELETE_ARRAY (C->members, C->size);
  DELETE_ARRAY (C->occurs, C->size + 1);
  DELETE_ARRAY (C->table, C->table_size);
  DELETE_ARRAY (solver->congruence, 1);
}

/* New gates or merges come from new clauses, new units (constants) and
 * new equivalences (fewer distinct inputs): without any of them since the
 * last closure a new one would find nothing. */
static uint64_t closure_stamp (einsat *solver) {
  return solver->originals + STAT (fixed) + STAT (substituted);
}

/* Returns true if it found equivalences or units and the formula is
 * still consistent: then the substitution should run again. */
bool es_congruence (einsat *solver) {
  if (!ENABLED (congruence) ||
      solver->last.congruence == closure_stamp (solver))
    return false;
  if (!es_clean_root (solver) ||
      !es_round_begins (solver, TECHNIQUE_congruence,
                        &solver->last.ticks.congruence))
    return false;
  INC (congruence_rounds);
  unsigned xor_size = (unsigned) GET_OPTION (congruencexorsize);
  if (!es_some_clause_sized (solver, 2, xor_size > 3 ? xor_size : 3,
                             false)) { /* no gate can be defined */
    solver->last.ticks.congruence = STAT (ticks);
    solver->last.congruence = closure_stamp (solver);
    es_round_ends (solver, TECHNIQUE_congruence);
    return false;
  }
  uint64_t before = STAT (congruence_units) + STAT (congruence_equivalences);
  congruence *C = NEW_ARRAY (solver->congruence, 1);
  C->proving = solver->proof != 0;
  C->limit = es_effort_budget (solver, solver->last.ticks.congruence,
                               GET_OPTION (congruenceeffort),
                               GET_OPTION (congruencemineffort));
  assert (!solver->level && !solver->dense);
  es_enter_dense_mode (solver);
  find_gates (solver, C);
  es_leave_dense_mode (solver);
  LOG ("congruence closure on %zu gates", SIZE_STACK (C->gates));
  if (!EMPTY_STACK (C->gates)) {
    init_closure (solver, C);
    close_gates (solver, C);
    if (C->proving)
      add_proved_merges (solver, C);
    else if (C->inconsistent) {
      LOG ("congruence closure merged a literal with its negation");
      solver->inconsistent = true;
    } else
      add_merged (solver, C);
  }
  es_release_congruence (solver);
  solver->last.ticks.congruence = STAT (ticks);
  bool found =
      STAT (congruence_units) + STAT (congruence_equivalences) > before;
  solver->last.congruence = closure_stamp (solver);
  es_round_ends (solver, TECHNIQUE_congruence);
  if (GET_OPTION (verbose) > 1 || solver->inconsistent || found)
    es_report (solver, 'c');
  return found && !solver->inconsistent;
}
