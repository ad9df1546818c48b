/* A counting refutation for pigeonhole-like formulas, after the
 * cardinality reasoning of Lingeling (Biere, Le Berre, Lonca and Manthey
 * 2014, "Detecting cardinality constraints in CNF").
 *
 * Take k clauses that share no literal.  Each needs a true literal of
 * its own, so at least k of the literals in them (the set U) are true.
 * Cover U by cliques: sets of literals of which binary clauses allow at
 * most one to be true ((-a | -b) for every pair a, b).  Then at most as
 * many literals of U are true as there are cliques.  If there are fewer
 * cliques than clauses, the formula is unsatisfiable.
 *
 * Pigeonhole formulas are exactly this: a clause per pigeon, a clique
 * per hole.  So are the channel routing (chnl) and FPGA switch box
 * (fpga) formulas, whose resolution proofs are exponentially long: CDCL
 * does not finish them, this finds the argument in milliseconds.  Since
 * the argument has no short resolution proof, it is skipped with a DRAT
 * or LRAT proof and with the teaching trace, as Gaussian elimination is.
 *
 * The clauses are chosen greedily in the order of the irredundant
 * stack.  Each clique grows from an uncovered literal of U, among the
 * literals of U it excludes, preferring literals not covered yet, then
 * literals of clauses the clique does not reach yet (a pigeon's own
 * clique is the worst choice: it spends one clique on one clause), then
 * literals excluding most of the other candidates.  Cliques that only
 * cover literals also covered by others are dropped at the end.  The
 * argument is checked pair by pair before the formula is declared
 * unsatisfiable.
 *
 * Runs at the root level in the first elimination round after original
 * clauses were added, before factoring, which replaces the binary
 * clauses of large cliques by extension variables. */

#include "internal.h"

#include <stdio.h>

typedef struct cardinality {
  size_t literals;     /* 2 * vars: size of the per literal arrays */
  unsigned *clause_of; /* per literal: 1 + its chosen clause, 0 if none */
  unsigned *position;  /* per chosen literal: its index in 'chosen' */
  unsigned *covers;    /* per literal: cliques covering it */
  unsigned *degree;    /* per candidate: other candidates it excludes */
  signed char *marks;  /* per literal: its state while a clique grows */
  unsigned *reached;   /* per clause: the clique that last reached it */
  unsigned clauses;    /* chosen clauses */
  unsigned kept;       /* cliques left after dropping redundant ones */
  unsigneds chosen;    /* the literals of the chosen clauses (U) */
  unsigneds starts;    /* per chosen literal: where its exclusions start */
  unsigneds excluded;  /* the chosen literals each chosen one excludes */
  unsigneds candidates, dropped;
  unsigneds cliques; /* per clique: its size, then its literals */
  unsigneds order;   /* clique offsets by increasing size */
  uint64_t steps, limit;
} cardinality;

/* A candidate may join the clique; the new member excludes it too (it
 * is kept); the new member does not exclude it (it is dropped). */
enum { CANDIDATE = 1, KEPT = 2, DROPPED = 3 };

#define all_excluded(OTHER, K, LIT) \
  unsigned OTHER, *OTHER##_PTR = excluded_begin (K, LIT), \
                  *const OTHER##_END = excluded_end (K, LIT); \
  OTHER##_PTR != OTHER##_END && ((OTHER = *OTHER##_PTR), 1); \
  ++OTHER##_PTR

static unsigned *excluded_begin (cardinality *K, unsigned lit) {
  return K->excluded.begin + PEEK_STACK (K->starts, K->position[lit]);
}

static unsigned *excluded_end (cardinality *K, unsigned lit) {
  return K->excluded.begin + PEEK_STACK (K->starts, K->position[lit] + 1);
}

static size_t excluded_steps (cardinality *K, unsigned lit) {
  return 1 + (size_t) (excluded_end (K, lit) - excluded_begin (K, lit));
}

/*------------------------------------------------------------------------*/

/* A literal no binary clause excludes needs a clique of its own, which
 * outweighs the clause it is in: choosing that clause never helps. */
static bool excludes_some (einsat *solver, cardinality *K, unsigned lit) {
  watches *ws = &WATCHES (NOT (lit));
  for (all_stack (watch, w, *ws)) {
    K->steps++;
    if (IS_BINARY (w))
      return true;
  }
  return false;
}

/* Large irredundant clauses sharing no literal with the ones before,
 * each of whose literals excludes some other literal. */
static void choose_clauses (einsat *solver, cardinality *K) {
  for (all_stack (unsigned, ref, solver->irredundant)) {
    if (K->steps > K->limit)
      return;
    clause *c = CLAUSE (ref);
    K->steps++;
    if (c->garbage)
      continue;
    K->steps += c->size;
    bool useful = true;
    for (all_literals_in_clause (lit, c))
      if (K->clause_of[lit] || !excludes_some (solver, K, lit))
        useful = false;
    if (!useful)
      continue;
    K->clauses++;
    for (all_literals_in_clause (lit, c)) {
      K->clause_of[lit] = K->clauses;
      K->position[lit] = (unsigned) SIZE_STACK (K->chosen);
      PUSH_STACK (K->chosen, lit);
    }
  }
}

/* Literal 'lit' excludes the negation of the other literal of each
 * binary clause with '-lit'.  Only chosen literals matter. */
static void gather_exclusions (einsat *solver, cardinality *K) {
  for (all_stack (unsigned, lit, K->chosen)) {
    PUSH_STACK (K->starts, (unsigned) SIZE_STACK (K->excluded));
    watches *ws = &WATCHES (NOT (lit));
    K->steps += 1 + SIZE_STACK (*ws);
    for (all_stack (watch, w, *ws))
      if (IS_BINARY (w) && K->clause_of[NOT (w.blit)])
        PUSH_STACK (K->excluded, NOT (w.blit));
    if (SIZE_STACK (K->excluded) > UINT32_MAX / 2) {
      K->steps = K->limit + 1; /* offsets must fit: give up */
      return;
    }
  }
  PUSH_STACK (K->starts, (unsigned) SIZE_STACK (K->excluded));
  PUSH_STACK (K->excluded, INVALID); /* a sentinel: never a null stack */
}

/*------------------------------------------------------------------------*/

static void gather_candidates (einsat *solver, cardinality *K,
                               unsigned start) {
  unsigneds *candidates = &K->candidates;
  K->steps += excluded_steps (K, start);
  for (all_excluded (other, K, start))
    if (!K->marks[other]) {
      K->marks[other] = CANDIDATE;
      PUSH_STACK (*candidates, other);
    }
  for (all_stack (unsigned, lit, *candidates)) {
    unsigned degree = 0;
    K->steps += excluded_steps (K, lit);
    for (all_excluded (other, K, lit))
      degree += K->marks[other] == CANDIDATE;
    K->degree[lit] = degree;
  }
}

/* Larger is better: uncovered, then reaching a new clause, then the
 * number of other candidates it excludes. */
static uint64_t candidate_score (cardinality *K, unsigned lit,
                                 unsigned clique) {
  uint64_t score = K->degree[lit];
  if (K->reached[K->clause_of[lit] - 1] != clique)
    score |= (uint64_t) 1 << 32;
  if (!K->covers[lit])
    score |= (uint64_t) 1 << 33;
  return score;
}

static unsigned best_candidate (cardinality *K, unsigned clique) {
  unsigned best = INVALID;
  uint64_t best_score = 0;
  for (all_stack (unsigned, lit, K->candidates)) {
    uint64_t score = candidate_score (K, lit, clique);
    if (best == INVALID || score > best_score)
      best = lit, best_score = score;
  }
  return best;
}

/* The candidates leaving no longer count in the degrees of the others. */
static void drop_candidates (cardinality *K) {
  for (all_stack (unsigned, lit, K->dropped)) {
    K->steps += excluded_steps (K, lit);
    for (all_excluded (other, K, lit))
      if (K->marks[other] == CANDIDATE)
        K->degree[other]--;
  }
  for (all_stack (unsigned, lit, K->dropped))
    K->marks[lit] = 0;
  CLEAR_STACK (K->dropped);
}

/* Keeps the candidates that the new member 'member' excludes too. */
static void narrow_candidates (einsat *solver, cardinality *K,
                               unsigned member) {
  K->steps += excluded_steps (K, member);
  for (all_excluded (other, K, member))
    if (K->marks[other] == CANDIDATE)
      K->marks[other] = KEPT;
  unsigned *q = K->candidates.begin;
  for (all_stack (unsigned, lit, K->candidates))
    if (K->marks[lit] == KEPT)
      *q++ = lit;
    else {
      K->marks[lit] = DROPPED;
      PUSH_STACK (K->dropped, lit);
    }
  K->candidates.end = q;
  for (all_stack (unsigned, lit, K->candidates))
    K->marks[lit] = CANDIDATE;
  drop_candidates (K);
}

static void add_member (einsat *solver, cardinality *K, unsigned lit,
                        unsigned clique) {
  PUSH_STACK (K->cliques, lit);
  K->covers[lit]++;
  K->reached[K->clause_of[lit] - 1] = clique;
}

static void grow_clique (einsat *solver, cardinality *K, unsigned start,
                         unsigned clique) {
  size_t size_offset = SIZE_STACK (K->cliques);
  PUSH_STACK (K->cliques, 0);
  add_member (solver, K, start, clique);
  gather_candidates (solver, K, start);
  while (!EMPTY_STACK (K->candidates)) {
    unsigned member = best_candidate (K, clique);
    add_member (solver, K, member, clique);
    narrow_candidates (solver, K, member);
  }
  POKE_STACK (K->cliques, size_offset,
              (unsigned) (SIZE_STACK (K->cliques) - size_offset - 1));
}

/* Stops early when the cover gets so large that dropping cliques is
 * unlikely to bring it below the number of clauses. */
static unsigned cover (einsat *solver, cardinality *K) {
  unsigned cliques = 0;
  for (all_stack (unsigned, lit, K->chosen)) {
    if (K->covers[lit])
      continue;
    if (K->steps > K->limit || cliques >= 2 * K->clauses ||
        es_terminating (solver))
      return INVALID;
    grow_clique (solver, K, lit, ++cliques);
  }
  return cliques;
}

/*------------------------------------------------------------------------*/

/* Counting sort: there may be tens of thousands of cliques, and their
 * sizes are at most the number of chosen literals. */
static void sort_cliques_by_size (einsat *solver, cardinality *K) {
  unsigned *cliques = K->cliques.begin, largest = 0;
  size_t end = SIZE_STACK (K->cliques), n = 0;
  for (size_t offset = 0; offset < end; offset += cliques[offset] + 1) {
    if (cliques[offset] > largest)
      largest = cliques[offset];
    n++;
  }
  unsigneds *first = &K->candidates; /* free now: per size, a position */
  CLEAR_STACK (*first);
  for (unsigned size = 0; size <= largest + 1; size++)
    PUSH_STACK (*first, 0);
  for (size_t offset = 0; offset < end; offset += cliques[offset] + 1)
    first->begin[cliques[offset] + 1]++;
  for (unsigned size = 1; size <= largest + 1; size++)
    first->begin[size] += first->begin[size - 1];
  CLEAR_STACK (K->order);
  RESERVE_STACK (K->order, n);
  for (size_t offset = 0; offset < end; offset += cliques[offset] + 1)
    K->order.begin[first->begin[cliques[offset]]++] = (unsigned) offset;
  K->order.end = K->order.begin + n;
  K->steps += 3 * n + largest;
}

/* Drops cliques whose literals are all covered by other cliques, the
 * small ones first; returns how many are left.  Dropped cliques get
 * size 0. */
static unsigned drop_redundant_cliques (einsat *solver, cardinality *K) {
  sort_cliques_by_size (solver, K);
  unsigned *cliques = K->cliques.begin, kept = 0;
  for (all_stack (unsigned, offset, K->order)) {
    unsigned size = cliques[offset], *lits = cliques + offset + 1;
    bool redundant = true;
    for (unsigned i = 0; redundant && i < size; i++)
      redundant = K->covers[lits[i]] > 1;
    if (!redundant) {
      kept++;
      continue;
    }
    for (unsigned i = 0; i < size; i++)
      K->covers[lits[i]]--;
    cliques[offset] = 0;
  }
  return kept;
}

/*------------------------------------------------------------------------*/

/* Checks each pair of a clique against the watches themselves, not the
 * exclusions gathered from them. */
static bool is_clique (einsat *solver, cardinality *K, const unsigned *lits,
                       unsigned size) {
  signed char *marks = K->marks;
  for (unsigned i = 0; i < size; i++)
    marks[lits[i]] = CANDIDATE;
  bool clique = true;
  for (unsigned i = 0; clique && i < size; i++) {
    unsigned excluded = 0;
    watches *ws = &WATCHES (NOT (lits[i]));
    for (all_stack (watch, w, *ws))
      if (IS_BINARY (w) && marks[NOT (w.blit)] == CANDIDATE)
        marks[NOT (w.blit)] = KEPT, excluded++;
    for (all_stack (watch, w, *ws))
      if (IS_BINARY (w) && marks[NOT (w.blit)] == KEPT)
        marks[NOT (w.blit)] = CANDIDATE;
    clique = excluded + 1 == size;
  }
  for (unsigned i = 0; i < size; i++)
    marks[lits[i]] = 0;
  return clique;
}

/* The whole argument, from scratch: fewer cliques than clauses, each
 * literal of the clauses in one, and each clique a clique. */
static bool check_argument (einsat *solver, cardinality *K,
                            unsigned kept) {
  for (all_stack (unsigned, lit, K->chosen))
    if (!K->covers[lit])
      return false;
  unsigned *cliques = K->cliques.begin, checked = 0;
  size_t end = SIZE_STACK (K->cliques);
  for (size_t offset = 0; offset < end; offset += cliques[offset] + 1) {
    unsigned size = cliques[offset];
    if (!size)
      continue;
    if (!is_clique (solver, K, cliques + offset + 1, size))
      return false;
    checked++;
  }
  return checked == kept && kept < K->clauses;
}

/*------------------------------------------------------------------------*/

static void release_cardinality (einsat *solver) {
  cardinality *K = solver->cardinality;
  if (!K)
    return;
  DELETE_ARRAY (K->clause_of, K->literals);
  DELETE_ARRAY (K->position, K->literals);
  DELETE_ARRAY (K->covers, K->literals);
  DELETE_ARRAY (K->degree, K->literals);
  DELETE_ARRAY (K->marks, K->literals);
  if (K->reached)
    DELETE_ARRAY (K->reached, K->clauses);
  RELEASE_STACK (K->chosen);
  RELEASE_STACK (K->starts);
  RELEASE_STACK (K->excluded);
  RELEASE_STACK (K->candidates);
  RELEASE_STACK (K->dropped);
  RELEASE_STACK (K->cliques);
  RELEASE_STACK (K->order);
  DELETE_ARRAY (solver->cardinality, 1);
}

void es_release_cardinality (einsat *solver) {
  release_cardinality (solver);
}

static bool refute (einsat *solver, cardinality *K) {
  choose_clauses (solver, K);
  if (K->clauses < 2 || K->steps > K->limit)
    return false;
  gather_exclusions (solver, K);
  if (K->steps > K->limit)
    return false;
  NEW_ARRAY (K->reached, K->clauses);
  unsigned cliques = cover (solver, K);
  if (cliques == INVALID)
    return false;
  unsigned kept = K->kept = drop_redundant_cliques (solver, K);
  ADD (cardinality_clauses, K->clauses);
  ADD (cardinality_cliques, kept);
  LOG ("%u disjoint clauses, %u cliques cover them", K->clauses, kept);
  if (kept >= K->clauses)
    return false;
  bool checked = check_argument (solver, K, kept);
  assert (checked);
  return checked;
}

void es_cardinality (einsat *solver) {
  if (!GET_OPTION (cardinality) || solver->proof || solver->lrat ||
      solver->trace || solver->cardinality_originals == solver->originals)
    return;
  if (!es_clean_root (solver))
    return;
  assert (!solver->dense);
  solver->cardinality_originals = solver->originals;
  INC (cardinality_rounds);
  cardinality *K = NEW_ARRAY (solver->cardinality, 1);
  K->literals = 2 * (size_t) solver->vars;
  NEW_ARRAY (K->clause_of, K->literals);
  NEW_ARRAY (K->position, K->literals);
  NEW_ARRAY (K->covers, K->literals);
  NEW_ARRAY (K->degree, K->literals);
  NEW_ARRAY (K->marks, K->literals);
  K->limit = es_effort_budget (solver, solver->cardinality_ticks,
                               GET_OPTION (cardinalityeffort),
                               GET_OPTION (cardinalitymineffort));
  if (refute (solver, K)) {
    LOG ("counting refuted the formula");
    INC (cardinality_refuted);
    solver->inconsistent = true;
  }
  solver->cardinality_ticks = STAT (ticks);
  if (GET_OPTION (verbose) > 1 || solver->inconsistent)
    es_report (solver, 'k');
  if (GET_OPTION (verbose) && solver->inconsistent) /* why, as no proof */
    printf ("c counting: %u clauses sharing no literal need %u true "
            "literals, but %u cliques of binary clauses allow at most "
            "%u\n",
            K->clauses, K->clauses, K->kept, K->kept);
  release_cardinality (solver);
}
