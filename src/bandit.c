/* The VSIDS/CHB bandit of stable mode (option 'bandit', off by default).
 *
 * Idea: no branching heuristic is best on every formula, and which one
 * pays can change during a run.  Cherif, Habet and Terrioux ("Kissat MAB",
 * SAT Competition 2021 and the winners built on it since) treat the
 * choice between EVSIDS and CHB (conflict history based branching, Liang,
 * Ganesh, Poupart and Czarnecki, AAAI 2016) as a two-armed bandit: at
 * every stable-mode restart UCB1 (Auer, Cesa-Bianchi and Fischer 2002)
 * picks the heuristic for the next restart interval, rewarded by how
 * productive the interval was.
 *
 * Here: the score heap holds the scores of the heuristic in play; the
 * other one's scores wait in 'bandit.vars[idx].inactive', and switching
 * swaps the two and rebuilds the heap (linear, at a restart, where the
 * trail is short).  Both heuristics are updated at every stable-mode
 * conflict, so that the one out of play is current when it is chosen.
 * CHB is updated on the variables bumped by the conflict only (as Kissat
 * MAB does; CHB proper also rewards every propagated variable): score
 * q <- (1 - alpha) q + alpha / (conflicts since its last bump + 1), with
 * alpha falling from 0.4 by 1e-6 per conflict to 0.06 (the values of the
 * CHB paper).  The reward of an interval is c / (c + d) for its c
 * conflicts and d decisions, in [0, 1): conflicts per decision, the
 * "learning rate" CHB itself maximises.  UCB1 picks the arm with the
 * highest mean reward plus 'banditexplore' / 1000 * sqrt (ln N / n).
 *
 * Memory: 16 bytes per variable, allocated at the first stable phase
 * with the option on, never otherwise.  Tuning: bench/RESULTS.md. */

#include "internal.h"

#include <math.h>

#define CHB_STEP_START 0.4
#define CHB_STEP_MIN 0.06
#define CHB_STEP_DECAY 1e-6

static void enlarge_bandit (einsat *solver) {
  bandit *b = &solver->bandit;
  if (b->capacity >= solver->capacity)
    return;
  RESIZE_ARRAY (b->vars, b->capacity, solver->capacity);
  for (unsigned idx = b->capacity; idx < solver->capacity; idx++)
    b->vars[idx] = (bandit_var) {0, 0};
  b->capacity = solver->capacity;
}

/* New variables start at score zero in both heuristics. */
void es_bandit_new_variable (einsat *solver, unsigned idx) {
  bandit *b = &solver->bandit;
  if (!b->vars)
    return;
  enlarge_bandit (solver);
  b->vars[idx] = (bandit_var) {0, 0};
}

void es_release_bandit (einsat *solver) {
  bandit *b = &solver->bandit;
  DELETE_ARRAY (b->vars, b->capacity);
  b->capacity = 0;
}

/* Only in stable mode, where the heap is filled ('es_fill_heap'). */
static void rebuild_heap (einsat *solver) {
  heap *h = &solver->scores;
  assert (h->filled);
  unsigned size = h->size;
  for (unsigned i = 0; i < size; i++) {
    unsigned idx = h->array[i];
    h->pos[idx] = INVALID;
  }
  h->size = 0;
  /* Pushing in the old order: the scores are new, the set is not. */
  for (unsigned i = 0; i < size; i++)
    es_heap_push (solver, h, h->array[i]);
}

static void swap_heuristics (einsat *solver) {
  bandit *b = &solver->bandit;
  double *score = solver->scores.score;
  for (unsigned idx = 0; idx < solver->vars; idx++) {
    double tmp = score[idx];
    score[idx] = b->vars[idx].inactive;
    b->vars[idx].inactive = tmp;
  }
  b->chb = !b->chb;
  INC (bandit_switches);
  rebuild_heap (solver);
  LOG ("bandit: now deciding by %s", b->chb ? "CHB" : "EVSIDS");
}

static void reward_pull (einsat *solver) {
  bandit *b = &solver->bandit;
  if (!b->pulling)
    return;
  double conflicts = (double) (STAT (conflicts) - b->conflicts);
  double decisions = (double) (STAT (decisions) - b->decisions);
  double reward = conflicts + decisions > 0
                      ? conflicts / (conflicts + decisions) : 0;
  b->pulls[b->chb]++;
  b->rewards[b->chb] += reward;
  b->pulling = false;
}

static double upper_bound (const bandit *b, int arm, double explore) {
  double n = (double) b->pulls[arm];
  double total = (double) (b->pulls[0] + b->pulls[1]);
  return b->rewards[arm] / n + explore * sqrt (log (total) / n);
}

static bool choose_chb (einsat *solver) {
  const bandit *b = &solver->bandit;
  if (!b->pulls[0] || !b->pulls[1])
    return b->pulls[0] > 0;
  double explore = GET_OPTION (banditexplore) / 1000.0;
  return upper_bound (b, 1, explore) > upper_bound (b, 0, explore);
}

/* At a stable-mode restart and on entering stable mode: the interval
 * that ends earns its reward, UCB1 picks the next heuristic. */
void es_bandit_select (einsat *solver) {
  if (!GET_OPTION (bandit) || !solver->stable || solver->projecting)
    return;
  bandit *b = &solver->bandit;
  if (!b->vars) {
    enlarge_bandit (solver);
    b->step = CHB_STEP_START;
  }
  reward_pull (solver);
  if (choose_chb (solver) != b->chb)
    swap_heuristics (solver);
  INC (bandit_pulls);
  if (b->chb)
    INC (bandit_chb);
  b->pulling = true;
  b->conflicts = STAT (conflicts);
  b->decisions = STAT (decisions);
}

/* Leaving stable mode ends the current interval. */
void es_bandit_stop (einsat *solver) { reward_pull (solver); }

/* The CHB update of the variables of a stable-mode conflict; the heap
 * follows if CHB is in play. */
void es_bandit_bump (einsat *solver) {
  bandit *b = &solver->bandit;
  if (!b->vars)
    return;
  heap *h = &solver->scores;
  uint64_t conflicts = STAT (conflicts);
  double step = b->step;
  for (all_stack (unsigned, idx, solver->analyzed)) {
    bandit_var *v = b->vars + idx;
    double reward = 1.0 / (double) (conflicts - v->conflict + 1);
    v->conflict = conflicts;
    double *q = b->chb ? h->score + idx : &v->inactive;
    *q = (1 - step) * *q + step * reward;
    if (b->chb)
      es_heap_update (solver, h, idx);
  }
  if (step > CHB_STEP_MIN)
    b->step = step - CHB_STEP_DECAY;
}
