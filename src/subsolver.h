/* subsolver.h - a small CDCL solver behind a narrow interface, for the
 * local questions of SAT sweeping ('sweep.c'): is a literal implied by a
 * few hundred clauses around it, are two literals equivalent there?
 *
 * It holds its own copy of a small formula and answers satisfiability
 * under assumptions within a budget of ticks.  Unlike the enumerating
 * DPLL search ('dpll.h') it learns clauses, which the caller receives as
 * they are learned: each is implied by unit propagation over the loaded
 * clauses and those learned before (RUP), so the caller can write them to
 * its proof, and a refuted set of assumptions is then itself a RUP clause
 * (the technique and its tuning are described at the top of
 * 'subsolver.c').
 *
 * Variables are 0 .. vars - 1 and literals 2 * var + sign, as inside the
 * solver.  Usage: 'es_sub_begin', any number of 'es_sub_clause', then any
 * number of 'es_sub_solve' calls on that formula (learned clauses are
 * kept between them), until the next 'es_sub_begin'. */

#ifndef SUBSOLVER_H_INCLUDED
#define SUBSOLVER_H_INCLUDED

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct einsat;
typedef struct subsolver subsolver;

/* Receives every learned clause (in the sub-solver's literals) before it
 * is used, with its LRAT hints (identifiers of loaded and learned
 * clauses, in the order unit propagation uses them), and returns the
 * identifier it gets.  Root-level units are learned too (each with the
 * clause that implied it), and the empty clause when the loaded formula
 * is refuted. */
typedef uint64_t es_sub_learned (void *data, size_t size,
                                 const unsigned *lits, size_t hints,
                                 const uint64_t *hint);

/* A sub-solver without a formula; memory is allocated through 'owner'. */
subsolver *es_sub_new (struct einsat *owner);
void es_sub_delete (subsolver *);

/* Starts a new formula over at most 'vars' variables (searches decide
 * only those in loaded clauses); 'learned' (or NULL) is called with the
 * clauses learned on it. */
void es_sub_begin (subsolver *, unsigned vars, es_sub_learned *learned,
                   void *data);

/* A clause without duplicate literals and not a tautology, with the
 * identifier its hints name it by; the empty clause makes the formula
 * unsatisfiable, a unit fixes its literal.  All clauses are loaded
 * before the first search. */
void es_sub_clause (subsolver *, size_t size, const unsigned *lits,
                    uint64_t id);

enum { SUB_UNKNOWN = 0, SUB_SATISFIABLE = 10, SUB_UNSATISFIABLE = 20 };

/* Solves under the assumptions with at most 'budget' more ticks (a tick
 * is a visited watch or clause).  After SUB_SATISFIABLE 'es_sub_value'
 * gives the model until the next call; after SUB_UNSATISFIABLE the
 * clause of the negated assumptions is implied by unit propagation over
 * the loaded and the learned clauses. */
int es_sub_solve (subsolver *, size_t assumed, const unsigned *assumptions,
                  uint64_t budget);

/* After SUB_UNSATISFIABLE: the LRAT hints of the clause of the negated
 * assumptions (valid until the next call).  They derive the negations
 * of the first 'failed' assumptions (up to the one found false) and
 * with them any clause containing those (the later assumptions could
 * satisfy a hint). */
const uint64_t *es_sub_hints (const subsolver *, size_t *hints,
                              size_t *failed);

/* 1 (true) or -1 (false) in the model of the last satisfiable search. */
signed char es_sub_value (const subsolver *, unsigned lit);

/* Ticks spent since 'es_sub_new'. */
uint64_t es_sub_ticks (const subsolver *);

#endif
