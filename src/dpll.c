/* Enumeration by plain backtracking search, before the CDCL search
 * ('enumerate.c'), for small formulas.
 *
 * A batch of small formulas under assumptions (a file of 49,151 Sudoku
 * puzzles, each asked for up to two solutions) spends most of its time
 * assigning variables one at a time with a reason, a level, a trail
 * position and heuristic scores, while learning rarely pays: a 17-clue
 * puzzle needs 2.9 decisions and 1.75 conflicts on average, and 45% of
 * them none (bench/GRIDS.md).  This is DPLL as it was before CDCL:
 *
 *  - each large clause has a counter of its non-false literals less
 *    one, set to 'SATISFIED' when one of them becomes true; a counter
 *    that drops to zero makes its last literal a unit, below zero a
 *    conflict.  Counters are updated when a literal is assigned, so
 *    false literals never enter a queue (in a Sudoku 7 of 8 assignments
 *    are false);
 *  - binary clauses are lists of the literals each literal implies,
 *    with the clauses each of them shortens but the implying literal
 *    does not satisfy (see 'build_lists');
 *  - the two most frequent tests have no branches: whether an implied
 *    literal is assigned already (in a Sudoku 2 of 3 are) and whether a
 *    decrement made a clause unit.  Mispredicting them cost more than
 *    all other work of a 17-clue Sudoku (bench/GRIDS.md, "Branches");
 *  - no reasons and no trail: every decision saves a copy of the whole
 *    state (values and counters, 2.7 kB for a 9x9 Sudoku) and a conflict
 *    restores the copy of the last unflipped decision and flips it;
 *  - decisions pick the unsatisfied clause with the fewest non-false
 *    literals (the 'most constrained' rule of puzzle solvers), after the
 *    first conflict the fewest per conflict the clause caused ('choose'),
 *    and make its first unassigned literal true, then false.
 *
 * Projected variables are decided first, as in the CDCL enumeration:
 * once they are all assigned, decisions on the others look for one
 * completion only.  After a model those decisions are dropped and the
 * last unflipped projected decision is flipped.
 *
 * The formula is a copy of the irredundant clauses without root-level
 * false literals and satisfied clauses.  It is kept between calls and
 * copied again only after the irredundant clauses change (counted by
 * 'irredundant_changes') or the root level grows.
 *
 * Without learning the search may take exponentially longer than CDCL,
 * so it has a budget of decisions ('dpllnodes'; a decision on a large
 * formula counts as several), which every model found raises
 * ('dpllpermodel'): counting the solutions of N queens takes about 6.5
 * decisions per model and goes on as long as models keep coming, while a
 * search stuck in a subtree without models soon runs out.  Then the
 * projected decisions that have seen a model, each with its flipped
 * flag, become the prefix of the backtracking enumeration of
 * 'enumerate.c', which goes on from there: no model is reported twice or
 * missed.  Measured on Sudoku and N queens: bench/GRIDS.md, "Enumeration
 * without learning". */

#include "internal.h"

#include <limits.h>
#include <string.h>

/* Far above any clause size, so decrements never bring it down to 0. */
#define SATISFIED (INT_MAX / 2)

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

typedef struct dpll {
  uint64_t changes;       /* 'irredundant_changes' when copied */
  uint64_t irredundant;   /* 'clauses_irredundant' then (for checking) */
  unsigned root_trail;    /* root-level trail size when copied */
  unsigned vars;
  unsigned clauses;       /* large ones */
  unsigneds literals;     /* of the large clauses in a row */
  unsigneds starts;       /* clause i: [starts[i], starts[i+1]) */
  unsigneds occurs;       /* per literal: start in 'occurrences' */
  unsigneds occurrences;  /* large clauses of each literal */
  unsigneds implies;      /* per literal: start in 'implied' */
  unsigneds implied;      /* literals implied through binary clauses */
                          /* (the four above only build 'lists') */
  unsigneds index;        /* per literal: start of its block in 'lists' */
  unsigneds lists;        /* see 'build_lists' */
  ints sizes;             /* initial counter of each clause */
  unsigneds pairs;        /* scratch of 'sort_by_key' */
  unsigneds block_starts; /* scratch of 'build_lists' */
  unsigneds clause_stamps;  /* scratch of 'build_lists' */
  unsigneds literal_stamps; /* scratch of 'build_lists' */
  unsigneds widths;       /* scratch of 'build_lists' */
  unsigneds edge_counts;  /* scratch of 'build_lists' */
  unsigneds order;        /* literals by the size of their blocks */
  bool copied;            /* complete (an allocation may fail midway) */
  uint64_t served;        /* enumerations on this copy */
  uint64_t skipped;       /* enumerations left to CDCL since it went stale */
  uint64_t backoff;       /* ... before copying again */

  /* The state copied at each decision: values (per literal, padded to
   * a multiple of 'int'), then the counters. */
  chars state;
  size_t state_bytes;
  signed char *values;
  int *counts;
  unsigned assigned, target; /* a model when they are equal */
  size_t open_projected;     /* 'solver->projected' before are assigned */

  unsigneds queue;        /* positions in 'lists' of implied literals */
  unsigneds units;        /* clauses whose counter dropped to zero */
  unsigneds unassigned;   /* scratch of 'propagate_arrays' */
  unsigneds weights;      /* per clause: conflicts it caused */
  bool weighted;          /* since 'start' (else all weights are zero) */
  unsigneds open_clauses; /* see 'choose_weighted' */
  STACK (dpll_frame) frames;
  size_t fruitful;        /* frames below it were on the stack at a model */
  uint64_t decision_cost; /* against the budget (see 'copy_formula') */
  chars saved;            /* one state per frame */
  uint64_t nodes;
} dpll;

void es_release_dpll (einsat *solver) {
  dpll *d = solver->dpll;
  if (!d)
    return;
  RELEASE_STACK (d->literals);
  RELEASE_STACK (d->starts);
  RELEASE_STACK (d->occurs);
  RELEASE_STACK (d->occurrences);
  RELEASE_STACK (d->implies);
  RELEASE_STACK (d->implied);
  RELEASE_STACK (d->index);
  RELEASE_STACK (d->lists);
  RELEASE_STACK (d->sizes);
  RELEASE_STACK (d->pairs);
  RELEASE_STACK (d->block_starts);
  RELEASE_STACK (d->clause_stamps);
  RELEASE_STACK (d->literal_stamps);
  RELEASE_STACK (d->widths);
  RELEASE_STACK (d->edge_counts);
  RELEASE_STACK (d->order);
  RELEASE_STACK (d->state);
  RELEASE_STACK (d->queue);
  RELEASE_STACK (d->units);
  RELEASE_STACK (d->unassigned);
  RELEASE_STACK (d->weights);
  RELEASE_STACK (d->open_clauses);
  RELEASE_STACK (d->frames);
  RELEASE_STACK (d->saved);
  es_free (solver, d, sizeof *d);
  solver->dpll = 0;
}

/*------------------------------------------------------------------------*/
/* Copying the formula. */

/* Counting sort of 'count' pairs (key, value) into 'starts' / 'values':
 * 'starts' has one entry per key plus one. */
static void sort_by_key (einsat *solver, unsigneds *starts,
                         unsigneds *values, size_t keys,
                         const unsigned *pairs, size_t count) {
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
  RESERVE_STACK (*values, sum);
  RESIZE_STACK (*values, sum);
  for (size_t i = count; i--;)
    values->begin[--s[pairs[2 * i]]] = pairs[2 * i + 1];
}

/* Binary clause (a | b): NOT a implies b.  Each is met in the watches of
 * both literals, so each direction is added once.  At-most-one
 * constraints add their pairwise clauses. */
static void copy_binaries (einsat *solver, dpll *d, unsigneds *pairs) {
  CLEAR_STACK (*pairs);
  for (unsigned lit = 0; lit < 2 * solver->vars; lit++)
    for (all_stack (watch, w, WATCHES (lit))) {
      if (w.ref != IRREDUNDANT_BINARY)
        continue;
      if (VALUE (lit) || VALUE (w.blit))
        continue; /* satisfied at the root (propagation is complete) */
      PUSH_STACK (*pairs, NOT (lit));
      PUSH_STACK (*pairs, w.blit);
    }
  es_push_atmost_implications (solver, pairs);
  sort_by_key (solver, &d->implies, &d->implied, 2 * (size_t) solver->vars,
               pairs->begin, SIZE_STACK (*pairs) / 2);
}

static void copy_large_clauses (einsat *solver, dpll *d,
                                unsigneds *pairs) {
  CLEAR_STACK (d->literals);
  CLEAR_STACK (d->starts);
  CLEAR_STACK (d->sizes);
  CLEAR_STACK (*pairs);
  PUSH_STACK (d->starts, 0);
  for (all_stack (unsigned, ref, solver->irredundant)) {
    clause *c = CLAUSE (ref);
    if (c->garbage)
      continue;
    size_t start = SIZE_STACK (d->literals);
    bool satisfied = false;
    for (all_literals_in_clause (lit, c)) {
      signed char value = VALUE (lit);
      if (value > 0)
        satisfied = true;
      if (!value)
        PUSH_STACK (d->literals, lit);
    }
    size_t size = SIZE_STACK (d->literals) - start;
    if (satisfied || size < 2) {
      assert (satisfied);
      RESIZE_STACK (d->literals, start);
      continue;
    }
    unsigned k = (unsigned) SIZE_STACK (d->sizes);
    for (size_t i = start; i < start + size; i++) {
      PUSH_STACK (*pairs, d->literals.begin[i]);
      PUSH_STACK (*pairs, k);
    }
    PUSH_STACK (d->sizes, (int) size - 1);
    PUSH_STACK (d->starts, (unsigned) SIZE_STACK (d->literals));
  }
  d->clauses = (unsigned) SIZE_STACK (d->sizes);
  PUSH_STACK (d->sizes, SATISFIED); /* the padding clause */
  sort_by_key (solver, &d->occurs, &d->occurrences,
               2 * (size_t) solver->vars, pairs->begin,
               SIZE_STACK (*pairs) / 2);
}

/* Into reserved room. */
static void push_range (unsigneds *stack, const unsigned *begin,
                        const unsigned *end) {
  while (begin != end)
    *stack->end++ = *begin++;
}

/* An assignment reads one block of 'lists', the one of its literal:
 *
 *   S  D  [S clauses it satisfies]  [D clauses it shortens]
 *   B  W  [B literals its binary clauses imply]  [B entries of W words]
 *
 * The propagation queue holds the positions of the B fields.  When a
 * literal is true, the literals it implies are made false and their
 * clauses shortened, except those the true literal satisfies: in a
 * Sudoku each of them shares the cell, or the row, column or box of
 * the value, and that decrement would only take one from 'SATISFIED'
 * (28% of the decrements).  So each implied literal has an entry:
 *
 *   H  [W - 1 clauses it shortens while the implying one is true]
 *
 * Shorter lists are padded with 'd->clauses', a clause whose counter
 * starts at 'SATISFIED' and is never unit, so the loop over an entry
 * has the same length in the whole block.  EDGE_MORE in H says the
 * implied literal satisfies clauses or implies literals itself, as its
 * own block lists; EDGE_FULL that its own block does all (when the
 * list would be too long, or the implying literal implies both phases
 * of it: then the second of them must find the first one's value). */

#define EDGE_FULL 1u
#define EDGE_MORE 2u

/* Clauses in an entry, at most: entries make the lists at most eight
 * times as long. */
#define MAX_EDGE_SHORTENS 6

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

/* Entry 'i' of the stamped 'lit', into reserved room. */
static void push_entry (dpll *d, unsigned lit, unsigned i, unsigned width) {
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
}

/* Words of the block of 'lit'. */
static size_t block_size (const dpll *d, unsigned lit, unsigned width) {
  const unsigned *occurs = d->occurs.begin, *implies = d->implies.begin;
  unsigned other = NOT (lit);
  size_t implied = implies[lit + 1] - implies[lit];
  return 4 + (size_t) occurs[lit + 1] - occurs[lit] + occurs[other + 1] -
         occurs[other] + (1 + (size_t) width) * implied;
}

static void clear_stamps (einsat *solver, unsigneds *stamps, size_t size) {
  CLEAR_STACK (*stamps);
  RESERVE_STACK (*stamps, size + 1);
  RESIZE_STACK (*stamps, size);
  memset (stamps->begin, 0, size * sizeof (unsigned));
}

/* The entry width of each literal in 'widths'; 1 (all entries full) if
 * positions in 'lists' would not fit into 32 bits. */
static void choose_widths (einsat *solver, dpll *d, size_t literals) {
  CLEAR_STACK (d->edge_counts);
  RESERVE_STACK (d->edge_counts, SIZE_STACK (d->implied) + 1);
  RESIZE_STACK (d->edge_counts, SIZE_STACK (d->implied));
  CLEAR_STACK (d->widths);
  RESERVE_STACK (d->widths, literals + 1);
  RESIZE_STACK (d->widths, literals);
  size_t total = 0;
  for (unsigned lit = 0; lit < literals; lit++) {
    stamp (d, lit);
    unsigned width = entry_width (d, lit);
    d->widths.begin[lit] = width;
    total += block_size (d, lit, width);
  }
  if (total >= UINT_MAX / 2)
    for (unsigned lit = 0; lit < literals; lit++)
      d->widths.begin[lit] = 1;
}

static void build_lists (einsat *solver, dpll *d) {
  size_t literals = 2 * (size_t) d->vars;
  clear_stamps (solver, &d->literal_stamps, literals);
  clear_stamps (solver, &d->clause_stamps, d->clauses);
  unique_implied (d, literals);
  choose_widths (solver, d, literals);
  CLEAR_STACK (d->index);
  RESERVE_STACK (d->index, literals + 1);
  RESIZE_STACK (d->index, literals);
  const unsigned *occurs = d->occurs.begin;
  const unsigned *occurring = d->occurrences.begin;
  const unsigned *implies = d->implies.begin;
  const unsigned *implied = d->implied.begin;
  const unsigned *widths = d->widths.begin;
  /* Short blocks first, packed together: in a Sudoku 8 in 9 variables
   * end up false, and the blocks of their negations, 32 bytes each, then
   * share cache lines instead of sitting between the long ones. */
  CLEAR_STACK (d->pairs);
  unsigned longest = 0;
  size_t total = 1;
  for (unsigned lit = 0; lit < literals; lit++) {
    unsigned size = (unsigned) block_size (d, lit, widths[lit]);
    total += size;
    longest = size > longest ? size : longest;
    PUSH_STACK (d->pairs, size);
    PUSH_STACK (d->pairs, lit);
  }
  sort_by_key (solver, &d->block_starts, &d->order, longest,
               d->pairs.begin, literals);
  CLEAR_STACK (d->pairs);
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
    *d->lists.end++ = width;
    push_range (&d->lists, implied + implies[lit],
                implied + implies[lit + 1]);
    for (unsigned j = implies[lit]; j < implies[lit + 1]; j++)
      push_entry (d, lit, j, width);
  }
}

static void copy_formula (einsat *solver, dpll *d) {
  d->copied = false;
  copy_binaries (solver, d, &d->pairs);
  copy_large_clauses (solver, d, &d->pairs);
  CLEAR_STACK (d->pairs);
  d->vars = solver->vars;
  /* Every array gets at least one element: pointer arithmetic must not
   * start from null, even for a formula without clauses. */
  RESERVE_STACK (d->occurrences, 1);
  RESERVE_STACK (d->implied, 1);
  RESERVE_STACK (d->literals, 1);
  RESERVE_STACK (d->sizes, 1);
  build_lists (solver, d);
  size_t value_bytes = 2 * (size_t) d->vars;
  value_bytes = (value_bytes + sizeof (int) - 1) / sizeof (int) *
                sizeof (int);
  d->state_bytes = value_bytes + (d->clauses + 1) * sizeof (int);
  CLEAR_STACK (d->state);
  RESERVE_STACK (d->state, d->state_bytes + 1);
  RESIZE_STACK (d->state, d->state_bytes);
  d->values = (signed char *) d->state.begin;
  d->counts = (int *) (d->state.begin + value_bytes);
  CLEAR_STACK (d->queue);
  RESERVE_STACK (d->queue, 2 * (size_t) d->vars + 1);
  CLEAR_STACK (d->units);
  RESERVE_STACK (d->units, SIZE_STACK (d->occurrences) + 1);
  CLEAR_STACK (d->unassigned);
  RESERVE_STACK (d->unassigned, SIZE_STACK (d->implied) + 1);
  CLEAR_STACK (d->open_clauses);
  RESERVE_STACK (d->open_clauses, d->clauses + 1);
  for (unsigned k = 0; k < d->clauses; k++)
    *d->open_clauses.end++ = k;
  CLEAR_STACK (d->weights);
  RESERVE_STACK (d->weights, d->clauses + 1);
  RESIZE_STACK (d->weights, d->clauses);
  memset (d->weights.begin, 0, d->clauses * sizeof (unsigned));
  d->weighted = false;
  CLEAR_STACK (d->saved);
  CLEAR_STACK (d->frames);
  /* A decision scans the clauses and copies the state: on a formula
   * with 20,000 clauses a decision costs as much as 30 of a Sudoku's,
   * and counts as much against the budget. */
  d->decision_cost = 1 + (d->clauses + d->state_bytes / 16) / 1024;
  d->changes = solver->irredundant_changes;
  d->irredundant = STAT (clauses_irredundant);
  d->root_trail = solver->trail_size;
  d->copied = true;
}

/* Copying and the scan of the large clauses per decision grow with the
 * formula; binary clauses count too (a 25x25 Sudoku has 690,000). */
static bool small_enough (einsat *solver) {
  return solver->vars && solver->vars <= (unsigned) GET_OPTION (dpllvars) &&
         STAT (clauses_irredundant) + es_atmost_pairs (solver) <=
             (uint64_t) GET_OPTION (dpllclauses);
}

/* Copying costs about as much as three CDCL searches of a Sudoku (1 M
 * instructions for its 10,530 clauses).  An application that changes
 * the formula before every enumeration would pay that each time, so a
 * copy that served one enumeration only is made again only after
 * twice as many enumerations as the last time were left to CDCL.
 * Returns 0 if this one is. */
static dpll *current_copy (einsat *solver) {
  dpll *d = solver->dpll;
  if (!d) {
    d = es_calloc (solver, 1, sizeof *d);
    solver->dpll = d;
  } else if (d->copied && d->changes == solver->irredundant_changes &&
             d->root_trail == solver->trail_size &&
             d->vars == solver->vars) {
    /* A change that did not count 'irredundant_changes' would leave the
     * copy stale: a place adding or removing clauses without it. */
    assert (d->irredundant == STAT (clauses_irredundant));
    d->served++;
    return d;
  } else if (d->copied && d->served < 2) {
    if (d->skipped < d->backoff) {
      d->skipped++;
      return 0;
    }
    d->backoff = d->backoff ? 2 * d->backoff : 1;
  } else
    d->backoff = 0;
  d->skipped = 0;
  copy_formula (solver, d);
  d->served = 1;
  return d;
}

/*------------------------------------------------------------------------*/
/* Assigning and propagating.  The arrays are loaded into a local copy
 * first: a store through 'signed char *' may alias anything, so the
 * compiler would reload every array from 'dpll' after each value. */

typedef struct arrays {
  signed char *values;
  int *counts;
  const unsigned *index, *lists, *literals, *starts;
  unsigned *queue, *units; /* ends */
  unsigned *unassigned;
  unsigned *weights;
  unsigned assigned;
  bool weighted;
} arrays;

/* Both queues are empty between calls of 'assign_and_propagate'. */

static inline arrays load (dpll *d) {
  return (arrays) {d->values,       d->counts,        d->index.begin,
                   d->lists.begin,  d->literals.begin, d->starts.begin,
                   d->queue.begin,  d->units.begin,    d->unassigned.begin,
                   d->weights.begin, d->assigned, d->weighted};
}

/* Decrements the counter of clause 'k'.  The clause is written to
 * 'units' in any case and kept there if it became unit. */
static inline int decrement (int *counts, unsigned k, unsigned **units) {
  int count = --counts[k];
  **units = k;
  *units += (unsigned) (count - 1) >> 31; /* count <= 0 */
  return count;
}

/* Counts a conflict for each clause in [p, end) that is falsified. */
static void weigh_falsified (arrays *a, const unsigned *p,
                             const unsigned *end) {
  for (; p != end; p++)
    if (a->counts[*p] < 0)
      a->weights[*p]++; /* wrapping around only misleads 'choose' */
  a->weighted = true;
}

/* Decrements the counters of the clauses in [p, end); false if one
 * drops below zero. */
static inline bool shorten (arrays *a, const unsigned *p,
                            const unsigned *end) {
  const unsigned *begin = p;
  int *counts = a->counts;
  unsigned *units = a->units;
  int signs = 0; /* negative if a counter dropped below zero */
#pragma GCC unroll 4
  while (p != end)
    signs |= decrement (counts, *p++, &units);
  a->units = units;
  if (signs >= 0)
    return true;
  weigh_falsified (a, begin, end); /* rare */
  return false;
}

/* The same for the few clauses of an entry ('shorten' with unrolled
 * loop costs more than the decrements), in straight lines for three,
 * the usual number in a Sudoku. */
static inline bool shorten_entry (arrays *a, const unsigned *p,
                                  unsigned size) {
  int *counts = a->counts;
  unsigned *units = a->units;
  int signs = 0;
  if (size == 3) {
    signs |= decrement (counts, p[0], &units);
    signs |= decrement (counts, p[1], &units);
    signs |= decrement (counts, p[2], &units);
  } else
#pragma GCC unroll 1
    for (unsigned i = 0; i < size; i++)
      signs |= decrement (counts, p[i], &units);
  a->units = units;
  if (signs >= 0)
    return true;
  weigh_falsified (a, p, p + size);
  return false;
}

static inline void set_true (arrays *a, unsigned lit) {
  a->values[lit] = 1;
  a->values[NOT (lit)] = -1;
  a->assigned++;
}

/* The clauses [p, end) are satisfied. */
static inline void satisfy (arrays *a, const unsigned *p,
                            const unsigned *end) {
  while (p != end)
    a->counts[*p++] = SATISFIED;
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
  if (value)
    return value > 0;
  const unsigned *p = a->lists + a->index[lit];
  unsigned satisfies = p[0], shortens = p[1];
  p += 2;
  set_true (a, lit);
  satisfy (a, p, p + satisfies);
  p += satisfies;
  if (!shorten (a, p, p + shortens))
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
  if (!shorten_entry (a, entry + 1, width - 1))
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

/* Without a branch per literal: where the open one sits varies. */
static unsigned unit_literal (const arrays *a, unsigned k) {
  const unsigned *p = a->literals + a->starts[k];
  const unsigned *end = a->literals + a->starts[k + 1];
  unsigned unit = *p;
  while (p != end) {
    unsigned lit = *p++;
    unit = a->values[lit] >= 0 ? lit : unit;
  }
  return unit;
}

static bool propagate_arrays (arrays *a, unsigned *implying,
                              unsigned *units) {
  unsigned *head = implying;
  for (;;) {
    if (head != a->queue) {
      const unsigned *p = a->lists + *head++;
      unsigned implied = p[0], width = p[1];
      const unsigned *literals = p + 2, *entries = literals + implied;
      /* Most implied literals are true already (in a Sudoku 2 of 3): a
       * branch on each value would be mispredicted often, so the
       * unassigned ones are gathered first without branches. */
      unsigned *unassigned = a->unassigned, *u = unassigned;
      const signed char *values = a->values;
      int signs = 0; /* negative if an implied literal is false */
#pragma GCC unroll 4
      for (unsigned i = 0; i < implied; i++) {
        int value = values[literals[i]]; /* only 0 has bit 0 clear */
        *u = i;
        u += ~value & 1;
        signs |= value;
      }
      if (signs < 0)
        return false;
      while (unassigned != u) {
        unsigned i = *unassigned++;
        if (!assign_entry (a, literals[i], entries + i * width, width))
          return false;
      }
    } else if (a->units != units) {
      unsigned k = *--a->units;
      if (!a->counts[k] && !assign (a, unit_literal (a, k)))
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
  d->assigned = a.assigned; /* the queues are dropped, after a conflict too */
  d->weighted = a.weighted;
  return ok;
}

/*------------------------------------------------------------------------*/
/* Deciding, saving and restoring. */

/* The first unassigned literal of clause 'k' (projected while some
 * projected variable is unassigned), or INVALID. */
static unsigned open_literal (einsat *solver, dpll *d, unsigned k,
                              bool projecting) {
  const unsigned *p = d->literals.begin + d->starts.begin[k];
  const unsigned *end = d->literals.begin + d->starts.begin[k + 1];
  for (; p != end; p++)
    if (!d->values[*p] && (!projecting || es_projected (solver, IDX (*p))))
      return *p;
  return INVALID;
}

static unsigned free_variable (einsat *solver, dpll *d, bool projecting) {
  if (projecting) {
    for (all_stack (unsigned, idx, solver->projected))
      if (!d->values[LIT (idx)] && FLAGS (idx)->active)
        return LIT (idx);
  } else
    for (unsigned idx = 0; idx < d->vars; idx++)
      if (!d->values[LIT (idx)] && FLAGS (idx)->active)
        return LIT (idx);
  return INVALID;
}

/* Are projected variables left?  Assignments only grow until the next
 * restore, so the first unassigned one is looked for from where the last
 * look stopped (kept in the frames). */
static bool projected_open (einsat *solver, dpll *d) {
  const unsigned *projected = solver->projected.begin;
  size_t size = SIZE_STACK (solver->projected), i = d->open_projected;
  while (i < size && (d->values[LIT (projected[i])] ||
                      !FLAGS (projected[i])->active))
    i++;
  d->open_projected = i;
  return i < size;
}

/* The first clause with fewest non-false literals; clauses with two are
 * the fewest at a decision, so the scan stops at the first of them. */
static unsigned choose_unweighted (einsat *solver, dpll *d,
                                   bool projecting) {
  unsigned best = INVALID;
  int fewest = SATISFIED;
  for (unsigned k = 0; k < d->clauses; k++) {
    int count = d->counts[k];
    if (count >= fewest)
      continue;
    unsigned lit = open_literal (solver, d, k, projecting);
    if (lit == INVALID)
      continue;
    best = lit, fewest = count;
    if (count <= 1) /* two literals left */
      break;
  }
  return best;
}

/* The clause with fewest non-false literals per conflict it caused in
 * this call (both plus one), the 'dom/wdeg' rule of constraint solvers
 * (Boussemart, Hemery, Lecoutre and Sais, 2004): a search without
 * learning that keeps failing on the same clause decides it first.
 * Half the decisions on the forum's hardest Sudokus and on 17-clue ones,
 * a quarter on 16x16 ones (bench/GRIDS.md, "Weighted decisions").  It
 * needs a full scan, so it waits for the first conflict: 17-clue
 * puzzles without one keep the early stop of 'choose_unweighted'.
 *
 * The scan goes over the clauses that were not satisfied at the last
 * decision, kept per decision in 'open_clauses' (a stack of shrinking
 * lists above the list of all clauses): clauses satisfied then stay
 * satisfied below it. */
static unsigned choose_weighted (einsat *solver, dpll *d, bool projecting,
                                 open_list *list) {
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
  const int *counts = d->counts;
  const unsigned *weights = d->weights.begin;
  unsigned best = INVALID;
  uint64_t best_count = 1, best_weight = 0; /* infinitely bad */
  for (size_t i = 0; i < parents; i++) {
    unsigned k = parent[i];
    int count = counts[k];
    /* Which clauses were satisfied since the last decision varies, so
     * only an improvement, which is rare, takes a branch. */
    bool open = count < SATISFIED / 2;
    *out = k;
    out += open;
    uint64_t c = (uint64_t) count + 1, w = (uint64_t) weights[k] + 1;
    if (!(open & (c * best_weight < best_count * w)))
      continue;
    unsigned lit = open_literal (solver, d, k, projecting);
    if (lit == INVALID)
      continue;
    best = lit, best_count = c, best_weight = w;
  }
  d->open_clauses.end = out;
  *list = (open_list) {true, start, SIZE_STACK (d->open_clauses)};
  return best;
}

/* The decision, and in 'list' the open clauses it was chosen from. */
static unsigned choose (einsat *solver, dpll *d, open_list *list) {
  bool projecting = projected_open (solver, d);
  *list = (open_list) {false, 0, 0};
  unsigned best = d->weighted && GET_OPTION (dpllweights)
                      ? choose_weighted (solver, d, projecting, list)
                      : choose_unweighted (solver, d, projecting);
  if (best == INVALID)
    best = free_variable (solver, d, projecting);
  return best;
}

static signed char *saved_state (dpll *d, size_t depth) {
  return (signed char *) d->saved.begin + depth * d->state_bytes;
}

/* Saving a state per decision costs memory linear in the depth; deeper
 * searches are left to CDCL. */
#define MAX_SAVED_BYTES ((size_t) 1 << 26)

static bool room_to_decide (dpll *d) {
  return (SIZE_STACK (d->frames) + 1) * d->state_bytes <= MAX_SAVED_BYTES;
}

static void decide (einsat *solver, dpll *d, unsigned lit,
                    open_list list) {
  size_t depth = SIZE_STACK (d->frames);
  size_t need = (depth + 1) * d->state_bytes;
  if (need > SIZE_STACK (d->saved)) {
    RESERVE_STACK (d->saved, need);
    RESIZE_STACK (d->saved, need);
  }
  memcpy (saved_state (d, depth), d->state.begin, d->state_bytes);
  dpll_frame f = {lit,
                  d->assigned,
                  d->open_projected,
                  false,
                  es_projected (solver, IDX (lit)),
                  list};
  PUSH_STACK (d->frames, f);
  d->nodes++;
  INC (dpll_decisions);
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

static void start (einsat *solver, dpll *d) {
  memcpy (d->values, solver->values, 2 * (size_t) d->vars);
  memcpy (d->counts, d->sizes.begin, (d->clauses + 1) * sizeof (int));
  d->assigned = 0;
  d->open_projected = 0;
  /* Weights are per call: kept from one puzzle of a batch to the next
   * they cost a third more decisions. */
  if (d->weighted)
    memset (d->weights.begin, 0, d->clauses * sizeof (unsigned));
  d->weighted = false;
  d->target = solver->active; /* at the root: all unassigned */
  CLEAR_STACK (d->frames);
  d->fruitful = 0;
  d->nodes = 0;
}

/* The projected decisions become the prefix of the CDCL enumeration,
 * up to the first one that has not seen a model: the subtree below the
 * prefix then holds no model reported so far, so CDCL may search it
 * again from the start.  Handing over the whole stack could leave CDCL
 * to refute, one decision after another, a deep branch without models
 * that this search was stuck in (100 queens, two boards: 30 s without
 * a model, against a fraction of a second from scratch). */
static void hand_over (einsat *solver, dpll *d) {
  for (size_t i = 0; i < d->fruitful; i++) {
    dpll_frame f = PEEK_STACK (d->frames, i);
    assert (f.on_projected);
    unsigned lit = f.flipped ? NOT (f.lit) : f.lit;
    PUSH_STACK (solver->assumptions, lit);
    FLAGS (IDX (lit))->flipped = f.flipped;
  }
  INC (dpll_handed_over);
}

static int search (einsat *solver, dpll *d, es_dpll_report *report,
                   void *data, int *complete) {
  bool ok = assign_and_propagate (d, SIZE_STACK (solver->assumptions),
                                  solver->assumptions.begin);
  uint64_t budget = (uint64_t) GET_OPTION (dpllnodes);
  const uint64_t per_model = (uint64_t) GET_OPTION (dpllpermodel);
  for (;;) {
    if (!ok) {
      if (!flip_last (d))
        break;
      ok = propagate_flipped (d);
      continue;
    }
    if (d->assigned == d->target) {
      INC (dpll_models);
      budget += per_model;
      bool go_on = report (solver, data, d->values);
      drop_completion (d);
      if (!flip_last (d))
        break;
      if (!go_on)
        return DPLL_STOPPED;
      ok = propagate_flipped (d);
      continue;
    }
    if (es_terminating (solver))
      return DPLL_STOPPED;
    unsigned lit = INVALID;
    open_list list;
    if (d->nodes * d->decision_cost < budget && room_to_decide (d))
      lit = choose (solver, d, &list);
    if (lit == INVALID) { /* out of budget or memory */
      hand_over (solver, d);
      return DPLL_HANDED_OVER;
    }
    decide (solver, d, lit, list);
    ok = assign_and_propagate (d, 1, &lit);
  }
  *complete = 1;
  return DPLL_STOPPED;
}

int es_dpll_enumerate (einsat *solver, es_dpll_report *report, void *data,
                       int *complete) {
  /* The application's decisions and the teaching trace are CDCL's. */
  if (!ENABLED (dpll) || solver->decide_callback ||
      solver->level || solver->propagated != solver->trail_size ||
      !small_enough (solver))
    return DPLL_SKIPPED;
  dpll *d = current_copy (solver);
  if (!d)
    return DPLL_SKIPPED;
  INC (dpll_enumerations);
  start (solver, d);
  return search (solver, d, report, data, complete);
}
