/* Printing and looking up the counters of 'stats.h'. */

#include "internal.h"

#include <string.h>

typedef struct counter_row {
  const char *name, *per, *help;
  size_t offset;
} counter_row;

static const counter_row counter_table[] = {
#define COUNTER(NAME, PER, HELP) \
  {#NAME, #PER, HELP, offsetof (statistics, NAME)},
    STATISTICS
#undef COUNTER
};

#define NUMBER_OF_COUNTERS \
  ((int) (sizeof counter_table / sizeof *counter_table))

static uint64_t counter_value (const einsat *solver, int i) {
  return *(const uint64_t *) ((const char *) &solver->stats +
                              counter_table[i].offset);
}

static int counter_index (const char *name) {
  for (int i = 0; i < NUMBER_OF_COUNTERS; i++)
    if (!strcmp (counter_table[i].name, name))
      return i;
  return -1;
}

uint64_t einsat_statistic (const einsat *solver, const char *name) {
  es_require_solver (solver, __func__);
  int i = counter_index (name);
  return i < 0 ? 0 : counter_value (solver, i);
}

int einsat_statistic_info (const einsat *solver, int i, const char **name,
                           uint64_t *value) {
  es_require_solver (solver, __func__);
  if (i < 0 || i >= NUMBER_OF_COUNTERS)
    return 0;
  *name = counter_table[i].name;
  *value = counter_value (solver, i);
  return 1;
}

static const char *const timer_names[] = {
#define TIMER(NAME, HELP) #NAME,
    TIMERS
#undef TIMER
};

static const char *const timer_help[] = {
#define TIMER(NAME, HELP) HELP,
    TIMERS
#undef TIMER
};

/* The time of each technique that ran, and the rest (the search). */
static void print_profile (einsat *solver, FILE *file, double seconds) {
  fprintf (file, "c ---- [ profile ] %s\n",
           "----------------------------------------------------------");
  double techniques = 0;
  for (int i = 0; i < NUMBER_OF_TIMERS; i++) {
    double t = solver->profile[i];
    techniques += t;
    if (t > 0)
      fprintf (file, "c %-20s %14.2f %9.1f %%    %s\n", timer_names[i], t,
               seconds > 0 ? 100 * t / seconds : 0.0, timer_help[i]);
  }
  double rest = seconds > techniques ? seconds - techniques : 0;
  fprintf (file, "c %-20s %14.2f %9.1f %%    %s\n", "search", rest,
           seconds > 0 ? 100 * rest / seconds : 0.0,
           "the search, parsing and the rest");
}

void einsat_print_statistics (einsat *solver, FILE *file) {
  es_require_solver (solver, __func__);
  double seconds = es_process_time () - solver->start_time;
  fprintf (file, "c ---- [ statistics ] %s\n",
           "-------------------------------------------------------");
  for (int i = 0; i < NUMBER_OF_COUNTERS; i++) {
    const counter_row *row = counter_table + i;
    uint64_t value = counter_value (solver, i);
    if (!value)
      continue;
    fprintf (file, "c %-20s %14" PRIu64, row->name, value);
    int per = strcmp (row->per, "none") ? counter_index (row->per) : -1;
    uint64_t base = per < 0 ? 0 : counter_value (solver, per);
    if (per >= 0 && base)
      fprintf (file, " %10.2f %-3s", per == i ? 0 : (double) value / base,
               "per");
    else if (!strcmp (row->name, "propagations") ||
             !strcmp (row->name, "conflicts"))
      fprintf (file, " %10.0f %-3s",
               seconds > 0 ? (double) value / seconds : 0.0, "/s");
    else
      fprintf (file, " %14s", "");
    fprintf (file, "  %s\n", row->help);
  }
  print_profile (solver, file, seconds);
  fprintf (file, "c %-20s %14.2f %14s  %s\n", "time", seconds, "",
           "process time in seconds");
  fprintf (file, "c %-20s %14.1f %14s  %s\n", "memory",
           solver->peak_memory / (double) (1 << 20), "",
           "peak memory of the solver in MB");
  fflush (file);
}
