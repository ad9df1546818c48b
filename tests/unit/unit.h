/* Unit tests kept in files of their own ('tests/unit/unit.c' runs them):
 * each returns false and says why in 'why'. */

#ifndef UNIT_H_INCLUDED
#define UNIT_H_INCLUDED

#include <stdbool.h>
#include <stddef.h>

/* The search without learning ('src/dpll.h') against brute force on
 * 'rounds' random formulas. */
bool unit_dpll_random (char *why, size_t size, long rounds);

#endif
