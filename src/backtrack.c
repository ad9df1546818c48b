/* Undoing assignments down to a given level.  Unassigned variables go
 * back into the decision structures and keep their value as saved phase
 * (phase saving, Pipatsrisawat and Darwiche 2007).
 *
 * After chronological backtracking the trail is not sorted by level: a
 * literal above the first literal of level L + 1 may have a level of at
 * most L.  Such literals stay assigned and move down, in order, and are
 * propagated again: a clause they did not visit before because a
 * literal of a higher level satisfied it may have lost that literal (as
 * in Kissat). */

#include "internal.h"

static void unassign (einsat *solver, unsigned lit, bool save,
                      unsigned *search, uint64_t *search_stamp) {
  unsigned idx = IDX (lit);
  solver->values[lit] = solver->values[NOT (lit)] = 0;
  if (save)
    solver->saved[idx] = NEGATED (lit) ? -1 : 1;
  if (!HEAP_CONTAINS (&solver->scores, idx))
    es_heap_push (solver, &solver->scores, idx);
  uint64_t stamp = solver->links[idx].stamp;
  if (stamp > *search_stamp)
    *search = idx, *search_stamp = stamp;
}

void es_backtrack (einsat *solver, unsigned new_level) {
  if (new_level >= solver->level)
    return;
  LOG ("backtracking from level %u to level %u", solver->level, new_level);
  const frame *f = &PEEK_STACK (solver->frames, new_level + 1);
  unsigned start = f->trail, kept = start;
  bool save = GET_OPTION (phasesaving);
  unsigned search = solver->queue.search;
  uint64_t search_stamp =
      search == INVALID ? 0 : solver->links[search].stamp;
  for (unsigned i = start; i < solver->trail_size; i++) {
    unsigned lit = solver->trail[i];
    assigned *a = VAR (lit);
    if (a->level > new_level) {
      unassign (solver, lit, save, &search, &search_stamp);
      continue;
    }
    a->trail = kept;
    solver->trail[kept++] = lit;
  }
  solver->queue.search = search;
  solver->unassigned += solver->trail_size - kept;
  solver->trail_size = kept;
  if (solver->propagated > start)
    solver->propagated = start;
  RESIZE_STACK (solver->frames, new_level + 1);
  solver->level = new_level;
}
