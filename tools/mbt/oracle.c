/* Exhaustive search, 64 assignments per word: the six lowest variables
 * take all their combinations inside a word (the constant patterns of
 * 'low_pattern'), the others are constant per word and enumerated
 * outside.  A clause is satisfied by the assignments of the bits set in
 * the OR of its literals' words. */

#include "oracle.h"

#include <stdlib.h>
#include <string.h>

static const uint64_t low_pattern[6] = {
    0xaaaaaaaaaaaaaaaaull, 0xccccccccccccccccull, 0xf0f0f0f0f0f0f0f0ull,
    0xff00ff00ff00ff00ull, 0xffff0000ffff0000ull, 0xffffffff00000000ull,
};

void oracle_init (oracle *o, int vars) {
  memset (o, 0, sizeof *o);
  o->vars = vars;
}

void oracle_release (oracle *o) {
  free (o->clauses);
  memset (o, 0, sizeof *o);
}

void oracle_add (oracle *o, uint32_t pos, uint32_t neg) {
  if (o->size == o->capacity) {
    o->capacity = o->capacity ? 2 * o->capacity : 64;
    o->clauses = realloc (o->clauses, o->capacity * sizeof *o->clauses);
    if (!o->clauses)
      abort ();
  }
  o->clauses[o->size++] = (oracle_clause) {pos, neg};
}

bool oracle_satisfies (const oracle *o, uint32_t x) {
  for (size_t i = 0; i < o->size; i++)
    if (!((x & o->clauses[i].pos) | (~x & o->clauses[i].neg)))
      return false;
  return true;
}

static uint64_t literals_word (const uint64_t *value, uint32_t pos,
                               uint32_t neg) {
  uint64_t res = 0;
  for (int v = 0; pos | neg; v++, pos >>= 1, neg >>= 1) {
    if (pos & 1)
      res |= value[v];
    if (neg & 1)
      res |= ~value[v];
  }
  return res;
}

/* The assignments of one word that satisfy the formula and the forced
 * values; 'outer' holds the values of the variables from 6 on. */
static uint64_t satisfied_word (const oracle *o, uint32_t outer,
                                uint32_t must_true, uint32_t must_false) {
  uint64_t value[ORACLE_VARS];
  for (int v = 0; v < ORACLE_VARS; v++)
    value[v] = v < 6 ? low_pattern[v] : (outer >> (v - 6) & 1) ? ~0ull : 0;
  uint64_t res = o->vars >= 6 ? ~0ull : (1ull << (1u << o->vars)) - 1;
  for (int v = 0; v < ORACLE_VARS; v++) {
    if (must_true >> v & 1)
      res &= value[v];
    if (must_false >> v & 1)
      res &= ~value[v];
  }
  for (size_t i = 0; res && i < o->size; i++)
    res &= literals_word (value, o->clauses[i].pos, o->clauses[i].neg);
  return res;
}

static uint32_t outer_words (const oracle *o) {
  return o->vars > 6 ? 1u << (o->vars - 6) : 1;
}

static int lowest_bit (uint64_t word) {
  int res = 0;
  while (!(word >> res & 1))
    res++;
  return res;
}

bool oracle_find (const oracle *o, uint32_t must_true, uint32_t must_false,
                  uint32_t *witness) {
  if (must_true & must_false)
    return false;
  for (uint32_t outer = 0; outer < outer_words (o); outer++) {
    uint64_t word = satisfied_word (o, outer, must_true, must_false);
    if (!word)
      continue;
    if (witness)
      *witness = outer << 6 | (uint32_t) lowest_bit (word);
    return true;
  }
  return false;
}

uint64_t oracle_projections (const oracle *o, uint32_t must_true,
                             uint32_t must_false, uint32_t project,
                             uint64_t seen[1 << 10]) {
  memset (seen, 0, (1 << 10) * sizeof *seen);
  uint64_t count = 0;
  if (must_true & must_false)
    return 0;
  for (uint32_t outer = 0; outer < outer_words (o); outer++) {
    uint64_t word = satisfied_word (o, outer, must_true, must_false);
    for (; word; word &= word - 1) {
      uint32_t key = (outer << 6 | (uint32_t) lowest_bit (word)) & project;
      uint64_t bit = 1ull << (key & 63);
      if (!(seen[key >> 6] & bit))
        count++;
      seen[key >> 6] |= bit;
    }
  }
  return count;
}
