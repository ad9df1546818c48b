/* Exponential moving averages with bias correction: with 'beta = 1 -
 * alpha', the biased average is divided by '1 - beta^n' so that the first
 * values are not pulled towards the initial zero (Adam's trick, used for
 * glue averages in CaDiCaL and Kissat). */

#include "internal.h"

void es_init_ema (ema *e, double window) {
  e->value = e->biased = 0;
  e->exp = 1;
  e->alpha = 1.0 / window;
}

void es_update_ema (ema *e, double x) {
  double beta = 1 - e->alpha;
  e->biased += e->alpha * (x - e->biased);
  if (e->exp) {
    e->exp *= beta;
    if (e->exp < 1e-10)
      e->exp = 0;
  }
  e->value = e->exp ? e->biased / (1 - e->exp) : e->biased;
}
