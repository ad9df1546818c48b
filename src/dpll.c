/* The search without learning: DPLL as it was before CDCL, a sub-solver
 * for enumerating the models of small formulas (interface: 'dpll.h').
 *
 * Many small searches under assumptions, each with few decisions and
 * conflicts, spend most of a CDCL solver's time assigning variables one
 * at a time with a reason, a level, a trail position and heuristic
 * scores, while learning rarely pays.  Here instead:
 *
 *  - each large clause has a counter of its non-false literals less
 *    one, set to 'SATISFIED' when one of them becomes true; a counter
 *    that drops to zero makes its last literal a unit, below zero a
 *    conflict.  Counters are updated when a literal is assigned, so
 *    false literals never enter a queue;
 *  - binary clauses are lists of the literals each literal implies,
 *    with the clauses each of them shortens but the implying literal
 *    does not satisfy (see 'build_lists'): in a formula of at-most-one
 *    constraints a true literal and the literals it makes false share
 *    the clause it satisfies;
 *  - the two most frequent tests of the propagation have no branches:
 *    whether an implied literal is assigned already and whether a
 *    decrement made a clause unit.  Both go either way at random, and
 *    mispredicting them cost more than the work around them;
 *  - no reasons and no trail: every decision saves a copy of the whole
 *    state (values and counters) and a conflict restores the copy of
 *    the last unflipped decision and flips it;
 *  - decisions pick the unsatisfied clause with the fewest non-false
 *    literals (the 'most constrained' rule of constraint solvers), after
 *    the first conflict the fewest per conflict the clause caused
 *    ('choose'), and make its first unassigned literal true, then false.
 *
 * Projected variables are decided first: once they are all assigned,
 * decisions on the others look for one completion only.  After a model
 * those decisions are dropped and the last unflipped projected decision
 * is flipped.
 *
 * Without learning the search may take exponentially longer than CDCL,
 * so it has a budget of decisions (a decision on a large formula counts
 * as several), which every model found raises: counting many models goes
 * on as long as models keep coming, while a search stuck in a subtree
 * without models soon runs out.  Then the projected decisions that have
 * seen a model, each with its flipped flag, are handed over as a prefix
 * ('es_dpll_prefix'), from which the backtracking enumeration of
 * 'enumerate.c' goes on: no model is reported twice or missed.
 *
 * Tuning (budget, sizes, layout): the options 'dpll*' and, measured on
 * puzzles and model counting, bench/GRIDS.md ("Enumeration without
 * learning" and the stops after it). */

#include "dpll.h"
#include "internal.h"

#include <limits.h>
#include <string.h>

/* Far above any clause size, so decrements never bring it down to 0. */
#define SATISFIED (INT_MAX / 2)

/* The state of a large clause: the number of its non-false literals less
 * one ('SATISFIED' once one is true), and the XOR of those literals, so
 * that the last one of a unit clause needs no search. */
typedef struct counter {
  int count;
  unsigned open;
} counter;

/* A range of 'open_clauses' (see 'choose_weighted'), if 'listed'. */
typedef struct open_list {
  bool listed;
  size_t start, end;
} open_list;

typedef struct dpll_frame {
  unsigned lit;          /* the decision */
  unsigned assigned;     /* variables assigned before it */
  size_t open_projected; /* 'open_projected' before it */
  bool flipped;          /* its negation is being searched */
  bool on_projected;     /* a projected variable */
  open_list open;        /* clauses open before it */
} dpll_frame;

/* clang-format off */
#define DPLL_FORMULA_STACKS(X, P) \
  X (P, unsigneds, literals)       /* of the large clauses in a row */ \
  X (P, unsigneds, starts)         /* per clause: start in 'literals' */ \
  X (P, ints, sizes)               /* initial counter of each clause */ \
  X (P, unsigneds, fixed)          /* literals fixed by the caller */ \
  X (P, chars, ignored)            /* per variable: takes no part */ \
  X (P, unsigneds, binary_pairs)   /* (implying, implied) while loading */ \
  X (P, unsigneds, clause_pairs)   /* (literal, clause) while loading */ \
  X (P, unsigneds, occurs)         /* literal's start in 'occurrences' */ \
  X (P, unsigneds, occurrences)    /* large clauses of each literal */ \
  X (P, unsigneds, implies)        /* per literal: start in 'implied' */ \
  X (P, unsigneds, implied)        /* literals implied through binaries */ \
  /* (the four above only build 'lists') */ \
  X (P, unsigneds, index)          /* per literal: its block in 'lists' */ \
  X (P, unsigneds, lists)          /* see 'build_lists' */ \
  X (P, unsigneds, block_starts)   /* scratch of 'build_lists' */ \
  X (P, unsigneds, clause_stamps)  /* scratch of 'build_lists' */ \
  X (P, unsigneds, literal_stamps) /* scratch of loading, 'build_lists' */ \
  X (P, unsigneds, widths)         /* scratch of 'build_lists' */ \
  X (P, unsigneds, edge_counts)    /* scratch of 'build_lists' */ \
  X (P, unsigneds, order)          /* literals by their block sizes */

#define DPLL_STATE_STACKS(X, P) \
  X (P, chars, state) \
  X (P, chars, initial)

#define DPLL_SEARCH_STACKS(X, P) \
  X (P, chars, projected)        /* per var, while 'search->projection' */ \
  X (P, unsigneds, queue)        /* implied literals: where in 'lists' */ \
  X (P, unsigneds, units)        /* clauses whose counter hit zero */ \
  X (P, unsigneds, unassigned)   /* scratch of 'propagate_arrays' */ \
  X (P, unsigneds, weights)      /* per clause: conflicts it caused */ \
  X (P, unsigneds, open_clauses) /* see 'choose_weighted' */ \
  X (P, STACK (dpll_frame), frames) \
  X (P, chars, saved)            /* one state per frame */
/* clang-format on */

struct dpll {
  einsat *owner; /* of the memory ('solver' in the stack macros) */

  /* The formula. */
  unsigned vars;
  unsigned clauses;   /* large ones */
  bool inconsistent;  /* no model at all */
  bool oversized;     /* too large for the lists: never searched */
  unsigned ignored_count;
  unsigned clause_stamp;  /* of the clause being loaded */
  DECLARE_STACKS (DPLL_FORMULA_STACKS)
  uint64_t decision_cost; /* against the budget (see 'es_dpll_end') */

  /* The state copied at each decision: values (per literal, padded to
   * a multiple of 'int'), then the counters; 'initial' is the state
   * after propagating the fixed literals. */
  DECLARE_STACKS (DPLL_STATE_STACKS)
  size_t state_bytes;
  signed char *values;
  counter *counts;
  unsigned assigned, target; /* a model when they are equal */
  unsigned initial_assigned;

  /* The search. */
  es_dpll_search *search;
  size_t open_projected;  /* the projection before it is assigned */
  bool weighted;          /* since 'start' (else all weights are zero) */
  size_t fruitful; /* frames below it were on the stack at a model */
  DECLARE_STACKS (DPLL_SEARCH_STACKS)
  uint64_t nodes;
};

dpll *es_dpll_new (einsat *owner) {
  einsat *solver = owner;
  dpll *d = es_calloc (solver, 1, sizeof *d);
  d->owner = owner;
  return d;
}

void es_dpll_delete (dpll *d) {
  if (!d)
    return;
  einsat *solver = d->owner;
  RELEASE_STACKS (DPLL_FORMULA_STACKS, d);
  RELEASE_STACKS (DPLL_STATE_STACKS, d);
  RELEASE_STACKS (DPLL_SEARCH_STACKS, d);
  es_free (solver, d, sizeof *d);
}

size_t es_dpll_clauses (const dpll *d) { return d->clauses; }

/*------------------------------------------------------------------------*/
/* Loading the formula. */

/* A zeroed array of 'size' elements (at least one: pointer arithmetic
 * must not start from null, even for an empty formula). */
#define ZEROED_STACK(S, SIZE) \
  do { \
    CLEAR_STACK (S); \
    RESERVE_STACK (S, (SIZE) + 1); \
    RESIZE_STACK (S, (SIZE)); \
    memset ((S).begin, 0, (SIZE) * sizeof *(S).begin); \
  } while (0)

void es_dpll_begin (dpll *d, unsigned vars) {
  einsat *solver = d->owner;
  d->vars = vars;
  d->clauses = 0;
  d->inconsistent = false;
  d->oversized = false;
  d->ignored_count = 0;
  d->clause_stamp = 0;
  CLEAR_STACK (d->literals);
  CLEAR_STACK (d->starts);
  PUSH_STACK (d->starts, 0);
  CLEAR_STACK (d->sizes);
  CLEAR_STACK (d->fixed);
  CLEAR_STACK (d->binary_pairs);
  CLEAR_STACK (d->clause_pairs);
  ZEROED_STACK (d->ignored, (size_t) vars);
  ZEROED_STACK (d->literal_stamps, 2 * (size_t) vars);
}

void es_dpll_fix (dpll *d, unsigned lit) {
  einsat *solver = d->owner;
  assert (IDX (lit) < d->vars && !d->ignored.begin[IDX (lit)]);
  PUSH_STACK (d->fixed, lit);
}

void es_dpll_ignore (dpll *d, unsigned var) {
  assert (var < d->vars);
  d->ignored_count += !d->ignored.begin[var];
  d->ignored.begin[var] = 1;
}

/* Appends the distinct literals of the clause to 'literals'; false if
 * it is a tautology. */
static bool push_distinct (dpll *d, size_t size, const unsigned *lits) {
  einsat *solver = d->owner;
  if (!++d->clause_stamp) { /* wrapped around */
    memset (d->literal_stamps.begin, 0,
            SIZE_STACK (d->literal_stamps) * sizeof (unsigned));
    d->clause_stamp = 1;
  }
  unsigned *stamps = d->literal_stamps.begin, stamp = d->clause_stamp;
  for (size_t i = 0; i < size; i++) {
    unsigned lit = lits[i];
    assert (IDX (lit) < d->vars && !d->ignored.begin[IDX (lit)]);
    if (stamps[NOT (lit)] == stamp)
      return false;
    if (stamps[lit] == stamp)
      continue;
    stamps[lit] = stamp;
    PUSH_STACK (d->literals, lit);
  }
  return true;
}

/* A binary clause (a | b): NOT a implies b and NOT b implies a. */
static void push_binary (dpll *d, unsigned a, unsigned b) {
  einsat *solver = d->owner;
  PUSH_STACK (d->binary_pairs, NOT (a));
  PUSH_STACK (d->binary_pairs, b);
  PUSH_STACK (d->binary_pairs, NOT (b));
  PUSH_STACK (d->binary_pairs, a);
}

void es_dpll_clause (dpll *d, size_t size, const unsigned *lits) {
  einsat *solver = d->owner;
  if (size == 2 && IDX (lits[0]) != IDX (lits[1])) { /* the usual case */
    assert (IDX (lits[0]) < d->vars && !d->ignored.begin[IDX (lits[0])]);
    assert (IDX (lits[1]) < d->vars && !d->ignored.begin[IDX (lits[1])]);
    push_binary (d, lits[0], lits[1]);
    return;
  }
  size_t start = SIZE_STACK (d->literals);
  bool tautology = !push_distinct (d, size, lits);
  size_t distinct = SIZE_STACK (d->literals) - start;
  const unsigned *kept = d->literals.begin + start;
  if (tautology || distinct < 3) {
    if (!tautology && !distinct)
      d->inconsistent = true;
    else if (!tautology && distinct == 1)
      PUSH_STACK (d->fixed, kept[0]);
    else if (!tautology)
      push_binary (d, kept[0], kept[1]);
    RESIZE_STACK (d->literals, start);
    return;
  }
  unsigned k = d->clauses++;
  for (size_t i = 0; i < distinct; i++) {
    PUSH_STACK (d->clause_pairs, d->literals.begin[start + i]);
    PUSH_STACK (d->clause_pairs, k);
  }
  PUSH_STACK (d->sizes, (int) distinct - 1);
  PUSH_STACK (d->starts, (unsigned) SIZE_STACK (d->literals));
}

/* Counting sort of 'count' pairs (key, value) into 'starts' / 'values':
 * 'starts' has one entry per key plus one. */
static void sort_by_key (dpll *d, unsigneds *starts, unsigneds *values,
                         size_t keys, const unsigned *pairs, size_t count) {
  einsat *solver = d->owner;
  CLEAR_STACK (*starts);
  RESERVE_STACK (*starts, keys + 1);
  RESIZE_STACK (*starts, keys + 1);
  unsigned *s = starts->begin;
  memset (s, 0, (keys + 1) * sizeof *s);
  for (size_t i = 0; i < count; i++)
    s[pairs[2 * i]]++;
  unsigned sum = 0;
  for (size_t key = 0; key <= keys; key++)
    s[key] = sum += s[key];
  CLEAR_STACK (*values);
  RESERVE_STACK (*values, sum + 1);
  RESIZE_STACK (*values, sum);
  for (size_t i = count; i--;)
    values->begin[--s[pairs[2 * i]]] = pairs[2 * i + 1];
}

/*------------------------------------------------------------------------*/
/* The lists the propagation reads. */

/* Into reserved room. */
static void push_range (unsigneds *stack, const unsigned *begin,
                        const unsigned *end) {
  while (begin != end)
    *stack->end++ = *begin++;
}

/* An assignment reads one block of 'lists', the one of its literal:
 *
 *   S  D  [S clauses it satisfies]  [D clauses it shortens]
 *   B  K  [B literals its binary clauses imply]  [B entries of W words]
 *
 * The propagation queue holds the positions of the B fields.  When a
 * literal is true, the literals it implies are made false and their
 * clauses shortened, except those the true literal satisfies: that
 * decrement would only take one from 'SATISFIED', and in a formula of
 * at-most-one constraints every implied literal shares such a clause
 * with the implying one.  So each implied literal has an entry:
 *
 *   H  [W - 1 clauses it shortens while the implying one is true]
 *
 * Shorter lists are padded with 'd->clauses', a clause whose counter
 * starts at 'SATISFIED' and is never unit, so the loop over an entry
 * has the same length in the whole block.  EDGE_MORE in H says the
 * implied literal satisfies clauses or implies literals itself, as its
 * own block lists; EDGE_FULL that its own block does all (when the
 * list would be too long, or the implying literal implies both phases
 * of it: then the second of them must find the first one's value).
 * K is W, plus MIXED_BLOCK if some entry has such a header. */

#define EDGE_FULL 1u
#define EDGE_MORE 2u

/* Positions in 'lists' are below it. */
#define MAX_LISTS (UINT_MAX / 2)

/* Clauses in an entry, at most: entries make the lists at most eight
 * times as long. */
#define MAX_EDGE_SHORTENS 6
#define MAX_ENTRY_WIDTH (1 + MAX_EDGE_SHORTENS) /* see 'assign_block' */
_Static_assert(MAX_ENTRY_WIDTH == 7,
               "one case per width in 'assign_block'");

/* Added to W if some entry of the block has a header (see
 * 'assign_block'). */
#define MIXED_BLOCK 8

/* Implied literals listed twice would be assigned twice. */
static void unique_implied (dpll *d, size_t literals) {
  unsigned *implies = d->implies.begin, *implied = d->implied.begin;
  unsigned *stamps = d->literal_stamps.begin;
  unsigned out = 0, begin = 0;
  for (size_t lit = 0; lit < literals; lit++) {
    unsigned end = implies[lit + 1];
    implies[lit] = out;
    for (unsigned i = begin; i < end; i++) {
      unsigned other = implied[i];
      if (stamps[other] == lit + 1)
        continue;
      stamps[other] = (unsigned) lit + 1;
      implied[out++] = other;
    }
    begin = end;
  }
  implies[literals] = out;
  RESIZE_STACK (d->implied, out);
}

/* Stamps the clauses 'lit' satisfies and the literals it implies with
 * 'lit + 1'. */
static void stamp (dpll *d, unsigned lit) {
  const unsigned *occurs = d->occurs.begin, *implies = d->implies.begin;
  for (unsigned i = occurs[lit]; i < occurs[lit + 1]; i++)
    d->clause_stamps.begin[d->occurrences.begin[i]] = lit + 1;
  for (unsigned i = implies[lit]; i < implies[lit + 1]; i++)
    d->literal_stamps.begin[d->implied.begin[i]] = lit + 1;
}

/* The clauses 'implied' shortens that the stamped 'lit' does not
 * satisfy, or INVALID if its entry has to be full. */
static unsigned edge_shortens (const dpll *d, unsigned lit,
                               unsigned implied) {
  unsigned other = NOT (implied);
  if (d->literal_stamps.begin[other] == lit + 1 ||
      IDX (implied) == IDX (lit))
    return INVALID;
  const unsigned *occurs = d->occurs.begin;
  const unsigned *occurring = d->occurrences.begin;
  unsigned count = 0;
  for (unsigned i = occurs[other]; i < occurs[other + 1]; i++)
    count += d->clause_stamps.begin[occurring[i]] != lit + 1;
  return count <= MAX_EDGE_SHORTENS ? count : INVALID;
}

/* Words of the entries of the stamped 'lit', noting the clauses of each
 * entry in 'edge_counts' (INVALID for a full one). */
static unsigned entry_width (dpll *d, unsigned lit) {
  unsigned width = 1;
  const unsigned *implies = d->implies.begin;
  for (unsigned i = implies[lit]; i < implies[lit + 1]; i++) {
    unsigned count = edge_shortens (d, lit, d->implied.begin[i]);
    d->edge_counts.begin[i] = count;
    if (count != INVALID && 1 + count > width)
      width = 1 + count;
  }
  return width;
}

/* Entry 'i' of the stamped 'lit', into reserved room; returns its
 * header. */
static unsigned push_entry (dpll *d, unsigned lit, unsigned i,
                            unsigned width) {
  const unsigned *occurs = d->occurs.begin;
  const unsigned *occurring = d->occurrences.begin;
  const unsigned *implies = d->implies.begin;
  unsigned implied = d->implied.begin[i], count = d->edge_counts.begin[i];
  unsigned *entry = d->lists.end, *q = entry + 1;
  if (count == INVALID || count >= width)
    entry[0] = EDGE_FULL;
  else {
    bool more = occurs[implied + 1] > occurs[implied] ||
                implies[implied + 1] > implies[implied];
    entry[0] = more ? EDGE_MORE : 0;
    unsigned other = NOT (implied);
    for (unsigned j = occurs[other]; j < occurs[other + 1]; j++)
      if (d->clause_stamps.begin[occurring[j]] != lit + 1)
        *q++ = occurring[j];
  }
  while (q != entry + width)
    *q++ = d->clauses;
  d->lists.end = q;
  return entry[0];
}

/* Words of the block of 'lit'. */
static size_t block_size (const dpll *d, unsigned lit, unsigned width) {
  const unsigned *occurs = d->occurs.begin, *implies = d->implies.begin;
  unsigned other = NOT (lit);
  size_t implied = implies[lit + 1] - implies[lit];
  return 4 + (size_t) occurs[lit + 1] - occurs[lit] + occurs[other + 1] -
         occurs[other] + (1 + (size_t) width) * implied;
}

/* The entry width of each literal in 'widths'; 1 (all entries full) if
 * positions in 'lists' would not fit into 32 bits.  Returns the words of
 * all blocks. */
static size_t choose_widths (dpll *d, size_t literals) {
  einsat *solver = d->owner;
  ZEROED_STACK (d->edge_counts, SIZE_STACK (d->implied));
  ZEROED_STACK (d->widths, literals);
  size_t total = 0;
  for (unsigned lit = 0; lit < literals; lit++) {
    stamp (d, lit);
    unsigned width = entry_width (d, lit);
    d->widths.begin[lit] = width;
    total += block_size (d, lit, width);
  }
  if (total < MAX_LISTS)
    return total;
  total = 0;
  for (unsigned lit = 0; lit < literals; lit++) {
    d->widths.begin[lit] = 1;
    total += block_size (d, lit, 1);
  }
  return total;
}

/* Blocks are laid out shortest first: a block is read whole when its
 * literal becomes true, and the short ones, packed together, share cache
 * lines instead of sitting between long ones.  Where most variables end
 * up false (at-most-one constraints), the short blocks of negative
 * literals are the ones read most. */
static void order_blocks (dpll *d, size_t literals, size_t *total) {
  einsat *solver = d->owner;
  unsigneds *pairs = &d->clause_pairs; /* sorted already: scratch now */
  CLEAR_STACK (*pairs);
  unsigned longest = 0;
  *total = 1;
  for (unsigned lit = 0; lit < literals; lit++) {
    unsigned size = (unsigned) block_size (d, lit, d->widths.begin[lit]);
    *total += size;
    longest = size > longest ? size : longest;
    PUSH_STACK (*pairs, size);
    PUSH_STACK (*pairs, lit);
  }
  sort_by_key (d, &d->block_starts, &d->order, longest, pairs->begin,
               literals);
  CLEAR_STACK (*pairs);
}

static void build_lists (dpll *d) {
  einsat *solver = d->owner;
  size_t literals = 2 * (size_t) d->vars;
  ZEROED_STACK (d->literal_stamps, literals);
  ZEROED_STACK (d->clause_stamps, (size_t) d->clauses);
  unique_implied (d, literals);
  if (choose_widths (d, literals) >= MAX_LISTS) {
    d->oversized = true;
    return;
  }
  ZEROED_STACK (d->index, literals);
  const unsigned *occurs = d->occurs.begin;
  const unsigned *occurring = d->occurrences.begin;
  const unsigned *implies = d->implies.begin;
  const unsigned *implied = d->implied.begin;
  const unsigned *widths = d->widths.begin;
  size_t total;
  order_blocks (d, literals, &total);
  CLEAR_STACK (d->lists);
  RESERVE_STACK (d->lists, total);
  for (size_t i = 0; i < literals; i++) {
    unsigned lit = d->order.begin[i], other = NOT (lit);
    unsigned width = widths[lit];
    stamp (d, lit);
    d->index.begin[lit] = (unsigned) SIZE_STACK (d->lists);
    *d->lists.end++ = occurs[lit + 1] - occurs[lit];
    *d->lists.end++ = occurs[other + 1] - occurs[other];
    push_range (&d->lists, occurring + occurs[lit],
                occurring + occurs[lit + 1]);
    push_range (&d->lists, occurring + occurs[other],
                occurring + occurs[other + 1]);
    *d->lists.end++ = implies[lit + 1] - implies[lit];
    unsigned *kind = d->lists.end++;
    push_range (&d->lists, implied + implies[lit],
                implied + implies[lit + 1]);
    unsigned headers = 0;
    for (unsigned j = implies[lit]; j < implies[lit + 1]; j++)
      headers |= push_entry (d, lit, j, width);
    *kind = headers ? MIXED_BLOCK + width : width;
  }
}

/*------------------------------------------------------------------------*/
/* Assigning and propagating.  The arrays are loaded into a local copy
 * first: a store through 'signed char *' may alias anything, so the
 * compiler would reload every array from 'dpll' after each value. */

typedef struct arrays {
  signed char *values;
  counter *counts;
  const unsigned *index, *lists, *literals, *starts;
  unsigned *queue, *units; /* ends */
  unsigned *unassigned;
  unsigned *weights;
  unsigned assigned;
  bool weighted;
} arrays;

/* Both queues are empty between calls of 'assign_and_propagate'. */

static inline arrays load (const dpll *d) {
  return (arrays){d->values,        d->counts,         d->index.begin,
                  d->lists.begin,   d->literals.begin, d->starts.begin,
                  d->queue.begin,   d->units.begin,    d->unassigned.begin,
                  d->weights.begin, d->assigned,       d->weighted};
}

/* The literal 'lit' of clause 'k' is false.  The clause is written to
 * 'units' in any case and kept there if it became unit. */
static inline int decrement (counter *counts, unsigned k, unsigned lit,
                             unsigned **units) {
  counter *c = counts + k;
  int count = --c->count;
  c->open ^= lit;
  **units = k;
  *units += (unsigned) (count - 1) >> 31; /* count <= 0 */
  return count;
}

/* Counts a conflict for each clause in [p, end) that is falsified. */
static void weigh_falsified (arrays *a, const unsigned *p,
                             const unsigned *end) {
  for (; p != end; p++)
    if (a->counts[*p].count < 0)
      a->weights[*p]++; /* wrapping around only misleads 'choose' */
  a->weighted = true;
}

/* The false 'lit' shortens the clauses in [p, end); false if one is
 * falsified. */
static inline bool shorten (arrays *a, const unsigned *p,
                            const unsigned *end, unsigned lit) {
  const unsigned *begin = p;
  counter *counts = a->counts;
  unsigned *units = a->units;
  int signs = 0; /* negative if a counter dropped below zero */
  while (p != end)
    signs |= decrement (counts, *p++, lit, &units);
  a->units = units;
  if (signs >= 0)
    return true;
  weigh_falsified (a, begin, end); /* rare */
  return false;
}

/* The same for the 'size' clauses of an entry. */
static inline bool shorten_entry (arrays *a, const unsigned *p,
                                  unsigned size, unsigned lit) {
  return shorten (a, p, p + size, lit);
}

static inline void set_true (arrays *a, unsigned lit) {
  a->values[lit] = DPLL_TRUE;
  a->values[NOT (lit)] = DPLL_FALSE;
  a->assigned++;
}

/* The clauses [p, end) are satisfied. */
static inline void satisfy (arrays *a, const unsigned *p,
                            const unsigned *end) {
  while (p != end)
    a->counts[*p++].count = SATISFIED;
}

/* Queues the implied literals at 'p', if any. */
static inline void queue_implied (arrays *a, const unsigned *p) {
  if (*p)
    *a->queue++ = (unsigned) (p - a->lists);
}

/* False if 'lit' is false or falsifies a clause.  Loops run over
 * pointer ranges loaded before the first store: 'int' counters may
 * alias the 'unsigned' index arrays too. */
static inline bool assign (arrays *a, unsigned lit) {
  signed char value = a->values[lit];
  if (value != DPLL_FREE)
    return value == DPLL_TRUE;
  const unsigned *p = a->lists + a->index[lit];
  unsigned satisfies = p[0], shortens = p[1];
  p += 2;
  set_true (a, lit);
  satisfy (a, p, p + satisfies);
  p += satisfies;
  if (!shorten (a, p, p + shortens, NOT (lit)))
    return false;
  queue_implied (a, p + shortens);
  return true;
}

/* Assigns 'lit', implied by a true literal through 'entry' of 'width'
 * words (see 'build_lists').  Gathered unassigned, it is still: entries
 * of one list are distinct and never both phases of a variable. */
static inline bool assign_entry (arrays *a, unsigned lit,
                                 const unsigned *entry, unsigned width) {
  unsigned header = entry[0];
  if (header == EDGE_FULL)
    return assign (a, lit);
  set_true (a, lit);
  if (!shorten_entry (a, entry + 1, width - 1, NOT (lit)))
    return false;
  if (header) { /* EDGE_MORE */
    const unsigned *p = a->lists + a->index[lit];
    unsigned satisfies = p[0], shortens = p[1];
    p += 2;
    satisfy (a, p, p + satisfies);
    queue_implied (a, p + satisfies + shortens);
  }
  return true;
}

/* Assigns the implied literals 'literals[i]' of a block for the indices
 * 'i' in [gathered, end), through their entries of 'width' words.  In a
 * block without MIXED_BLOCK every header is zero: its entries are only
 * shortened clauses. */
static ALWAYS_INLINE bool
assign_gathered (arrays *a, const unsigned *literals,
                 const unsigned *entries, unsigned width, bool mixed,
                 const unsigned *gathered, const unsigned *end) {
  for (const unsigned *p = gathered; p != end; p++) {
    const unsigned *entry = entries + *p * width;
    unsigned lit = literals[*p];
    if (mixed) {
      if (!assign_entry (a, lit, entry, width))
        return false;
    } else {
      set_true (a, lit);
      if (!shorten_entry (a, entry + 1, width - 1, NOT (lit)))
        return false;
    }
  }
  return true;
}

/* The entries of a block have one width, of at most MAX_ENTRY_WIDTH
 * words: the loop over them is compiled once per width and kind, with
 * the decrements of an entry in a straight line, and both are looked at
 * once per block, not once per entry. */
static bool assign_block (arrays *a, const unsigned *literals,
                          const unsigned *entries, unsigned kind,
                          const unsigned *gathered, const unsigned *end) {
  switch (kind) {
#define WIDTH(W) \
  case W: \
    return assign_gathered (a, literals, entries, W, false, gathered, \
                            end); \
  case MIXED_BLOCK + W: \
    return assign_gathered (a, literals, entries, W, true, gathered, end);
    WIDTH (1)
    WIDTH (2)
    WIDTH (3)
    WIDTH (4)
    WIDTH (5)
    WIDTH (6)
    WIDTH (7)
#undef WIDTH
  default:
    assert (false);
    return false;
  }
}

static bool propagate_arrays (arrays *a, unsigned *implying,
                              unsigned *units) {
  unsigned *head = implying;
  for (;;) {
    if (head != a->queue) {
      const unsigned *p = a->lists + *head++;
      unsigned implied = p[0], kind = p[1];
      const unsigned *literals = p + 2, *entries = literals + implied;
      /* Whether an implied literal is assigned already goes either way
       * at random (where at-most-one constraints overlap, most are): a
       * branch on each value would be mispredicted often, so the
       * unassigned ones are gathered first without branches.  The
       * body is a load and three simple operations, so the loop control
       * would be a third of the work: it is unrolled (gcc and clang
       * read the pragma; bench/GRIDS.md, "Stop 30"). */
      unsigned *unassigned = a->unassigned, *u = unassigned;
      const signed char *values = a->values;
      int signs = 0; /* DPLL_FALSE if an implied literal is false */
#pragma GCC unroll 4
      for (unsigned i = 0; i < implied; i++) {
        int value = values[literals[i]];
        *u = i;
        u += value; /* by one if free (see 'DPLL_FREE') */
        signs |= value;
      }
      if ((signs & DPLL_FALSE) ||
          !assign_block (a, literals, entries, kind, unassigned, u))
        return false;
    } else if (a->units != units) {
      unsigned k = *--a->units;
      const counter *c = a->counts + k;
      if (!c->count && !assign (a, c->open))
        return false;
    } else
      return true;
  }
}

/* Assigns the 'size' literals and propagates; false on a conflict. */
static bool assign_and_propagate (dpll *d, size_t size,
                                  const unsigned *lits) {
  arrays a = load (d);
  bool ok = true;
  for (size_t i = 0; ok && i < size; i++)
    ok = assign (&a, lits[i]);
  ok = ok && propagate_arrays (&a, d->queue.begin, d->units.begin);
  d->assigned =
      a.assigned; /* the queues are dropped, after a conflict too */
  d->weighted = a.weighted;
  return ok;
}

/*------------------------------------------------------------------------*/
/* Finishing the formula. */

/* Everything the search needs, sized for the formula. */
static void allocate_search (dpll *d) {
  einsat *solver = d->owner;
  size_t value_bytes = 2 * (size_t) d->vars, align = _Alignof(counter);
  value_bytes = (value_bytes + align - 1) / align * align;
  d->state_bytes = value_bytes + (d->clauses + 1) * sizeof (counter);
  ZEROED_STACK (d->state, d->state_bytes);
  d->values = (signed char *) d->state.begin;
  d->counts = (counter *) (d->state.begin + value_bytes);
  ZEROED_STACK (d->initial, d->state_bytes);
  ZEROED_STACK (d->projected, (size_t) d->vars);
  CLEAR_STACK (d->queue);
  RESERVE_STACK (d->queue, 2 * (size_t) d->vars + 1);
  CLEAR_STACK (d->units);
  RESERVE_STACK (d->units, SIZE_STACK (d->occurrences) + 1);
  CLEAR_STACK (d->unassigned);
  /* A false literal moves the end by two (see 'DPLL_FREE'). */
  RESERVE_STACK (d->unassigned, 2 * SIZE_STACK (d->implied) + 1);
  CLEAR_STACK (d->open_clauses);
  RESERVE_STACK (d->open_clauses, d->clauses + 1);
  for (unsigned k = 0; k < d->clauses; k++)
    *d->open_clauses.end++ = k;
  ZEROED_STACK (d->weights, (size_t) d->clauses);
  d->weighted = false;
  CLEAR_STACK (d->saved);
  CLEAR_STACK (d->frames);
}

/* The fixed literals, propagated once: each search starts from here. */
static void propagate_fixed (dpll *d) {
  memset (d->values, DPLL_FREE, 2 * (size_t) d->vars);
  for (unsigned k = 0; k <= d->clauses; k++) {
    unsigned open = 0;
    for (unsigned i = d->starts.begin[k];
         k < d->clauses && i < d->starts.begin[k + 1]; i++)
      open ^= d->literals.begin[i];
    d->counts[k] = (counter){d->sizes.begin[k], open};
  }
  d->assigned = 0;
  if (!assign_and_propagate (d, SIZE_STACK (d->fixed), d->fixed.begin))
    d->inconsistent = true;
  memset (d->weights.begin, 0, d->clauses * sizeof (unsigned));
  d->weighted = false;
  memcpy (d->initial.begin, d->state.begin, d->state_bytes);
  d->initial_assigned = d->assigned;
  d->target = d->vars - d->ignored_count;
}

void es_dpll_end (dpll *d) {
  einsat *solver = d->owner;
  size_t literals = 2 * (size_t) d->vars;
  sort_by_key (d, &d->implies, &d->implied, literals, d->binary_pairs.begin,
               SIZE_STACK (d->binary_pairs) / 2);
  CLEAR_STACK (d->binary_pairs);
  PUSH_STACK (d->sizes, SATISFIED); /* the padding clause */
  RESERVE_STACK (d->literals, 1);
  sort_by_key (d, &d->occurs, &d->occurrences, literals,
               d->clause_pairs.begin, SIZE_STACK (d->clause_pairs) / 2);
  build_lists (d);
  if (d->oversized)
    return;
  allocate_search (d);
  /* A decision scans the clauses and copies the state, so on a large
   * formula it counts as several against the budget. */
  d->decision_cost = 1 + (d->clauses + d->state_bytes / 16) / 1024;
  propagate_fixed (d);
}

/*------------------------------------------------------------------------*/
/* Deciding, saving and restoring. */

static bool projected (const dpll *d, unsigned var) {
  return !d->search->projection || d->projected.begin[var];
}

/* The first unassigned literal of clause 'k' (projected while some
 * projected variable is unassigned), or INVALID. */
static unsigned open_literal (const dpll *d, unsigned k, bool projecting) {
  const unsigned *p = d->literals.begin + d->starts.begin[k];
  const unsigned *end = d->literals.begin + d->starts.begin[k + 1];
  for (; p != end; p++)
    if (d->values[*p] == DPLL_FREE &&
        (!projecting || d->projected.begin[IDX (*p)]))
      return *p;
  return INVALID;
}

static unsigned free_variable (const dpll *d, bool projecting) {
  const es_dpll_search *s = d->search;
  if (projecting) {
    for (size_t i = 0; i < s->projected; i++)
      if (d->values[LIT (s->projection[i])] == DPLL_FREE)
        return LIT (s->projection[i]);
  } else
    for (unsigned var = 0; var < d->vars; var++)
      if (d->values[LIT (var)] == DPLL_FREE && !d->ignored.begin[var])
        return LIT (var);
  return INVALID;
}

/* Are listed projected variables left?  Assignments only grow until the
 * next restore, so the first unassigned one is looked for from where the
 * last look stopped (kept in the frames). */
static bool projected_open (dpll *d) {
  const es_dpll_search *s = d->search;
  if (!s->projection)
    return false; /* all variables: unassigned ones are projected */
  size_t i = d->open_projected;
  while (i < s->projected && d->values[LIT (s->projection[i])] != DPLL_FREE)
    i++;
  d->open_projected = i;
  return i < s->projected;
}

/* The first clause with fewest non-false literals; clauses with two are
 * the fewest at a decision, so the scan stops at the first of them. */
static unsigned choose_unweighted (const dpll *d, bool projecting) {
  unsigned best = INVALID;
  int fewest = SATISFIED;
  for (unsigned k = 0; k < d->clauses; k++) {
    int count = d->counts[k].count;
    if (count >= fewest)
      continue;
    unsigned lit = open_literal (d, k, projecting);
    if (lit == INVALID)
      continue;
    best = lit, fewest = count;
    if (count <= 1) /* two literals left */
      break;
  }
  return best;
}

/* The weighted choice among the clauses of 'list' that have a projected
 * literal open, when the best clause has none. */
static unsigned choose_projected_weighted (const dpll *d, open_list list) {
  const unsigned *clauses = d->open_clauses.begin;
  unsigned best = INVALID;
  uint64_t best_count = 1, best_weight = 0; /* infinitely bad */
  for (size_t i = list.start; i < list.end; i++) {
    unsigned k = clauses[i];
    uint64_t c = (uint64_t) d->counts[k].count + 1;
    uint64_t w = (uint64_t) d->weights.begin[k] + 1;
    if (c * best_weight >= best_count * w)
      continue;
    unsigned lit = open_literal (d, k, true);
    if (lit == INVALID)
      continue;
    best = lit, best_count = c, best_weight = w;
  }
  return best;
}

/* The clause with fewest non-false literals per conflict it caused in
 * this search (both plus one), the 'dom/wdeg' rule of constraint solvers
 * (Boussemart, Hemery, Lecoutre and Sais, 2004): a search without
 * learning that keeps failing on the same clause decides it first.  It
 * needs a full scan, so it waits for the first conflict: searches
 * without one keep the early stop of 'choose_unweighted'.
 *
 * The scan goes over the clauses that were not satisfied at the last
 * decision, kept per decision in 'open_clauses' (a stack of shrinking
 * lists above the list of all clauses): clauses satisfied then stay
 * satisfied below it. */
static unsigned choose_weighted (dpll *d, bool projecting,
                                 open_list *list) {
  einsat *solver = d->owner;
  const dpll_frame *top =
      EMPTY_STACK (d->frames) ? 0 : &TOP_STACK (d->frames);
  bool listed = top && top->open.listed;
  size_t first = listed ? top->open.start : 0;
  size_t start = listed ? top->open.end : d->clauses;
  size_t parents = start - first;
  RESIZE_STACK (d->open_clauses, start);
  RESERVE_STACK (d->open_clauses, start + parents + 1);
  unsigned *out = d->open_clauses.begin + start;
  const unsigned *parent = d->open_clauses.begin + first;
  const counter *counts = d->counts;
  const unsigned *weights = d->weights.begin;
  unsigned best = INVALID;
  uint64_t best_count = 1, best_weight = 0; /* infinitely bad */
  for (size_t i = 0; i < parents; i++) {
    unsigned k = parent[i];
    int count = counts[k].count;
    /* Which clauses were satisfied since the last decision varies, so
     * only an improvement, which is rare, takes a branch. */
    bool open = count < SATISFIED / 2;
    *out = k;
    out += open;
    uint64_t c = (uint64_t) count + 1, w = (uint64_t) weights[k] + 1;
    if (open & (c * best_weight < best_count * w))
      best = k, best_count = c, best_weight = w;
  }
  d->open_clauses.end = out;
  *list = (open_list){true, start, SIZE_STACK (d->open_clauses)};
  if (best == INVALID)
    return INVALID;
  /* Unit clauses are propagated, so an open clause has free literals,
   * but maybe no projected one. */
  unsigned lit = open_literal (d, best, projecting);
  return lit != INVALID ? lit : choose_projected_weighted (d, *list);
}

/* The decision, and in 'list' the open clauses it was chosen from. */
static unsigned choose (dpll *d, open_list *list) {
  bool projecting = projected_open (d);
  *list = (open_list){false, 0, 0};
  unsigned best = d->weighted && d->search->weighted
                      ? choose_weighted (d, projecting, list)
                      : choose_unweighted (d, projecting);
  if (best == INVALID)
    best = free_variable (d, projecting);
  return best;
}

static signed char *saved_state (dpll *d, size_t depth) {
  return (signed char *) d->saved.begin + depth * d->state_bytes;
}

/* Saving a state per decision costs memory linear in the depth; deeper
 * searches are handed over. */
#define MAX_SAVED_BYTES ((size_t) 1 << 26)

static bool room_to_decide (const dpll *d) {
  return (SIZE_STACK (d->frames) + 1) * d->state_bytes <= MAX_SAVED_BYTES;
}

static void decide (dpll *d, unsigned lit, open_list list) {
  einsat *solver = d->owner;
  size_t depth = SIZE_STACK (d->frames);
  size_t need = (depth + 1) * d->state_bytes;
  if (need > SIZE_STACK (d->saved)) {
    RESERVE_STACK (d->saved, need);
    RESIZE_STACK (d->saved, need);
  }
  memcpy (saved_state (d, depth), d->state.begin, d->state_bytes);
  dpll_frame f = {
      lit, d->assigned, d->open_projected, false, projected (d, IDX (lit)),
      list};
  PUSH_STACK (d->frames, f);
  d->nodes++;
  d->search->decisions++;
}

/* Drops the frames whose both branches are exhausted and flips the last
 * open one; false if there is none. */
static bool flip_last (dpll *d) {
  while (!EMPTY_STACK (d->frames) && TOP_STACK (d->frames).flipped)
    (void) POP_STACK (d->frames);
  if (d->fruitful > SIZE_STACK (d->frames))
    d->fruitful = SIZE_STACK (d->frames);
  if (EMPTY_STACK (d->frames))
    return false;
  dpll_frame *f = &TOP_STACK (d->frames);
  memcpy (d->state.begin, saved_state (d, SIZE_STACK (d->frames) - 1),
          d->state_bytes);
  d->assigned = f->assigned;
  d->open_projected = f->open_projected;
  f->flipped = true;
  return true;
}

/* After a model only projected decisions count: the others found one
 * completion, and another would give the same projected model. */
static void drop_completion (dpll *d) {
  while (!EMPTY_STACK (d->frames) && !TOP_STACK (d->frames).on_projected)
    (void) POP_STACK (d->frames);
  d->fruitful = SIZE_STACK (d->frames);
}

static bool propagate_flipped (dpll *d) {
  unsigned lit = NOT (TOP_STACK (d->frames).lit);
  return assign_and_propagate (d, 1, &lit);
}

/*------------------------------------------------------------------------*/
/* Searching. */

static void start (dpll *d, es_dpll_search *s) {
  d->search = s;
  memcpy (d->state.begin, d->initial.begin, d->state_bytes);
  d->assigned = d->initial_assigned;
  d->open_projected = 0;
  /* Weights are per search: kept from one search to the next they
   * mislead it (measured: bench/GRIDS.md, "Weighted decisions"). */
  if (d->weighted)
    memset (d->weights.begin, 0, d->clauses * sizeof (unsigned));
  d->weighted = false;
  CLEAR_STACK (d->frames);
  d->fruitful = 0;
  d->nodes = 0;
  for (size_t i = 0; i < s->projected; i++)
    d->projected.begin[s->projection[i]] = 1;
}

static void finish (dpll *d) {
  const es_dpll_search *s = d->search;
  for (size_t i = 0; i < s->projected; i++)
    d->projected.begin[s->projection[i]] = 0;
}

static int search (dpll *d) {
  es_dpll_search *s = d->search;
  bool ok = assign_and_propagate (d, s->assumed, s->assumptions);
  uint64_t budget = s->budget;
  for (;;) {
    if (!ok) {
      if (!flip_last (d))
        return DPLL_COMPLETE;
      ok = propagate_flipped (d);
      continue;
    }
    if (d->assigned == d->target) {
      s->models++;
      budget += s->per_model;
      bool go_on = s->model (s->data, d->values);
      drop_completion (d);
      if (!flip_last (d))
        return DPLL_COMPLETE;
      if (!go_on)
        return DPLL_STOPPED;
      ok = propagate_flipped (d);
      continue;
    }
    if (s->terminate && s->terminate (s->data))
      return DPLL_STOPPED;
    unsigned lit = INVALID;
    open_list list;
    if (d->nodes * d->decision_cost < budget && room_to_decide (d))
      lit = choose (d, &list);
    if (lit == INVALID) /* out of budget or memory */
      return DPLL_HANDED_OVER;
    decide (d, lit, list);
    ok = assign_and_propagate (d, 1, &lit);
  }
}

int es_dpll_enumerate (dpll *d, es_dpll_search *s) {
  assert (s->model);
  if (d->inconsistent || d->oversized) {
    CLEAR_STACK (d->frames);
    d->fruitful = 0;
    return d->oversized ? DPLL_HANDED_OVER : DPLL_COMPLETE;
  }
  start (d, s);
  int res = search (d);
  finish (d);
  return res;
}

/* The projected decisions up to the first one that has not seen a
 * model: the subtree below them then holds no model reported so far, so
 * the caller may search it again from the start.  Handing over the
 * whole stack could leave the caller to refute, one decision after
 * another, a deep branch without models that this search was stuck in
 * (bench/GRIDS.md, "Enumeration without learning"). */
size_t es_dpll_prefix (const dpll *d) { return d->fruitful; }

unsigned es_dpll_prefix_literal (const dpll *d, size_t i, bool *flipped) {
  assert (i < d->fruitful);
  dpll_frame f = PEEK_STACK (d->frames, i);
  assert (f.on_projected);
  *flipped = f.flipped;
  return f.flipped ? NOT (f.lit) : f.lit;
}
