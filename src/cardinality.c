/* A counting refutation for pigeonhole-like formulas, after the
 * cardinality reasoning of Lingeling (Biere, Le Berre, Lonca and Manthey
 * 2014, "Detecting cardinality constraints in CNF").
 *
 * Take k clauses that share no literal.  Each needs a true literal of
 * its own: pick one per clause.  Cover the literals of the clauses (the
 * set U) by cliques: sets of literals where binary clauses exclude
 * every two of different clauses ((-a | -b), directly or through
 * auxiliary variables).  Two picked literals in one clique would be of
 * different clauses, so each clique holds at most one of them.  If
 * there are fewer cliques than clauses, the formula is unsatisfiable.
 * (Literals of one clause need not exclude each other: when nine pieces
 * are placed one per column on an 8 x 8 grid with at most one per row, a
 * piece may take several squares of its column, and the rows are the
 * cliques.)
 *
 * Pigeonhole formulas are exactly this: a clause per pigeon, a clique
 * per hole.  So are the channel routing (chnl) and FPGA switch box
 * (fpga) formulas, whose resolution proofs are exponentially long: CDCL
 * does not finish them, this finds the argument in milliseconds.  The
 * argument has no short resolution proof, but a short DRAT or LRAT
 * proof with extension variables (see 'write_proof'), which is written
 * without option 'incremental' (the command line); with 'incremental'
 * and a proof, and with the teaching trace, counting is off.
 *
 * The clauses are chosen greedily in the order of the irredundant
 * stack.  Each clique grows from an uncovered literal of U, among the
 * literals of U it excludes, preferring literals not covered yet, then
 * literals of clauses the clique does not reach yet (a pigeon's own
 * clique is the worst choice: it spends one clique on one clause), then
 * literals excluding most of the other candidates.  Cliques that only
 * cover literals also covered by others are dropped at the end.  A
 * cover that misses by a little is tried again, growing the cliques
 * from the literals in the opposite order ('cover_twice').  The
 * argument is checked pair by pair before the formula is declared
 * unsatisfiable.
 *
 * Runs at the root level in the first elimination round after original
 * clauses were added, before factoring, which replaces the binary
 * clauses of large cliques by extension variables; a round that ran out
 * of its budget is repeated in later elimination rounds with at least
 * twice the budget ('es_retry_due', as for Gaussian elimination). */

#include "internal.h"

#include <stdio.h>
#include <string.h>

/* clang-format off */
#define CARDINALITY_STACKS(X, P) \
  X (P, unsigneds, chosen)   /* the literals of the chosen clauses (U) */ \
  X (P, unsigneds, starts)   /* per chosen literal: start of exclusions */ \
  X (P, unsigneds, excluded) /* the chosen literals each one excludes */ \
  X (P, unsigneds, implied)  /* implied by one literal through binaries */ \
  X (P, unsigneds, candidates) \
  X (P, unsigneds, dropped) \
  X (P, unsigneds, cliques)  /* per clique: size, then its literals */ \
  X (P, unsigneds, order)    /* clique offsets by increasing size */ \
  X (P, unsigneds, holes)    /* offsets of the kept cliques, by 'order' */ \
  /* proof: pigeon-in-hole variables of two levels */ \
  X (P, ints, names) \
  X (P, ints, next) \
  X (P, unsigneds, ranges)   /* per chosen clause: its literals' start */ \
  X (P, ints, line)          /* proof: the clause being written */ \
  X (P, unsigneds, refs)     /* per chosen clause: its reference */ \
  X (P, uint64s, sit_ids)    /* LRAT: first level definitions */ \
  X (P, uint64s, y_ids) \
  X (P, uint64s, pig_ids)    /* LRAT: pigeon clauses, two levels */ \
  X (P, uint64s, next_pig) \
  X (P, uint64s, hole_ids)   /* LRAT: hole clauses, two levels */ \
  X (P, uint64s, next_hole) \
  X (P, uint64s, def_ids)    /* LRAT: q definitions, scratch */ \
  X (P, uint64s, lemma_ids)
/* clang-format on */

typedef struct cardinality {
  size_t literals;     /* 2 * vars: size of the per literal arrays */
  unsigned *clause_of; /* per literal: 1 + its chosen clause, 0 if none */
  unsigned *position;  /* per chosen literal: its index in 'chosen' */
  unsigned *covers;    /* per literal: cliques covering it */
  unsigned *degree;    /* per candidate: other candidates it excludes */
  signed char *marks;  /* per literal: its state while a clique grows */
  unsigned *stamps;    /* per literal: implied in the search stamped so */
  unsigned stamp;
  unsigned *reached;   /* per clause: the clique that last reached it */
  unsigned clauses;    /* chosen clauses */
  unsigned kept;       /* cliques left after dropping redundant ones */
  unsigned *parents;   /* per literal: what implied it in 'imply' */
  unsigned *needed;    /* per literal: stamped if its clause is a hint */
  DECLARE_STACKS (CARDINALITY_STACKS)
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

/* A literal no binary clause excludes needs a clique without the
 * literals of other clauses, which outweighs the clause it is in:
 * choosing that clause never helps. */
static bool excludes_some (einsat *solver, cardinality *K, unsigned lit) {
  watches *ws = &WATCHES (NOT (lit));
  for (all_watches (w, *ws)) {
    K->steps++;
    if (IS_BINARY (w))
      return true;
  }
  return false;
}

/* Is there a large irredundant clause each of whose literals excludes
 * another one?  Checked before the arrays per literal are allocated
 * (which a formula of a million variables would pay for nothing). */
static bool some_candidate (einsat *solver) {
  cardinality K = {0};
  for (all_stack (unsigned, ref, solver->irredundant)) {
    clause *c = CLAUSE (ref);
    if (c->garbage)
      continue;
    bool useful = true;
    for (all_literals_in_clause (lit, c))
      if (!excludes_some (solver, &K, lit)) {
        useful = false;
        break;
      }
    if (useful)
      return true;
  }
  return false;
}

/* Large irredundant clauses sharing no literal with the ones before,
 * each of whose literals excludes some other literal. */
static void choose_clauses (einsat *solver, cardinality *K) {
  for (all_stack (unsigned, ref, solver->irredundant)) {
    if (K->steps > K->limit)
      break;
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
    PUSH_STACK (K->refs, ref);
    PUSH_STACK (K->ranges, (unsigned) SIZE_STACK (K->chosen));
    for (all_literals_in_clause (lit, c)) {
      K->clause_of[lit] = K->clauses;
      K->position[lit] = (unsigned) SIZE_STACK (K->chosen);
      PUSH_STACK (K->chosen, lit);
    }
  }
  PUSH_STACK (K->ranges, (unsigned) SIZE_STACK (K->chosen));
}

/* The literals binary clauses imply when 'lit' is true, breadth first
 * from 'lit' itself, in 'implied' and stamped with 'stamp'.  At-most-one
 * constraints with auxiliary variables (sequential counters, commander,
 * bimander and product encodings) exclude through chains of such
 * implications, so the search goes on from the literals of variables
 * outside the chosen clauses only.  With direct binary clauses it ends
 * after one step. */
#define MAX_IMPLIED 1024

static bool auxiliary (const cardinality *K, unsigned lit) {
  return !K->clause_of[lit] && !K->clause_of[NOT (lit)];
}

static void imply (einsat *solver, cardinality *K, unsigned lit) {
  if (!++K->stamp) { /* wrapped around */
    memset (K->stamps, 0, K->literals * sizeof *K->stamps);
    memset (K->needed, 0, K->literals * sizeof *K->needed);
    K->stamp = 1;
  }
  unsigneds *implied = &K->implied;
  CLEAR_STACK (*implied);
  PUSH_STACK (*implied, lit);
  K->stamps[lit] = K->stamp;
  for (size_t i = 0; i < SIZE_STACK (*implied); i++) {
    unsigned from = implied->begin[i];
    if (i && !auxiliary (K, from))
      continue;
    watches *ws = &WATCHES (NOT (from));
    K->steps += 1 + SIZE_WATCHES (*ws);
    for (all_watches (w, *ws)) {
      if (!IS_BINARY (w) || K->stamps[w.blit] == K->stamp)
        continue;
      if (SIZE_STACK (*implied) == MAX_IMPLIED)
        return;
      K->stamps[w.blit] = K->stamp;
      K->parents[w.blit] = from;
      PUSH_STACK (*implied, w.blit);
    }
  }
}

/* The chosen literals of the clause of 'lit', which are next to each
 * other in 'chosen' (see 'ranges'). */
static void clause_range (const cardinality *K, unsigned lit,
                          const unsigned **begin, const unsigned **end) {
  unsigned own = K->clause_of[lit] - 1;
  *begin = K->chosen.begin + PEEK_STACK (K->ranges, own);
  *end = K->chosen.begin + PEEK_STACK (K->ranges, own + 1);
}

/* Literal 'lit' excludes the literals whose negations it implies.  Only
 * chosen literals matter.  The other literals of its own clause count
 * as excluded too: the argument needs one true literal per clause, so
 * two literals of one clause may share a clique (a piece may take
 * several squares of its column, but a row holds at most one piece). */
static void gather_exclusions (einsat *solver, cardinality *K) {
  for (all_stack (unsigned, lit, K->chosen)) {
    PUSH_STACK (K->starts, (unsigned) SIZE_STACK (K->excluded));
    imply (solver, K, lit);
    for (all_stack (unsigned, other, K->implied))
      if (K->clause_of[NOT (other)] && NOT (other) != lit &&
          K->clause_of[NOT (other)] != K->clause_of[lit])
        PUSH_STACK (K->excluded, NOT (other));
    const unsigned *begin, *end;
    clause_range (K, lit, &begin, &end);
    K->steps += (size_t) (end - begin);
    for (const unsigned *p = begin; p != end; p++)
      if (*p != lit)
        PUSH_STACK (K->excluded, *p);
    if (K->steps > K->limit || SIZE_STACK (K->excluded) > UINT32_MAX / 2) {
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

/* Grows cliques from the uncovered literals in the order of 'chosen',
 * or 'backwards'.  Stops early when the cover gets so large that
 * dropping cliques is unlikely to bring it below the number of
 * clauses. */
static unsigned cover (einsat *solver, cardinality *K, bool backwards) {
  unsigned cliques = 0;
  size_t n = SIZE_STACK (K->chosen);
  for (size_t i = 0; i < n; i++) {
    unsigned lit = K->chosen.begin[backwards ? n - 1 - i : i];
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
  CLEAR_STACK (*first); /* empty again, as growing cliques expects */
  K->steps += 3 * n + largest;
}

/* Drops cliques whose literals are all covered by other cliques, the
 * small ones first; the others go to 'holes'.  Returns how many. */
static unsigned drop_redundant_cliques (einsat *solver, cardinality *K) {
  sort_cliques_by_size (solver, K);
  unsigned *cliques = K->cliques.begin;
  for (all_stack (unsigned, offset, K->order)) {
    unsigned size = cliques[offset], *lits = cliques + offset + 1;
    bool redundant = true;
    for (unsigned i = 0; redundant && i < size; i++)
      redundant = K->covers[lits[i]] > 1;
    if (!redundant) {
      PUSH_STACK (K->holes, offset);
      continue;
    }
    for (unsigned i = 0; i < size; i++)
      K->covers[lits[i]]--;
  }
  return (unsigned) SIZE_STACK (K->holes);
}

/*------------------------------------------------------------------------*/

/* Checks each pair of a clique from different clauses by the
 * implications of the binary clauses again, not the exclusions gathered
 * from them. */
static bool is_clique (einsat *solver, cardinality *K, const unsigned *lits,
                       unsigned size) {
  for (unsigned i = 0; i < size; i++) {
    imply (solver, K, lits[i]);
    for (unsigned j = 0; j < size; j++)
      if (K->clause_of[lits[j]] != K->clause_of[lits[i]] &&
          K->stamps[NOT (lits[j])] != K->stamp)
        return false;
  }
  return true;
}

/* The whole argument, from scratch: fewer cliques than clauses, each
 * literal of the clauses in one, and each clique a clique. */
static bool check_argument (einsat *solver, cardinality *K,
                            unsigned kept) {
  for (all_stack (unsigned, lit, K->chosen))
    if (!K->covers[lit])
      return false;
  const unsigned *cliques = K->cliques.begin;
  unsigned checked = 0;
  for (all_stack (unsigned, offset, K->holes)) {
    if (!is_clique (solver, K, cliques + offset + 1, cliques[offset]))
      return false;
    checked++;
  }
  return checked == kept && kept < K->clauses;
}

/*------------------------------------------------------------------------*/

/* A DRAT or LRAT proof of the argument (with option 'incremental' off
 * only, as for factoring: its extension variables are named after every
 * variable so far, which clauses added later could clash with).  Take
 * the first m + 1 chosen clauses as pigeons and the m cliques as holes,
 * and let each literal sit in one clique.  Extension variables
 *
 *   y_ij = (the literals of clause i in clique j)
 *
 * form a pigeonhole formula: each pigeon in some hole follows from
 * clause i by unit propagation, two pigeons never share a hole because
 * the literals of different clauses in a clique exclude each other.
 * Cook's reduction then takes it from m + 1 pigeons down to two pigeons
 * in one hole: with M holes left,
 *
 *   q_ij = p_ij | (p_i,M-1 & p_M,j)     (i < M, j < M - 1)
 *
 * (pigeon i in the last hole moves into the hole of the last pigeon)
 * again satisfies the clauses of a pigeonhole formula, each derived by
 * unit propagation with at most two intermediate lemmas.  That is about
 * 0.4 m^4 lemmas, so the proof is written for at most 'MAX_HOLES'
 * cliques; with more, the argument is not used.
 *
 * In LRAT every lemma names its hints: the definitions are RAT steps
 * naming their (tautological) resolution candidates, each other lemma
 * lists the clauses that become unit in the order of the argument
 * above, the exclusions of the first level through the binary clauses
 * the implication search followed ('parents').  The identifiers are
 * kept per clause ('*_ids'); in DRAT they are kept but not used. */

#define MAX_HOLES 64

/* The clause in 'line' goes to the proof: added as a lemma (in LRAT
 * with the hints given so far, its identifier stored in '*id'), or
 * deleted (in LRAT by '*id'). */
static void write_line (einsat *solver, cardinality *K, bool deletion,
                        uint64_t *id) {
  size_t size = SIZE_STACK (K->line);
  const int *lits = K->line.begin;
  if (!solver->lrat) {
    if (deletion)
      es_proof_delete_external (solver, size, lits);
    else
      es_proof_add_external (solver, size, lits);
  } else if (deletion)
    es_proof_lrat_delete_id (solver, *id);
  else
    *id = es_proof_lrat_external (solver, size, lits);
  CLEAR_STACK (K->line);
}

static void write_clause (einsat *solver, cardinality *K, unsigned size,
                          const int *lits, bool deletion, uint64_t *id) {
  for (unsigned i = 0; i < size; i++)
    PUSH_STACK (K->line, lits[i]);
  write_line (solver, K, deletion, id);
}

/* A hint of the next LRAT lemma (nothing in DRAT). */
static void hint (einsat *solver, uint64_t id) {
  if (solver->lrat)
    PUSH_STACK (solver->lrat_chain, id);
}

static uint64_t *zeroed_ids (einsat *solver, uint64s *ids, size_t size) {
  CLEAR_STACK (*ids);
  while (SIZE_STACK (*ids) < size)
    PUSH_STACK (*ids, 0);
  return ids->begin;
}

/* Each literal of the pigeons (the first chosen clauses) goes into one
 * of the cliques (as hole number plus one, in 'degree'). */
static void assign_holes (cardinality *K, unsigned pigeons) {
  for (all_stack (unsigned, lit, K->chosen))
    K->degree[lit] = 0;
  const unsigned *cliques = K->cliques.begin;
  unsigned hole = 0;
  for (all_stack (unsigned, offset, K->holes)) {
    unsigned size = cliques[offset];
    hole++;
    for (unsigned i = 0; i < size; i++) {
      unsigned lit = cliques[offset + 1 + i];
      if (K->clause_of[lit] <= pigeons && !K->degree[lit])
        K->degree[lit] = hole;
    }
  }
}

/* Not for clang-format, which reads "(X) op" in macros as a cast: */
/* clang-format off */
#define Y(I, J) (K->names.begin[(size_t) (I) * holes + (J)])
#define Y_ID(I, J) (K->y_ids.begin[(size_t) (I) * holes + (J)])
/* clang-format on */

/* Iterates over the positions in 'chosen' of pigeon I's literals that
 * sit in hole J. */
#define all_sitting(POS, I, J) \
  unsigned POS = PEEK_STACK (K->ranges, (I)), \
           POS##_END = PEEK_STACK (K->ranges, (I) + 1); \
  POS < POS##_END; POS++) \
    if (K->degree[K->chosen.begin[POS]] == (J) + 1

static int sitting_literal (einsat *solver, cardinality *K, unsigned pos) {
  return es_proof_literal (solver, K->chosen.begin[pos]);
}

/* The definitions of y_ij, added or, once the clauses over the y_ij are
 * derived, deleted: (y | -s) for each literal s of pigeon i in hole j
 * (RAT on y: no -y yet), then (-y | s...) (RAT on -y: the resolvents
 * with the clauses (y | -s) are tautologies). */
static void write_first_definitions (einsat *solver, cardinality *K,
                                     unsigned pigeons, unsigned holes,
                                     bool deletion) {
  uint64_t *sit_ids = K->sit_ids.begin;
  for (unsigned i = 0; i < pigeons; i++)
    for (unsigned j = 0; j < holes; j++) {
      int y = Y (i, j);
      for (all_sitting (pos, i, j)) {
        int binary[2] = {y, -sitting_literal (solver, K, pos)};
        write_clause (solver, K, 2, binary, deletion, sit_ids + pos);
      }
      PUSH_STACK (K->line, -y);
      for (all_sitting (pos, i, j)) {
        PUSH_STACK (K->line, sitting_literal (solver, K, pos));
        if (!deletion)
          hint (solver, sit_ids[pos] | RAT_HINT);
      }
      write_line (solver, K, deletion, &Y_ID (i, j));
    }
}

/* Pigeon i's clause over the y_ij: with every y_ij false each of its
 * literals is false by its definition, and so is its clause. */
static void first_pigeon (einsat *solver, cardinality *K, unsigned i,
                          unsigned holes) {
  unsigned begin = PEEK_STACK (K->ranges, i);
  unsigned end = PEEK_STACK (K->ranges, i + 1);
  for (unsigned pos = begin; pos < end; pos++)
    hint (solver, K->sit_ids.begin[pos]);
  if (solver->lrat)
    hint (solver, es_clause_id (solver, CLAUSE (K->refs.begin[i])));
  for (unsigned j = 0; j < holes; j++)
    PUSH_STACK (K->line, Y (i, j));
  write_line (solver, K, false, K->pig_ids.begin + i);
}

/* LRAT hints for (-s | -y_kj): with 's' true, the binary clauses the
 * implication search followed from 's' make each literal of pigeon k in
 * hole j false (each clause once, in the order of the search), and then
 * the definition (-y_kj | ...) is false. */
static void exclusion_hints (einsat *solver, cardinality *K, unsigned s,
                             unsigned k, unsigned j, unsigned holes) {
  if (!solver->lrat)
    return;
  imply (solver, K, s);
  for (all_sitting (pos, k, j)) {
    unsigned lit = NOT (K->chosen.begin[pos]);
    assert (K->stamps[lit] == K->stamp);
    while (lit != s && K->needed[lit] != K->stamp) {
      K->needed[lit] = K->stamp;
      lit = K->parents[lit];
    }
  }
  for (size_t n = 1; n < SIZE_STACK (K->implied); n++) {
    unsigned lit = K->implied.begin[n];
    if (K->needed[lit] == K->stamp)
      hint (solver, es_lrat_binary_id (solver, NOT (K->parents[lit]), lit));
  }
  hint (solver, Y_ID (k, j));
}

#define HOLE_ID(IDS, PIGEONS, J, I, K_) \
  ((IDS).begin[((size_t) (J) * (PIGEONS) + (I)) * (PIGEONS) + (K_)])

/* Pigeon 'i' and pigeon 'k' are not both in hole 'j': each literal of
 * pigeon 'i' there excludes every literal of pigeon 'k' there, so it
 * excludes y_kj (a lemma each, deleted afterwards). */
static void exclude_first_level (einsat *solver, cardinality *K,
                                 unsigned i, unsigned k, unsigned j,
                                 unsigned holes) {
  int other = Y (k, j);
  CLEAR_STACK (K->lemma_ids);
  for (all_sitting (pos, i, j)) {
    unsigned s = K->chosen.begin[pos];
    exclusion_hints (solver, K, s, k, j, holes);
    int binary[2] = {-es_proof_literal (solver, s), -other};
    uint64_t id = 0;
    write_clause (solver, K, 2, binary, false, &id);
    PUSH_STACK (K->lemma_ids, id);
  }
  for (all_stack (uint64_t, id, K->lemma_ids))
    hint (solver, id);
  hint (solver, Y_ID (i, j));
  write_clause (solver, K, 2, (int[]) {-Y (i, j), -other}, false,
                &HOLE_ID (K->hole_ids, holes + 1, j, i, k));
  uint64_t *id = K->lemma_ids.begin;
  for (all_sitting (pos, i, j)) {
    int binary[2] = {-sitting_literal (solver, K, pos), -other};
    write_clause (solver, K, 2, binary, true, id++);
  }
}

/* Each pigeon in some hole, no two in one, over the names in 'names'
 * ('pigeons' rows of 'holes'), deleted. */
static void delete_pigeonhole (einsat *solver, cardinality *K,
                               const int *names, unsigned pigeons,
                               unsigned holes) {
  for (unsigned i = 0; i < pigeons; i++)
    write_clause (solver, K, holes, names + (size_t) i * holes, true,
                  K->pig_ids.begin + i);
  for (unsigned j = 0; j < holes; j++)
    for (unsigned i = 0; i < pigeons; i++)
      for (unsigned k = i + 1; k < pigeons; k++) {
        int binary[2] = {-names[(size_t) i * holes + j],
                         -names[(size_t) k * holes + j]};
        write_clause (solver, K, 2, binary, true,
                      &HOLE_ID (K->hole_ids, pigeons, j, i, k));
      }
}

static void first_level (einsat *solver, cardinality *K, unsigned pigeons,
                         unsigned holes) {
  CLEAR_STACK (K->names);
  for (size_t n = (size_t) pigeons * holes; n; n--)
    PUSH_STACK (K->names, es_proof_new_name (solver));
  zeroed_ids (solver, &K->sit_ids, PEEK_STACK (K->ranges, pigeons));
  zeroed_ids (solver, &K->y_ids, (size_t) pigeons * holes);
  zeroed_ids (solver, &K->pig_ids, pigeons);
  zeroed_ids (solver, &K->hole_ids, (size_t) holes * pigeons * pigeons);
  write_first_definitions (solver, K, pigeons, holes, false);
  for (unsigned i = 0; i < pigeons; i++)
    first_pigeon (solver, K, i, holes);
  for (unsigned j = 0; j < holes; j++)
    for (unsigned i = 0; i < pigeons; i++)
      for (unsigned k = i + 1; k < pigeons; k++)
        exclude_first_level (solver, K, i, k, j, holes);
  write_first_definitions (solver, K, pigeons, holes, true);
}

/* Not for clang-format, which reads "(X) op" in macros as a cast: */
/* clang-format off */
#define P(I, J) (K->names.begin[(size_t) (I) * holes + (J)])
/* clang-format on */
#define Q(I, J) (K->next.begin[(size_t) (I) * (holes - 1) + (J)])
#define DEF(I, J, D) \
  (K->def_ids.begin[((size_t) (I) * (holes - 1) + (J)) * 4 + (D)])

/* The definitions of the q_ij: (q | -p) and (q | -a | -b) are RAT on
 * the fresh q, then (-q | p | a) and (-q | p | b) RAT on -q with
 * tautological resolvents. */
static void write_next_definitions (einsat *solver, cardinality *K,
                                    unsigned holes, bool deletion) {
  const unsigned last = holes - 1, pigeon = holes; /* M - 1 and M */
  for (unsigned i = 0; i < holes; i++)
    for (unsigned j = 0; j < last; j++) {
      int q = Q (i, j), p = P (i, j), a = P (i, last), b = P (pigeon, j);
      write_clause (solver, K, 2, (int[]) {q, -p}, deletion,
                    &DEF (i, j, 0));
      write_clause (solver, K, 3, (int[]) {q, -a, -b}, deletion,
                    &DEF (i, j, 1));
      for (unsigned d = 2; d < 4; d++) {
        if (!deletion) {
          hint (solver, DEF (i, j, 0) | RAT_HINT);
          hint (solver, DEF (i, j, 1) | RAT_HINT);
        }
        write_clause (solver, K, 3, (int[]) {-q, p, d == 2 ? a : b},
                      deletion, &DEF (i, j, d));
      }
    }
}

/* Pigeon i's clause at the next level: with its q_ij false, its p_ij
 * are false, so it sits in the last hole, which drives the last pigeon
 * out of every other hole into the last one too. */
static void next_pigeon (einsat *solver, cardinality *K, unsigned i,
                         unsigned holes) {
  const unsigned last = holes - 1, pigeons = holes + 1;
  for (unsigned j = 0; j < last; j++)
    hint (solver, DEF (i, j, 0));
  hint (solver, K->pig_ids.begin[i]);
  for (unsigned j = 0; j < last; j++)
    hint (solver, DEF (i, j, 1));
  hint (solver, K->pig_ids.begin[holes]);
  hint (solver, HOLE_ID (K->hole_ids, pigeons, last, i, holes));
  write_clause (solver, K, last, &Q (i, 0), false, K->next_pig.begin + i);
}

/* Two pigeons i, k of the next level in hole j: neither was there
 * before (two intermediate lemmas), so both were in the last hole. */
static void exclude_next_level (einsat *solver, cardinality *K,
                                unsigned holes) {
  const unsigned last = holes - 1, pigeons = holes + 1, M = holes;
  for (unsigned j = 0; j < last; j++)
    for (unsigned i = 0; i < holes; i++)
      for (unsigned k = i + 1; k < holes; k++) {
        int a = -Q (i, j), b = -Q (k, j);
        int first[3] = {a, b, -P (i, j)}, second[3] = {a, b, -P (k, j)};
        uint64_t ids[2] = {0, 0};
        hint (solver, HOLE_ID (K->hole_ids, pigeons, j, i, k));
        hint (solver, HOLE_ID (K->hole_ids, pigeons, j, i, M));
        hint (solver, DEF (k, j, 3));
        write_clause (solver, K, 3, first, false, ids);
        hint (solver, HOLE_ID (K->hole_ids, pigeons, j, i, k));
        hint (solver, HOLE_ID (K->hole_ids, pigeons, j, k, M));
        hint (solver, DEF (i, j, 3));
        write_clause (solver, K, 3, second, false, ids + 1);
        hint (solver, ids[0]);
        hint (solver, ids[1]);
        hint (solver, DEF (i, j, 2));
        hint (solver, DEF (k, j, 2));
        hint (solver, HOLE_ID (K->hole_ids, pigeons, last, i, k));
        write_clause (solver, K, 2, (int[]) {a, b}, false,
                      &HOLE_ID (K->next_hole, holes, j, i, k));
        write_clause (solver, K, 3, first, true, ids);
        write_clause (solver, K, 3, second, true, ids + 1);
      }
}

static void swap_ids (uint64s *a, uint64s *b) {
  uint64s t = *a;
  *a = *b, *b = t;
}

/* From 'holes' + 1 pigeons in 'holes' holes to one pigeon and one hole
 * fewer (Cook's reduction, see above).  The clauses of the level left
 * behind are deleted, which keeps checking fast. */
static void reduce_level (einsat *solver, cardinality *K, unsigned holes) {
  const unsigned last = holes - 1;
  CLEAR_STACK (K->next);
  for (size_t n = (size_t) holes * last; n; n--)
    PUSH_STACK (K->next, es_proof_new_name (solver));
  zeroed_ids (solver, &K->def_ids, (size_t) holes * last * 4);
  zeroed_ids (solver, &K->next_pig, holes);
  zeroed_ids (solver, &K->next_hole, (size_t) last * holes * holes);
  write_next_definitions (solver, K, holes, false);
  for (unsigned i = 0; i < holes; i++)
    next_pigeon (solver, K, i, holes);
  exclude_next_level (solver, K, holes);
  delete_pigeonhole (solver, K, K->names.begin, holes + 1, holes);
  write_next_definitions (solver, K, holes, true);
  ints t = K->names;
  K->names = K->next, K->next = t;
  swap_ids (&K->pig_ids, &K->next_pig);
  swap_ids (&K->hole_ids, &K->next_hole);
}

/* At most 'MAX_HOLES' holes, and names for the (m + 1) m + (m - 1) m +
 * ... extension variables (fewer than m^3 + m^2). */
static bool proof_fits (einsat *solver, unsigned holes) {
  if (holes > MAX_HOLES)
    return false;
  int64_t names = (int64_t) holes * holes * (holes + 1);
  int64_t used = solver->proof_max > solver->max_external
                     ? solver->proof_max
                     : solver->max_external;
  return used + names < EINSAT_MAX_VAR;
}

/* Ends with two pigeons in one hole: both unit, and excluded. */
static void write_proof (einsat *solver, cardinality *K) {
  unsigned holes = K->kept, pigeons = holes + 1;
  assign_holes (K, pigeons);
  first_level (solver, K, pigeons, holes);
  for (; holes > 1; holes--)
    reduce_level (solver, K, holes);
  hint (solver, K->pig_ids.begin[0]);
  hint (solver, K->pig_ids.begin[1]);
  hint (solver, HOLE_ID (K->hole_ids, 2, 0, 0, 1));
  uint64_t id;
  write_clause (solver, K, 0, 0, false, &id);
}

/* The arrays with an entry per literal, allocated together. */
#define PER_LITERAL_ARRAYS \
  ARRAY (clause_of) \
  ARRAY (position) \
  ARRAY (covers) \
  ARRAY (degree) \
  ARRAY (marks) \
  ARRAY (stamps) \
  ARRAY (parents) \
  ARRAY (needed)

static void release_cardinality (einsat *solver) {
  cardinality *K = solver->cardinality;
  if (!K)
    return;
#define ARRAY(NAME) DELETE_ARRAY (K->NAME, K->literals);
  PER_LITERAL_ARRAYS
#undef ARRAY
  if (K->reached)
    DELETE_ARRAY (K->reached, K->clauses);
  RELEASE_STACKS (CARDINALITY_STACKS, K);
  DELETE_ARRAY (solver->cardinality, 1);
}

void es_release_cardinality (einsat *solver) {
  release_cardinality (solver);
}

static void forget_cover (cardinality *K) {
  for (all_stack (unsigned, lit, K->chosen))
    K->covers[lit] = 0;
  memset (K->reached, 0, K->clauses * sizeof *K->reached);
  CLEAR_STACK (K->cliques);
  CLEAR_STACK (K->holes);
}

/* A cover that misses by a little is tried again from the other end:
 * which literals the cliques grow from matters (with eight pieces on a
 * 7 x 7 grid, one per column and at most one per row and diagonal, the
 * first cover needs 11 cliques for 8 clauses, the second finds the 7
 * rows). */
static bool close_miss (const cardinality *K, unsigned kept) {
  return kept >= K->clauses && kept <= K->clauses + K->clauses / 8 + 2;
}

/* The cliques kept, or INVALID if the cover grew too large. */
static unsigned cover_and_drop (einsat *solver, cardinality *K,
                                bool backwards) {
  if (cover (solver, K, backwards) == INVALID)
    return INVALID;
  return drop_redundant_cliques (solver, K);
}

static unsigned cover_twice (einsat *solver, cardinality *K) {
  unsigned kept = cover_and_drop (solver, K, false);
  if (kept == INVALID || !close_miss (K, kept))
    return kept;
  forget_cover (K);
  return cover_and_drop (solver, K, true);
}

static bool refute (einsat *solver, cardinality *K) {
  choose_clauses (solver, K);
  if (K->clauses < 2 || K->steps > K->limit)
    return false;
  gather_exclusions (solver, K);
  if (K->steps > K->limit)
    return false;
  NEW_ARRAY (K->reached, K->clauses);
  unsigned kept = K->kept = cover_twice (solver, K);
  if (kept == INVALID)
    return false;
  ADD (cardinality_clauses, K->clauses);
  ADD (cardinality_cliques, kept);
  LOG ("%u disjoint clauses, %u cliques cover them", K->clauses, kept);
  if (kept >= K->clauses || (solver->proof && !proof_fits (solver, kept)))
    return false;
  bool checked = check_argument (solver, K, kept);
  assert (checked);
  if (checked && solver->proof)
    write_proof (solver, K);
  return checked;
}

/* Proofs only without 'incremental' (see 'write_proof'). */
static bool can_prove (einsat *solver) {
  return !solver->proof || !GET_OPTION (incremental);
}

/* After new original clauses, and again while the last round ran out
 * of its budget (with at least twice that budget, see 'es_retry_due'). */
static bool cardinality_due (einsat *solver) {
  return ENABLED (cardinality) && can_prove (solver) &&
         es_round_due (solver, solver->last.originals.cardinality,
                       solver->last.ticks.cardinality,
                       GET_OPTION (cardinalityeffort),
                       solver->last.unfinished.cardinality);
}

void es_cardinality (einsat *solver) {
  if (!cardinality_due (solver) || !es_clean_root (solver))
    return;
  assert (!solver->dense);
  solver->last.originals.cardinality = solver->originals;
  INC (cardinality_rounds);
  if (!some_candidate (solver)) {
    solver->last.ticks.cardinality = STAT (ticks);
    return;
  }
  cardinality *K = NEW_ARRAY (solver->cardinality, 1);
  K->literals = 2 * (size_t) solver->vars;
#define ARRAY(NAME) NEW_ARRAY (K->NAME, K->literals);
  PER_LITERAL_ARRAYS
#undef ARRAY
  K->limit = es_effort_budget (solver, solver->last.ticks.cardinality,
                               GET_OPTION (cardinalityeffort),
                               GET_OPTION (cardinalitymineffort));
  if (refute (solver, K)) {
    LOG ("counting refuted the formula");
    INC (cardinality_refuted);
    solver->inconsistent = true;
  }
  bool ran_out = !solver->inconsistent &&
                 (K->steps > K->limit || es_terminating (solver));
  if (ran_out)
    INC (cardinality_unfinished);
  es_end_unfinished_round (solver, &solver->last.ticks.cardinality,
                           &solver->last.unfinished.cardinality, K->limit,
                           ran_out);
  if (GET_OPTION (verbose) > 1 || solver->inconsistent)
    es_report (solver, 'k');
  if (GET_OPTION (verbose) && solver->inconsistent) /* why, as no proof */
    printf ("c counting: %u clauses sharing no literal need %u true "
            "literals, but %u cliques of binary clauses allow at most "
            "%u\n",
            K->clauses, K->clauses, K->kept, K->kept);
  release_cardinality (solver);
}
