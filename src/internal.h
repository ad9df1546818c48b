#ifndef INTERNAL_H_INCLUDED
#define INTERNAL_H_INCLUDED

/* The state of one solver instance: everything hangs off 'struct einsat',
 * there is no other mutable state.  This header is also the map of the
 * code: each group of functions below names the file it lives in.
 *
 * Two literal spaces: the API speaks external DIMACS 'int' literals; the
 * solver works on internal 'unsigned' literals '2 * idx + sign' over the
 * densely numbered variables it has seen.  'import.c' joins the two. */

/* The library is compiled with hidden visibility (see 'src/module.mk'):
 * of its global functions only those of the public headers, declared
 * here with default visibility, are exported by the shared library. */
#pragma GCC visibility push(default)
#include "einsat.h"
#pragma GCC visibility pop

#include "alloc.h"
#include "logging.h"
#include "options.h"
#include "stack.h"
#include "stats.h"

#include <assert.h>
#include <inttypes.h>
#include <limits.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/*------------------------------------------------------------------------*/
/* Literals and values. */

/* For functions that must be inlined even where the compiler would
 * rather call them (hot loops with several callers). */
#if defined(__GNUC__) || defined(__clang__)
#define ALWAYS_INLINE inline __attribute__ ((always_inline))
#else
#define ALWAYS_INLINE inline
#endif

#define IDX(LIT) ((LIT) >> 1)
#define LIT(IDX) ((IDX) << 1)
#define NOT(LIT) ((LIT) ^ 1u)
/* Not for clang-format, which reads "(X) op" in macros as a cast: */
/* clang-format off */
#define NEGATED(LIT) ((LIT) & 1u)
/* clang-format on */
#define INVALID UINT_MAX

/* Marks a hint of 'lrat_chain' as a RAT hint (written negated): the
 * clause with that identifier contains the negated pivot, and the hints
 * after it refute the resolvent (see 'factor.c'). */
#define RAT_HINT ((uint64_t) 1 << 63)

#define VALUE(LIT) (solver->values[LIT])
#define LEVEL(LIT) (solver->assigned[IDX (LIT)].level)
#define VAR(LIT) (solver->assigned + IDX (LIT))
#define FLAGS(IDX) (solver->flags + (IDX))

/*------------------------------------------------------------------------*/
/* Clauses live in an arena of 32-bit words and are referenced by their
 * word offset.  Binary clauses are not in the arena: they exist only as
 * two watches (see below), which saves memory and a pointer dereference
 * per binary propagation. */

typedef struct clause {
  unsigned glue : 22;
  unsigned used : 2;      /* recently used in conflict analysis */
  bool garbage : 1;       /* to be removed by the next collection */
  bool reason : 1;        /* protected: currently a reason */
  bool redundant : 1;     /* learned (may be reduced) */
  bool subsume : 1;       /* candidate for eager subsumption */
  bool vivified : 1;      /* already vivified */
  bool keep : 1;          /* never reduce */
  bool imported : 1;      /* imported and not used in a conflict yet */
  unsigned padding : 1;
  unsigned searched;      /* where the last replacement search stopped */
  unsigned size;
  unsigned lits[];
} clause;

#define CLAUSE_HEADER_WORDS 3u
#define CLAUSE_WORDS(SIZE) (CLAUSE_HEADER_WORDS + (SIZE))

/* With an LRAT proof each large clause is preceded by its 64-bit clause
 * identifier in the arena ('id_words' is 2 then, else 0), so that solvers
 * without LRAT pay nothing for it. */
#define ARENA_WORDS(SIZE) (CLAUSE_WORDS (SIZE) + solver->id_words)
#define CLAUSE(REF) ((clause *) (solver->arena.begin + (REF)))
/* Not for clang-format, which reads "(X) op" in macros as a cast: */
/* clang-format off */
#define REF(C) ((unsigned) ((unsigned *) (C) - solver->arena.begin))
/* clang-format on */
#define MAX_ARENA_WORDS (((size_t) 1 << 31) - 2)

#define all_literals_in_clause(LIT, C) \
  unsigned LIT, *LIT##_PTR = (C)->lits, \
                *const LIT##_END = LIT##_PTR + (C)->size; \
  LIT##_PTR != LIT##_END && ((LIT = *LIT##_PTR), 1); \
  ++LIT##_PTR

/*------------------------------------------------------------------------*/
/* Watches: the watch list of a literal holds the clauses to visit when it
 * becomes false.  A large clause watch has a blocking literal (some other
 * literal of the clause: if it is true the clause need not be visited) and
 * the clause reference; a binary watch has the other literal and one of
 * the two binary tags instead of a reference. */

typedef struct watch {
  unsigned blit;
  unsigned ref;
} watch;

#define IRREDUNDANT_BINARY UINT_MAX
#define REDUNDANT_BINARY (UINT_MAX - 1)
#define IS_BINARY(W) ((W).ref >= REDUNDANT_BINARY)

/* The list header is 16 bytes, a pointer and two 32-bit counts, not the
 * three pointers (24 bytes) of a 'STACK': the headers of all literals
 * form an array read at every propagated literal, and for big formulas
 * a large part of the memory (see bench/RESULTS.md, "Memory beside
 * Kissat").  A zeroed header is an empty list.  Lists are used through
 * the macros below; only 'watch.c' writes the header's fields. */
typedef struct watches {
  watch *begin;
  unsigned size, capacity;
} watches;

#define WATCHES(LIT) (solver->watches[LIT])
#define SIZE_WATCHES(WS) ((size_t) (WS).size)
#define CAPACITY_WATCHES(WS) ((size_t) (WS).capacity)
#define EMPTY_WATCHES(WS) (!(WS).size)
#define BEGIN_WATCHES(WS) ((WS).begin)
/* An empty list may have a null 'begin', to which even zero may not be
 * added. */
#define END_WATCHES(WS) ((WS).size ? (WS).begin + (WS).size : (WS).begin)
#define PEEK_WATCHES(WS, I) ((WS).begin[I])
#define POP_WATCHES(WS) ((WS).begin[--(WS).size])
/* Keeps the watches before 'END', a pointer into the list. */
#define SET_END_WATCHES(WS, END) \
  ((WS).size = (unsigned) ((END) - (WS).begin))
#define PUSH_WATCHES(WS, W) \
  do { \
    watches *WS_ = &(WS); \
    if (WS_->size == WS_->capacity) \
      es_enlarge_watches (solver, WS_); \
    WS_->begin[WS_->size++] = (W); \
  } while (0)
#define RELEASE_WATCHES(WS) es_release_watches (solver, &(WS))

/* Blocks of lists of up to 'WATCH_POOL_MAX' watches come from a pool of
 * the solver (see 'watch.c'): one size class per capacity up to 16, then
 * one per 2 and per 4 watches up to 64 ('WATCH_POOL_CLASSES' of them),
 * carved from large chunks, with a free list per class.  Larger lists
 * are blocks of the allocator. */
#define WATCH_POOL_MAX 64u
#define WATCH_POOL_CLASSES 32u

typedef struct watch_chunk {
  struct watch_chunk *next;
  size_t watches; /* room behind the header */
  watch room[];
} watch_chunk;

/* A free block of the pool: its first slot links it to the next. */
typedef struct free_watches {
  struct free_watches *next;
} free_watches;

typedef struct watch_pool {
  free_watches *free[WATCH_POOL_CLASSES]; /* per size class */
  watch *next, *end;               /* not yet carved in 'current' */
  watch_chunk *chunks, *current;   /* in the order taken */
  size_t watches;                  /* room of all chunks */
  size_t chunk_watches;            /* room of the last standard chunk */
} watch_pool;

#define all_watches(W, WS) \
  watch W, *W##_PTR = BEGIN_WATCHES (WS), \
           *const W##_END = END_WATCHES (WS); \
  W##_PTR != W##_END && ((W = *W##_PTR), 1); \
  ++W##_PTR

/*------------------------------------------------------------------------*/
/* Per variable assignment data.  The reason of an implied literal is a
 * clause reference, or (if 'binary') the other literal of a binary
 * clause.  Decisions and root-level units have reason 'INVALID'. */

typedef struct assigned {
  unsigned level;
  unsigned trail;
  unsigned reason;
  bool binary : 1;
  bool analyzed : 1;
  bool poisoned : 1;
  bool removable : 1;
  bool shrinkable : 1;
} assigned;

typedef struct var_flags {
  bool active : 1;     /* in use and neither fixed nor eliminated */
  bool fixed : 1;      /* assigned at the root level */
  bool eliminated : 1; /* removed by variable elimination */
  bool assumed : 1;    /* assumption of the current solve call */
  bool failed : 1;     /* in the final conflict of the last solve */
  bool seen : 1;       /* scratch flag of the simplifiers */
  bool projected : 1;  /* in the projection of an enumeration */
  bool witness : 1;    /* of blocked clauses on the extension stack */
  bool factor : 1;     /* internal variable added by factoring */
  bool xmatrix : 1;    /* in the Gauss-Jordan matrix of the search */
  bool flipped : 1;    /* flipped entry of the enumeration prefix */
  bool atmost : 1;     /* in a native at-most-one constraint */
} var_flags;

/* One frame per decision level. */
typedef struct frame {
  unsigned decision; /* the decision literal (INVALID for pseudo levels) */
  unsigned trail;    /* trail position of the decision */
  unsigned seen;     /* literals of this level in the learned clause */
  unsigned earliest; /* smallest trail position seen in analysis */
  unsigned block;    /* shrinking: end of the level's literals when sorted */
  uint64_t stamp;    /* glue computation of used clauses */
} frame;

/*------------------------------------------------------------------------*/
/* Decision heuristics: a binary heap on scores (EVSIDS, stable mode) and a
 * variable move-to-front queue (VMTF, focused mode). */

typedef struct heap {
  unsigned size;     /* elements in the heap */
  unsigned *array;   /* heap order */
  unsigned *pos;     /* position of each variable or INVALID */
  double *score;     /* score of each variable */
  double increment;  /* current bump amount */
  bool filled;       /* holds the variables (from the first stable mode) */
} heap;

/* The VSIDS/CHB bandit of stable mode ('bandit.c'): per variable the
 * scores of the heuristic not on the heap and, for CHB, the conflict
 * that last bumped it.  Allocated only when the option is on. */
typedef struct bandit_var {
  double inactive;   /* score of the heuristic not on the heap */
  uint64_t conflict; /* CHB: conflict of the last bump */
} bandit_var;

typedef struct bandit {
  bandit_var *vars;   /* 'capacity' entries, or none */
  unsigned capacity;
  bool chb;           /* the heap holds CHB scores (else EVSIDS) */
  bool pulling;       /* an arm is being played in stable mode */
  double step;        /* CHB step size (alpha) */
  uint64_t pulls[2];  /* per arm (0 = EVSIDS, 1 = CHB) */
  double rewards[2];  /* sum of the rewards of the pulls */
  uint64_t conflicts, decisions; /* at the start of the current pull */
} bandit;

/* Stamps order the queue (larger: bumped later); 32 bits, renumbered
 * in queue order when they would wrap around ('bump.c'), keep the links
 * of a variable at 12 bytes. */
typedef struct links {
  unsigned prev, next;
  unsigned stamp;
} links;

typedef struct stamped {
  uint64_t stamp;
  unsigned idx;
} stamped;

typedef STACK (stamped) stampeds;

typedef struct queue {
  unsigned first, last; /* from least to most recently bumped */
  unsigned search;      /* cached: no unassigned variable after it */
  unsigned stamp;
} queue;

/*------------------------------------------------------------------------*/
/* Exponential moving averages with bias correction (as in CaDiCaL and
 * Kissat): the early values are not dragged towards zero. */

typedef struct ema {
  double value, biased, exp, alpha;
} ema;

void es_init_ema (ema *, double window);
void es_update_ema (ema *, double);

/*------------------------------------------------------------------------*/
/* The schedule of the search, as Kissat groups it: 'limits' say when each
 * task runs next, 'last' holds the counters when a task last ran (effort
 * budgets are a share of the search ticks since then), and 'delays'
 * count the rounds a fruitless task sits out.  Everything is counted in
 * conflicts, ticks or rounds, never in time, so that runs are
 * deterministic.  The formulas are in 'schedule.c', one function each. */

typedef struct limits {
  uint64_t restart;   /* conflicts: the next focused-mode restart */
  uint64_t reduce;    /* conflicts */
  uint64_t rephase;   /* conflicts */
  uint64_t reorder;   /* conflicts */
  uint64_t eliminate; /* conflicts (the first round: 'eliminateinit') */
  uint64_t probe;     /* conflicts */
  uint64_t vivify;    /* conflicts */
  uint64_t simplify;  /* conflicts (and a new root unit) */
  uint64_t report;    /* conflicts: the next progress line */
  struct {
    uint64_t conflicts; /* the first switch */
    uint64_t ticks;     /* the later switches */
    uint64_t unit;      /* ticks of the first focused phase (see 'mode.c') */
  } mode;
} limits;

typedef struct last_run {
  struct { /* search ticks (the effort references) */
    uint64_t cardinality, congruence, eliminate, factor, gauss, mode,
        probe, subsume, sweep, transred, vivify, walk;
  } ticks;
  struct { /* 'originals': new clauses since? */
    uint64_t atmostdetect, cardinality, gauss, gaussjordan, lucky;
  } originals;
  struct { /* root-level units ('fixed') */
    uint64_t probe, simplify;
  } fixed;
  struct { /* the budget of a round that ran out of it, 0 if finished */
    uint64_t cardinality, gauss;
  } unfinished;
  uint64_t congruence; /* what the last closure saw ('congruence.c') */
  uint64_t decisions;  /* at the last conflict (the decision rate) */
} last_run;

typedef struct delay {
  unsigned interval; /* rounds to sit out after the next fruitless one */
  unsigned count;    /* rounds still to sit out */
} delay;

typedef struct delays {
  delay bumpreasons; /* conflicts without reason-side bumping */
} delays;

/* The techniques that schedule themselves by their success, one line
 * each: name, what its rounds have found so far (an expression of
 * statistics; 0 for one that judges its rounds itself, with
 * 'es_round_paid') and the most rounds a fruitless one sits out.  The
 * rule is in 'schedule.c'.  Adopting it takes a line here, a counter
 * 'NAME_delayed' in 'stats.h' and 'es_round_begins' and 'es_round_ends'
 * around the round.  A delay counts the rounds of the task the technique
 * runs in (elimination, probing or vivification rounds). */
#define SCHEDULED_TECHNIQUES \
  SCHEDULE (block, STAT (blocked), 16) \
  SCHEDULE (congruence, \
            STAT (congruence_units) + STAT (congruence_equivalences), 64) \
  SCHEDULE (eliminate, STAT (eliminated), 16) \
  SCHEDULE (factor, 0, 16) \
  SCHEDULE (gaussjordan, 0, 16) \
  SCHEDULE (probe, STAT (failed_literals), 16) \
  SCHEDULE (subsume, STAT (subsumed) + STAT (strengthened), 16) \
  SCHEDULE (sweep, STAT (sweep_units) + STAT (sweep_equivalences), 32) \
  SCHEDULE (transred, STAT (transitive_reductions), 16) \
  SCHEDULE (vivify, STAT (vivified), 16) \
  SCHEDULE (walk, 0, 16)

typedef enum technique {
#define SCHEDULE(NAME, FOUND, MAX) TECHNIQUE_##NAME,
  SCHEDULED_TECHNIQUES
#undef SCHEDULE
  NUMBER_OF_TECHNIQUES
} technique;

typedef struct round_schedule {
  delay delay;
  uint64_t found; /* what the technique had found when its round began */
} round_schedule;

/* Per solve call limits from the API (-1 = none). */
typedef struct search_limits {
  int64_t conflicts, decisions, propagations;
  double seconds;
  uint64_t conflicts_start, decisions_start, propagations_start;
  double time_start;
} search_limits;

typedef struct reluctant {
  uint64_t u, v;    /* Luby sequence state (Knuth's reluctant doubling) */
  uint64_t period, countdown, limit;
  bool trigger;
} reluctant;

enum state {
  STATE_READY,
  STATE_ADDING,
  STATE_SAT,
  STATE_UNSAT,
  STATE_UNKNOWN,
  STATE_INVALID
};

/* Special conflict value for binary conflicts (see 'propagate.c'). */
#define BINARY_CONFLICT (INVALID - 1)

/* LRAT identifiers of binary clauses, keyed by their two literals (the
 * smaller one in the upper half), with linear probing.  A binary clause
 * added twice keeps the first identifier and counts its copies. */
typedef struct binary_id {
  uint64_t key; /* 0: empty slot */
  uint64_t id;
  unsigned copies;
} binary_id;

typedef struct binary_ids {
  binary_id *table;
  size_t size, count; /* size is zero or a power of two */
} binary_ids;

/* Scratch data of variable elimination ('eliminate.c'). */
typedef struct occurrence {
  unsigned ref;   /* clause reference, or INVALID for a binary clause */
  unsigned other; /* the other literal of a binary clause */
  bool gate;      /* part of the definition of the pivot ('gates.c') */
} occurrence;

typedef STACK (occurrence) occurrences;

/* The definitions 'gates.c' finds. */
typedef enum gate_kind {
  NO_GATE,
  EQUIVALENCE_GATE,
  AND_GATE,
  XOR_GATE,
  ITE_GATE
} gate_kind;

typedef struct elimination {
  occurrences pos, neg;
  unsigneds resolvent;
  uint64_t steps, limit;
  bool units; /* new root units: stop the round */
} elimination;

/* A clause of the matrix: a large clause reference, or a binary clause
 * (ref INVALID) with its two literals. */
typedef struct fclause {
  unsigned ref;
  unsigned lits[2];
} fclause;

typedef STACK (fclause) fclauses;

/* A column matching a row literal (found while growing the matrix). */
typedef struct candidate {
  unsigned lit, column;
  fclause clause;
} candidate;

typedef STACK (candidate) factor_candidates;

/* Scratch data of factoring ('factor.c'). */
/* clang-format off */
#define FACTORING_STACKS(X, P) \
  X (P, unsigneds, rows)      /* row literals */ \
  X (P, fclauses, matrix)     /* row-major, 'columns' entries per row */ \
  X (P, fclauses, next)       /* scratch for the filtered matrix */ \
  X (P, factor_candidates, found) \
  X (P, unsigneds, completed) /* per literal: columns it completes */ \
  X (P, unsigneds, last)      /* per literal: its last such column + 1 */ \
  X (P, unsigneds, clause) \
  X (P, unsigneds, fresh)     /* variables added in this round */ \
  X (P, uint64s, ids)         /* LRAT: ids of the clauses (x | K_j) */
/* clang-format on */

typedef struct factoring {
  DECLARE_STACKS (FACTORING_STACKS)
  size_t columns;
  uint64_t steps, limit;
} factoring;

/* Scratch data of subsumption ('subsume.c'). */
typedef struct subsumption {
  unsigned *counts;    /* per literal: occurrences among candidates */
  size_t size;         /* entries allocated in 'counts' */
  uint64_t steps, limit;
} subsumption;

/* Scratch data of equivalent literal substitution ('decompose.c'). */
typedef struct tarjan_frame {
  unsigned lit;
  unsigned edge; /* next position in the watch list of NOT (lit) */
} tarjan_frame;

typedef STACK (tarjan_frame) tarjan_frames;

typedef struct scc_info {
  unsigned index, lowlink;
  unsigned repr; /* representative literal or INVALID */
  bool on_stack;
} scc_info;
/* Scratch data of local search ('walk.c'), empty between walks.  The
 * walker reads the large irredundant clauses in the arena, in the order
 * of 'irredundant', after the binary clauses, which it copies into
 * 'literals'; literals assigned at the root level stay in the clauses
 * and are skipped.  Each walker clause has a counter (one word: its
 * count of true literals, and their XOR or its place in 'broken') and
 * full occurrence lists. */
/* clang-format off */
#define WALKER_STACKS(X, P) \
  X (P, unsigneds, literals)    /* the binary clauses in a row */ \
  X (P, unsigneds, counters)    /* per clause: count and XOR or place */ \
  X (P, unsigneds, occurs)      /* per literal start in 'overflow' */ \
  X (P, unsigneds, overflow)    /* occurrences not behind the watches */ \
  X (P, unsigneds, breaks)      /* per var: clauses only it satisfies */ \
  X (P, unsigneds, broken)      /* currently falsified clauses */ \
  X (P, unsigneds, flips)       /* flipped since 'best' was saved */ \
  X (P, STACK (signed char), values) /* per variable: current value */ \
  X (P, STACK (signed char), best) /* per variable: best one (lagging) */ \
  X (P, STACK (double), table)  /* score of each break value */ \
  X (P, STACK (double), scores) /* of the literals of the picked clause */
/* clang-format on */

typedef struct walker {
  DECLARE_STACKS (WALKER_STACKS)
  unsigned binaries;          /* walker clauses copied into 'literals' */
  unsigned live;              /* walker clauses not left out */
  unsigned shift, mask;       /* of the count in a counter */
  double epsilon;             /* score of larger break values */
  unsigned best_flips;        /* flips to the best or INVALID if lost */
  unsigned initial, minimum;  /* falsified clauses */
  size_t occurrences;         /* literals of all clauses */
  uint64_t ticks, limit;
} walker;

/* How many walker occurrences fit in the unused capacity of a watch
 * list, behind the watches ('walk.c'): two per unused watch, less the
 * word that counts them. */
static inline unsigned es_walk_spare_room (const watches *ws) {
  size_t room = CAPACITY_WATCHES (*ws) - SIZE_WATCHES (*ws);
  return room ? (unsigned) (2 * room - 1) : 0;
}

typedef STACK (frame) frames;

/* Native at-most-one and exactly-one constraints ('atmost.c'): back to
 * back in 'arena' (two header words: the size, with ATMOST_EXACTLY set
 * for an exactly-one constraint and ATMOST_PROGRESSION for one stored as
 * a progression, and where the last search for a watch stopped; then the
 * literals, or for a progression its first literal, the step between
 * consecutive literals and the positions of its two watches),
 * referenced by their offset; the index
 * lists the constraints of each variable ('occurs' from 'start[idx]' to
 * 'start[idx + 1]', for the variables below 'start_size - 1', each entry
 * the reference times two plus the sign of the variable's literal).
 * 'pending_words' and 'pending' are the arena words and the number of
 * the clauses that the exactly-one constraints may still add to the
 * clause arena and 'irredundant' (their capacity is kept reserved). */
#define ATMOST_HEADER_WORDS 2u
#define ATMOST_EXACTLY (1u << 31)
#define ATMOST_PROGRESSION (1u << 30)
#define ATMOST_SIZE(WORD) ((WORD) & ~(ATMOST_EXACTLY | ATMOST_PROGRESSION))
#define ATMOST_PROGRESSION_WORDS 4u /* first, step, two watch positions */
#define ATMOST_WORDS(WORD) \
  (ATMOST_HEADER_WORDS + ((WORD) & ATMOST_PROGRESSION \
                              ? ATMOST_PROGRESSION_WORDS \
                              : ATMOST_SIZE (WORD)))
typedef struct atmosts {
  unsigneds arena;
  unsigned count;     /* constraints in the arena */
  unsigned progressions; /* those stored as progressions */
  size_t occurrences; /* literals in the arena */
  size_t pending_words;
  unsigned pending;
  unsigned *start;    /* per literal, and one more */
  size_t start_size;
  unsigneds occurs;
  bool stale;          /* the index must be rebuilt */
  unsigneds registers; /* scratch of the counters of larger bounds */
  unsigneds literals;  /* scratch: the literals of one constraint */
  ints negated;        /* scratch: negated external literals */
} atmosts;

/* Literal 'i' of the constraint whose header is at 'c' (unsigned
 * arithmetic: a progression's step may be 'negative'). */
static inline unsigned es_atmost_literal (const unsigned *c, unsigned i) {
  return c[0] & ATMOST_PROGRESSION ? c[2] + i * c[3] : c[2 + i];
}

/* Clause exchange ('share.c'): the export callback, the queue that
 * 'einsat_import' fills from any thread, and the duplicate filter of the
 * importing side.  Only 'lock', 'queue', 'queued', 'overflow' and
 * 'pending' are touched by other threads, and only under 'lock' (or
 * atomically for 'pending'). */
typedef void es_export_callback (void *data, const int *lits, int size,
                                 int glue);

#define IMPORT_QUEUE_WORDS ((size_t) 1 << 16)

typedef struct sharing {
  es_export_callback *export_clause;
  void *export_data;
  int export_size, export_glue;
  unsigned units_exported; /* root-level trail prefix already exported */
  ints export_buffer;

  pthread_mutex_t lock;
  int *queue;          /* entries: size, glue, literals */
  size_t queued;       /* words used */
  uint64_t overflow;   /* clauses dropped on a full queue */
  atomic_uint pending; /* entries in 'queue' */

  int *spare;          /* swapped with 'queue' when importing */
  bool queue_charged;  /* 'queue' is counted in 'memory' */
  uint64_t *seen;      /* hashes of recently shared clauses */
  uint64_t next_import; /* conflicts */
  /* The import budget ('share.c'): literals of larger clauses the solver
   * may still import, the conflicts when it was last refilled, and how
   * useful imported clauses turned out (average of 1 for a clause used
   * in a conflict, 0 for one reduced unused, in 1/65536). */
  uint64_t import_credit, credit_conflicts;
  unsigned import_useful;
  struct sink *sink;    /* the proof of a portfolio ('sink.c'), or 0 */
  /* Lock-step epochs of a deterministic portfolio ('portfolio.c'), or
   * the caller's ('einsat_set_synchronize'). */
  void (*synchronize) (void *data);
  void *synchronize_data;
  uint64_t next_synchronization; /* conflicts */
  void (*caller_synchronize) (void *data);
  void *caller_data;
  uint64_t caller_epoch; /* conflicts */
  /* Run slots of an oversubscribed portfolio ('portfolio.c'): at the end
   * of its time slice a worker lets a waiting one search. */
  void (*take_turns) (void *data);
  void *take_turns_data;
  uint64_t next_turn; /* ticks */
} sharing;

/*------------------------------------------------------------------------*/

/* The stacks of the solver (see 'DECLARE_STACKS'), one list for each
 * section of 'struct einsat' with stacks, in the order of the sections;
 * 'einsat_delete' releases all those 'SOLVER_STACKS' joins.  A new stack
 * goes into one of the lists. */
/* clang-format off */
#define EXTERNAL_STACKS(X, P) \
  X (P, unsigneds, e2i)         /* external -> internal var + 1, or 0 */ \
  X (P, ints, i2e)              /* internal var -> external var */ \
  X (P, ints, eclause)          /* literals of the current clause */ \
  X (P, ints, eassumptions) \
  X (P, STACK (signed char), emodel) /* per external var after SAT */ \
  X (P, unsigneds, frozen)      /* per external var freeze count */

#define TRAIL_STACKS(X, P) \
  X (P, frames, frames)

#define CLAUSE_STACKS(X, P) \
  X (P, unsigneds, arena) \
  X (P, unsigneds, irredundant) /* refs of irredundant large clauses */ \
  X (P, unsigneds, redundant)   /* refs of learned large clauses */

#define ASSUMPTION_STACKS(X, P) \
  X (P, unsigneds, assumptions) \
  X (P, unsigneds, failed)

#define ANALYSIS_STACKS(X, P) \
  X (P, unsigneds, clause)        /* clauses being added or changed */ \
  X (P, unsigneds, learned)       /* literals of the learned clause */ \
  X (P, unsigneds, analyzed)      /* variables marked during analysis */ \
  X (P, unsigneds, levels)        /* levels in the learned clause */ \
  X (P, unsigneds, minimize)      /* stack of the minimization DFS */ \
  X (P, unsigneds, shrinkable)    /* variables marked while shrinking */ \
  X (P, unsigneds, shrink_sorted) /* learned literals grouped by level */ \
  X (P, unsigneds, shrink_heap)   /* trail positions of one open block */ \
  X (P, stampeds, sorted)         /* scratch for bumping */ \
  X (P, stampeds, sorted_tmp)

#define CALLBACK_STACKS(X, P) \
  X (P, ints, learn_buffer) \
  X (P, ints, trace_buffer)

#define PROOF_STACKS(X, P) \
  /* per internal variable without external name: its DRAT number \
   * (factoring), or 0 */ \
  X (P, unsigneds, proof_names) \
  X (P, chars, proof_buffer)

#define LRAT_STACKS(X, P) \
  X (P, uint64s, lrat_chain)   /* hints of the next lemma ('RAT_HINT') */ \
  X (P, uint64s, unit_ids)     /* per variable: its root-level unit */ \
  X (P, unsigneds, lrat_work)  /* scratch of 'es_lrat_derive' */ \
  X (P, unsigneds, lrat_seen) \
  X (P, uint64s, lrat_implied) \
  X (P, STACK (signed char), lrat_marks) /* per variable */ \
  X (P, unsigneds, lrat_binary_removed) /* by 'es_minimize_binary' */ \
  X (P, unsigneds, lrat_lemma) /* scratch of 'otfs.c' */ \
  /* original clauses to restate (see 'lrat.c') */ \
  X (P, uint64s, lrat_duplicates)

#define SIMPLIFICATION_STACKS(X, P) \
  X (P, unsigneds, extension) \
  X (P, unsigneds, restoring)        /* scratch of 'extend.c' */ \
  X (P, unsigneds, restored) \
  X (P, uint64s, collect_starts)     /* while collecting */ \
  X (P, unsigneds, collect_searched) \
  X (P, unsigneds, dense_counts)     /* while entering dense mode */ \
  X (P, uint64s, ranks)              /* sort keys, freed after rounds */ \
  X (P, unsigneds, clause_order)     /* schedules of vivify.c, subsume.c */ \
  X (P, unsigneds, vivify_literals) \
  X (P, unsigneds, probes) \
  X (P, unsigneds, strengthen)       /* queued by analysis for 'otfs.c' */ \
  X (P, uint64s, strengthen_lrat)    /* their lemmas, hints ('otfs.c') */ \
  X (P, unsigneds, hyper_resolvents) /* pairs waiting for their watches */ \
  X (P, tarjan_frames, tarjan)

#define LUCKY_STACKS(X, P) \
  X (P, STACK (signed char), lucky_phases) /* saved while it runs */

#define CHECK_STACKS(X, P) \
  X (P, ints, check_clauses) \
  X (P, ints, check_atmosts) /* the at-most-one constraints, 0-ended */

#define SOLVER_STACKS(X, P) \
  EXTERNAL_STACKS (X, P) \
  TRAIL_STACKS (X, P) \
  CLAUSE_STACKS (X, P) \
  ASSUMPTION_STACKS (X, P) \
  ANALYSIS_STACKS (X, P) \
  CALLBACK_STACKS (X, P) \
  PROOF_STACKS (X, P) \
  LRAT_STACKS (X, P) \
  SIMPLIFICATION_STACKS (X, P) \
  LUCKY_STACKS (X, P) \
  CHECK_STACKS (X, P)
/* clang-format on */

struct einsat {
  /* Memory, errors, API state. */
  einsat_allocator *allocator;
  void *allocator_data;
  bool system_allocator; /* the default one: calloc may be used */
  size_t memory, peak_memory;
  jmp_buf *recovery;
  einsat_abort_hook *abort_hook;
  void *abort_data;
  char error[512];
  enum state state;
  bool inconsistent; /* the empty clause was derived */
  bool stable;       /* stable mode (else focused) */
  bool proof_failed;

  /* External variables and the clause under construction. */
  int max_external;
  DECLARE_STACKS (EXTERNAL_STACKS)

  /* Internal variables. */
  unsigned vars;     /* number of internal variables */
  unsigned capacity; /* allocated per variable entries */
  unsigned new_capacity, resized; /* while enlarging (see 'import.c') */
  bool zeroed_capacity; /* entries past 'vars' are zero (see 'import.c') */
  signed char *values;   /* per literal: 1 true, -1 false, 0 none */
  signed char *saved;    /* per variable saved phase */
  signed char *target;   /* per variable target phase */
  signed char *best;     /* per variable best phase */
  assigned *assigned;
  var_flags *flags;
  watches *watches;      /* per literal */
  watch_pool watch_pool; /* the blocks of short watch lists */

  /* Trail and levels. */
  unsigned *trail;       /* capacity 'vars' */
  unsigned trail_size;
  unsigned propagated;
  unsigned level;
  DECLARE_STACKS (TRAIL_STACKS)
  unsigned active;       /* active variables */

  /* Clauses. */
  DECLARE_STACKS (CLAUSE_STACKS)
  size_t garbage_words;  /* words of garbage clauses in the arena */
  unsigned conflict_binary[2];

  /* Assumptions of the current solve (internal literals), and the
   * variables in the final conflict of the last one. */
  DECLARE_STACKS (ASSUMPTION_STACKS)

  /* Enumeration: while 'projecting' the projected variables (never
   * eliminated, see 'es_projected') are decided first.  What
   * enumerations keep between calls (the projection, buffers, the search
   * without learning and its copy of the formula) is owned by
   * 'enumerate.c'. */
  bool projecting;
  struct enumerator *enumerator;

  /* Decision heuristics. */
  heap scores;
  bandit bandit;
  links *links;
  queue queue;

  /* Scratch for clauses being added or changed ('clause'), and of
   * conflict analysis. */
  DECLARE_STACKS (ANALYSIS_STACKS)
  uint64_t glue_stamp;

  /* Restarts, modes, phases. */
  ema fast_glue, slow_glue;
  ema decision_rate;          /* decisions per conflict */
  reluctant reluctant;
  unsigned target_assigned, best_assigned;
  uint64_t random;

  limits limits;
  last_run last;
  delays delays;
  round_schedule rounds[NUMBER_OF_TECHNIQUES]; /* 'SCHEDULED_TECHNIQUES' */
  search_limits search_limits;
  unsigned terminate_countdown;

  /* Callbacks. */
  atomic_int terminate_requested;
  int (*terminate_callback) (void *);
  void *terminate_data;
  int (*decide_callback) (void *);
  void *decide_data;
  void (*learn_callback) (void *, int *);
  void *learn_data;
  int learn_max;
  einsat_trace_callback *trace;
  void *trace_data;
  DECLARE_STACKS (CALLBACK_STACKS)

  /* Proof output. */
  FILE *proof;
  bool proof_binary;
  DECLARE_STACKS (PROOF_STACKS)
  int proof_max;         /* largest number in 'proof_names' */

  /* LRAT ('lrat.c'): clause identifiers and the hints of the next lemma.
   * Original clauses are numbered 1, 2, ... as added; lemmas follow
   * them from the first solve on ('lrat_started'). */
  bool lrat;
  bool lrat_started;
  unsigned id_words;     /* see 'ARENA_WORDS' */
  uint64_t original_id;  /* original clauses added so far */
  uint64_t originals;    /* calls adding an original clause */
  uint64_t last_id;      /* identifier of the last clause added */
  uint64_t clause_id;    /* for the next 'es_new_clause' */
  DECLARE_STACKS (LRAT_STACKS)
  binary_ids binary_ids;

  /* Simplification: occurrence lists ('dense' mode, see 'dense.c'), the
   * model reconstruction stack ('extend.c') and literal marks. */
  bool dense;
  DECLARE_STACKS (SIMPLIFICATION_STACKS)
  signed char *marks; /* per literal */
  elimination elimination;
  subsumption subsumption;
  factoring factoring;
  unsigned learned_ref; /* the last learned large clause or INVALID */
  unsigned transred_next;  /* literal to continue with */
  unsigned sweep_next;     /* variable to continue with ('sweep.c') */
  scc_info *scc;
  size_t scc_size;
  uint64_t *scc_ids;   /* LRAT: per literal its equivalence lemma */
  unsigned *scc_paths; /* LRAT: breadth-first search parents */
  unsigned eliminate_bound;
  unsigned block_next; /* where blocked clause elimination goes on */
  /* The scratch data of a running round lives here, not on the stack of
   * 'es_gauss' or 'es_congruence': an allocation failure long-jumps out
   * of the round, and 'einsat_delete' must still find it to free it. */
  struct gauss *gauss;
  struct cardinality *cardinality;
  struct congruence *congruence;
  struct sweeper *sweeper;
  struct symmetry *symmetry; /* detection data ('symmetry.c') */
  unsigned symmetry_selector; /* assumed in this call, or INVALID */
  struct xmatrix *xmatrix; /* Gauss-Jordan during the search, or 0 */
  struct cuber *cuber;     /* cube generation ('cube.c') */

  /* Changes of the irredundant clauses, against which the copy of the
   * formula of the search without learning is checked ('enumerate.c'). */
  uint64_t irredundant_changes;

  /* Local search ('walk.c'). */
  walker walker;
  bool walked_initially;
  unsigned walk_record;        /* fewest falsified clauses of a walk... */
  uint64_t walk_record_originals; /* ...since this many 'originals' */
  unsigned walk_boost; /* the next walk's effort: 2^this 'walkeffort' */

  /* Lucky assignments ('lucky.c'). */
  DECLARE_STACKS (LUCKY_STACKS)
  bool phase_hinted;          /* 'einsat_phase' before this solve call */

  /* Internal checker (option 'check'): the original clauses. */
  DECLARE_STACKS (CHECK_STACKS)

  /* Native at-most-one constraints ('atmost.c'). */
  atmosts atmosts;

  /* Clause exchange ('share.c') and the thread portfolio this instance
   * runs ('portfolio.c') or works in ('worker' is its index plus one). */
  sharing share;
  struct portfolio *portfolio;
  unsigned worker;
  int diversification; /* the last 'einsat_diversify' index */
  bool shuffled;       /* option 'shuffle' applied ('diversify.c') */

  options opts;
  statistics stats;
  double profile[NUMBER_OF_TIMERS]; /* seconds per technique ('TIMED') */
  double start_time;
  uint64_t reports;
  bool schedules_initialized;
#ifdef LOGGING
  char log_buffers[4][64]; /* for 'LOGLIT' in one log line */
  unsigned log_next;
#endif
};

/*------------------------------------------------------------------------*/
/* Functions by file. */

/* in 'api.c' */
bool es_protect (einsat *, void (*) (einsat *, void *), void *);
bool es_custom_allocator (const einsat *);
/* A NULL handle is a contract violation naming 'fun' (see einsat.h). */
void es_require_solver (const einsat *, const char *fun);
void es_require_ready (einsat *, const char *fun);
void es_set_error (einsat *, const char *fmt, ...)
    __attribute__ ((format (printf, 2, 3)));
_Noreturn void es_fatal (einsat *, const char *fmt, ...)
    __attribute__ ((format (printf, 2, 3)));
int es_option_in_range (const char *name, int value);
_Noreturn void es_contract_violation (einsat *, const char *fun,
                                      const char *fmt, ...)
    __attribute__ ((format (printf, 3, 4)));

/* A contract check of a public function outside 'api.c'. */
#define ES_REQUIRE(COND, ...) \
  do { \
    if (!(COND)) \
      es_contract_violation (solver, __func__, __VA_ARGS__); \
  } while (0)

/* in 'import.c' */

/* 0 or a literal of a variable up to EINSAT_MAX_VAR: the range shifted
 * to 0..2 EINSAT_MAX_VAR takes one comparison, INT_MIN included, and no
 * branch in a loop over many literals. */
static inline bool es_literal_in_range (int elit) {
  return (unsigned) elit + EINSAT_MAX_VAR <= 2u * EINSAT_MAX_VAR;
}

/* The internal literal of an external one already known, without
 * importing it; INVALID for 0, INT_MIN and variables never used. */
static inline unsigned es_find_literal (const einsat *solver, int elit) {
  if (!elit || elit == INT_MIN)
    return INVALID;
  int eidx = elit < 0 ? -elit : elit;
  if (eidx > solver->max_external)
    return INVALID;
  unsigned iidx1 = PEEK_STACK (solver->e2i, eidx);
  if (!iidx1)
    return INVALID;
  unsigned lit = LIT (iidx1 - 1);
  return elit < 0 ? NOT (lit) : lit;
}

unsigned es_import_literal (einsat *, int elit);
void es_grow_external (einsat *, int eidx);

/* Do the external tables have an entry for 'eidx' already? */
static inline bool es_external_fits (const einsat *solver, int eidx) {
  return (size_t) eidx < SIZE_STACK (solver->e2i);
}

/* Inline, since importing calls it for every literal it reads. */
static inline void es_enlarge_external (einsat *solver, int eidx) {
  if (!es_external_fits (solver, eidx))
    es_grow_external (solver, eidx);
}
unsigned es_new_internal_variable (einsat *, int eidx); /* 0: no name */
int es_export_literal (const einsat *, unsigned ilit);
int es_proof_literal (const einsat *, unsigned ilit);
void es_enlarge_variables (einsat *, unsigned new_vars);
void es_reserve_variables (einsat *, unsigned vars);
void es_release_variables (einsat *);

/* in 'clause.c' */
void es_count_clause (einsat *, bool redundant, int delta);
uint64_t es_save_clause (einsat *, clause *);
void es_shorten_clause (einsat *, clause *, uint64_t old_id,
                        unsigned new_size);
void es_promote_clause (einsat *, clause *);
unsigned es_new_clause (einsat *, bool redundant, unsigned glue,
                        size_t size, const unsigned *lits);
void es_new_binary (einsat *, bool redundant, unsigned a, unsigned b);
void es_mark_garbage (einsat *, clause *);
void es_discard_clause (einsat *, clause *);
void es_delete_binary (einsat *, bool redundant, unsigned a, unsigned b);
void es_remove_binary (einsat *, bool redundant, unsigned a, unsigned b);
void es_add_original_clause (einsat *, size_t size, const int *elits);
void es_add_internal_clause (einsat *, uint64_t lrat_id);
void es_learn_clause (einsat *, unsigned glue);
void es_eagerly_subsume (einsat *);
bool es_some_clause_sized (einsat *, unsigned min_size, unsigned max_size,
                           bool redundant);

/* in 'otfs.c' */
void es_queue_strengthening (einsat *, unsigned ref, unsigned lit,
                             bool subsumed, unsigned conflict);
void es_strengthen_queued (einsat *);

/* in 'watch.c' */
void es_watch_clause (einsat *, unsigned ref);
void es_enlarge_watches (einsat *, watches *);
void es_reserve_watches (einsat *, watches *, size_t capacity);
void es_release_watches (einsat *, watches *);
void es_reserve_all_watches (einsat *, const unsigned *more);
void es_release_watch_pool (einsat *);
size_t es_watch_block_capacity (size_t capacity);
size_t es_watch_class_capacity (unsigned size_class);
void es_flush_large_watches (einsat *);
void es_watch_large_clauses (einsat *);
void es_remove_watch (einsat *, unsigned lit, watch);
void es_remove_large_watch (einsat *, unsigned lit, unsigned ref);
bool es_has_irredundant_binary (einsat *, unsigned a, unsigned b);

/* in 'assign.c' (implications in 'assign.h') */
void es_assign_decision (einsat *, unsigned lit);
void es_assign_unit (einsat *, unsigned lit);
unsigned es_reason_level (einsat *, unsigned lit, clause *);
void es_new_level (einsat *, unsigned decision);

/* in 'atmost.c' */
void es_add_original_exactly (einsat *, size_t size, const int *elits,
                              int bound);
void es_reserve_exactly (einsat *);
void es_push_exactly_clauses (einsat *, unsigneds *lits);
void es_add_original_atmost (einsat *, size_t size, const int *elits,
                             int bound);
void es_store_atmost (einsat *, size_t size, const unsigned *lits,
                      bool exactly);
void es_index_atmosts (einsat *);
unsigned es_propagate_atmosts (einsat *, unsigned lit, uint64_t *ticks,
                               bool exactly);
void es_simplify_atmosts (einsat *);
void es_copy_atmosts (einsat *, einsat *from, int (*map) (unsigned ilit));
uint64_t es_atmost_pairs (einsat *); /* pairwise clauses they stand for */
void es_push_atmost_pairs (einsat *, unsigneds *pairs);
void es_check_atmosts_propagated (einsat *);
bool es_check_model_atmosts (einsat *);
void es_release_atmosts (einsat *);

/* in 'propagate.c' */
unsigned es_propagate (einsat *); /* conflict reference or INVALID */
/* The same within the propagation limit (which must be set): stops
 * before the literal that would exceed it, leaving the trail not fully
 * propagated (INVALID). */
unsigned es_propagate_budget (einsat *);
static inline unsigned es_propagate_limited (einsat *solver) {
  return solver->search_limits.propagations < 0 ? es_propagate (solver)
                                                : es_propagate_budget (solver);
}

/* in 'analyze.c' */
bool es_analyze (einsat *, unsigned conflict); /* false if inconsistent */
void es_analyze_failed (einsat *, unsigned lit);
void es_implying_decisions (einsat *, unsigneds *decisions);
bool es_propagate_root (einsat *); /* false if inconsistent */

/* in 'minimize.c' */
void es_minimize_binary (einsat *);
void es_minimize_clause (einsat *);
bool es_minimize_literal (einsat *, unsigned lit, unsigned depth);

/* in 'shrink.c' */
void es_shrink_clause (einsat *);

/* in 'backtrack.c' */
void es_backtrack (einsat *, unsigned level);

/* in 'decide.c' */
int es_decide (einsat *); /* 0 decided, 10 all assigned, 20 failed */
unsigned es_decide_phase (einsat *, unsigned idx);

/* in 'heap.c' */
void es_heap_push (einsat *, heap *, unsigned idx);
unsigned es_heap_pop (einsat *, heap *);
void es_fill_heap (einsat *, heap *);
void es_heap_update (einsat *, heap *, unsigned idx);
#define HEAP_CONTAINS(H, IDX) ((H)->pos[IDX] != INVALID)

/* in 'bump.c' */
void es_bump_analyzed (einsat *);
void es_queue_enqueue (einsat *, unsigned idx);
void es_queue_dequeue (einsat *, unsigned idx);
void es_queue_move_back (einsat *, const unsigned *idxs, size_t n);

/* in 'restart.c' */
bool es_restarting (einsat *);
void es_restart (einsat *);
void es_init_reluctant (einsat *);
void es_tick_reluctant (einsat *);

/* in 'bandit.c' */
void es_bandit_new_variable (einsat *, unsigned idx);
void es_bandit_select (einsat *);
void es_bandit_stop (einsat *);
void es_bandit_bump (einsat *);
void es_release_bandit (einsat *);

/* in 'mode.c' */
bool es_switching_mode (einsat *);
void es_switch_mode (einsat *);
void es_init_mode (einsat *);
bool es_enter_stable (einsat *);
void es_leave_stable (einsat *);

/* in 'phases.c' */
void es_update_target_and_best (einsat *);
bool es_rephasing (einsat *);
void es_rephase (einsat *);

/* in 'reorder.c' */
bool es_reordering (einsat *);
void es_reorder (einsat *);

/* in 'reduce.c' */
bool es_reducing (einsat *);
void es_reduce (einsat *);
void es_limit_reduce_interval (einsat *);
void es_mark_reasons (einsat *, bool);

/* in 'collect.c' */
void es_collect (einsat *);
void es_collect_if_worth (einsat *);

/* in 'dense.c' */
void es_enter_dense_mode (einsat *);
void es_leave_dense_mode (einsat *);
void es_connect_occurrences (einsat *, unsigned ref);

/* in 'eliminate.c' */
bool es_eliminating (einsat *);
void es_eliminate (einsat *);
bool es_frozen (einsat *, unsigned idx);
void es_remove_variable (einsat *, unsigned idx);
size_t es_gather_occurrences (einsat *, unsigned lit, occurrences *);
const unsigned *es_occurrence_literals (einsat *, unsigned lit,
                                        const occurrence *,
                                        unsigned *binary, unsigned *size);

/* in 'factor.c' */
void es_factor (einsat *);
void es_release_factoring (einsat *);

/* in 'cardinality.c' */
void es_cardinality (einsat *);
/* in 'amodetect.c' */
void es_detect_atmosts (einsat *);
void es_release_cardinality (einsat *);

/* in 'symmetry.c' */
void es_break_symmetries (einsat *);
void es_end_symmetry_breaking (einsat *);
void es_release_symmetry (einsat *);
/* Detection only (for tests): per generator the number of literals it
 * moves, then pairs of literal and image. */
void es_symmetry_generators (einsat *, unsigneds *generators);

/* in 'gauss.c' */
void es_gauss (einsat *);
void es_release_gauss (einsat *);

/* in 'gaussjordan.c' */
typedef struct xmatrix xmatrix;
void es_build_gauss_jordan (einsat *);
void es_drop_gauss_jordan (einsat *);
void es_retire_gauss_jordan (einsat *);
void es_build_gauss_jordan_without_elimination (einsat *);
unsigned es_propagate_gauss_jordan (einsat *);
void es_unassign_gauss_jordan (einsat *, unsigned start, unsigned level);

/* in 'congruence.c' */
bool es_congruence (einsat *);
void es_release_congruence (einsat *);

/* in 'xors.c' */
unsigned es_find_xors (einsat *, unsigneds *xors, unsigned min_size,
                       unsigned max_size, uint64_t *steps, uint64_t limit);

/* in 'block.c' */
void es_block (einsat *);

/* in 'gates.c' */
gate_kind es_find_gate (einsat *, unsigned pivot, elimination *);
void es_release_elimination (einsat *);

/* in 'subsume.c' */
void es_subsume (einsat *);
void es_release_subsumption (einsat *);

/* in 'vivify.c' */
bool es_vivifying (einsat *);
void es_vivify (einsat *);

/* in 'probe.c' */
bool es_probing (einsat *);
void es_probe (einsat *);
bool es_fix_failed_literal (einsat *, unsigned unit); /* false: UNSAT */

/* in 'hyper.c' */
unsigned es_propagate_hyper (einsat *); /* conflict reference or INVALID */
unsigned es_conflict_dominator (einsat *, unsigned conflict);

/* in 'cube.c' */
void es_release_cuber (einsat *);

/* in 'sweep.c' */
bool es_sweep (einsat *);
void es_release_sweeper (einsat *);

/* in 'decompose.c' */
void es_decompose (einsat *);
void es_release_decompose (einsat *);

/* in 'transred.c' */
void es_transred (einsat *);

/* in 'enumerate.c' */
unsigned es_next_projected (einsat *);
/* Is variable 'idx' in the projection of the current enumeration? */
bool es_projected (const einsat *, unsigned idx);
void es_release_enumerator (einsat *);

/* in 'extend.c' */
void es_push_extension (einsat *, unsigned witness, size_t size,
                        const unsigned *lits, uint64_t lrat_id);
void es_move_to_extension (einsat *, unsigned witness, const occurrence *);
void es_reconstruct (einsat *, signed char *values);
void es_restore_external (einsat *, size_t size, const int *elits);
void es_restore_all_external (einsat *); /* 1..max_external */
void es_restore_blocked (einsat *);


/* in 'walk.c' */
bool es_walking_initially (einsat *);
void es_walk_initially (einsat *);
bool es_walk (einsat *);
void es_release_walker (einsat *);

/* in 'lucky.c' */
bool es_lucky_due (einsat *);
int es_lucky (einsat *);

/* in 'simplify.c' */
bool es_simplifying (einsat *);
void es_simplify (einsat *);
bool es_clean_root (einsat *);
void es_check_propagated (einsat *);

/* in 'search.c' */
int es_solve (einsat *);
int es_search (einsat *);
bool es_terminating (einsat *);
void es_init_search_limits (einsat *);
void es_import_assumptions (einsat *);
void es_reset_assumptions (einsat *);
void es_reset_failed (einsat *);


/* in 'model.c' */
void es_extend_model (einsat *);
void es_extend_values (einsat *, const signed char *values);
bool es_check_model (einsat *);

/* in 'proof.c' */
void es_proof_add (einsat *, size_t, const unsigned *);
void es_proof_delete (einsat *, size_t, const unsigned *);
void es_proof_delete_lemma (einsat *, uint64_t id, size_t,
                            const unsigned *);
void es_proof_delete_clause (einsat *, clause *);
void es_proof_shrunk (einsat *, clause *, uint64_t old_id, size_t old_size,
                      const unsigned *old_lits);
void es_proof_root_unit (einsat *, unsigned lit);
uint64_t es_proof_restate (einsat *, size_t size, const unsigned *lits,
                           uint64_t old_id);
void es_proof_add_external (einsat *, size_t, const int *);
int es_proof_new_name (einsat *);
void es_proof_delete_external (einsat *, size_t, const int *);
uint64_t es_proof_lrat_external (einsat *, size_t, const int *);
void es_proof_lrat_delete_id (einsat *, uint64_t);
void es_proof_flush (einsat *);

/* in 'lrat.c' */
void es_lrat_start (einsat *);
void es_lrat_release (einsat *);
uint64_t es_lrat_binary_id (einsat *, unsigned a, unsigned b);
void es_lrat_add_binary (einsat *, unsigned a, unsigned b, uint64_t id);
bool es_lrat_delete_binary (einsat *, unsigned a, unsigned b,
                            uint64_t *id);
uint64_t es_lrat_unit_id (einsat *, unsigned idx);
void es_lrat_set_unit (einsat *, unsigned idx, uint64_t id);
void es_lrat_derive (einsat *, size_t size, const unsigned *lemma,
                     size_t final_size, const unsigned *final_lits,
                     uint64_t final_id);
void es_lrat_derive_from_conflict (einsat *, size_t size,
                                   const unsigned *lemma, unsigned conflict);
void es_lrat_derive_from_reason (einsat *, size_t size,
                                 const unsigned *lemma, unsigned lit);
void es_lrat_add_units (einsat *, size_t size, const unsigned *lits);
void es_lrat_remember_duplicates (einsat *, uint64_t id, size_t size,
                                  const unsigned *lits);
void es_lrat_remember_duplicates_ref (einsat *, unsigned ref);

static inline uint64_t es_clause_id (einsat *solver, clause *c) {
  uint64_t id = 0;
  if (solver->id_words)
    memcpy (&id, (unsigned *) c - 2, sizeof id);
  return id;
}

static inline void es_set_clause_id (einsat *solver, clause *c,
                                     uint64_t id) {
  if (solver->id_words)
    memcpy ((unsigned *) c - 2, &id, sizeof id);
}

/* in 'portfolio.c' */
int es_portfolio_search (einsat *);
bool es_portfolio_refuses (einsat *);
void es_release_portfolio (einsat *);

/* in 'diversify.c' */
void es_shuffle (einsat *);

/* in 'sink.c' */
typedef struct sink sink;
sink *es_new_sink (einsat *ruler, einsat_allocator *, void *data);
void es_delete_sink (sink *);
bool es_sink_failed (sink *);
void es_sink_register (sink *, size_t size, const unsigned *rlits,
                       int copies);
void es_sink_copy (sink *, size_t size, const int *wlits, int copies);
void es_sink_clause (einsat *, bool deletion, size_t size,
                     const unsigned *ilits);
void es_sink_external (einsat *, bool deletion, size_t size,
                       const int *wlits);
void es_sink_release (einsat *, size_t size, const int *wlits);

/* in 'share.c' */
bool es_init_sharing (einsat *);
void es_release_sharing (einsat *);
void es_export_learned (einsat *, size_t size, const unsigned *lits,
                        unsigned glue);
void es_export_units (einsat *);
bool es_queue_clause (einsat *, const int *lits, int size, int glue);
void es_import_clauses (einsat *, bool budgeted);
void es_import_usefulness (einsat *, bool used);

/* Is the end of an epoch of a deterministic portfolio reached? */
static inline bool es_synchronizing (einsat *solver) {
  return solver->share.synchronize &&
         STAT (conflicts) >= solver->share.next_synchronization;
}

/* Is the time slice of a worker taking turns with others spent? */
static inline bool es_turn_over (einsat *solver) {
  return solver->share.take_turns && STAT (ticks) >= solver->share.next_turn;
}

/* Are imported clauses waiting and due?  Checked in the search loop:
 * cheap (one comparison, then one relaxed atomic load). */
static inline bool es_importing (einsat *solver) {
  return STAT (conflicts) >= solver->share.next_import &&
         atomic_load_explicit (&solver->share.pending,
                               memory_order_relaxed) &&
         !solver->projecting;
}

/* in 'schedule.c' (see 'limits', 'last' and 'delays') */
void es_init_schedules (einsat *);
void es_set_restart_limit (einsat *); /* 'restartint' conflicts on */
/* The conflict limit after 'rounds' rounds: 'interval' times 'rounds', or
 * times the square root of 'rounds', from now on. */
uint64_t es_linear_limit (einsat *, int interval, uint64_t rounds);
uint64_t es_sqrt_limit (einsat *, int interval, uint64_t rounds);
/* The step or tick budget of a round: 'effort' per mille of the search
 * ticks since 'last', at least 'minimum' thousand ('*mineffort'
 * options), or plus 'base' thousand ('*baseeffort' options). */
uint64_t es_effort_budget (einsat *, uint64_t last, int effort,
                           int minimum);
uint64_t es_effort_with_base (einsat *, uint64_t last, int effort,
                              int base);
/* A round that ran out of its budget ('unfinished' is that budget) runs
 * again once 'effort' per mille of the search ticks since 'last' is at
 * least twice as much. */
bool es_retry_due (einsat *, uint64_t last, int effort,
                   uint64_t unfinished);
/* A task that runs until it finishes is due after new original clauses
 * (since 'last_originals') and again as 'es_retry_due' says. */
bool es_round_due (einsat *, uint64_t last_originals, uint64_t last, int effort,
                   uint64_t unfinished);
/* Ends a round of a task that runs until it finishes: 'unfinished' is
 * the budget if it ran out ('last' stays, the next budget grows with
 * the search), else 0 and 'last' moves to now. */
void es_end_unfinished_round (einsat *, uint64_t *last,
                              uint64_t *unfinished, uint64_t budget,
                              bool ran_out);
/* The rule of 'SCHEDULED_TECHNIQUES': does the round of the technique
 * run, or does it sit out (a fruitless round before)?  One that sits out
 * gives up the effort of the search since its last round: its
 * 'effort_reference' (the search ticks its budget is a share of, if
 * any) moves to now. */
bool es_round_begins (einsat *, technique, uint64_t *effort_reference);
/* After a round that began: it paid if it found something. */
void es_round_ends (einsat *, technique);
/* Or as the technique judges: a fruitless round doubles the rounds the
 * technique sits out (up to its maximum), one that pays halves them. */
void es_round_paid (einsat *, technique, bool paid);
#ifndef NDEBUG
void es_check_round_schedules (einsat *);
#endif

/* Is the task of 'd' to sit this round out?  Counts the round if so. */
static inline bool es_delaying (delay *d) {
  if (!d->count)
    return false;
  d->count--;
  return true;
}

/* After a fruitless round: the next delay one round longer, or twice as
 * long (at least one round), up to 'max' rounds. */
static inline void es_bump_delay (delay *d, unsigned max) {
  if (d->interval < max)
    d->interval++;
  d->count = d->interval;
}

static inline void es_double_delay (delay *d, unsigned max) {
  unsigned doubled = d->interval ? 2 * d->interval : 1;
  d->interval = doubled < max ? doubled : max;
  d->count = d->interval;
}

/* After a fruitful round: half the delay, or none. */
static inline void es_halve_delay (delay *d) {
  d->interval /= 2;
  d->count = d->interval;
}

/* in 'invariants.c': checkers of derived state, compiled out with
 * 'NDEBUG' (release builds) */
#ifndef NDEBUG
void es_check_invariants (einsat *);
#define CHECK_INVARIANTS() es_check_invariants (solver)
#else
#define CHECK_INVARIANTS() \
  do { \
  } while (0)
#endif

/* in 'report.c' */
void es_report (einsat *, char type);
void es_report_round (einsat *, char type); /* only with 'verbose' > 1 */
double es_process_time (void);
double es_thread_time (void); /* CPU time of the calling thread */

/* Runs 'CALL' and adds its time to the timer of technique 'NAME'. */
#define TIMED(NAME, CALL) \
  do { \
    double timed_start_ = es_thread_time (); \
    CALL; \
    solver->profile[TIMER_##NAME] += es_thread_time () - timed_start_; \
  } while (0)

/* in 'random.c' */
uint64_t es_random (uint64_t *state);
unsigned es_random_below (uint64_t *state, unsigned limit);

/* in 'trace.c' */
void es_trace_event (einsat *, einsat_event, unsigned lit,
                     unsigned level, size_t size, const unsigned *lits);
void es_trace_reason (einsat *, unsigned lit);

/* in 'logging.c' (only with -DLOGGING): declared in 'logging.h' */

/*------------------------------------------------------------------------*/
/* Small helpers used everywhere. */

/* Marks the variable of 'lit' as analyzed unless it is a root-level one
 * or marked already. */
static inline void es_mark_analyzed (einsat *solver, unsigned lit) {
  assigned *a = VAR (lit);
  if (a->level && !a->analyzed) {
    a->analyzed = true;
    PUSH_STACK (solver->analyzed, IDX (lit));
  }
}

/* Marks the other literals of the reason of the implied true 'lit'. */
static inline void es_mark_reason_analyzed (einsat *solver, unsigned lit) {
  assigned *a = VAR (lit);
  assert (a->reason != INVALID);
  if (a->binary)
    es_mark_analyzed (solver, a->reason);
  else
    for (all_literals_in_clause (other, CLAUSE (a->reason)))
      if (other != lit)
        es_mark_analyzed (solver, other);
}

/* Schedules and ranks are packed into 64-bit keys, sorted ascending, in
 * place ('sort.c'); 'es_sort_words' sorts 32-bit words the same way. */
void es_sort_keys (uint64s *keys);
void es_sort_words (unsigned *begin, size_t n);

/* Clause references sorted by a small bucket number (size, tried or
 * not), then by reference, for the schedules of rounds: 4 bytes per
 * clause where a 64-bit key took 8, allocated while the arena is at its
 * fullest (bench/RESULTS.md, "Memory beside Kissat, scaling").  A
 * counting sort in three steps: 'es_begin_buckets' returns 'buckets' + 1
 * zeroed counters, where the caller counts each clause at 'count[b + 1]'
 * for its bucket 'b'; 'es_fill_buckets' makes them starts and returns the
 * schedule ('order', sized), where the caller puts each clause at
 * 'order[start[b]++]', in the same pass order; 'es_end_buckets' sorts
 * each of the first 'buckets' buckets by reference (fewer than were
 * filled leaves the trailing ones as filled, for a caller that sorts
 * those itself) and frees the counters. */
uint64_t *es_begin_buckets (einsat *, size_t buckets);
unsigned *es_fill_buckets (einsat *, size_t buckets, unsigneds *order);
void es_end_buckets (einsat *, size_t buckets, unsigneds *order);

#endif
