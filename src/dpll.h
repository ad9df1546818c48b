/* dpll.h - the search without learning, a sub-solver behind a narrow
 * interface (as Kissat's 'kitten.h' is for its sub-solver).
 *
 * It holds its own copy of a formula and enumerates its models, projected
 * on a set of variables, under assumptions, within a budget of decisions
 * (the technique and its tuning are described at the top of 'dpll.c').
 * It knows nothing of the CDCL solver but its allocator: the caller
 * ('enumerate.c') loads the clauses and maps the variables, and when the
 * budget runs out it continues from the projected decisions this search
 * handed over.
 *
 * Variables are 0 .. vars - 1 and literals 2 * var + sign, as inside the
 * solver.  The order of the variables is the caller's: decisions without
 * a better candidate take the first free one, and models come as values
 * in that order.
 *
 * Usage: 'es_dpll_begin', any number of 'es_dpll_fix', 'es_dpll_ignore'
 * and 'es_dpll_clause', then 'es_dpll_end'; then any number of searches
 * on that formula, until the next 'es_dpll_begin'. */

#ifndef DPLL_H_INCLUDED
#define DPLL_H_INCLUDED

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct einsat;
typedef struct dpll dpll;

/* A sub-solver without a formula; memory is allocated through 'owner'
 * (counted in its 'einsat_memory', failures handled as its own). */
dpll *es_dpll_new (struct einsat *owner);
void es_dpll_delete (dpll *);

/*------------------------------------------------------------------------*/
/* Loading a formula. */

/* Starts a new formula over 'vars' variables, all free. */
void es_dpll_begin (dpll *, unsigned vars);

/* 'lit' is true in every model (a unit clause). */
void es_dpll_fix (dpll *, unsigned lit);

/* 'var' takes no part: it occurs in no clause, is never decided and has
 * no value in models (a variable the caller eliminated). */
void es_dpll_ignore (dpll *, unsigned var);

/* Any clause: duplicate literals are merged, a tautology is dropped, the
 * empty clause makes the formula unsatisfiable and a unit fixes its
 * literal. */
void es_dpll_clause (dpll *, size_t size, const unsigned *lits);

/* Builds the lists the search runs on and propagates the fixed
 * literals.  Clauses are best loaded without literals fixed before: the
 * lists are built once, propagating them again costs nothing per
 * search, but the copy is larger. */
void es_dpll_end (dpll *);

/* Clauses and variables of the loaded formula (for the caller's rules
 * about when a search pays). */
size_t es_dpll_clauses (const dpll *);

/*------------------------------------------------------------------------*/
/* Searching. */

/* Values of literals.  The propagation adds them up to count the free
 * literals among those a true literal implies, without a branch, and
 * tests a bit for a false one. */
enum { DPLL_TRUE = 0, DPLL_FREE = 1, DPLL_FALSE = 2 };

/* A model: 'values[lit]' is DPLL_TRUE or DPLL_FALSE, DPLL_FREE for an
 * ignored variable.  Returns false to stop the enumeration. */
typedef bool es_dpll_model (void *data, const signed char *values);

/* Asked before every decision: true stops the search. */
typedef bool es_dpll_terminate (void *data);

typedef struct es_dpll_search {
  const unsigned *assumptions; /* literals true in every model sought */
  size_t assumed;
  const unsigned *projection; /* variables; NULL: all of them */
  size_t projected;
  uint64_t budget;    /* decisions before handing over (at least 1) */
  uint64_t per_model; /* more decisions for every model found */
  bool weighted;      /* decide by conflicts per clause after the first */
  es_dpll_model *model;
  es_dpll_terminate *terminate; /* or NULL */
  void *data;                   /* of both callbacks */
  uint64_t decisions, models;   /* counted by the search */
} es_dpll_search;

enum {
  DPLL_COMPLETE,    /* every projected model was reported */
  DPLL_STOPPED,     /* by a callback: more models may exist */
  DPLL_HANDED_OVER, /* out of budget: see 'es_dpll_prefix' */
};

/* Enumerates the models of the loaded formula and the assumptions,
 * projected on the projection: each model's projected values once.
 * Projected variables are decided first.  A formula too large for the
 * lists (beyond 2^31 words) is not searched: it hands over at once. */
int es_dpll_enumerate (dpll *, es_dpll_search *);

/* After DPLL_HANDED_OVER: the prefix, projected decisions of the search,
 * bottom first, each the literal as it stands now and whether it is the
 * flipped second branch of its decision.  Of the projected models that
 * extend the assumptions, those not reported yet are exactly the ones
 * extending the whole prefix and the ones that agree with the prefix
 * below an entry that is not flipped and differ from it there.  So a
 * search that takes the prefix as assumptions, and after the subtree
 * below it drops the flipped entries from the top and flips the topmost
 * unflipped one, misses no model and reports none twice (the
 * backtracking enumeration of 'enumerate.c'). */
size_t es_dpll_prefix (const dpll *);
unsigned es_dpll_prefix_literal (const dpll *, size_t i, bool *flipped);

#endif
