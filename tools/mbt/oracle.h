#ifndef ORACLE_H_INCLUDED
#define ORACLE_H_INCLUDED

/* The reference the testers trust instead of the solver: a formula over
 * at most 16 variables (numbered 0..15 here, the testers map their own
 * variables onto these) and exhaustive search over all assignments.  An
 * assignment is a bit set: bit 'v' is the value of variable 'v'.  The
 * search evaluates 64 assignments at once, one per bit of a word. */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define ORACLE_VARS 16

typedef struct oracle_clause {
  uint32_t pos, neg; /* variables occurring positively / negatively */
} oracle_clause;

typedef struct oracle {
  int vars; /* assignments range over variables 0..vars-1 */
  size_t size, capacity;
  oracle_clause *clauses;
} oracle;

void oracle_init (oracle *, int vars);
void oracle_release (oracle *);
void oracle_add (oracle *, uint32_t pos, uint32_t neg);

bool oracle_satisfies (const oracle *, uint32_t assignment);

/* Finds an assignment satisfying every clause in which the variables of
 * 'must_true' are true and those of 'must_false' false. */
bool oracle_find (const oracle *, uint32_t must_true, uint32_t must_false,
                  uint32_t *witness);

/* Marks in 'seen' (2^16 bits) the restrictions to 'project' of all such
 * assignments and returns how many different ones there are. */
uint64_t oracle_projections (const oracle *, uint32_t must_true,
                             uint32_t must_false, uint32_t project,
                             uint64_t seen[1 << 10]);

#endif
