#ifndef OPTIONS_H_INCLUDED
#define OPTIONS_H_INCLUDED

/* The one table of solver options: name, default, minimum, maximum and
 * help text.  It generates the 'options' struct, the parser, '--help',
 * range checks and get/set by name.  Options that refine another option
 * carry that option's name as prefix.  Keep the table sorted. */

#define OPTIONS \
  OPTION (block, 0, 0, 1, "blocked clause elimination") \
  OPTION (blockclslim, 100, 2, 100000, "max size of blocked clauses") \
  OPTION (blockeffort, 20, 0, 10000, "per mille of search ticks") \
  OPTION (blockmineffort, 100, 0, 1000000, "min steps (thousands)") \
  OPTION (blockocclim, 100, 0, 100000, "max occurrences of the negation") \
  OPTION (bumpreasons, 1, 0, 1, "bump the reasons of learned literals too") \
  OPTION (bumpreasonslimit, 10, 1, 1000, "max extra bumps per analyzed var") \
  OPTION (bumpreasonsrate, 10, 1, 1000000, "max decisions per conflict") \
  OPTION (check, 0, 0, 1, "check models and learned clauses (slow)") \
  OPTION (cardinality, 1, 0, 1, "refute pigeonhole-like formulas by counting") \
  OPTION (cardinalityeffort, 50, 0, 10000, "per mille of search ticks") \
  OPTION (cardinalitymineffort, 10000, 0, 1000000, "min steps (thousands)") \
  OPTION (chrono, 1, 0, 1, "chronological backtracking") \
  OPTION (chronolevels, 100, 0, 1000000, "max levels a jump may undo") \
  OPTION (congruence, 1, 0, 1, "congruence closure on AND and XOR gates") \
  OPTION (congruenceeffort, 50, 0, 10000, "per mille of search ticks") \
  OPTION (congruencemineffort, 10000, 0, 1000000, "min steps (thousands)") \
  OPTION (congruencerepeat, 1, 0, 1, "again in probing rounds") \
  OPTION (congruencexorsize, 5, 3, 8, "max variables of XOR gates") \
  OPTION (decay, 50, 1, 200, "per mille stable-mode score decay") \
  OPTION (decompose, 1, 0, 1, "equivalent literal substitution") \
  OPTION (deterministic, 0, 0, 1, "threads: same answer for the same seed") \
  OPTION (deterministicepoch, 1000, 1, 1000000000, "conflicts between exchanges") \
  OPTION (dpll, 1, 0, 1, "enumerate small formulas first without learning") \
  OPTION (dpllclauses, 200000, 0, 100000000, "max clauses for it") \
  OPTION (dpllnodes, 2000, 1, 1000000000, "decisions before CDCL takes over") \
  OPTION (dpllpermodel, 64, 0, 1000000, "more decisions per model found") \
  OPTION (dpllvars, 50000, 0, 10000000, "max variables for it") \
  OPTION (dpllweights, 1, 0, 1, "decide by conflicts per clause in it") \
  OPTION (eagersubsume, 20, 0, 100, "eagerly subsume recent learned") \
  OPTION (eliminate, 1, 0, 1, "bounded variable elimination") \
  OPTION (eliminatebound, 16, 0, 1024, "max extra clauses per elimination") \
  OPTION (eliminateclslim, 100, 2, 100000, "max resolvent size") \
  OPTION (eliminateeffort, 100, 0, 10000, "per mille of search ticks") \
  OPTION (eliminategates, 1, 0, 1, "use gate definitions (AND, ITE, ...)") \
  OPTION (eliminateinit, 0, 0, 1000000, "conflicts before the first round") \
  OPTION (eliminateint, 2000, 1, 1000000, "base conflict interval") \
  OPTION (eliminatemineffort, 10000, 0, 1000000, "min steps (thousands)") \
  OPTION (eliminateocclim, 1000, 1, 100000, "max occurrences per literal") \
  OPTION (eliminatexor, 1, 0, 1, "use XOR gate definitions") \
  OPTION (eliminatexorsize, 5, 2, 5, "max XOR gate inputs") \
  OPTION (emafast, 33, 10, 1000, "window of fast glue average") \
  OPTION (emaslow, 1000, 100, 100000, "window of slow averages (glue, decisions)") \
  OPTION (enumerate, 1, 0, 1, "0=blocking clauses, 1=backtracking") \
  OPTION (factor, 1, 0, 1, "bounded variable addition (factoring)") \
  OPTION (factoreffort, 50, 0, 10000, "per mille of search ticks") \
  OPTION (factormineffort, 1000, 0, 1000000, "min steps (thousands)") \
  OPTION (factorsize, 2, 2, 100, "max size of factored clauses") \
  OPTION (gauss, 1, 0, 1, "Gaussian elimination on XOR constraints") \
  OPTION (gausseffort, 50, 0, 10000, "per mille of search ticks") \
  OPTION (gaussmineffort, 10000, 0, 1000000, "min steps (thousands)") \
  OPTION (gaussxorsize, 8, 2, 8, "max size of XOR constraints") \
  OPTION (gaussjordan, 1, 0, 1, "Gauss-Jordan elimination in the search") \
  OPTION (gaussjordancols, 4000, 0, 100000, "max variables in its matrix") \
  OPTION (gaussjordanwords, 1000, 0, 100000, "max matrix words (thousands)") \
  OPTION (hbr, 1, 0, 1, "hyper-binary resolution while probing") \
  OPTION (importint, 50, 1, 1000000, "min conflicts between clause imports") \
  OPTION (incremental, 1, 0, 1, "DRAT proof valid if clauses follow a solve") \
  OPTION (log, 0, 0, 1, "log every step (debug builds only)") \
  OPTION (lucky, 1, 0, 1, "try trivial assignments before the search") \
  OPTION (minimize, 1, 0, 1, "recursive learned clause minimization") \
  OPTION (minimizebinary, 1, 0, 1, "minimize with binary clauses") \
  OPTION (minimizedepth, 1000, 1, 1000000, "minimization depth") \
  OPTION (modeinit, 1000, 1, 1000000, "conflicts before first switch") \
  OPTION (otfs, 1, 0, 1, "on-the-fly strengthening of reasons") \
  OPTION (phase, 1, 0, 1, "initial decision phase") \
  OPTION (phasesaving, 1, 0, 1, "reuse the last value of a variable") \
  OPTION (probe, 1, 0, 1, "failed literal probing") \
  OPTION (probeeffort, 50, 0, 10000, "per mille of search ticks") \
  OPTION (probeint, 2000, 1, 1000000, "base conflict interval") \
  OPTION (probemineffort, 10, 0, 1000000, "min ticks (thousands)") \
  OPTION (reduce, 1, 0, 1, "reduce the learned clause database") \
  OPTION (reducefraction, 75, 10, 100, "percent of tier3 clauses reduced") \
  OPTION (reduceint, 1000, 1, 1000000, "base conflict reduce interval") \
  OPTION (rephase, 1, 0, 1, "reset the saved phases periodically") \
  OPTION (rephaseint, 1000, 1, 1000000, "base rephase interval") \
  OPTION (rephaserandom, 0, 0, 1, "random phases in the rephase cycle") \
  OPTION (restart, 1, 0, 1, "restarts") \
  OPTION (restartint, 1, 1, 10000, "focused: min conflicts per restart") \
  OPTION (restartmargin, 10, 0, 100, "focused: fast/slow glue margin %") \
  OPTION (reluctant, 1, 0, 1, "stable: reluctant doubling restarts") \
  OPTION (reluctantint, 1024, 2, 1000000, "stable: restart base interval") \
  OPTION (reluctantlim, 1048576, 0, 1000000000, "stable: max interval") \
  OPTION (reusetrail, 1, 0, 1, "keep the decisions restarts agree on") \
  OPTION (seed, 0, 0, 2147483647, "random seed") \
  OPTION (shrink, 3, 0, 3, "shrink learned clauses (1=binary, 3=full)") \
  OPTION (shuffle, 0, 0, 1, "random initial decision order (by the seed)") \
  OPTION (stable, 1, 0, 2, "0=focused only, 1=switch modes, 2=stable only") \
  OPTION (subsume, 1, 0, 1, "forward subsumption and strengthening") \
  OPTION (subsumeeffort, 100, 0, 10000, "per mille of search ticks") \
  OPTION (subsumemineffort, 1000, 0, 1000000, "min steps (thousands)") \
  OPTION (target, 2, 0, 2, "target phases (1=stable only, 2=always)") \
  OPTION (threads, 1, 1, 256, "solver threads (a portfolio sharing clauses)") \
  OPTION (threadsdelay, 1000, 0, 1000000000, "conflicts before the threads start") \
  OPTION (threadsdelayticks, 2000, 0, 1000000000, "or thousand ticks before") \
  OPTION (threadsglue, 2, 1, 1000, "max glue of shared clauses (beyond binaries)") \
  OPTION (threadsoversubscribe, 0, 0, 1, "more threads than processors") \
  OPTION (threadssize, 32, 2, 100000, "max size of shared clauses") \
  OPTION (tier1, 2, 1, 100, "glue limit of the always-kept tier") \
  OPTION (tier2, 6, 1, 1000, "glue limit of the kept-if-used tier") \
  OPTION (transred, 1, 0, 1, "transitive reduction of binary clauses") \
  OPTION (transredeffort, 20, 0, 10000, "per mille of search ticks") \
  OPTION (transredmineffort, 10, 0, 1000000, "min ticks (thousands)") \
  OPTION (verbose, 0, 0, 3, "verbosity level") \
  OPTION (vivify, 1, 0, 1, "vivify learned and irredundant clauses") \
  OPTION (vivifyeffort, 100, 0, 10000, "per mille of search ticks") \
  OPTION (vivifyint, 1000, 1, 1000000, "base conflict interval") \
  OPTION (vivifyirredundant, 20, 0, 1000, "irredundant effort (% of learned)") \
  OPTION (vivifymineffort, 10, 0, 1000000, "min ticks (thousands)") \
  OPTION (walk, 1, 0, 1, "local search as rephase step") \
  OPTION (walkeffort, 250, 0, 1000000, "per mille of search ticks") \
  OPTION (walkinitially, 0, 0, 1, "local search before the search") \
  OPTION (walkmineffort, 1000, 0, 1000000, "min ticks (thousands)")

typedef struct options {
#define OPTION(NAME, DEFAULT, MIN, MAX, HELP) int NAME;
  OPTIONS
#undef OPTION
} options;

struct einsat;
void es_init_options (options *);
int *es_option_pointer (options *, const char *name);
int es_option_index (const char *name);

#define GET_OPTION(NAME) (solver->opts.NAME)
#define GET_OPTION_OF(SOLVER, NAME) ((SOLVER)->opts.NAME)

#endif
