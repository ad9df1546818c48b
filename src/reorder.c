/* Reordering the decisions by the structure of the formula, the idea of
 * Kissat 4's 'reorder' (Biere, Faller, Fazekas, Fleury, Froleyks and
 * Pollitt, SAT Competition 2024 solver description): now and then the
 * decision order is sorted by how much each variable occurs in the
 * irredundant clauses, short clauses counting most, so that after the
 * bumps of a phase of the search have drifted away from the formula's
 * structure, the variables constraining the most and the shortest
 * clauses are decided first again.
 *
 * The weight of a literal sums 2^(2-k) over the irredundant clauses of
 * k unassigned literals it occurs in (k at most 'reordermaxsize';
 * clauses satisfied at the root count nothing); the weight of a variable
 * is the larger of its two literals' weights plus twice the smaller, so
 * that a variable in clauses of both signs ranks higher than one in
 * clauses of a single sign.  Focused mode moves the variables to the
 * front of the queue in ascending weight (ties in their queue order), so
 * the heaviest is decided first; stable mode scales the scores down to
 * at most 1 and adds the weights, so the weights rank first and the old
 * scores break ties, and later bumps take over within a few hundred
 * conflicts.
 *
 * Tuning: option 'reorder' (0 off, 1 stable mode only, 2 both modes),
 * rounds 'reorderint' * k conflicts apart after round k (Kissat's
 * interval of 10,000 conflicts).  Off by default: bench/RESULTS.md
 * ("Variable reordering") has the measurements. */

#include "internal.h"

#include <math.h>
#include <stdlib.h>

typedef struct weighted {
  double weight, tie;
  unsigned idx;
} weighted;

bool es_reordering (einsat *solver) {
  if (!GET_OPTION (reorder) || solver->projecting)
    return false;
  if (!solver->stable && GET_OPTION (reorder) < 2)
    return false;
  return STAT (conflicts) >= solver->limits.reorder;
}

/* 2^(2-k) for the clause 'lits' of 'size' literals, with k its unassigned
 * literals, at most 'reordermaxsize'; 0 if it is satisfied at the
 * root. */
static double clause_weight (einsat *solver, size_t size,
                             const unsigned *lits) {
  unsigned max_size = (unsigned) GET_OPTION (reordermaxsize), k = 0;
  for (size_t i = 0; i < size; i++) {
    unsigned lit = lits[i];
    signed char value = VALUE (lit);
    if (value && LEVEL (lit))
      value = 0; /* assumptions count as unassigned */
    if (value > 0)
      return 0;
    if (!value && k < max_size)
      k++;
  }
  return k < 2 ? 0 : ldexp (1.0, 2 - (int) k);
}

static void add_clause_weight (einsat *solver, double *lit_weights,
                               size_t size, const unsigned *lits) {
  double weight = clause_weight (solver, size, lits);
  if (weight)
    for (size_t i = 0; i < size; i++)
      lit_weights[lits[i]] += weight;
}

/* The weight of each variable, indexed by variable. */
static double *compute_weights (einsat *solver) {
  double *lit_weights = es_calloc (solver, 2 * (size_t) solver->vars,
                                   sizeof *lit_weights);
  for (unsigned lit = 0; lit < 2 * solver->vars; lit++)
    for (all_watches (w, WATCHES (lit)))
      if (w.ref == IRREDUNDANT_BINARY && w.blit > lit) {
        unsigned lits[2] = {lit, w.blit};
        add_clause_weight (solver, lit_weights, 2, lits);
      }
  for (all_stack (unsigned, ref, solver->irredundant)) {
    const clause *c = CLAUSE (ref);
    if (!c->garbage)
      add_clause_weight (solver, lit_weights, c->size, c->lits);
  }
  double *weights = es_calloc (solver, solver->vars, sizeof *weights);
  for (unsigned idx = 0; idx < solver->vars; idx++) {
    double pos = lit_weights[LIT (idx)], neg = lit_weights[NOT (LIT (idx))];
    weights[idx] = pos > neg ? pos + 2 * neg : neg + 2 * pos;
  }
  es_free (solver, lit_weights, 2 * (size_t) solver->vars *
                                    sizeof *lit_weights);
  return weights;
}

static int compare_weighted (const void *p, const void *q) {
  const weighted *a = p, *b = q;
  if (a->weight != b->weight)
    return a->weight < b->weight ? -1 : 1;
  if (a->tie != b->tie)
    return a->tie < b->tie ? -1 : 1;
  return a->idx < b->idx ? -1 : a->idx > b->idx;
}

/* The active variables in ascending weight, ties broken by the current
 * order of the mode (queue stamp or score); returns their number. */
static unsigned sort_by_weight (einsat *solver, const double *weights,
                                weighted *sorted) {
  unsigned n = 0;
  for (unsigned idx = 0; idx < solver->vars; idx++) {
    if (!FLAGS (idx)->active)
      continue;
    double tie = solver->stable ? solver->scores.score[idx]
                                : (double) solver->links[idx].stamp;
    sorted[n++] = (weighted) {weights[idx], tie, idx};
  }
  qsort (sorted, n, sizeof *sorted, compare_weighted);
  return n;
}

static void reorder_queue (einsat *solver, const weighted *sorted,
                           unsigned n) {
  for (unsigned i = 0; i < n; i++) {
    unsigned idx = sorted[i].idx;
    if (idx == solver->queue.last)
      continue;
    es_queue_dequeue (solver, idx);
    es_queue_enqueue (solver, idx);
  }
  solver->queue.search = solver->queue.last;
}

static void reorder_scores (einsat *solver, const weighted *sorted,
                            unsigned n) {
  heap *h = &solver->scores;
  assert (h->filled); /* since entering stable mode */
  double max = h->increment;
  for (unsigned i = 0; i < n; i++)
    if (h->score[sorted[i].idx] > max)
      max = h->score[sorted[i].idx];
  double factor = 1.0 / max;
  for (unsigned idx = 0; idx < solver->vars; idx++)
    h->score[idx] *= factor;
  h->increment *= factor;
  for (unsigned i = 0; i < n; i++) {
    unsigned idx = sorted[i].idx;
    h->score[idx] += sorted[i].weight;
    es_heap_update (solver, h, idx);
  }
}

void es_reorder (einsat *solver) {
  uint64_t count = ++STAT (reordered);
  es_backtrack (solver, (unsigned) SIZE_STACK (solver->assumptions));
  double *weights = compute_weights (solver);
  weighted *sorted = es_malloc (solver, solver->vars * sizeof *sorted);
  unsigned n = sort_by_weight (solver, weights, sorted);
  es_free (solver, weights, solver->vars * sizeof *weights);
  if (solver->stable)
    reorder_scores (solver, sorted, n);
  else
    reorder_queue (solver, sorted, n);
  es_free (solver, sorted, solver->vars * sizeof *sorted);
  solver->limits.reorder =
      es_linear_limit (solver, GET_OPTION (reorderint), count);
  LOG ("reordered %u variables by weight (round %" PRIu64 ")", n, count);
  es_report (solver, 'o');
}
