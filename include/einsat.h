/*
 * einsat.h - the public API of the einsat SAT solver library.
 *
 * An 'einsat' handle is one solver instance.  Instances share nothing:
 * many may live in one process and each may be used from its own thread
 * (one thread per instance at a time; only 'einsat_terminate' may be
 * called from another thread or a signal handler).
 *
 * Literals are non-zero 'int's in DIMACS convention: variable 'v' is the
 * literal 'v', its negation '-v'.  Variables are created on first use and
 * may be sparse.  The largest variable index is EINSAT_MAX_VAR.
 *
 * States and transitions (like CaDiCaL's documented state machine):
 *
 *   READY       after 'einsat_new', after adding a clause or an assumption
 *               or after the solver was used in any other way
 *   ADDING      inside a clause: 'einsat_add' was called with a non-zero
 *               literal and the terminating zero is still missing
 *   SAT         'einsat_solve' returned 10: 'einsat_val' may be called
 *   UNSAT       'einsat_solve' returned 20: 'einsat_failed' may be called
 *   UNKNOWN     'einsat_solve' returned 0 (limit hit or terminated)
 *   INVALID     an internal error (out of memory) happened: only
 *               'einsat_error', statistics and 'einsat_delete' are allowed
 *
 *   READY|SAT|UNSAT|UNKNOWN --add(lit != 0)--> ADDING --add(0)--> READY
 *   READY|SAT|UNSAT|UNKNOWN --assume--> READY
 *   READY|SAT|UNSAT|UNKNOWN --solve--> SAT | UNSAT | UNKNOWN
 *
 * Assumptions hold for the next 'einsat_solve' call only and are cleared
 * when it returns.  Clauses are kept forever.  Calling a function in the
 * wrong state is a contract violation: the instance's abort hook is
 * called (by default a message naming the function is printed to stderr
 * and the process aborts).
 *
 * A NULL handle is a contract violation for every function taking one
 * ("solver is NULL"; there is no instance whose abort hook could be
 * called, so the message is printed and the process aborts), except for
 * 'einsat_delete', which like 'free' does nothing.
 *
 * Out of memory never crashes: the failing call returns an error value
 * ('EINSAT_ERROR' from 'einsat_solve', 0 from functions returning a
 * success flag), the instance becomes INVALID and 'einsat_error' says
 * what happened.
 */
#ifndef EINSAT_H_INCLUDED
#define EINSAT_H_INCLUDED

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define EINSAT_SATISFIABLE 10
#define EINSAT_UNSATISFIABLE 20
#define EINSAT_UNKNOWN 0
#define EINSAT_ERROR (-1)

#define EINSAT_MAX_VAR ((1 << 28) - 1)

typedef struct einsat einsat;

/*------------------------------------------------------------------------*/
/* Creating and deleting instances.                                       */

/* The allocator has the shape of Lua's 'lua_Alloc': with 'new_size == 0'
 * it frees 'ptr' (returning NULL), otherwise it behaves like 'realloc'
 * and returns NULL on failure, leaving 'ptr' untouched.  'old_size' is
 * the size the block had (0 for a fresh allocation). */
typedef void *einsat_allocator (void *data, void *ptr, size_t old_size,
                                size_t new_size);

einsat *einsat_new (void);
einsat *einsat_new_with_allocator (einsat_allocator *, void *data);
void einsat_delete (einsat *);

const char *einsat_signature (void); /* "einsat-<version>" */
const char *einsat_version (void);   /* "<major>.<minor>.<patch>" */

/* Called on API contract violations instead of the default (print the
 * message to stderr and abort).  A hook that returns makes the solver
 * abort anyway: the instance cannot continue after a violation. */
typedef void einsat_abort_hook (void *data, const char *message);
void einsat_set_abort_hook (einsat *, einsat_abort_hook *, void *data);

/*------------------------------------------------------------------------*/
/* The IPASIR core (include/ipasir.h forwards to these).                  */

void einsat_add (einsat *, int lit);    /* 0 ends the clause */
void einsat_assume (einsat *, int lit); /* for the next solve only */
int einsat_solve (einsat *); /* 10 SAT, 20 UNSAT, 0 UNKNOWN, -1 error */
int einsat_val (einsat *, int lit); /* SAT: lit if true, -lit if false */
/* UNSAT: 1 if the assumption 'lit' is in the failed set, assumptions that
 * together are unsatisfiable with the formula: those that falsify the
 * assumption falsified on the lowest decision level (one falsified by the
 * formula alone is the whole set). */
int einsat_failed (einsat *, int lit);
void einsat_set_terminate (einsat *, void *data,
                           int (*terminate) (void *data));
void einsat_set_learn (einsat *, void *data, int max_length,
                       void (*learn) (void *data, int *clause));

/* External decisions, for applications that know their problem better
 * than a generic heuristic (like 'cb_decide' of IPASIR-UP).  Before each
 * decision, after the assumptions, 'einsat_solve' calls 'decide (data)'.
 * If it returns a literal of an unassigned variable, that literal is
 * decided; on 0, or a literal of an assigned, eliminated or unknown
 * variable, the solver decides itself.  Freeze the variables the callback
 * names ('einsat_freeze'), or preprocessing may eliminate them.  The
 * callback may call only 'einsat_current_value' and 'einsat_terminate'.
 * While enumerating ('einsat_enumerate') only literals of projected
 * variables are taken (the projection is decided before the others).  A
 * NULL 'decide' removes the callback. */
void einsat_set_decide (einsat *, void *data, int (*decide) (void *data));

/* The partial assignment during the search (meant for the decide
 * callback): 1 if 'lit' is true, -1 if false, 0 if unassigned or unknown.
 * Not a model: after 'einsat_solve' returns, use 'einsat_val'. */
int einsat_current_value (einsat *, int lit);

/* Makes room for the variables 1..max_var at once (like CaDiCaL's
 * 'reserve' and Kissat's 'kissat_reserve'), before they are used: the
 * per-variable arrays are then allocated once at their final size
 * instead of doubling as variables arrive.  With the default allocator,
 * the first allocation comes zeroed from the system, so that entries a
 * formula never writes (such as the watch lists of literals that no
 * clause watches) cost no memory at all.  Only a hint: more variables
 * may follow; variables the solver adds itself (cardinality counters)
 * come on top.  Memory for the reserved variables is charged at once
 * ('einsat_memory'). */
void einsat_reserve (einsat *, int max_var);

/* Adds the whole clause 'lits[0..size)' (no terminating zero) at once:
 * the same as 'einsat_add' for each literal and 0, but cheaper. */
void einsat_add_clause (einsat *, const int *lits, size_t size);

/* Adds the cardinality constraint 'at most bound of lits[0..size) are
 * true' (like 'add_atmost' of PySAT's Minicard).  Bound one, the
 * at-most-one constraint, is propagated natively: one list of literals
 * instead of size * (size - 1) / 2 binary clauses or an encoding with
 * auxiliary variables, and as fast; literals of one sign whose
 * variables are evenly spaced (v, v + d, v + 2d, ...: the lines of a grid
 * numbered row by row) take constant space instead of the list, if the
 * solver met these variables first in the order of their numbers (for
 * example all used in order before).  For an exactly-one constraint use
 * 'einsat_add_exactly', which does not store the clause 'lits'.  A
 * negative bound makes the formula unsatisfiable, bound zero makes every
 * literal false, a bound of at least 'size' says nothing.  Repeated
 * literals count repeatedly.  Like clauses, constraints are kept
 * forever.  While a proof is traced
 * ('einsat_trace_proof') an at-most-one constraint is added as its
 * pairwise clauses (-lits[i] | -lits[j]) for i < j in this order, which
 * the formula the proof is checked against must contain (LRAT numbers
 * them as original clauses); bounds above one are then a contract
 * violation. */
void einsat_add_atmost (einsat *, const int *lits, size_t size, int bound);

/* Adds the cardinality constraint 'exactly bound of lits[0..size) are
 * true'.  Bound one, the exactly-one constraint, is propagated natively,
 * both ways: a true literal makes the others false (as
 * 'einsat_add_atmost'), and once all literals but one are false the last
 * one becomes true, without the clause 'lits' being stored or watched
 * until it is first needed to explain a conclusion (a one-hot constraint
 * over millions of literals costs a few bytes per literal instead of
 * the clause and its watches).  Bound 'size - 1' is exactly one of the
 * negated literals, natively too.  Other bounds are 'at most bound of
 * lits' and 'at most size - bound of their negations', as
 * 'einsat_add_atmost' adds them.  A bound below zero or above 'size'
 * makes the formula unsatisfiable.  Repeated literals count repeatedly.
 * While a proof is traced ('einsat_trace_proof') an exactly-one
 * constraint is added as its pairwise clauses (-lits[i] | -lits[j]) for
 * i < j in this order and then the clause 'lits' (bound 'size - 1': the
 * same for the negated literals), which the formula the proof is checked
 * against must contain; bounds 2 to 'size - 2' are then a contract
 * violation. */
void einsat_add_exactly (einsat *, const int *lits, size_t size, int bound);

/* Asks a running (or the next) 'einsat_solve' to stop as soon as it can
 * and return 0.  Safe to call from other threads and signal handlers. */
void einsat_terminate (einsat *);

/* Withdraws a termination request that no 'einsat_solve' has consumed
 * yet (one made between two solves would stop the next one at once).
 * Safe to call from other threads.  A running solve that has already
 * seen the request still stops. */
void einsat_clear_terminate (einsat *);

/* The largest variable index used so far in clauses and assumptions (0
 * if none). */
int einsat_vars (const einsat *);

/* Freezing a variable keeps it from being eliminated by preprocessing,
 * so it can be assumed or read through 'einsat_val' later without the
 * cost of restoring it.  Freezing is counted: each 'freeze' needs one
 * 'melt'.  Assumptions and clauses on eliminated variables are always
 * handled correctly; freezing is only a hint for efficiency. */
void einsat_freeze (einsat *, int lit);
void einsat_melt (einsat *, int lit);

/* A hint: decide 'lit' true when its variable is decided next (it sets
 * the saved phase, which the search later overwrites as usual). */
void einsat_phase (einsat *, int lit);

/* After SAT: the value of a literal after the last solve, as in
 * 'einsat_val', but 0 for variables that never occurred. */
int einsat_model_value (einsat *, int lit);

/*------------------------------------------------------------------------*/
/* Options: every tunable is in one table with name, default and range. */

/* Sets option 'name' to 'value'.  Returns 1 on success, 0 if the option
 * does not exist or 'value' is outside its range (nothing changes then).
 * Options may be set in the READY state only (before the first clause
 * for options marked as such in '--help'). */
int einsat_set_option (einsat *, const char *name, int value);
int einsat_get_option (const einsat *, const char *name, int *value);

/* Parses "--name=value", "--name" (= 1), "--no-name" (= 0) and
 * "--name=true|false".  Returns 1 on success, 0 if 'arg' is not an
 * option of the table, -1 if the name is known but the value is not
 * valid (then 'einsat_error' explains). */
int einsat_parse_option (einsat *, const char *arg);

/* Iterating over the table (for '--help' and bindings): fills in the
 * fields of option number 'i' and returns 1, or returns 0 if 'i' is out of
 * range. */
typedef struct einsat_option_info {
  const char *name, *help;
  int default_value, min_value, max_value;
} einsat_option_info;
int einsat_option (int i, einsat_option_info *);

/* Named configurations: "default", "sat" (stable mode only), "unsat"
 * (focused mode only) and "plain", textbook CDCL for teaching traces
 * (first-UIP learning with minimization, VMTF, glue restarts: every other
 * technique off).  A configuration changes only its own options; the
 * others keep their values. */
int einsat_configure (einsat *, const char *name);

/* Makes this instance member 'index' (>= 0) of a portfolio of instances
 * that solve the same formula and exchange clauses: it sets the options
 * of entry 'index' modulo the table in 'src/diversify.c' (the search
 * mode, initial phases, restarts, inprocessing efforts), and for
 * 'index' > 0 adds 'index' to option 'seed' and sets option 'shuffle' (a
 * random initial decision order).  Index 0 changes nothing.  Call it
 * before the first solve; options set afterwards override it.  The
 * workers of option 'threads' are diversified this way (worker i of an
 * instance diversified as d is member d * threads + i).  Returns the
 * number of distinct option sets in the table. */
int einsat_diversify (einsat *, int index);

/*------------------------------------------------------------------------*/
/* Threads.  With option 'threads' = N > 1 'einsat_solve' runs a
 * portfolio: the instance preprocesses and searches alone for
 * 'threadsdelay' conflicts or 'threadsdelayticks' thousand propagation
 * ticks (easy formulas never start a thread), then N
 * workers, each diversified as by 'einsat_diversify' (worker i of an
 * instance diversified as d is member d * N + i), search the simplified
 * formula in N threads and share learned clauses: units, binary clauses
 * and clauses within 'threadsglue' and 'threadssize'.  The first answer
 * wins and stops the others.  Models, failed assumptions and incremental
 * use are as without threads; each solve starts the workers anew.  The
 * calling thread waits; it calls the terminate callback, the export and
 * learn callbacks (with the clauses the workers share) and passes the
 * clauses given to 'einsat_import' on to the workers.
 *
 * - A DRAT proof ('einsat_trace_proof') is one proof for all workers,
 *   checkable with drat-trim or einsat-check (workers then run without
 *   factoring and counting).
 * - Refused (the solve returns EINSAT_ERROR, 'einsat_error' says why,
 *   and the instance stays usable): an LRAT proof, a decide callback, a
 *   trace.  'einsat_enumerate' returns -1.
 * - No more workers start than processors are online, unless option
 *   'threadsoversubscribe' is set or the run is deterministic.  With
 *   more workers than option 'threadsslots' (default: the processors
 *   online) at most that many search at once: worker 0 keeps a slot,
 *   the others take turns of 'threadsslice' thousand ticks on the rest
 *   and sleep while they wait (statistic 'worker_turns').  Deterministic
 *   runs do not take turns.
 * - Conflict, decision and propagation limits hold for each worker, from
 *   what the calling thread left of them; the time limit is
 *   process time, which N threads use up N times as fast.
 * - A worker that cannot be created or runs out of memory is left out
 *   (statistic 'workers_failed'); if none runs, the calling thread
 *   searches alone.  A custom allocator is called from the workers'
 *   threads, one call at a time.
 * - With option 'deterministic' the workers exchange clauses in
 *   lock-step epochs of 'deterministicepoch' conflicts: the same seed
 *   and thread count give the same answer and model, unless a time
 *   limit, a termination request, a failed allocation or the export and
 *   import of the calling instance intervene.
 *
 * Statistics 'worker_*' sum the workers' counters; with option 'verbose'
 * each worker reports its progress and, at the end, what it shared. */

/*------------------------------------------------------------------------*/
/* Limits for each following 'einsat_solve' call (counted from the start
 * of each call).  A negative value removes the limit.
 *
 * The propagation limit counts literals propagated (the 'propagations'
 * statistic) and is exact for the search: the solver stops before the
 * propagation that would exceed it.  Inprocessing does not start once it
 * is used up; a round that started before propagates without it (root
 * level units) and stops at its next termination check once past it. */

void einsat_set_conflict_limit (einsat *, int64_t conflicts);
void einsat_set_decision_limit (einsat *, int64_t decisions);
void einsat_set_propagation_limit (einsat *, int64_t propagations);
void einsat_set_time_limit (einsat *, double seconds); /* process time */

/*------------------------------------------------------------------------*/
/* Statistics: every counter is in one table. */

/* The counter named 'name', or 0 if there is none. */
uint64_t einsat_statistic (const einsat *, const char *name);
/* Iterating over the counters as with 'einsat_option'. */
int einsat_statistic_info (const einsat *, int i, const char **name,
                           uint64_t *value);
/* Prints the statistics as 'c' comment lines (SAT competition style). */
void einsat_print_statistics (einsat *, FILE *);
/* Current and peak heap bytes charged to this instance. */
size_t einsat_memory (const einsat *);
size_t einsat_peak_memory (const einsat *);

/*------------------------------------------------------------------------*/
/* Reading DIMACS.  The input may be plain text or compressed with gzip,
 * bzip2, xz, lzma or zstd (detected by its first bytes; the matching
 * decompressor program must be installed), through either function and
 * for the path "-" (standard input).  The decompressor runs as a child
 * process (fork and exec) with its error output discarded; a 'FILE *' is
 * read to its end by a helper thread that feeds the decompressor.
 * Returns 1 on success.  On failure returns 0 and 'einsat_error' gives
 * "NAME:LINE: message" (or "NAME: message" if the decompressor failed).  In
 * strict mode (the default) literals beyond the header's variable count
 * and a clause count that differs from the header are errors; 'relaxed'
 * accepts both.
 *
 * With 'icnf' the reader also takes iCNF, the format of cube-and-conquer
 * tools (as CaDiCaL reads it): the header 'p inccnf' (no counts, any
 * variable), the clauses, then cubes, each 'a' with its literals and 0
 * ("a 1 -2 0"); no clause may follow a cube.  The clauses go to the
 * solver as usual; each cube goes to the 'cube' callback, which decides
 * what to do with it (the command line solves the formula under each
 * in turn).  Independently, the 'clause' callback (if not NULL) is
 * called with every clause before the solver gets it, for a caller
 * that needs the clauses itself (to check models, or to send the formula
 * elsewhere).  Both get 'size' literals without the 0, valid during the
 * call only, and return 1, or 0 if they could not take them (out of
 * memory), which stops the reader with an error.  They may not call back
 * into the solver. */

typedef int einsat_lits_callback (void *data, const int *lits, int size);

typedef struct einsat_dimacs {
  int relaxed;          /* in: accept the deviations listed above */
  int variables;        /* out: variables declared in the header */
  int64_t clauses;      /* out: clauses declared in the header */
  int64_t read_clauses; /* out: clauses read */
  int max_var;          /* out: largest variable in the file (cubes too) */
  int project_size;     /* out: number of variables on 'c ind' lines */
  int *project;         /* out: those variables (malloc'ed, caller frees) */
  int icnf;             /* in: also accept iCNF ('p inccnf', cubes) */
  int incremental;      /* out: the header was 'p inccnf' (counts are 0) */
  int64_t cubes;        /* out: cubes read */
  einsat_lits_callback *clause; /* in: called with every clause, or NULL */
  einsat_lits_callback *cube;   /* in: called with every cube, or NULL */
  void *data;                   /* in: passed to both callbacks */
} einsat_dimacs;

int einsat_read_dimacs_path (einsat *, const char *path, einsat_dimacs *);
int einsat_read_dimacs_file (einsat *, FILE *, const char *name,
                             einsat_dimacs *);

/* The message describing the last failure ("" if there is none). */
const char *einsat_error (const einsat *);

/*------------------------------------------------------------------------*/
/* DRAT proofs.  Every clause the solver adds or deletes is written to
 * 'file' (binary DRAT if 'binary', else text), so that an UNSAT answer
 * without assumptions can be checked with 'einsat-check drat' or
 * drat-trim against the clauses added after the proof was opened.
 * Must be called before the first clause is added.  The file stays owned
 * by the caller; 'einsat_close_proof' flushes it.  Returns 1 on success.
 * Clauses may be added after a solve (new variables too): by default
 * (option 'incremental') the clauses that elimination removes and the
 * definitions of substituted variables stay in the proof, so the proof
 * remains valid for every later solve, and factoring and counting, whose
 * proof variables a later variable could reuse, are skipped.  With 'incremental=0' (the command line) the
 * proof is smaller and faster to check, factoring and counting run, and
 * adding a clause after a solve is a contract violation. */

int einsat_trace_proof (einsat *, FILE *file, int binary);
void einsat_close_proof (einsat *);

/* LRAT proofs: as 'einsat_trace_proof', but every lemma comes with the
 * identifiers of the clauses that imply it by unit propagation, so that
 * a checker ('einsat-check lrat', cake_lpr, lrat-check) needs no search.
 * Original clauses are numbered 1, 2, ... in the order they are added,
 * all before the first solve (adding later is a contract violation).
 * Solves with assumptions keep the proof valid for a later solve
 * without them.  With 'incremental=0', factoring and counting write RAT
 * steps whose hints name every clause with the negated pivot. */
int einsat_trace_lrat (einsat *, FILE *file, int binary);

/*------------------------------------------------------------------------*/
/* All solutions.  Calls 'model' for each model, projected on the
 * 'project_size' variables in 'project' (all variables if 'project' is
 * NULL): 'values' lists each projected variable as a literal (positive
 * if true) and ends with 0.  Enumeration stops when 'model' returns 0,
 * after 'limit' models ('limit' <= 0: no limit), or when a solver limit
 * or termination hits.  Returns the number of models found, or -1 on
 * error; '*complete' (if not NULL) is set to 1 when all models were
 * enumerated.  The formula is left unchanged (only clauses it implies
 * are learned), so the instance can be used further.
 *
 * Projecting on all variables (NULL) costs least per call when the same
 * instance enumerates many times (a batch of puzzles under assumptions):
 * the instance keeps that projection from call to call, importing only
 * variables added since, and 'values' lists variable i at index i - 1.
 * A listed projection is imported at every call.
 *
 * Option 'enumerate' chooses the strategy: 1 (the default) backtracks
 * over the projected decisions, 0 learns a clause blocking each model
 * (removed again afterwards), which makes propagation slower with every
 * model: with hundreds of thousands of models it takes several times as
 * long.  With backtracking, small formulas (options 'dpllvars',
 * 'dpllclauses') are first searched without learning, which is faster
 * on puzzles and counting (bench/RESULTS.md, "Figures behind comments");
 * after 'dpllnodes' decisions (more for every model
 * found) the CDCL search goes on from where it stopped.  Option 'dpll'
 * turns this off.  The search without learning is not used while a
 * decide callback or a trace is set ('einsat_set_decide',
 * 'einsat_set_trace'). */

typedef int einsat_model_callback (void *data, const int *values);
int64_t einsat_enumerate (einsat *, const int *project, int project_size,
                          int64_t limit, einsat_model_callback *,
                          void *data, int *complete);

/*------------------------------------------------------------------------*/
/* Cube-and-conquer: splits the formula into at most 'max_cubes' (> 0)
 * cubes, conjunctions of literals, by lookahead ('src/cube.c': the
 * variable whose two literals together imply the most is split on, the
 * leaf with the most unassigned variables first), and calls 'cube (data,
 * lits, size)' for each (hardest first; 'lits' holds 'size' literals,
 * valid during the call).  Every model of the formula satisfies one of
 * the cubes, so the formula is satisfiable if and only if it is under
 * one of them: the conquering solvers may take them in any order and
 * anywhere (an instance given the same clauses, 'einsat_assume' for each
 * literal).  The pending assumptions start every cube and are consumed,
 * as by 'einsat_solve'.  Splitting stops early at the limits of
 * 'einsat_set_*_limit' (the propagation limit is the natural budget) or
 * on 'einsat_terminate'; the cubes then are the leaves reached so far.
 * Units found on the way (failed literals) are added to the formula
 * (and the proof).  Works on the formula as it is: a short
 * 'einsat_solve' with a conflict limit first lets preprocessing simplify
 * it.  Returns the number of cubes: 0 if lookahead refuted every branch
 * (the formula, under the assumptions, is unsatisfiable), -1 on error
 * or if the callback returned 0 ('einsat_error' says which).  Option
 * 'cubecandidates' bounds the variables looked ahead per split. */
int64_t einsat_cube (einsat *, int max_cubes, einsat_lits_callback *cube,
                     void *data);

/*------------------------------------------------------------------------*/
/* Clause exchange: learned clauses flow between instances that solve the
 * same formula, in this process or elsewhere (threads, MPI ranks, a
 * distributed solver such as Mallob; README.md describes an adapter).
 *
 * 'einsat_set_export' installs a callback that the solving thread calls
 * for each clause the solver learns within the bounds: every unit and
 * binary clause, and larger clauses with at most 'max_size' literals and
 * a glue (the number of decision levels in it, LBD) of at most
 * 'max_glue'.  Units are reported once they are fixed on the root level
 * (learned, found by probing or simplification; not those implied by
 * propagation, which the importer derives itself), with glue 1.
 * 'lits' holds 'size' external literals (no terminating zero) and is
 * only valid during the call.  The callback must not call back into this instance except
 * 'einsat_terminate' and 'einsat_import'.  The clauses are implied by the
 * clauses and cardinality constraints added to this instance (never by
 * its assumptions): clauses over variables that exist only inside the
 * solver (factoring, enumeration, the counters of 'einsat_add_atmost')
 * are never exported.  A NULL callback stops the export.
 *
 * 'einsat_import' queues a clause for the solver and may be called from
 * any thread, also while 'einsat_solve' runs in another one.  The solver
 * takes the queued clauses at the start of the next solve and during
 * the search every 'importint' conflicts (after going back to the root
 * level), as learned clauses of the given glue.  In the search, clauses
 * larger than binary pass a budget of 'importbudget' literals per own
 * conflict (scaled by how often imported clauses are used in
 * conflicts), lowest glue first; the rest is dropped ('import_budget').
 * It drops duplicates of
 * recently shared clauses, clauses over variables it has not seen or
 * has eliminated, clauses satisfied on the root level, and everything
 * while it traces a proof of its own (it could not justify them).  The
 * queue holds 65536 integers (two per clause plus its literals): when it
 * is full the clause is dropped and 0 returned, otherwise 1.  An empty
 * clause makes the solver unsatisfiable.  The first call allocates the
 * queue through the instance's allocator, possibly in the calling
 * thread: a custom allocator must then be thread-safe.
 *
 * Imported clauses MUST be implied by the clauses of the importing
 * instance, which holds when they come from the export of an instance
 * given the same clauses (each may have its own assumptions, options
 * and seed).  Statistics: 'exported_*', 'imported_*', 'import_*'. */

void einsat_set_export (einsat *, void *data, int max_size, int max_glue,
                        void (*export_clause) (void *data, const int *lits,
                                               int size, int glue));
int einsat_import (einsat *, const int *lits, int size, int glue);

/* Lock-step exchange for repeatable runs of several instances (as
 * einsat-mpi's '--epoch' uses it): the solving thread calls
 * 'synchronize' every 'conflicts' (> 0) conflicts of its own search, at
 * a point where it is about to decide.  The solver waits until the
 * callback returns; clauses given to 'einsat_import' meanwhile are
 * imported at a point that depends on the conflict counts only, not on
 * timing.  Exchanging exports and imports only inside the callbacks thus
 * makes the run repeatable.  The callback may call 'einsat_import' and
 * 'einsat_terminate' only.  With option 'threads' > 1 only the calling
 * instance's own search calls it (the workers' synchronize among
 * themselves with option 'deterministic').  A NULL callback removes it. */
void einsat_set_synchronize (einsat *, void *data, int conflicts,
                             void (*synchronize) (void *data));

/*------------------------------------------------------------------------*/
/* Tracing the search for teaching: called for every decision,
 * propagation (with the reason clause), conflict, learned clause and
 * backjump, with external literals.  'clause' is 0-terminated.  While a
 * trace callback is set, the techniques whose steps it cannot show do
 * not run whatever their options say: lucky assignments, the search
 * without learning, Gaussian and Gauss-Jordan elimination, counting,
 * congruence closure and factoring.  A NULL callback removes it. */

typedef enum einsat_event {
  EINSAT_DECIDE,    /* lit decided at level */
  EINSAT_PROPAGATE, /* lit implied at level by clause */
  EINSAT_CONFLICT,  /* clause falsified at level */
  EINSAT_LEARN,     /* clause learned (lit = its asserting literal) */
  EINSAT_BACKJUMP,  /* back to level */
  EINSAT_RESTART    /* back to level 0 */
} einsat_event;
typedef void einsat_trace_callback (void *data, einsat_event, int lit,
                                    int level, const int *clause);
void einsat_set_trace (einsat *, einsat_trace_callback *, void *data);

#ifdef __cplusplus
}
#endif

#endif
