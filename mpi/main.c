/* einsat-mpi: the solver on a cluster, one MPI rank per node or socket,
 * each running a thread portfolio (option 'threads'), after HordeSat and
 * Mallob.  mpi/README.md describes its use; bench/PARALLEL.md measures it.
 *
 * Rank 0 reads the input (so standard input, compressed files and error
 * messages work as for 'einsat', and a parse error is reported once) and
 * broadcasts the clauses; every rank keeps them to check models.  Each
 * rank's solver, diversified by its rank ('einsat_diversify'), searches
 * in a thread of its own while the main thread talks MPI: every round
 * ('--interval') all ranks contribute a fixed-size slot, their state
 * and their best learned clauses ('exchange.c'), to one non-blocking
 * MPI_Iallgather, polled with short sleeps so that waiting costs no CPU.
 * Every rank sees the same gathered slots and takes the same decisions:
 * the lowest rank with an answer wins; rank 0 prints it, after the winner
 * and rank 0 checked the model against the clauses; all ranks exit with
 * the same code (10, 20, 0, or 1 after an error).
 *
 * Cube-and-conquer ('--cubes', or an iCNF file with cubes): rank 0 splits
 * the formula by lookahead ('einsat_cube'), every rank gets the cubes,
 * and each round hands cubes to the ranks with room in their queue of
 * two (hardest first); once none is left, an idle rank takes the
 * queued, not yet started cube of a busy one (work stealing; should the
 * busy rank have started it meanwhile, both solve it, which is
 * harmless).  A rank solves cube after cube with one incremental solver
 * under assumptions, keeps the negation of each unsatisfiable cube's
 * failed assumptions as a clause and shares it.  A satisfiable cube ends
 * the run with its model; the formula is unsatisfiable once every cube
 * is reported unsatisfiable (or one fails without assumptions). */

#include "einsat.h"
#include "exchange.h"

#include <mpi.h>

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

typedef struct ints {
  int *begin;
  size_t size, capacity;
} ints;

/* The header of a rank's slot in the gathered buffer, then the indices
 * of cubes it found unsatisfiable since the last round, then clauses. */
enum {
  SLOT_STATE,    /* one of the states below */
  SLOT_RESULT,   /* 10 or 20 when answered (0: stopped by a limit) */
  SLOT_PENDING,  /* cubes queued or being solved */
  SLOT_STEALABLE, /* a queued cube not started yet, or -1 */
  SLOT_DONE,     /* unsatisfiable cubes listed */
  SLOT_CLAUSES,  /* integers of clause records */
  SLOT_HEADER
};
enum { RUNNING, ANSWERED, FAILED, TIMED_OUT };
#define MAX_DONE 64
#define QUEUE 2 /* cubes per rank, queued or being solved */

typedef struct options {
  const char *path;
  int threads, cubes, interval, buffer;
  int epoch; /* conflicts per round, 0 for rounds by time */
  int64_t lookahead;
  double time_limit;
  bool cube_mode, quiet, verbose, relaxed;
  int argc;
  char **argv; /* solver options are applied from here */
} options;

typedef struct rank {
  int id, ranks;
  options opt;
  einsat *solver;
  exchange ex;
  ints formula; /* clauses, each ending in 0 */
  ints cubes;   /* cubes, each ending in 0 */
  size_t *cube_start;
  int64_t cube_count;
  int vars;
  int64_t clauses; /* read (rank 0) */
  double start;

  /* Shared with the solving thread, under 'lock'. */
  pthread_mutex_t lock;
  pthread_cond_t changed; /* for the main thread: answered or idle */
  pthread_cond_t work;    /* for the solving thread: a cube or 'stop' */
  bool stop, finished;
  bool at_epoch; /* the solver waits for the round of its epoch */
  int result;
  int queue[QUEUE + 1], queued, current;
  ints done; /* unsatisfiable cubes not reported yet */
  int64_t solved;

  /* The main thread's view of the cubes. */
  unsigned char *cube_done;
  int64_t cubes_done, next_cube;
} rank;

/*------------------------------------------------------------------------*/
/* Messages: errors once (from the rank that has them), comments from
 * rank 0 only. */

static int msg_rank;

static void error (const char *fmt, ...) {
  va_list ap;
  va_start (ap, fmt);
  fputs ("einsat-mpi: ", stderr);
  vfprintf (stderr, fmt, ap);
  fputc ('\n', stderr);
  va_end (ap);
}

static void comment (const rank *r, const char *fmt, ...) {
  if (r->id || r->opt.quiet)
    return;
  va_list ap;
  va_start (ap, fmt);
  fputs ("c ", stdout);
  vprintf (fmt, ap);
  fputc ('\n', stdout);
  fflush (stdout);
  va_end (ap);
}

static void out_of_memory (void) {
  error ("rank %d: out of memory", msg_rank);
  MPI_Abort (MPI_COMM_WORLD, 1);
  exit (1);
}

static bool push_ints (ints *v, const int *lits, size_t size, bool end) {
  size_t needed = v->size + size + end;
  if (needed > v->capacity) {
    size_t capacity = v->capacity ? 2 * v->capacity : 1024;
    while (capacity < needed)
      capacity *= 2;
    int *grown = realloc (v->begin, capacity * sizeof *grown);
    if (!grown)
      return false;
    v->begin = grown;
    v->capacity = capacity;
  }
  memcpy (v->begin + v->size, lits, size * sizeof *lits);
  v->size += size;
  if (end)
    v->begin[v->size++] = 0;
  return true;
}

static double wall_time (void) {
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (double) ts.tv_sec + 1e-9 * (double) ts.tv_nsec;
}

/* Waits for a non-blocking collective, sleeping between tests: a busy
 * wait would take a core from the solver threads. */
static void wait_request (MPI_Request *request) {
  int done = 0;
  for (;;) {
    MPI_Test (request, &done, MPI_STATUS_IGNORE);
    if (done)
      return;
    nanosleep (&(struct timespec) {0, 1000000}, 0);
  }
}

static void broadcast (void *buffer, size_t count, MPI_Datatype type,
                       int root) {
  size_t width = type == MPI_INT ? sizeof (int) : sizeof (int64_t);
  char *p = buffer;
  while (count) { /* MPI counts are 'int' */
    int chunk = count > (1u << 28) ? 1 << 28 : (int) count;
    MPI_Request request;
    MPI_Ibcast (p, chunk, type, root, MPI_COMM_WORLD, &request);
    wait_request (&request);
    p += (size_t) chunk * width;
    count -= (size_t) chunk;
  }
}

/*------------------------------------------------------------------------*/
/* The command line: every rank parses it alike, rank 0 reports. */

static const char usage[] =
    "usage: [mpirun -np RANKS] einsat-mpi [OPTION...] FILE\n"
    "\n"
    "Solves the DIMACS CNF (or iCNF) FILE ('-' for standard input, may be\n"
    "compressed) with every MPI rank running a portfolio of solver threads\n"
    "that share learned clauses, within and between ranks.  Prints the\n"
    "result in SAT competition format; exit code 10 for satisfiable, 20\n"
    "for unsatisfiable, 0 for unknown, 1 for errors.  Without mpirun it\n"
    "runs as one rank.\n"
    "\n"
    "  --threads=T       solver threads per rank (default 1)\n"
    "  --cubes[=N]       cube-and-conquer: split into at most N cubes by\n"
    "                    lookahead (default 16 per rank) and solve them as\n"
    "                    work items; an iCNF file's own cubes are used as\n"
    "                    they are, without this option\n"
    "  --lookahead=P     propagations spent on splitting (default 20000000)\n"
    "  --interval=MS     milliseconds between exchange rounds (default 500,\n"
    "                    100 with cubes)\n"
    "  --buffer=INTS     clause integers each rank sends per round with two\n"
    "                    ranks (1500); with R ranks the slot shrinks by\n"
    "                    sqrt(2/R), so a rank receives sqrt(2R) buffers\n"
    "  --time=SECONDS    wall-clock limit (answer UNKNOWN after it)\n"
    "  --epoch=C         a round every C conflicts of each rank's search\n"
    "                    instead of --interval: repeatable runs (one thread\n"
    "                    per rank, no cubes)\n"
    "  --relaxed         accept header count deviations\n"
    "  -q, --quiet       no comment lines     -v, --verbose  more of them\n"
    "  --NAME=VALUE      a solver option (see 'einsat --help')\n"
    "\n"
    "Proofs are not supported: ranks import clauses that no one proof\n"
    "records (use 'einsat --threads=N --proof=FILE' on one machine).\n";

static bool int_value (const char *arg, const char *name, int64_t min,
                       int64_t max, int64_t *value) {
  size_t n = strlen (name);
  if (strncmp (arg, name, n) || arg[n] != '=')
    return false;
  char *end;
  errno = 0;
  long long v = strtoll (arg + n + 1, &end, 10);
  if (errno || end == arg + n + 1 || *end || v < min || v > max) {
    *value = INT64_MIN;
    return true;
  }
  *value = v;
  return true;
}

/* Returns 1 if the option was ours (and valid), 0 if not ours, -1 if it
 * was ours but invalid (reported on rank 0). */
static int own_option (rank *r, const char *arg) {
  static const struct {
    const char *name;
    int64_t min, max;
  } limits[] = {{"--threads", 1, 256},         {"--cubes", 1, 1000000},
                {"--interval", 10, 600000},    {"--buffer", 64, 1 << 20},
                {"--lookahead", 0, INT64_MAX}, {"--time", 1, 1 << 30},
                {"--epoch", 1, 1000000000}};
  options *o = &r->opt;
  for (size_t i = 0; i < sizeof limits / sizeof *limits; i++) {
    int64_t v;
    if (!int_value (arg, limits[i].name, limits[i].min, limits[i].max, &v))
      continue;
    if (v == INT64_MIN) {
      if (!r->id)
        error ("invalid '%s': expected an integer from %" PRId64
               " to %" PRId64, arg, limits[i].min, limits[i].max);
      return -1;
    }
    switch (i) {
    case 0: o->threads = (int) v; break;
    case 1: o->cubes = (int) v, o->cube_mode = true; break;
    case 2: o->interval = (int) v; break;
    case 3: o->buffer = (int) v; break;
    case 4: o->lookahead = v; break;
    case 5: o->time_limit = (double) v; break;
    default: o->epoch = (int) v; break;
    }
    return 1;
  }
  if (!strcmp (arg, "--cubes"))
    o->cube_mode = true;
  else if (!strcmp (arg, "-q") || !strcmp (arg, "--quiet"))
    o->quiet = true;
  else if (!strcmp (arg, "-v") || !strcmp (arg, "--verbose"))
    o->verbose = true;
  else if (!strcmp (arg, "--relaxed"))
    o->relaxed = true;
  else
    return 0;
  return 1;
}

static bool refused (const rank *r, const char *arg) {
  if (strncmp (arg, "--proof", 7) && strncmp (arg, "--lrat", 6))
    return false;
  if (!r->id)
    error ("'%s' is not supported: ranks import clauses that no single "
           "proof records (use 'einsat --threads=N --proof=FILE')", arg);
  return true;
}

/* Solver options: applied to a scratch instance to validate them. */
static int solver_option (const rank *r, const char *arg) {
  einsat *scratch = einsat_new ();
  if (!scratch)
    out_of_memory ();
  int res = einsat_parse_option (scratch, arg);
  if (res < 0 && !r->id)
    error ("%s", einsat_error (scratch));
  else if (!res && !r->id)
    error ("unknown option '%s' (try '--help')", arg);
  einsat_delete (scratch);
  return res;
}

/* Returns -1 to go on, else the exit code. */
static int parse_arguments (rank *r, int argc, char **argv) {
  options *o = &r->opt;
  o->threads = 1, o->buffer = 1500, o->lookahead = 20000000;
  o->argc = argc, o->argv = argv;
  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i];
    if (!strcmp (arg, "-h") || !strcmp (arg, "--help")) {
      if (!r->id)
        fputs (usage, stdout);
      return 0;
    }
    if (arg[0] == '-' && arg[1]) {
      int own = own_option (r, arg);
      if (own < 0 || refused (r, arg))
        return 1;
      if (!own && solver_option (r, arg) <= 0)
        return 1;
    } else if (o->path) {
      if (!r->id)
        error ("more than one input file ('%s' and '%s')", o->path, arg);
      return 1;
    } else
      o->path = arg;
  }
  if (!o->path) {
    if (!r->id)
      error ("no input file (try '--help')");
    return 1;
  }
  if (o->epoch && (o->cube_mode || o->threads > 1)) {
    if (!r->id)
      error ("'--epoch' needs one thread per rank and no cubes");
    return 1;
  }
  if (!o->interval)
    o->interval = o->cube_mode ? 100 : 500;
  return -1;
}

/* '--epoch': the solving thread at the end of an epoch of its search
 * waits until the main thread has done the round (its exports sent, the
 * other ranks' clauses queued for import) or stops. */
static void epoch_reached (void *data) {
  rank *r = data;
  pthread_mutex_lock (&r->lock);
  r->at_epoch = true;
  pthread_cond_signal (&r->changed);
  while (r->at_epoch && !r->stop)
    pthread_cond_wait (&r->work, &r->lock);
  pthread_mutex_unlock (&r->lock);
}

/* The solver of this rank, with the options of the command line. */
static void new_solver (rank *r) {
  r->solver = einsat_new ();
  if (!r->solver)
    out_of_memory ();
  einsat_diversify (r->solver, r->id);
  for (int i = 1; i < r->opt.argc; i++) {
    const char *arg = r->opt.argv[i];
    if (arg[0] == '-' && arg[1] && !own_option (r, arg))
      einsat_parse_option (r->solver, arg); /* validated before */
  }
  einsat_set_option (r->solver, "threads", r->opt.threads);
  if (!exchange_init (&r->ex, exchange_room ((size_t) r->opt.buffer,
                                             r->ranks)))
    out_of_memory ();
  if (r->ranks > 1) /* alone, a rank would pack clauses nobody receives */
    einsat_set_export (r->solver, &r->ex, 32, EXCHANGE_MAX_GLUE,
                       exchange_offer);
  if (r->opt.epoch)
    einsat_set_synchronize (r->solver, r, r->opt.epoch, epoch_reached);
}

/*------------------------------------------------------------------------*/
/* Input: read by rank 0, broadcast to the others. */

static int take_clause (void *data, const int *lits, int size) {
  rank *r = data;
  return push_ints (&r->formula, lits, (size_t) size, true);
}

static int take_cube (void *data, const int *lits, int size) {
  rank *r = data;
  if (!push_ints (&r->cubes, lits, (size_t) size, true))
    return 0;
  r->cube_count++;
  return 1;
}

static bool read_input (rank *r) {
  einsat_dimacs d;
  memset (&d, 0, sizeof d);
  d.relaxed = r->opt.relaxed;
  d.icnf = 1;
  d.clause = take_clause;
  d.cube = take_cube;
  d.data = r;
  if (!einsat_read_dimacs_path (r->solver, r->opt.path, &d)) {
    error ("%s", einsat_error (r->solver));
    return false;
  }
  free (d.project);
  r->vars = d.variables > d.max_var ? d.variables : d.max_var;
  r->clauses = d.read_clauses;
  return true;
}

static void add_clauses (rank *r) {
  for (size_t i = 0, start = 0; i < r->formula.size; i++)
    if (!r->formula.begin[i]) {
      einsat_add_clause (r->solver, r->formula.begin + start, i - start);
      start = i + 1;
    }
}

/* Broadcasts the formula (and cubes) of rank 0; false after an error. */
static bool share_input (rank *r) {
  int64_t info[5] = {0};
  if (!r->id) {
    info[0] = read_input (r);
    info[1] = (int64_t) r->formula.size, info[2] = (int64_t) r->cubes.size;
    info[3] = r->cube_count, info[4] = r->vars;
  }
  broadcast (info, 5, MPI_INT64_T, 0);
  if (!info[0])
    return false;
  r->cube_count = info[3], r->vars = (int) info[4];
  if (r->id) {
    r->formula.size = r->formula.capacity = (size_t) info[1];
    r->cubes.size = r->cubes.capacity = (size_t) info[2];
    r->formula.begin = malloc ((r->formula.size + 1) * sizeof (int));
    r->cubes.begin = malloc ((r->cubes.size + 1) * sizeof (int));
    if (!r->formula.begin || !r->cubes.begin)
      out_of_memory ();
  }
  broadcast (r->formula.begin, r->formula.size, MPI_INT, 0);
  broadcast (r->cubes.begin, r->cubes.size, MPI_INT, 0);
  if (r->id)
    add_clauses (r);
  return true;
}

/*------------------------------------------------------------------------*/
/* Cubes: from the file, or generated by rank 0 ('--cubes'). */

static int generate_cubes (rank *r) {
  double start = wall_time ();
  einsat_set_conflict_limit (r->solver, 1000);
  int res = einsat_solve (r->solver); /* preprocessing; maybe an answer */
  einsat_set_conflict_limit (r->solver, -1);
  if (res < 0)
    error ("%s", einsat_error (r->solver));
  if (res)
    return res;
  int max_cubes = r->opt.cubes ? r->opt.cubes : 16 * r->ranks;
  einsat_set_propagation_limit (r->solver, r->opt.lookahead);
  int64_t cubes = einsat_cube (r->solver, max_cubes, take_cube, r);
  einsat_set_propagation_limit (r->solver, -1);
  if (cubes < 0) {
    error ("%s", einsat_error (r->solver));
    return -1;
  }
  comment (r, "lookahead split the formula into %" PRId64
           " cubes in %.2f seconds", cubes, wall_time () - start);
  return cubes ? 0 : 20;
}

/* Returns 0 to go on, 10 or 20 (rank 0 answered while generating), or
 * -1 after an error. */
static int share_cubes (rank *r) {
  int64_t info[3] = {0};
  if (!r->id) {
    info[0] = generate_cubes (r);
    info[1] = (int64_t) r->cubes.size, info[2] = r->cube_count;
  }
  broadcast (info, 3, MPI_INT64_T, 0);
  if (info[0])
    return (int) info[0];
  r->cube_count = info[2];
  if (r->id) {
    r->cubes.size = r->cubes.capacity = (size_t) info[1];
    r->cubes.begin = malloc ((r->cubes.size + 1) * sizeof (int));
    if (!r->cubes.begin)
      out_of_memory ();
  }
  broadcast (r->cubes.begin, r->cubes.size, MPI_INT, 0);
  return 0;
}

static void index_cubes (rank *r) {
  r->cube_start = malloc (((size_t) r->cube_count + 1) * sizeof (size_t));
  r->cube_done = calloc ((size_t) r->cube_count + 1, 1);
  if (!r->cube_start || !r->cube_done)
    out_of_memory ();
  int64_t k = 0;
  for (size_t i = 0, start = 0; i < r->cubes.size; i++)
    if (!r->cubes.begin[i]) {
      r->cube_start[k++] = start;
      start = i + 1;
    }
}

/*------------------------------------------------------------------------*/
/* The solving thread. */

static void finish (rank *r, int result) {
  pthread_mutex_lock (&r->lock);
  r->finished = true;
  r->result = result;
  pthread_cond_signal (&r->changed);
  pthread_mutex_unlock (&r->lock);
}

static void *solve_portfolio (void *arg) {
  rank *r = arg;
  finish (r, einsat_solve (r->solver));
  return 0;
}

/* After an unsatisfiable cube: the negations of its failed assumptions,
 * implied by the formula, kept and shared.  False if empty (the formula
 * itself is unsatisfiable). */
static bool learn_from_cube (rank *r, const int *cube, ints *clause) {
  clause->size = 0;
  for (const int *p = cube; *p; p++)
    if (einsat_failed (r->solver, *p)) {
      int lit = -*p;
      if (!push_ints (clause, &lit, 1, false))
        out_of_memory ();
    }
  if (!clause->size)
    return false;
  einsat_add_clause (r->solver, clause->begin, clause->size);
  if (r->ranks > 1)
    exchange_offer (&r->ex, clause->begin, (int) clause->size,
                    (int) clause->size);
  return true;
}

/* Takes the next queued cube (-1 once stopped). */
static int next_cube (rank *r) {
  pthread_mutex_lock (&r->lock);
  r->current = -1;
  while (!r->stop && !r->queued) {
    pthread_cond_signal (&r->changed); /* idle: ask for work early */
    pthread_cond_wait (&r->work, &r->lock);
  }
  int cube = -1;
  if (!r->stop) {
    cube = r->queue[0];
    memmove (r->queue, r->queue + 1, (size_t) --r->queued * sizeof (int));
    r->current = cube;
  }
  pthread_mutex_unlock (&r->lock);
  return cube;
}

static void *solve_cubes (void *arg) {
  rank *r = arg;
  ints clause = {0, 0, 0};
  int cube;
  while ((cube = next_cube (r)) >= 0) {
    const int *lits = r->cubes.begin + r->cube_start[cube];
    for (const int *p = lits; *p; p++)
      einsat_assume (r->solver, *p);
    int res = einsat_solve (r->solver);
    if (res == 20 && learn_from_cube (r, lits, &clause)) {
      pthread_mutex_lock (&r->lock);
      r->solved++;
      if (!push_ints (&r->done, &cube, 1, false))
        out_of_memory ();
      pthread_mutex_unlock (&r->lock);
      continue;
    }
    if (res || !r->stop) /* not merely stopped by the main thread */
      finish (r, res);
    break;
  }
  free (clause.begin);
  return 0;
}

/*------------------------------------------------------------------------*/
/* Rounds. */

typedef struct round {
  int *send, *recv;
  size_t slot; /* integers per rank */
  int64_t count;
} round;

/* The real-time clock 'seconds' (>= 0) from now, for a timed wait. */
static struct timespec realtime_in (double seconds) {
  struct timespec t;
  clock_gettime (CLOCK_REALTIME, &t);
  t.tv_sec += (time_t) seconds;
  t.tv_nsec += (long) ((seconds - (double) (time_t) seconds) * 1e9);
  if (t.tv_nsec >= 1000000000)
    t.tv_sec++, t.tv_nsec -= 1000000000;
  return t;
}

/* '--epoch': sleeps until the solver reached the end of its epoch,
 * answered, or the time limit passed (checked every 100 ms). */
static void wait_for_epoch (rank *r) {
  pthread_mutex_lock (&r->lock);
  while (!r->finished && !r->at_epoch &&
         !(r->opt.time_limit &&
           wall_time () - r->start >= r->opt.time_limit)) {
    struct timespec until = realtime_in (0.1);
    pthread_cond_timedwait (&r->changed, &r->lock, &until);
  }
  pthread_mutex_unlock (&r->lock);
}

/* '--epoch': the round is done, the solver goes on. */
static void end_epoch (rank *r) {
  pthread_mutex_lock (&r->lock);
  r->at_epoch = false;
  pthread_cond_signal (&r->work);
  pthread_mutex_unlock (&r->lock);
}

/* Sleeps until the interval since the last round has passed or the
 * solver answered or became idle. */
static void wait_for_round (rank *r, double deadline) {
  double left = deadline - wall_time ();
  if (left <= 0)
    return;
  struct timespec until = realtime_in (left);
  pthread_mutex_lock (&r->lock);
  bool idle = r->opt.cube_mode && !r->queued && r->current < 0;
  if (!r->finished && !idle)
    pthread_cond_timedwait (&r->changed, &r->lock, &until);
  pthread_mutex_unlock (&r->lock);
}

static void fill_slot (rank *r, int *slot, size_t size) {
  pthread_mutex_lock (&r->lock);
  slot[SLOT_STATE] = RUNNING;
  slot[SLOT_RESULT] = 0;
  if (r->finished) {
    slot[SLOT_STATE] = r->result < 0 ? FAILED : ANSWERED;
    slot[SLOT_RESULT] = r->result;
  } else if (r->opt.time_limit && wall_time () - r->start >= r->opt.time_limit)
    slot[SLOT_STATE] = TIMED_OUT;
  slot[SLOT_PENDING] = r->queued + (r->current >= 0);
  slot[SLOT_STEALABLE] = r->queued ? r->queue[r->queued - 1] : -1;
  size_t done = r->done.size < MAX_DONE ? r->done.size : MAX_DONE;
  slot[SLOT_DONE] = (int) done;
  if (done) {
    memcpy (slot + SLOT_HEADER, r->done.begin, done * sizeof (int));
    memmove (r->done.begin, r->done.begin + done,
             (r->done.size - done) * sizeof (int));
    r->done.size -= done;
  }
  pthread_mutex_unlock (&r->lock);
  size_t header = SLOT_HEADER + MAX_DONE;
  slot[SLOT_CLAUSES] = (int) exchange_pack (&r->ex, slot + header,
                                            size - header);
}

/* The outcome all ranks agree on: 'winner' with 10 or 20, or 20 with
 * winner -1 (every cube refuted), 0 (a limit), -1 (an error); 1 to go on. */
static int outcome (rank *r, const round *rd, int *winner) {
  bool failed = false, stopped = false;
  *winner = -1;
  for (int s = 0; s < r->ranks; s++) {
    const int *slot = rd->recv + (size_t) s * rd->slot;
    if (slot[SLOT_STATE] == FAILED)
      failed = true;
    else if (slot[SLOT_STATE] == TIMED_OUT)
      stopped = true;
    else if (slot[SLOT_STATE] == ANSWERED) {
      if (slot[SLOT_RESULT] == 10 || slot[SLOT_RESULT] == 20) {
        if (*winner < 0)
          *winner = s;
      } else
        stopped = true;
    }
  }
  if (failed)
    return -1;
  if (*winner >= 0)
    return rd->recv[(size_t) *winner * rd->slot + SLOT_RESULT];
  if (stopped)
    return 0;
  if (r->opt.cube_mode && r->cubes_done == r->cube_count)
    return 20;
  return 1;
}

static void import_clauses (rank *r, const round *rd) {
  size_t header = SLOT_HEADER + MAX_DONE;
  for (int s = 0; s < r->ranks; s++) {
    const int *slot = rd->recv + (size_t) s * rd->slot;
    if (s == r->id)
      continue;
    size_t size = (size_t) slot[SLOT_CLAUSES];
    if (size > rd->slot - header ||
        !exchange_unpack (&r->ex, r->solver, slot + header, size)) {
      error ("rank %d: malformed clauses from rank %d", r->id, s);
      MPI_Abort (MPI_COMM_WORLD, 1);
    }
  }
}

static void mark_done (rank *r, const round *rd) {
  for (int s = 0; s < r->ranks; s++) {
    const int *slot = rd->recv + (size_t) s * rd->slot;
    for (int i = 0; i < slot[SLOT_DONE] && i < MAX_DONE; i++) {
      int cube = slot[SLOT_HEADER + i];
      if (cube >= 0 && cube < r->cube_count && !r->cube_done[cube]) {
        r->cube_done[cube] = 1;
        r->cubes_done++;
      }
    }
  }
}

static void give (rank *r, int to, int cube) {
  if (to != r->id)
    return;
  pthread_mutex_lock (&r->lock);
  if (r->queued == QUEUE + 1) { /* the assignment keeps at most QUEUE */
    error ("rank %d: internal error: cube queue overflow", r->id);
    MPI_Abort (MPI_COMM_WORLD, 1);
  }
  r->queue[r->queued++] = cube;
  pthread_cond_signal (&r->work);
  pthread_mutex_unlock (&r->lock);
}

/* Takes back a stolen cube if it has not been started. */
static void take_back (rank *r, int cube) {
  pthread_mutex_lock (&r->lock);
  for (int i = 0; i < r->queued; i++)
    if (r->queue[i] == cube) {
      memmove (r->queue + i, r->queue + i + 1,
               (size_t) (r->queued - i - 1) * sizeof (int));
      r->queued--;
      break;
    }
  pthread_mutex_unlock (&r->lock);
}

/* The same assignment on every rank: the next cubes in order to ranks
 * with room, then queued cubes of busy ranks to idle ones. */
static void assign_cubes (rank *r, const round *rd) {
  for (int s = 0; s < r->ranks; s++) {
    const int *slot = rd->recv + (size_t) s * rd->slot;
    for (int room = QUEUE - slot[SLOT_PENDING]; room > 0; room--) {
      while (r->next_cube < r->cube_count && r->cube_done[r->next_cube])
        r->next_cube++;
      if (r->next_cube == r->cube_count)
        break;
      give (r, s, (int) r->next_cube++);
    }
  }
  if (r->next_cube < r->cube_count)
    return;
  bool *stolen = calloc ((size_t) r->ranks, sizeof *stolen);
  if (!stolen)
    out_of_memory ();
  for (int thief = 0; thief < r->ranks; thief++) {
    if (rd->recv[(size_t) thief * rd->slot + SLOT_PENDING])
      continue;
    for (int victim = 0; victim < r->ranks; victim++) {
      int cube = rd->recv[(size_t) victim * rd->slot + SLOT_STEALABLE];
      if (stolen[victim] || cube < 0 || r->cube_done[cube])
        continue;
      stolen[victim] = true;
      if (victim == r->id)
        take_back (r, cube);
      give (r, thief, cube);
      break;
    }
  }
  free (stolen);
}

static int run_rounds (rank *r, int *winner) {
  round rd;
  size_t header = SLOT_HEADER + MAX_DONE;
  rd.slot = header + r->ex.limit;
  rd.send = malloc (rd.slot * sizeof (int));
  rd.recv = malloc (rd.slot * (size_t) r->ranks * sizeof (int));
  if (!rd.send || !rd.recv)
    out_of_memory ();
  int res;
  double report = wall_time () + 10;
  for (rd.count = 0;; rd.count++) {
    if (r->opt.epoch)
      wait_for_epoch (r);
    else
      wait_for_round (r, wall_time () + r->opt.interval / 1000.0);
    fill_slot (r, rd.send, rd.slot);
    MPI_Request request;
    MPI_Iallgather (rd.send, (int) rd.slot, MPI_INT, rd.recv, (int) rd.slot,
                    MPI_INT, MPI_COMM_WORLD, &request);
    wait_request (&request);
    if (r->opt.cube_mode)
      mark_done (r, &rd);
    if ((res = outcome (r, &rd, winner)) != 1)
      break;
    import_clauses (r, &rd);
    if (r->opt.epoch)
      end_epoch (r);
    if (r->opt.cube_mode)
      assign_cubes (r, &rd);
    if (r->opt.verbose && wall_time () >= report) {
      report += 10;
      comment (r, "%.1f s: round %" PRId64 ", cubes refuted %" PRId64
               " of %" PRId64, wall_time () - r->start, rd.count,
               r->cubes_done, r->cube_count);
    }
  }
  comment (r, "%" PRId64 " exchange rounds", rd.count + 1);
  free (rd.send);
  free (rd.recv);
  return res;
}

/* The termination request comes first: a solver waiting at the end of
 * its epoch ('--epoch') then stops as soon as it goes on, and what it
 * does until then does not depend on timing. */
static void stop_solving (rank *r, pthread_t thread) {
  einsat_terminate (r->solver);
  pthread_mutex_lock (&r->lock);
  r->stop = true;
  pthread_cond_signal (&r->work);
  pthread_mutex_unlock (&r->lock);
  pthread_join (thread, 0);
}

/*------------------------------------------------------------------------*/
/* The answer. */

static bool satisfies (const ints *formula, const int *values) {
  bool satisfied = false;
  for (size_t i = 0; i < formula->size; i++) {
    int lit = formula->begin[i];
    if (!lit) {
      if (!satisfied)
        return false;
      satisfied = false;
    } else if (values[abs (lit)] == lit)
      satisfied = true;
  }
  return true;
}

static void print_values (const int *values, int vars) {
  char line[96];
  size_t length = 0;
  for (int v = 1; v <= vars + 1; v++) {
    char number[16];
    int n = snprintf (number, sizeof number, " %d", v <= vars ? values[v] : 0);
    if (!length)
      line[length++] = 'v';
    if (length + (size_t) n > 78) {
      line[length] = 0;
      puts (line);
      length = 1;
    }
    memcpy (line + length, number, (size_t) n);
    length += (size_t) n;
  }
  line[length] = 0;
  puts (line);
}

/* The winner's model (values[0] = 1 if it checked) to every rank; rank 0
 * checks it again and prints it.  Returns the exit code. */
static int announce_model (rank *r, int winner) {
  int *values = calloc ((size_t) r->vars + 1, sizeof *values);
  if (!values)
    out_of_memory ();
  if (r->id == winner) {
    int known = einsat_vars (r->solver);
    for (int v = 1; v <= r->vars; v++)
      values[v] = v <= known ? einsat_val (r->solver, v) : -v;
    values[0] = satisfies (&r->formula, values);
    if (!values[0])
      error ("rank %d: its model does not satisfy the formula", r->id);
  }
  broadcast (values, (size_t) r->vars + 1, MPI_INT, winner);
  int res = values[0] ? 10 : 1;
  if (!r->id && res == 10) {
    if (!satisfies (&r->formula, values)) {
      error ("rank 0: the model of rank %d does not satisfy the formula",
             winner);
      res = 1;
    } else {
      comment (r, "answer by rank %d, model checked", winner);
      puts ("s SATISFIABLE");
      print_values (values, r->vars);
    }
  }
  free (values);
  return res;
}

static int announce (rank *r, int res, int winner) {
  if (res == 10)
    res = announce_model (r, winner);
  else if (!r->id && res == 20) {
    if (winner >= 0)
      comment (r, "answer by rank %d", winner);
    else
      comment (r, "every cube refuted");
    puts ("s UNSATISFIABLE");
  } else if (!r->id && !res)
    puts ("s UNKNOWN");
  if (!r->id && (fflush (stdout) || ferror (stdout))) {
    error ("write error on standard output");
    res = 1;
  }
  int failed = res == 1, any; /* every rank exits alike */
  MPI_Allreduce (&failed, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  return any ? 1 : res;
}

/* The solver's import budget drops and uses what a rank imported (in its
 * own search or, with threads, in its workers'). */
static uint64_t solver_count (rank *r, const char *own, const char *workers) {
  return einsat_statistic (r->solver, own) +
         einsat_statistic (r->solver, workers);
}

/* Milliseconds of CPU time: of this process, and of the calling thread. */
static uint64_t process_cpu_ms (void) {
  struct rusage u;
  if (getrusage (RUSAGE_SELF, &u))
    return 0;
  return (uint64_t) (u.ru_utime.tv_sec + u.ru_stime.tv_sec) * 1000 +
         (uint64_t) (u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1000;
}

static uint64_t thread_cpu_ms (void) {
  struct timespec ts;
  if (clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts))
    return 0;
  return (uint64_t) ts.tv_sec * 1000 + (uint64_t) ts.tv_nsec / 1000000;
}

enum {
  EXPORTED, DROPPED, SENT, RECEIVED, DUPLICATES, IMPORTED, BUDGET, USED,
  CONFLICTS, CPU_MS, MAIN_CPU_MS, STATISTICS
};

/* With '-v', one line per rank: what its search did and cost, and the
 * CPU time of its main thread, which does the MPI calls (waiting for a
 * collective must not take a core from the search; bench/PARALLEL.md). */
static void print_ranks (rank *r, const uint64_t *all) {
  for (int s = 0; s < r->ranks; s++) {
    const uint64_t *n = all + (size_t) s * STATISTICS;
    comment (r, "rank %d: %" PRIu64 " conflicts, %.2f s CPU of which "
             "%.2f s in the MPI thread, %" PRIu64 " clauses exported, %"
             PRIu64 " sent, %" PRIu64 " imported, %" PRIu64 " over the "
             "import budget, %" PRIu64 " used in conflicts",
             s, n[CONFLICTS], n[CPU_MS] / 1000.0, n[MAIN_CPU_MS] / 1000.0,
             n[EXPORTED], n[SENT], n[IMPORTED], n[BUDGET], n[USED]);
  }
}

static void print_statistics (rank *r) {
  uint64_t mine[STATISTICS] = {
      [EXPORTED] = r->ex.exported, [DROPPED] = r->ex.dropped,
      [SENT] = r->ex.sent, [RECEIVED] = r->ex.received,
      [DUPLICATES] = r->ex.duplicates, [IMPORTED] = r->ex.imported,
      [BUDGET] = solver_count (r, "import_budget", "worker_budget"),
      [USED] = solver_count (r, "imported_used", "worker_imported_used"),
      [CONFLICTS] = solver_count (r, "conflicts", "worker_conflicts"),
      [CPU_MS] = process_cpu_ms (), [MAIN_CPU_MS] = thread_cpu_ms ()};
  uint64_t *all = 0;
  if (!r->id && !(all = calloc ((size_t) r->ranks * STATISTICS,
                                sizeof *all)))
    out_of_memory ();
  MPI_Gather (mine, STATISTICS, MPI_UINT64_T, all, STATISTICS,
              MPI_UINT64_T, 0, MPI_COMM_WORLD);
  uint64_t sum[STATISTICS] = {0};
  for (int s = 0; !r->id && s < r->ranks; s++)
    for (int i = 0; i < STATISTICS; i++)
      sum[i] += all[(size_t) s * STATISTICS + i];
  comment (r, "clauses: %" PRIu64 " exported (%" PRIu64 " dropped), %" PRIu64
           " sent, %" PRIu64 " received, %" PRIu64 " duplicates, %" PRIu64
           " imported, %" PRIu64 " over the import budget, %" PRIu64
           " used in conflicts (all ranks)", sum[EXPORTED], sum[DROPPED],
           sum[SENT], sum[RECEIVED], sum[DUPLICATES], sum[IMPORTED],
           sum[BUDGET], sum[USED]);
  if (r->opt.verbose && !r->id)
    print_ranks (r, all);
  free (all);
  comment (r, "%.2f seconds wall-clock", wall_time () - r->start);
}

/*------------------------------------------------------------------------*/

static int solve (rank *r) {
  int res = 0, winner = 0;
  if (r->cube_count && r->opt.epoch) { /* the cubes of an iCNF file */
    if (!r->id)
      error ("'--epoch' does not apply to the cubes of '%s'", r->opt.path);
    return 1;
  }
  comment (r, "einsat-mpi %s: %d rank%s with %d thread%s each",
           einsat_version (), r->ranks, r->ranks == 1 ? "" : "s",
           r->opt.threads, r->opt.threads == 1 ? "" : "s");
  comment (r, "parsed %d variables, %" PRId64 " clauses and %" PRId64
           " cubes", r->vars, r->clauses, r->cube_count);
  comment (r, "exchange: %zu clause integers per rank and round",
           r->ex.limit);
  if (r->opt.cube_mode && !r->cube_count) {
    res = share_cubes (r);
    if (res < 0)
      return 1;
    if (res)
      return announce (r, res, 0);
    if (!r->cube_count) /* the pre-solve answered nothing: impossible */
      return announce (r, 20, -1);
  }
  r->opt.cube_mode = r->cube_count > 0;
  if (r->opt.cube_mode) {
    index_cubes (r);
    comment (r, "solving %" PRId64 " cubes on %d ranks", r->cube_count,
             r->ranks);
  }
  pthread_t thread;
  if (pthread_create (&thread, 0,
                      r->opt.cube_mode ? solve_cubes : solve_portfolio, r)) {
    error ("rank %d: could not start the solving thread", r->id);
    MPI_Abort (MPI_COMM_WORLD, 1);
  }
  res = run_rounds (r, &winner);
  stop_solving (r, thread);
  print_statistics (r);
  if (res >= 0)
    return announce (r, res, winner);
  if (r->finished && r->result < 0) /* this rank failed: it says why */
    error ("rank %d: %s", r->id, einsat_error (r->solver));
  return 1;
}

static void release (rank *r) {
  if (r->solver) {
    einsat_delete (r->solver);
    exchange_release (&r->ex);
  }
  free (r->formula.begin);
  free (r->cubes.begin);
  free (r->done.begin);
  free (r->cube_start);
  free (r->cube_done);
  pthread_mutex_destroy (&r->lock);
  pthread_cond_destroy (&r->changed);
  pthread_cond_destroy (&r->work);
}

int main (int argc, char **argv) {
  int provided;
  if (MPI_Init_thread (&argc, &argv, MPI_THREAD_FUNNELED, &provided)) {
    error ("MPI_Init_thread failed");
    return 1;
  }
  static rank r;
  r.start = wall_time ();
  r.current = -1;
  pthread_mutex_init (&r.lock, 0);
  pthread_cond_init (&r.changed, 0);
  pthread_cond_init (&r.work, 0);
  MPI_Comm_rank (MPI_COMM_WORLD, &r.id);
  MPI_Comm_size (MPI_COMM_WORLD, &r.ranks);
  msg_rank = r.id;
  int res = parse_arguments (&r, argc, argv);
  if (res < 0) {
    new_solver (&r);
    res = share_input (&r) ? solve (&r) : 1;
  }
  release (&r);
  MPI_Finalize ();
  return res;
}
