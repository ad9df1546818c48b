/* A small deterministic pseudo random generator (SplitMix64), seeded from
 * the 'seed' option: every run with the same seed is the same run. */

#include "internal.h"

uint64_t es_random (uint64_t *state) {
  uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

unsigned es_random_below (uint64_t *state, unsigned limit) {
  return (unsigned) ((es_random (state) >> 32) * limit >> 32);
}
