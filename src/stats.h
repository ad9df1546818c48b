#ifndef STATS_H_INCLUDED
#define STATS_H_INCLUDED

#include <stdint.h>

/* The one table of statistics counters: name, the counter it is shown
 * relative to ('per' column; 'none' = absolute) and help text. */

/* clang-format off */
#define STATISTICS \
  COUNTER (atmost_progressions, none, "native at-most-one and exactly-one constraints stored as progressions") \
  COUNTER (atmostdetect_rounds, none, "at-most-one detection rounds") \
  COUNTER (atmosts_added, none, "native at-most-one constraints added") \
  COUNTER (atmosts_detected, atmostdetect_rounds, "at-most-one constraints detected") \
  COUNTER (atmosts_detected_binaries, atmosts_detected, "binary clauses they replaced") \
  COUNTER (backtracks_chrono, conflicts, "chronological backtracks") \
  COUNTER (bandit_chb, bandit_pulls, "bandit pulls of CHB") \
  COUNTER (bandit_pulls, restarts, "bandit choices (stable restarts)") \
  COUNTER (bandit_switches, bandit_pulls, "bandit switches of the heuristic") \
  COUNTER (blocked, none, "clauses removed as blocked") \
  COUNTER (block_delayed, eliminations, "blocked clause elimination rounds sat out") \
  COUNTER (blockings, conflicts, "blocked clause elimination rounds") \
  COUNTER (bumped_reasons, conflicts, "conflicts also bumping reason sides") \
  COUNTER (cardinality_clauses, cardinality_rounds, "disjoint clauses counted") \
  COUNTER (cardinality_cliques, cardinality_rounds, "cliques covering them") \
  COUNTER (cardinality_refuted, cardinality_rounds, "formulas refuted by counting") \
  COUNTER (cardinality_rounds, none, "counting rounds") \
  COUNTER (cardinality_unfinished, cardinality_rounds, "rounds out of budget (retried)") \
  COUNTER (clauses_irredundant, none, "current irredundant clauses") \
  COUNTER (clauses_redundant, none, "current redundant clauses") \
  COUNTER (collections, conflicts, "arena garbage collections") \
  COUNTER (conflicts, none, "conflicts") \
  COUNTER (conflicts_focused, conflicts, "conflicts in focused mode") \
  COUNTER (conflicts_stable, conflicts, "conflicts in stable mode") \
  COUNTER (congruence_ands, congruence_rounds, "AND gates found by congruence") \
  COUNTER (congruence_equivalences, congruence_rounds, "equivalences found by congruence") \
  COUNTER (congruence_delayed, congruence_rounds, "congruence closure rounds sat out") \
  COUNTER (congruence_matched, congruence_rounds, "gates equal to another gate") \
  COUNTER (congruence_rounds, conflicts, "congruence closure rounds") \
  COUNTER (congruence_units, congruence_rounds, "units found by congruence") \
  COUNTER (congruence_xors, congruence_rounds, "XOR constraints found by congruence") \
  COUNTER (cube_generations, none, "cube generations by lookahead") \
  COUNTER (cubes_generated, cube_generations, "cubes they generated") \
  COUNTER (decisions, conflicts, "decisions") \
  COUNTER (external_decisions, decisions, "decisions by the application") \
  COUNTER (decompositions, conflicts, "equivalent literal substitutions") \
  COUNTER (dpll_decisions, dpll_enumerations, "decisions without learning") \
  COUNTER (dpll_enumerations, none, "enumerations without learning") \
  COUNTER (dpll_handed_over, dpll_enumerations, "of them continued by CDCL") \
  COUNTER (dpll_models, dpll_enumerations, "models found without learning") \
  COUNTER (eager_subsumed, learned, "eagerly subsumed learned clauses") \
  COUNTER (eliminate_delayed, eliminations, "variable elimination rounds sat out") \
  COUNTER (eliminated, variables, "eliminated variables") \
  COUNTER (eliminated_factor, eliminated, "of them added by factoring") \
  COUNTER (eliminations, conflicts, "variable elimination rounds") \
  COUNTER (exactly_added, none, "native exactly-one constraints added") \
  COUNTER (exactly_clauses, exactly_added, "clauses added when needed") \
  COUNTER (exported_binaries, none, "binary clauses exported") \
  COUNTER (exported_clauses, none, "larger clauses exported") \
  COUNTER (exported_units, none, "units exported") \
  COUNTER (factor_added, factored, "clauses added by factoring") \
  COUNTER (factor_delayed, eliminations, "factoring rounds sat out") \
  COUNTER (factor_removed, factored, "clauses removed by factoring") \
  COUNTER (factored, variables, "variables added by factoring") \
  COUNTER (factorings, conflicts, "factoring rounds") \
  COUNTER (failed_literals, none, "failed literals found by probing") \
  COUNTER (fixed, none, "root-level assigned variables") \
  COUNTER (gates, eliminated, "eliminations using a gate definition") \
  COUNTER (xor_gates, gates, "eliminations using an XOR definition") \
  COUNTER (gauss_equivalences, gauss_rounds, "equivalences found by Gauss") \
  COUNTER (gauss_rounds, conflicts, "Gaussian elimination rounds") \
  COUNTER (gauss_steps, gauss_rounds, "steps of Gaussian elimination") \
  COUNTER (gauss_unfinished, gauss_rounds, "rounds out of budget (retried)") \
  COUNTER (gauss_units, gauss_rounds, "units found by Gaussian elimination") \
  COUNTER (gauss_xors, gauss_rounds, "XOR constraints found") \
  COUNTER (gaussjordan_conflicts, conflicts, "conflicts from the matrix") \
  COUNTER (gaussjordan_delayed, eliminations, "Gauss-Jordan matrix builds sat out") \
  COUNTER (gaussjordan_implied, propagations, "literals the matrix implied") \
  COUNTER (gaussjordan_matrices, eliminations, "Gauss-Jordan matrices built") \
  COUNTER (gaussjordan_pivots, propagations, "basic variables replaced") \
  COUNTER (gaussjordan_rows, gaussjordan_matrices, "rows of the matrices") \
  COUNTER (hyper_binaries, none, "hyper-binary resolvents added by probing") \
  COUNTER (import_budget, none, "imported clauses dropped beyond the import budget") \
  COUNTER (import_dropped, none, "imported clauses dropped (unknown, eliminated or satisfied)") \
  COUNTER (import_duplicates, none, "imported clauses dropped as duplicates") \
  COUNTER (import_overflow, none, "clauses lost on a full import queue") \
  COUNTER (imported_binaries, none, "binary clauses imported") \
  COUNTER (imported_clauses, none, "larger clauses imported") \
  COUNTER (imported_units, none, "units imported") \
  COUNTER (imported_unused, imported_clauses, "imported clauses reduced without use") \
  COUNTER (imported_used, imported_clauses, "imported clauses used in a conflict") \
  COUNTER (invariant_checks, none, "checks of derived state (debug builds)") \
  COUNTER (learned, conflicts, "learned clauses") \
  COUNTER (learned_binary, learned, "learned binary clauses") \
  COUNTER (learned_literals, learned, "literals in learned clauses") \
  COUNTER (learned_units, learned, "learned unit clauses") \
  COUNTER (lucky_models, lucky_tries, "formulas satisfied by a lucky assignment") \
  COUNTER (lucky_tries, none, "lucky assignments tried") \
  COUNTER (minimized_binary, learned_literals, "minimized by binary clauses") \
  COUNTER (minimized_literals, learned_literals, "minimized literals") \
  COUNTER (mode_switches, none, "switches between focused and stable") \
  COUNTER (otfs_strengthened, conflicts, "reasons strengthened on the fly") \
  COUNTER (otfs_subsumed, conflicts, "reasons subsumed on the fly") \
  COUNTER (probe_delayed, probings, "failed literal probing rounds sat out") \
  COUNTER (probings, conflicts, "probing rounds") \
  COUNTER (propagations, none, "propagations") \
  COUNTER (queue_restamps, none, "queue stamps renumbered") \
  COUNTER (reduced, learned, "learned clauses reduced") \
  COUNTER (reductions, conflicts, "clause database reductions") \
  COUNTER (reordered, conflicts, "reorderings of the decisions by weight") \
  COUNTER (rephased, conflicts, "rephasing of saved phases") \
  COUNTER (restored, eliminated, "eliminated variables restored") \
  COUNTER (restored_clauses, restored, "clauses restored") \
  COUNTER (resolvents, eliminated, "resolvents added by elimination") \
  COUNTER (restarts, conflicts, "restarts") \
  COUNTER (restarts_reused, restarts, "restarts reusing the trail") \
  COUNTER (shrunken_literals, learned_literals, "shrunken literals") \
  COUNTER (simplifications, conflicts, "root-level simplifications") \
  COUNTER (solves, none, "calls to solve") \
  COUNTER (strengthened, none, "clauses strengthened by subsumption") \
  COUNTER (substituted, variables, "variables substituted (equivalent)") \
  COUNTER (subsumed, none, "clauses removed by subsumption") \
  COUNTER (subsume_delayed, eliminations, "subsumption rounds sat out") \
  COUNTER (subsumptions, conflicts, "subsumption rounds") \
  COUNTER (sweep_completed, sweep_rounds, "sweeps through all variables") \
  COUNTER (sweep_delayed, probings, "SAT sweeping rounds sat out") \
  COUNTER (sweep_equivalences, sweep_rounds, "equivalences found by sweeping") \
  COUNTER (sweep_rounds, conflicts, "SAT sweeping rounds") \
  COUNTER (sweep_searches, sweep_variables, "sub-solver searches of sweeping") \
  COUNTER (sweep_units, sweep_rounds, "units found by sweeping") \
  COUNTER (sweep_unknown, sweep_searches, "sub-solver searches out of budget") \
  COUNTER (sweep_variables, sweep_rounds, "variables swept") \
  COUNTER (symmetry_candidates, symmetry_rounds, "candidate generators tried") \
  COUNTER (symmetry_clauses, symmetry_rounds, "lex-leader clauses added") \
  COUNTER (symmetry_failed, symmetry_candidates, "candidates that were no symmetry") \
  COUNTER (symmetry_generators, symmetry_rounds, "symmetry generators found") \
  COUNTER (symmetry_moved, symmetry_generators, "variables moved by generators") \
  COUNTER (symmetry_rounds, none, "symmetry detection rounds") \
  COUNTER (symmetry_ticks, symmetry_rounds, "detection ticks") \
  COUNTER (symmetry_unfinished, symmetry_rounds, "detections out of budget") \
  COUNTER (ticks, propagations, "propagation ticks (memory accesses)") \
  COUNTER (transred_delayed, probings, "transitive reduction rounds sat out") \
  COUNTER (transitive_reductions, none, "binary clauses transitively reduced") \
  COUNTER (variables, none, "variables in use") \
  COUNTER (vivify_delayed, vivifications, "vivification rounds sat out") \
  COUNTER (vivifications, conflicts, "vivification rounds") \
  COUNTER (vivified, none, "clauses shortened by vivification") \
  COUNTER (vivified_duplicates, vivified, "of them to a binary clause already there (deleted)") \
  COUNTER (vivified_literals, vivified, "literals removed by vivification") \
  COUNTER (walk_delayed, walks, "local search rounds sat out") \
  COUNTER (walk_flips, walks, "flipped variables in local search") \
  COUNTER (walk_improved, walks, "walks improving the phases") \
  COUNTER (walk_models, walks, "walks finding a model") \
  COUNTER (walk_near, walks, "walks ending a few clauses short of a model") \
  COUNTER (walk_records, walks, "walks with fewer falsified clauses than before") \
  COUNTER (walk_ticks, walks, "local search ticks (clause visits, flips)") \
  COUNTER (walks, conflicts, "local search rounds") \
  COUNTER (worker_budget, worker_imported, "clauses threads dropped beyond the import budget") \
  COUNTER (worker_conflicts, none, "conflicts of all threads") \
  COUNTER (worker_decisions, none, "decisions of all threads") \
  COUNTER (worker_duplicates, none, "clauses threads dropped as duplicates") \
  COUNTER (worker_exported, none, "clauses threads exported") \
  COUNTER (worker_imported, none, "clauses threads imported") \
  COUNTER (worker_imported_used, worker_imported, "imported clauses threads used in a conflict") \
  COUNTER (worker_propagations, none, "propagations of all threads") \
  COUNTER (worker_turns, none, "turns of threads taking turns on the run slots") \
  COUNTER (workers_failed, none, "threads that failed (left out)") \
  COUNTER (workers_started, none, "threads started")
/* clang-format on */

typedef struct statistics {
#define COUNTER(NAME, PER, HELP) uint64_t NAME;
  STATISTICS
#undef COUNTER
} statistics;

/* The techniques whose process time is measured, for the profile that
 * '-v' prints after the counters: what each one costs is the first
 * thing to know when scheduling it.  Each timer covers the technique
 * alone, not the techniques it calls ('eliminate' is the elimination of
 * variables, not the Gaussian elimination and the others run before it
 * in the same round); the search is what is left. */

/* clang-format off */
#define TIMERS \
  TIMER (atmostdetect, "at-most-one detection") \
  TIMER (block, "blocked clause elimination") \
  TIMER (cardinality, "counting refutation") \
  TIMER (congruence, "congruence closure") \
  TIMER (decompose, "equivalent literal substitution") \
  TIMER (eliminate, "bounded variable elimination") \
  TIMER (factor, "factoring (bounded variable addition)") \
  TIMER (gauss, "Gaussian elimination") \
  TIMER (gaussjordan, "building Gauss-Jordan matrices") \
  TIMER (lucky, "lucky assignments") \
  TIMER (probe, "failed literal probing") \
  TIMER (reduce, "learned clause reduction") \
  TIMER (reorder, "reordering the decisions") \
  TIMER (simplify, "root-level simplification") \
  TIMER (subsume, "subsumption") \
  TIMER (sweep, "SAT sweeping") \
  TIMER (symmetry, "symmetry detection and breaking") \
  TIMER (transred, "transitive reduction") \
  TIMER (vivify, "vivification") \
  TIMER (walk, "local search")
/* clang-format on */

enum timer_index {
#define TIMER(NAME, HELP) TIMER_##NAME,
  TIMERS
#undef TIMER
  NUMBER_OF_TIMERS,
  NO_TIMER = -1
};

#define INC(NAME) (solver->stats.NAME++)
#define DEC(NAME) (solver->stats.NAME--)
#define ADD(NAME, N) (solver->stats.NAME += (N))
#define SUB(NAME, N) (solver->stats.NAME -= (N))
#define STAT(NAME) (solver->stats.NAME)
#define INC_OF(SOLVER, NAME) ((SOLVER)->stats.NAME++)

#endif
