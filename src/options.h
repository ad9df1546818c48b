#ifndef OPTIONS_H_INCLUDED
#define OPTIONS_H_INCLUDED

/* The one table of solver options: name, default, minimum, maximum, the
 * value in the plain configuration and help text.  It generates the
 * 'options' struct, the parser, '--help', range checks, get/set by name
 * and the plain configuration.  Options that refine another option carry
 * that option's name as prefix.  The table is sorted by name (a unit
 * test checks it).
 *
 * Plain column: the configuration "plain" is textbook CDCL (first-UIP
 * learning with minimization, VMTF, glue restarts), what a trace for
 * teaching should show.  KEEP leaves the default, OFF sets the option to
 * 0, and NOTRACE sets it to 0 and also keeps the technique from running
 * while a trace callback is set ('einsat_set_trace'), whatever its value:
 * the trace has no event for its steps.
 *
 * Effort: a round of a technique may spend '*effort' per mille of the
 * search ticks since its last round, but at least '*mineffort' thousand
 * steps, or that share plus '*baseeffort' thousand (see 'schedule.c').
 * With 'delay' a technique whose round found nothing sits out the next
 * rounds, more of them after each fruitless round ('schedule.c'). */

/* clang-format off */
#define OPTIONS \
  OPTION (atmostdetect, 0, 0, 1, NOTRACE, "at-most-one constraints from binary clauses (not with LRAT)") \
  OPTION (atmostdetecteffort, 20, 0, 10000, KEEP, "per mille of search ticks") \
  OPTION (atmostdetectmin, 4, 3, 1000000, KEEP, "min literals of a detected constraint") \
  OPTION (atmostdetectmineffort, 10000, 0, 1000000, KEEP, "min budget (thousand steps)") \
  OPTION (bandit, 0, 0, 1, OFF, "stable: choose EVSIDS or CHB per restart (UCB1)") \
  OPTION (banditexplore, 100, 0, 10000, KEEP, "per mille weight of UCB1 exploration") \
  OPTION (block, 0, 0, 1, KEEP, "blocked clause elimination") \
  OPTION (blockclslim, 100, 2, 100000, KEEP, "max size of blocked clauses") \
  OPTION (blockeffort, 20, 0, 10000, KEEP, "per mille of search ticks") \
  OPTION (blockmineffort, 100, 0, 1000000, KEEP, "min budget (thousand steps)") \
  OPTION (blockocclim, 100, 0, 100000, KEEP, "max occurrences of the negation") \
  OPTION (bumpreasons, 1, 0, 1, KEEP, "bump the reasons of learned literals too") \
  OPTION (bumpreasonslimit, 10, 1, 1000, KEEP, "max extra bumps per analyzed var") \
  OPTION (bumpreasonsrate, 10, 1, 1000000, KEEP, "max decisions per conflict") \
  OPTION (cardinality, 1, 0, 1, NOTRACE, "refute pigeonhole-like formulas by counting") \
  OPTION (cardinalityeffort, 50, 0, 10000, KEEP, "per mille of search ticks") \
  OPTION (cardinalitymineffort, 10000, 0, 1000000, KEEP, "min budget (thousand steps)") \
  OPTION (check, 0, 0, 1, KEEP, "check models and learned clauses (slow)") \
  OPTION (chrono, 1, 0, 1, OFF, "chronological backtracking") \
  OPTION (chronolevels, 100, 0, 1000000, KEEP, "max levels a jump may undo") \
  OPTION (congruence, 1, 0, 1, NOTRACE, "congruence closure on AND and XOR gates") \
  OPTION (congruenceeffort, 50, 0, 10000, KEEP, "per mille of search ticks") \
  OPTION (congruencemineffort, 10000, 0, 1000000, KEEP, "min budget (thousand steps)") \
  OPTION (congruencerepeat, 1, 0, 1, KEEP, "again in probing rounds") \
  OPTION (congruencexorsize, 5, 3, 8, KEEP, "max variables of XOR gates") \
  OPTION (cubecandidates, 32, 1, 100000, KEEP, "einsat_cube: variables looked ahead per node") \
  OPTION (decay, 50, 1, 200, KEEP, "per mille stable-mode score decay") \
  OPTION (decompose, 1, 0, 1, OFF, "equivalent literal substitution") \
  OPTION (delay, 1, 0, 1, KEEP, "fruitless techniques sit out rounds (schedule.c)") \
  OPTION (deterministic, 0, 0, 1, KEEP, "threads: same answer for the same seed") \
  OPTION (deterministicepoch, 1000, 1, 1000000000, KEEP, "conflicts between exchanges") \
  OPTION (dpll, 1, 0, 1, NOTRACE, "enumerate small formulas first without learning") \
  OPTION (dpllclauses, 200000, 0, 100000000, KEEP, "max clauses for it") \
  OPTION (dpllnodes, 2000, 1, 1000000000, KEEP, "decisions before CDCL takes over") \
  OPTION (dpllpermodel, 64, 0, 1000000, KEEP, "more decisions per model found") \
  OPTION (dpllvars, 50000, 0, 10000000, KEEP, "max variables for it") \
  OPTION (dpllweights, 1, 0, 1, KEEP, "decide by conflicts per clause in it") \
  OPTION (eagersubsume, 20, 0, 100, OFF, "eagerly subsume recent learned") \
  OPTION (eliminate, 1, 0, 1, OFF, "bounded variable elimination") \
  OPTION (eliminatebound, 16, 0, 1024, KEEP, "max extra clauses per elimination") \
  OPTION (eliminateclslim, 100, 2, 100000, KEEP, "max resolvent size") \
  OPTION (eliminateeffort, 100, 0, 10000, KEEP, "per mille of search ticks") \
  OPTION (eliminatefactor, 2, 0, 2, KEEP, "eliminate factoring's variables (1: bound 0)") \
  OPTION (eliminategates, 1, 0, 1, KEEP, "use gate definitions (AND, ITE, ...)") \
  OPTION (eliminateinit, 0, 0, 1000000, KEEP, "conflicts before the first round") \
  OPTION (eliminateint, 2000, 1, 1000000, KEEP, "base conflict interval") \
  OPTION (eliminatemineffort, 10000, 0, 1000000, KEEP, "min budget (thousand steps)") \
  OPTION (eliminateocclim, 1000, 1, 100000, KEEP, "max occurrences per literal") \
  OPTION (eliminatexor, 1, 0, 1, KEEP, "use XOR gate definitions") \
  OPTION (eliminatexorsize, 5, 2, 5, KEEP, "max XOR gate inputs") \
  OPTION (emafast, 33, 10, 1000, KEEP, "window of fast glue average") \
  OPTION (emaslow, 1000, 100, 100000, KEEP, "window of slow averages (glue, decisions)") \
  OPTION (enumerate, 1, 0, 1, KEEP, "0=blocking clauses, 1=backtracking") \
  OPTION (factor, 1, 0, 1, NOTRACE, "bounded variable addition (factoring)") \
  OPTION (factoreffort, 50, 0, 10000, KEEP, "per mille of search ticks") \
  OPTION (factormineffort, 1000, 0, 1000000, KEEP, "min budget (thousand steps)") \
  OPTION (factorsize, 2, 2, 100, KEEP, "max size of factored clauses") \
  OPTION (factoryield, 10, 0, 1000, KEEP, "per mille of clauses a round must remove (0: any)") \
  OPTION (gauss, 1, 0, 1, NOTRACE, "Gaussian elimination on XOR constraints") \
  OPTION (gausseffort, 50, 0, 10000, KEEP, "per mille of search ticks") \
  OPTION (gaussjordan, 1, 0, 1, NOTRACE, "Gauss-Jordan elimination in the search") \
  OPTION (gaussjordancols, 4000, 0, 100000, KEEP, "max variables in its matrix") \
  OPTION (gaussjordansteps, 10000, 0, 1000000, KEEP, "thousand steps to find XORs (x10 to reduce)") \
  OPTION (gaussjordanwords, 1000, 0, 100000, KEEP, "max matrix words (thousands)") \
  OPTION (gaussmineffort, 10000, 0, 1000000, KEEP, "min budget (thousand steps)") \
  OPTION (gausswords, 1000, 0, 100000, KEEP, "max matrix words (thousands)") \
  OPTION (gaussxorsize, 8, 2, 8, KEEP, "max size of XOR constraints") \
  OPTION (hbr, 1, 0, 1, KEEP, "hyper-binary resolution while probing") \
  OPTION (importbudget, 8, 0, 1000000, KEEP, "imported literals per conflict (0 = all)") \
  OPTION (importint, 50, 1, 1000000, KEEP, "min conflicts between clause imports") \
  OPTION (incremental, 1, 0, 1, KEEP, "DRAT proof valid if clauses follow a solve") \
  OPTION (log, 0, 0, 1, KEEP, "log every step (debug builds only)") \
  OPTION (lucky, 1, 0, 1, NOTRACE, "try trivial assignments before the search") \
  OPTION (minimize, 1, 0, 1, KEEP, "recursive learned clause minimization") \
  OPTION (minimizebinary, 1, 0, 1, OFF, "minimize with binary clauses") \
  OPTION (minimizedepth, 1000, 1, 1000000, KEEP, "minimization depth") \
  OPTION (modeinit, 1000, 1, 1000000, KEEP, "conflicts before first switch") \
  OPTION (modestable, 400, 10, 10000, KEEP, "per cent: stable phase ticks per focused") \
  OPTION (otfs, 1, 0, 1, OFF, "on-the-fly strengthening of reasons") \
  OPTION (phase, 1, 0, 1, KEEP, "initial decision phase") \
  OPTION (phasesaving, 1, 0, 1, KEEP, "reuse the last value of a variable") \
  OPTION (probe, 1, 0, 1, OFF, "failed literal probing") \
  OPTION (probebaseeffort, 10, 0, 1000000, KEEP, "thousand ticks added to each budget") \
  OPTION (probeeffort, 50, 0, 10000, KEEP, "per mille of search ticks") \
  OPTION (probeint, 2000, 1, 1000000, KEEP, "base conflict interval") \
  OPTION (reduce, 1, 0, 1, OFF, "reduce the learned clause database") \
  OPTION (reducefraction, 75, 10, 100, KEEP, "percent of tier3 clauses reduced") \
  OPTION (reduceint, 1000, 1, 1000000, KEEP, "base conflict reduce interval") \
  OPTION (reluctant, 1, 0, 1, KEEP, "stable: reluctant doubling restarts") \
  OPTION (reluctantint, 1024, 2, 1000000, KEEP, "stable: restart base interval") \
  OPTION (reluctantlim, 1048576, 0, 1000000000, KEEP, "stable: max interval") \
  OPTION (reorder, 0, 0, 2, OFF, "reorder decisions by clause weights (1=stable only)") \
  OPTION (reorderint, 10000, 1, 1000000, KEEP, "base conflict interval") \
  OPTION (reordermaxsize, 100, 2, 256, KEEP, "max clause size counted") \
  OPTION (rephase, 1, 0, 1, OFF, "reset the saved phases periodically") \
  OPTION (rephaseint, 1000, 1, 1000000, KEEP, "base rephase interval") \
  OPTION (rephaserandom, 0, 0, 1, KEEP, "random phases in the rephase cycle") \
  OPTION (restart, 1, 0, 1, KEEP, "restarts") \
  OPTION (restartint, 1, 1, 10000, KEEP, "focused: min conflicts per restart") \
  OPTION (restartmargin, 10, 0, 100, KEEP, "focused: fast/slow glue margin %") \
  OPTION (reusetrail, 1, 0, 1, OFF, "keep the decisions restarts agree on") \
  OPTION (seed, 0, 0, 2147483647, KEEP, "random seed") \
  OPTION (shrink, 3, 0, 3, OFF, "shrink learned clauses (1=binary, 3=full)") \
  OPTION (shuffle, 0, 0, 1, KEEP, "random initial decision order (by the seed)") \
  OPTION (stable, 1, 0, 2, OFF, "0=focused only, 1=switch modes, 2=stable only") \
  OPTION (subsume, 1, 0, 1, OFF, "forward subsumption and strengthening") \
  OPTION (subsumebaseeffort, 1000, 0, 1000000, KEEP, "thousand steps added to each budget") \
  OPTION (subsumeeffort, 100, 0, 10000, KEEP, "per mille of search ticks") \
  OPTION (sweep, 0, 0, 1, NOTRACE, "SAT sweeping: equivalences, backbones") \
  OPTION (sweepclauses, 1024, 2, 1000000, KEEP, "max clauses of an environment") \
  OPTION (sweepdepth, 2, 1, 100, KEEP, "max distance in an environment") \
  OPTION (sweepeffort, 100, 0, 10000, KEEP, "per mille of search ticks") \
  OPTION (sweepmaxdepth, 3, 1, 100, KEEP, "max distance once all were swept") \
  OPTION (sweepmineffort, 100, 0, 1000000, KEEP, "min budget (thousand steps)") \
  OPTION (sweepsearcheffort, 10000, 1, 100000000, KEEP, "ticks per sub-solver search") \
  OPTION (sweepvars, 256, 2, 100000, KEEP, "max variables of an environment") \
  OPTION (symmetry, 0, 0, 1, NOTRACE, "static symmetry breaking (first solve, see symmetry.c)") \
  OPTION (symmetryeffort, 50, 0, 100000, KEEP, "detection budget (million ticks)") \
  OPTION (symmetrylength, 50, 1, 1000000, KEEP, "max positions of a lex-leader chain") \
  OPTION (symmetrylevels, 16, 1, 1000000, KEEP, "search levels (stored colourings)") \
  OPTION (target, 2, 0, 2, OFF, "target phases (1=stable only, 2=always)") \
  OPTION (threads, 1, 1, 256, KEEP, "solver threads (a portfolio sharing clauses)") \
  OPTION (threadsdelay, 1000, 0, 1000000000, KEEP, "conflicts before the threads start") \
  OPTION (threadsdelayticks, 2000, 0, 1000000000, KEEP, "or thousand ticks before") \
  OPTION (threadsglue, 6, 1, 1000, KEEP, "max glue of shared clauses (beyond binaries)") \
  OPTION (threadsoversubscribe, 0, 0, 1, KEEP, "more threads than processors") \
  OPTION (threadssize, 32, 2, 100000, KEEP, "max size of shared clauses") \
  OPTION (threadsslice, 10000, 1, 1000000000, KEEP, "thousand ticks of a turn when workers wait") \
  OPTION (threadsslots, 0, 0, 256, KEEP, "workers searching at once (0=processors online)") \
  OPTION (tier1, 2, 1, 100, KEEP, "glue limit of the always-kept tier") \
  OPTION (tier2, 6, 1, 1000, KEEP, "glue limit of the kept-if-used tier") \
  OPTION (transred, 1, 0, 1, KEEP, "transitive reduction of binary clauses") \
  OPTION (transredbaseeffort, 10, 0, 1000000, KEEP, "thousand ticks added to each budget") \
  OPTION (transredeffort, 20, 0, 10000, KEEP, "per mille of search ticks") \
  OPTION (verbose, 0, 0, 3, KEEP, "verbosity level") \
  OPTION (vivify, 1, 0, 1, OFF, "vivify learned and irredundant clauses") \
  OPTION (vivifybaseeffort, 10, 0, 1000000, KEEP, "thousand ticks added to each budget") \
  OPTION (vivifyeffort, 100, 0, 10000, KEEP, "per mille of search ticks") \
  OPTION (vivifyint, 1000, 1, 1000000, KEEP, "base conflict interval") \
  OPTION (vivifyirredundant, 20, 0, 1000, KEEP, "irredundant effort (% of learned)") \
  OPTION (vivifysort, 0, 0, 1, KEEP, "decide literals occurring most first (off: not paying)") \
  OPTION (walk, 1, 0, 1, OFF, "local search as rephase step") \
  OPTION (walkboost, 2, 0, 10, KEEP, "walks near a model: effort up to 2^this") \
  OPTION (walkeffort, 250, 0, 1000000, KEEP, "per mille of search ticks") \
  OPTION (walkinitially, 0, 0, 1, KEEP, "local search before the search") \
  OPTION (walkmineffort, 1000, 0, 1000000, KEEP, "min budget (thousand walk ticks)")
/* clang-format on */

typedef struct options {
#define OPTION(NAME, DEFAULT, MIN, MAX, PLAIN, HELP) int NAME;
  OPTIONS
#undef OPTION
} options;

struct einsat;
void es_init_options (options *);
void es_configure_plain (options *);
int *es_option_pointer (options *, const char *name);
int es_option_index (const char *name);

#define GET_OPTION(NAME) (solver->opts.NAME)
#define GET_OPTION_OF(SOLVER, NAME) ((SOLVER)->opts.NAME)

enum plain_column { KEEP, OFF, NOTRACE };

/* 'PLAIN_name' is the plain column of option 'name'. */
enum plain_values {
#define OPTION(NAME, DEFAULT, MIN, MAX, PLAIN, HELP) PLAIN_##NAME = PLAIN,
  OPTIONS
#undef OPTION
};

/* Does the technique of option 'NAME' run?  Its option is set, and a
 * trace is off or can show its steps (see the plain column). */
#define ENABLED(NAME) \
  (GET_OPTION (NAME) && ((int) PLAIN_##NAME != NOTRACE || !solver->trace))

#endif
