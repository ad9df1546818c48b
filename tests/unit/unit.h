/* Unit tests kept in files of their own ('tests/unit/unit.c' runs them):
 * each returns false and says why in 'why'. */

#ifndef UNIT_H_INCLUDED
#define UNIT_H_INCLUDED

#include <stdbool.h>
#include <stddef.h>

/* The search without learning ('src/dpll.h') against brute force on
 * 'rounds' random formulas. */
bool unit_dpll_random (char *why, size_t size, long rounds);

/* The sweeping sub-solver ('src/subsolver.h') against brute force on
 * 'rounds' random formulas, its learned clauses checked to be RUP. */
bool unit_subsolver_random (char *why, size_t size, long rounds);

/* Sweeping finds a known equivalence and backbone of a small circuit;
 * the DRAT proof is checked by 'checker' (einsat-check). */
bool unit_sweep_circuit (char *why, size_t size, const char *checker);

/* Symmetry detection on shuffled pigeonhole and clique colouring
 * formulas, each generator checked against the clauses ('src/symmetry.c'). */
bool unit_symmetry_detect (char *why, size_t size);

/* Answers with symmetry breaking against brute force on 'rounds'
 * symmetric formulas, over later calls too. */
bool unit_symmetry_answers (char *why, size_t size, long rounds);

#endif
