/* Undoing assignments down to a given level.  Unassigned variables go
 * back into the decision structures and keep their value as saved phase
 * (phase saving, Pipatsrisawat and Darwiche 2007). */

#include "internal.h"

void es_backtrack (einsat *solver, unsigned new_level) {
  if (new_level >= solver->level)
    return;
  LOG ("backtracking from level %u to level %u", solver->level, new_level);
  const frame *f = &PEEK_STACK (solver->frames, new_level + 1);
  unsigned new_trail = f->trail;
  signed char *values = solver->values;
  bool save = GET_OPTION (phasesaving);
  heap *scores = &solver->scores;
  links *link = solver->links;
  unsigned search = solver->queue.search;
  uint64_t search_stamp = search == INVALID ? 0 : link[search].stamp;
  for (unsigned i = solver->trail_size; i-- > new_trail;) {
    unsigned lit = solver->trail[i];
    unsigned idx = IDX (lit);
    values[lit] = values[NOT (lit)] = 0;
    if (save)
      solver->saved[idx] = NEGATED (lit) ? -1 : 1;
    if (!HEAP_CONTAINS (scores, idx))
      es_heap_push (solver, scores, idx);
    if (link[idx].stamp > search_stamp)
      search = idx, search_stamp = link[idx].stamp;
  }
  solver->queue.search = search;
  solver->unassigned += solver->trail_size - new_trail;
  solver->trail_size = new_trail;
  if (solver->propagated > new_trail)
    solver->propagated = new_trail;
  RESIZE_STACK (solver->frames, new_level + 1);
  solver->level = new_level;
}
