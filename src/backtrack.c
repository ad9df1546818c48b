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

void es_backtrack (einsat *solver, unsigned new_level) {
  if (new_level >= solver->level)
    return;
  LOG ("backtracking from level %u to level %u", solver->level, new_level);
  assert (SIZE_STACK (solver->frames) == (size_t) solver->level + 1);
  const frame *f = &PEEK_STACK (solver->frames, new_level + 1);
  unsigned start = f->trail, kept = start;
  if (solver->xmatrix)
    es_unassign_gauss_jordan (solver, start, new_level);
  const bool save = GET_OPTION (phasesaving);
  unsigned search = solver->queue.search;
  unsigned search_stamp =
      search == INVALID ? 0 : solver->links[search].stamp;
  /* Loaded once: the stores through 'signed char *' below may alias
   * anything, which would make the compiler reload them each time. */
  signed char *const values = solver->values, *const saved = solver->saved;
  unsigned *const trail = solver->trail;
  assigned *const vars = solver->assigned;
  const links *const queue_links = solver->links;
  const unsigned *const heap_position = solver->scores.pos;
  const unsigned end = solver->trail_size;
  for (unsigned i = start; i < end; i++) {
    const unsigned lit = trail[i], idx = IDX (lit);
    assigned *a = vars + idx;
    assert (values[lit] > 0);
    if (a->level > new_level) {
      values[lit] = values[NOT (lit)] = 0;
      if (save)
        saved[idx] = NEGATED (lit) ? -1 : 1;
      /* Back into the score heap if a stable-mode decision popped it,
       * and the queue's search start if enqueued after the current. */
      if (heap_position[idx] == INVALID)
        es_heap_push (solver, &solver->scores, idx);
      const unsigned stamp = queue_links[idx].stamp;
      if (stamp > search_stamp)
        search = idx, search_stamp = stamp;
      continue;
    }
    LOG ("keeping out-of-order %s", LOGLIT (lit));
    assert (kept <= i);
    a->trail = kept;
    trail[kept++] = lit;
  }
  solver->queue.search = search;
  solver->trail_size = kept;
  if (solver->propagated > start)
    solver->propagated = start;
  RESIZE_STACK (solver->frames, new_level + 1);
  solver->level = new_level;
}
