/* The CPython extension 'einsat._einsat': the incremental 'Solver' type,
 * the pycosat-compatible 'solve' and 'itersolve', and the option table.
 * The pure-Python package 'einsat' (python/einsat/) adds named variables
 * and cardinality encodings on top.
 *
 * The library aborts the process on any API contract violation, so this
 * layer checks everything before it calls the library: literals are
 * converted and range-checked into a buffer first (a bad clause raises
 * TypeError or ValueError and nothing of it reaches the solver), the
 * model is only read in the SAT state, failed assumptions only in UNSAT.
 *
 * Solving runs with the GIL released.  A 'busy' flag, tested and set
 * while holding the GIL, keeps a second thread from using the same
 * instance meanwhile (RuntimeError); only 'interrupt' is allowed, which
 * maps to the thread-safe 'einsat_terminate'.  When the main thread
 * solves, SIGINT is routed to 'einsat_terminate' as well and then handed
 * on to Python's own handler, so Ctrl-C raises KeyboardInterrupt
 * promptly instead of waiting for the search to finish.
 *
 * Limits follow one rule, the command line's: None means no limit, a
 * negative (or NaN) limit is a ValueError.  Only the pycosat-compatible
 * functions keep pycosat's 'prop_limit=0' for no limit.  Propagation
 * limits are the library's exact 'einsat_set_propagation_limit'.
 *
 * Every str handed to the library is checked for embedded NUL
 * characters, which would cut it short ('seed\0junk' is not 'seed').  A
 * proof the library could not write (a full disk, '/dev/full') raises
 * OSError from solve() and close(): the stream's error flag is checked
 * after each call that writes it. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <pythread.h>

#include "einsat.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NO_RESULT (-2)  /* no solve since the last change */
#define INTERRUPTED (-3) /* a Python exception from a signal handler */

/*------------------------------------------------------------------------*/
/* Growable 'int' buffers.  The raw allocator needs no GIL, so the model
 * callback of 'einsat_enumerate' may use them while the GIL is released.
 * Callers holding the GIL turn a failure into MemoryError. */

typedef struct ints {
  int *data;
  size_t size, capacity;
} ints;

static bool push_int (ints *s, int x) {
  if (s->size == s->capacity) {
    size_t capacity = s->capacity ? 2 * s->capacity : 16;
    int *data = PyMem_RawRealloc (s->data, capacity * sizeof *data);
    if (!data)
      return false;
    s->data = data;
    s->capacity = capacity;
  }
  s->data[s->size++] = x;
  return true;
}

static void release_ints (ints *s) {
  PyMem_RawFree (s->data);
  s->data = 0;
  s->size = s->capacity = 0;
}

/*------------------------------------------------------------------------*/
/* Converting Python objects to literals.  'context' names what is being
 * converted ("clause 3", "assumption") for the error message. */

static int parse_literal (PyObject *obj, const char *context, int *lit) {
  if (PyLong_CheckExact (obj)) { /* fast path: no '__index__' call */
    int overflow;
    long value = PyLong_AsLongAndOverflow (obj, &overflow);
    if (!overflow && value && value >= -EINSAT_MAX_VAR &&
        value <= EINSAT_MAX_VAR) {
      *lit = (int) value;
      return 0;
    }
  }
  if (PyBool_Check (obj)) {
    PyErr_Format (PyExc_TypeError,
                  "%s: literal must be an int, not bool", context);
    return -1;
  }
  if (!PyLong_Check (obj) && !PyIndex_Check (obj)) {
    PyErr_Format (PyExc_TypeError,
                  "%s: literal must be an int, not '%.100s'", context,
                  Py_TYPE (obj)->tp_name);
    return -1;
  }
  PyObject *number = PyNumber_Index (obj);
  if (!number)
    return -1;
  int overflow;
  long value = PyLong_AsLongAndOverflow (number, &overflow);
  Py_DECREF (number);
  if (value == -1 && PyErr_Occurred ())
    return -1;
  if (overflow || value < -EINSAT_MAX_VAR || value > EINSAT_MAX_VAR) {
    PyErr_Format (PyExc_ValueError,
                  "%s: literal %R is out of range (variables are 1..%d)",
                  context, obj, EINSAT_MAX_VAR);
    return -1;
  }
  if (!value) {
    PyErr_Format (PyExc_ValueError,
                  "%s: 0 is not a literal (literals are non-zero ints)",
                  context);
    return -1;
  }
  *lit = (int) value;
  return 0;
}

static int push_literal (PyObject *obj, const char *context, ints *lits,
                         int *max_var) {
  int lit;
  if (parse_literal (obj, context, &lit) < 0)
    return -1;
  if (!push_int (lits, lit)) {
    PyErr_NoMemory ();
    return -1;
  }
  if (abs (lit) > *max_var)
    *max_var = abs (lit);
  return 0;
}

/* Appends the literals of the iterable 'items' to 'lits'.  Lists and
 * tuples are read in place; items are held while converted because an
 * '__index__' method could change the list. */
static int push_literals (PyObject *items, const char *context, ints *lits,
                          int *max_var) {
  if (PyList_Check (items) || PyTuple_Check (items)) {
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE (items); i++) {
      PyObject *item = PySequence_Fast_GET_ITEM (items, i);
      Py_INCREF (item);
      int res = push_literal (item, context, lits, max_var);
      Py_DECREF (item);
      if (res < 0)
        return -1;
    }
    return 0;
  }
  PyObject *iterator = 0;
  if (!PyUnicode_Check (items) && !PyBytes_Check (items))
    iterator = PyObject_GetIter (items);
  if (!iterator) {
    if (PyErr_Occurred () && !PyErr_ExceptionMatches (PyExc_TypeError))
      return -1;
    PyErr_Clear ();
    PyErr_Format (PyExc_TypeError,
                  "%s: expected an iterable of ints, not '%.100s'", context,
                  Py_TYPE (items)->tp_name);
    return -1;
  }
  PyObject *item;
  while ((item = PyIter_Next (iterator))) {
    int res = push_literal (item, context, lits, max_var);
    Py_DECREF (item);
    if (res < 0) {
      Py_DECREF (iterator);
      return -1;
    }
  }
  Py_DECREF (iterator);
  return PyErr_Occurred () ? -1 : 0;
}

/* One clause, terminated by 0 in 'lits'.  'index' < 0: a single clause. */
static int push_clause (PyObject *clause, Py_ssize_t index, ints *lits,
                        int *max_var) {
  char context[48];
  if (index < 0)
    snprintf (context, sizeof context, "clause");
  else
    snprintf (context, sizeof context, "clause %zd", index);
  if (push_literals (clause, context, lits, max_var) < 0)
    return -1;
  if (!push_int (lits, 0)) {
    PyErr_NoMemory ();
    return -1;
  }
  return 0;
}

/* All clauses of the iterable 'clauses', each terminated by 0. */
static int push_clauses (PyObject *clauses, ints *lits, int *max_var,
                         Py_ssize_t *count) {
  PyObject *iterator = PyObject_GetIter (clauses);
  if (!iterator) {
    if (PyErr_ExceptionMatches (PyExc_TypeError)) {
      PyErr_Clear ();
      PyErr_Format (PyExc_TypeError,
                    "clauses must be an iterable of clauses (iterables "
                    "of ints), not '%.100s'",
                    Py_TYPE (clauses)->tp_name);
    }
    return -1;
  }
  Py_ssize_t index = 0;
  PyObject *clause;
  while ((clause = PyIter_Next (iterator))) {
    int res = push_clause (clause, index++, lits, max_var);
    Py_DECREF (clause);
    if (res < 0) {
      Py_DECREF (iterator);
      return -1;
    }
  }
  Py_DECREF (iterator);
  if (count)
    *count = index;
  return PyErr_Occurred () ? -1 : 0;
}

/* The UTF-8 text of the str 'obj' for the library, or 0 with TypeError
 * (not a str) or ValueError (an embedded NUL would cut it short in C). */
static const char *c_string (PyObject *obj, const char *what) {
  if (!PyUnicode_Check (obj)) {
    PyErr_Format (PyExc_TypeError, "%s must be a str, not '%.100s'", what,
                  Py_TYPE (obj)->tp_name);
    return 0;
  }
  Py_ssize_t size;
  const char *text = PyUnicode_AsUTF8AndSize (obj, &size);
  if (text && strlen (text) != (size_t) size) {
    PyErr_Format (PyExc_ValueError, "%s must not contain NUL characters: "
                  "%R", what, obj);
    return 0;
  }
  return text;
}

static void add_literals (einsat *solver, const ints *lits) {
  for (size_t i = 0; i < lits->size; i++)
    einsat_add (solver, lits->data[i]);
}

/* Optional limits: None means no limit, a negative number is an error
 * ('*limit' is then -1 for the library: no limit). */
static int parse_limit (PyObject *obj, const char *name, long long *limit) {
  *limit = -1;
  if (!obj || obj == Py_None)
    return 0;
  if (PyBool_Check (obj) || !PyIndex_Check (obj)) {
    PyErr_Format (PyExc_TypeError,
                  "%s must be an int or None, not '%.100s'", name,
                  Py_TYPE (obj)->tp_name);
    return -1;
  }
  PyObject *number = PyNumber_Index (obj);
  if (!number)
    return -1;
  int overflow;
  long long value = PyLong_AsLongLongAndOverflow (number, &overflow);
  Py_DECREF (number);
  if (value == -1 && PyErr_Occurred ())
    return -1;
  if (overflow > 0)
    value = LLONG_MAX; /* beyond any count: no limit */
  else if (overflow < 0 || value < 0) {
    PyErr_Format (PyExc_ValueError,
                  "%s must not be negative (None: no limit), not %R", name,
                  obj);
    return -1;
  }
  *limit = value;
  return 0;
}

/*------------------------------------------------------------------------*/
/* Ctrl-C while the main thread solves.  Python's own SIGINT handler only
 * sets a flag that the interpreter checks between bytecodes, which would
 * wait for the end of the search.  So while the main thread is in the
 * solver, SIGINT goes to 'on_sigint', which stops the solver and calls
 * the saved handler, and afterwards 'PyErr_CheckSignals' runs the Python
 * level handler (KeyboardInterrupt by default).  If SIGINT is ignored or
 * has its default action, nothing is installed. */

static unsigned long main_thread_ident;
static einsat *volatile sigint_solver;
static volatile sig_atomic_t sigint_seen;
static struct sigaction saved_sigint;
static PyObject *early_type, *early_value, *early_traceback;

/* The signal may arrive in another thread, and the solving thread checks
 * 'sigint_seen' and Python's flag as soon as the solver stops: both are
 * set before the solver is told to stop (the other order lost Ctrl-C on
 * a busy machine). */
static void on_sigint (int sig) {
  sigint_seen = 1;
  if (!(saved_sigint.sa_flags & SA_SIGINFO) &&
      saved_sigint.sa_handler != SIG_DFL &&
      saved_sigint.sa_handler != SIG_IGN)
    saved_sigint.sa_handler (sig);
  einsat *solver = sigint_solver;
  if (solver)
    einsat_terminate (solver);
}

static bool guard_sigint (einsat *solver) {
  if (PyThread_get_thread_ident () != main_thread_ident || sigint_solver)
    return false;
  struct sigaction current;
  if (sigaction (SIGINT, 0, &current) || (current.sa_flags & SA_SIGINFO) ||
      current.sa_handler == SIG_DFL || current.sa_handler == SIG_IGN)
    return false;
  struct sigaction mine;
  memset (&mine, 0, sizeof mine);
  mine.sa_handler = on_sigint;
  sigemptyset (&mine.sa_mask);
  mine.sa_flags = current.sa_flags & ~SA_RESETHAND;
  saved_sigint = current;
  sigint_seen = 0;
  sigint_solver = solver;
  if (!sigaction (SIGINT, &mine, 0)) {
    /* A Ctrl-C that came just before is pending in Python: its
     * exception is raised after a solve stopped at once. */
    if (PyErr_CheckSignals () < 0) {
      PyErr_Fetch (&early_type, &early_value, &early_traceback);
      einsat_terminate (solver);
    }
    return true;
  }
  sigint_solver = 0;
  return false;
}

/* Returns -1 with the exception of the Python handler set, if any. */
static int unguard_sigint (bool guarded) {
  if (!guarded)
    return 0;
  sigaction (SIGINT, &saved_sigint, 0);
  sigint_solver = 0;
  if (early_type) {
    sigint_seen = 0;
    PyErr_Restore (early_type, early_value, early_traceback);
    early_type = early_value = early_traceback = 0;
    return -1;
  }
  if (!sigint_seen)
    return 0;
  sigint_seen = 0;
  return PyErr_CheckSignals ();
}

/* 'einsat_solve' without the GIL; INTERRUPTED if Ctrl-C raised. */
static int run_solve (einsat *solver) {
  bool guarded = guard_sigint (solver);
  int res;
  Py_BEGIN_ALLOW_THREADS
  res = einsat_solve (solver);
  Py_END_ALLOW_THREADS
  if (unguard_sigint (guarded) < 0)
    return INTERRUPTED;
  return res;
}

/* Out of memory, or a combination the library refuses (option
 * 'threads' with a decide function or an enumeration): a ValueError. */
static PyObject *solver_error (einsat *solver) {
  const char *message = einsat_error (solver);
  PyErr_Format (strstr (message, "not supported") ? PyExc_ValueError
                                                  : PyExc_MemoryError,
                "einsat: %s", *message ? message : "out of memory");
  return 0;
}

/*------------------------------------------------------------------------*/
/* The 'Solver' type. */

typedef struct solver_object {
  PyObject_HEAD
  einsat *solver; /* 0 after 'delete' */
  FILE *proof;
  PyObject *proof_path; /* for the message when it cannot be written */
  int proof_errno;      /* errno after the first failed write, or 0 */
  bool lrat;       /* the proof is LRAT: no clauses after the first solve */
  bool solved;     /* 'solve' was called */
  int max_var;     /* largest variable used or allocated */
  int result;      /* last 'einsat_solve' result or NO_RESULT */
  bool busy;       /* solving with the GIL released */
  int64_t clauses; /* added through this object */
  int enumeration_complete;
  ints assumptions; /* of the last 'solve', for 'core' */
  PyObject *weakrefs;
  PyObject *decide; /* the decision function or 0 */
  bool in_decide;   /* the decision function runs */
  int frozen;       /* variables 1..frozen are frozen (for it, and for
                       'propagate', which must see every variable) */
  atomic_int held_interrupt; /* 'set_interrupt': stop every solve */
  PyObject *error_type, *error_value, *error_traceback; /* it raised */
} solver_object;

static int check_usable (solver_object *self) {
  if (!self->solver) {
    PyErr_SetString (PyExc_ValueError, "the solver has been deleted");
    return -1;
  }
  if (self->in_decide) {
    PyErr_SetString (PyExc_RuntimeError,
                     "only current_value() may be called from the "
                     "decision function");
    return -1;
  }
  if (self->busy) {
    PyErr_SetString (PyExc_RuntimeError,
                     "the solver is busy in another thread (an instance "
                     "must not be used by two threads at once)");
    return -1;
  }
  return 0;
}

/*------------------------------------------------------------------------*/
/* The decision function of 'set_decide'.  The solver calls it with the
 * GIL released, so it takes the GIL for the Python call.  An exception
 * stops the solve (the solver decides itself until it has stopped) and
 * is raised when the solve returns. */

static int call_decide (void *data) {
  solver_object *self = data;
  if (self->error_type)
    return 0;
  PyGILState_STATE state = PyGILState_Ensure ();
  self->in_decide = true;
  PyObject *res = PyObject_CallOneArg (self->decide, (PyObject *) self);
  self->in_decide = false;
  int lit = 0;
  if (res && res != Py_None) {
    int overflow; /* a ValueError as for any other non-literal */
    long value = PyLong_AsLongAndOverflow (res, &overflow);
    if (value == -1 && PyErr_Occurred ())
      ;
    else if (overflow || value < -EINSAT_MAX_VAR || value > EINSAT_MAX_VAR)
      PyErr_Format (PyExc_ValueError,
                    "the decision function returned %R, not a literal",
                    res);
    else
      lit = (int) value;
  }
  Py_XDECREF (res);
  if (PyErr_Occurred ()) {
    PyErr_Fetch (&self->error_type, &self->error_value,
                 &self->error_traceback);
    einsat_terminate (self->solver);
    lit = 0;
  }
  PyGILState_Release (state);
  return lit;
}

/* Freezes every variable for good, which restores eliminated ones. */
static void freeze_all (solver_object *self) {
  while (self->frozen < self->max_var)
    einsat_freeze (self->solver, ++self->frozen);
}

/* Variables the function names must not be eliminated: while it is set,
 * every variable is frozen (the solver ignores eliminated ones). */
static void freeze_for_decide (solver_object *self) {
  if (self->decide)
    freeze_all (self);
}

/* After a solve: raises what the decision function raised (-1). */
static int raise_decide_error (solver_object *self) {
  if (!self->error_type)
    return 0;
  PyErr_Restore (self->error_type, self->error_value,
                 self->error_traceback);
  self->error_type = self->error_value = self->error_traceback = 0;
  return -1;
}

/* A proof write error sets the stream's error flag (the library writes
 * and flushes it after each solve and when it is closed).  'errno' is
 * taken right after the call that wrote, as the reason if it has one. */
static bool proof_lost (solver_object *self) {
  if (!self->proof || !ferror (self->proof))
    return false;
  if (!self->proof_errno)
    self->proof_errno = errno;
  return true;
}

static void *raise_proof_lost (solver_object *self) {
  int error = self->proof_errno ? self->proof_errno : EIO;
  char message[256];
  snprintf (message, sizeof message,
            "einsat: the proof could not be written completely: %s",
            strerror (error));
  PyObject *exception = PyObject_CallFunction (
      PyExc_OSError, "isO", error, message,
      self->proof_path ? self->proof_path : Py_None);
  if (exception) {
    PyErr_SetObject ((PyObject *) Py_TYPE (exception), exception);
    Py_DECREF (exception);
  }
  return 0;
}

/* Returns -1 with OSError set if the proof could not be written. */
static int delete_solver (solver_object *self) {
  if (!self->solver)
    return 0;
  bool lost = false;
  if (self->proof) {
    errno = 0;
    einsat_close_proof (self->solver);
    lost = proof_lost (self);
    if (fclose (self->proof) && !lost) {
      lost = true;
      self->proof_errno = errno;
    }
    self->proof = 0;
  }
  einsat_delete (self->solver);
  self->solver = 0;
  self->result = NO_RESULT;
  release_ints (&self->assumptions);
  if (lost)
    raise_proof_lost (self);
  Py_CLEAR (self->proof_path);
  return lost ? -1 : 0;
}

/* The terminate callback (polled every 16 search steps). */
static int interrupt_held (void *data) {
  solver_object *self = data;
  return atomic_load (&self->held_interrupt);
}

static PyObject *solver_new (PyTypeObject *type, PyObject *args,
                             PyObject *kwds) {
  (void) args, (void) kwds;
  solver_object *self = (solver_object *) type->tp_alloc (type, 0);
  if (!self)
    return 0;
  self->result = NO_RESULT;
  self->enumeration_complete = -1;
  atomic_init (&self->held_interrupt, 0);
  self->solver = einsat_new ();
  if (!self->solver) {
    Py_DECREF (self);
    return PyErr_NoMemory ();
  }
  einsat_set_terminate (self->solver, self, interrupt_held);
  return (PyObject *) self;
}

/* The decision function may refer to the solver: a cycle for the
 * garbage collector. */
static int solver_traverse (solver_object *self, visitproc visit,
                            void *arg) {
  Py_VISIT (self->decide);
  return 0;
}

static int solver_clear (solver_object *self) {
  if (self->solver && !self->busy)
    einsat_set_decide (self->solver, 0, 0);
  Py_CLEAR (self->decide);
  return 0;
}

static void solver_dealloc (solver_object *self) {
  PyObject_GC_UnTrack (self);
  if (self->weakrefs)
    PyObject_ClearWeakRefs ((PyObject *) self);
  PyObject *type, *value, *traceback;
  PyErr_Fetch (&type, &value, &traceback);
  if (delete_solver (self) < 0) /* nobody to raise to: report it */
    PyErr_WriteUnraisable ((PyObject *) Py_TYPE (self));
  PyErr_Restore (type, value, traceback);
  Py_CLEAR (self->decide);
  Py_CLEAR (self->proof_path);
  Py_CLEAR (self->error_type);
  Py_CLEAR (self->error_value);
  Py_CLEAR (self->error_traceback);
  Py_TYPE (self)->tp_free ((PyObject *) self);
}

/* 'format' is "drat" or "lrat" (None: "drat"). */
static int proof_format_is_lrat (PyObject *format, bool *lrat) {
  *lrat = false;
  if (!format || format == Py_None)
    return 0;
  const char *name = c_string (format, "proof_format");
  if (!name)
    return -1;
  if (!strcmp (name, "lrat"))
    *lrat = true;
  else if (strcmp (name, "drat")) {
    PyErr_SetString (PyExc_ValueError,
                     "proof_format must be 'drat' or 'lrat'");
    return -1;
  }
  return 0;
}

static int open_proof (solver_object *self, PyObject *path, int binary,
                       bool lrat) {
  if (self->proof || self->clauses || einsat_vars (self->solver)) {
    PyErr_SetString (PyExc_ValueError,
                     "proof= must be given when the solver is created");
    return -1;
  }
  PyObject *bytes;
  if (!PyUnicode_FSConverter (path, &bytes))
    return -1;
  FILE *file = fopen (PyBytes_AS_STRING (bytes), "wb");
  if (!file) {
    PyErr_SetFromErrnoWithFilenameObject (PyExc_OSError, path);
    Py_DECREF (bytes);
    return -1;
  }
  Py_DECREF (bytes);
  if (!(lrat ? einsat_trace_lrat : einsat_trace_proof) (self->solver, file,
                                                         binary)) {
    fclose (file);
    PyErr_SetString (PyExc_RuntimeError, "einsat: cannot trace the proof");
    return -1;
  }
  self->proof = file;
  Py_INCREF (path);
  Py_XSETREF (self->proof_path, path);
  self->lrat = lrat;
  return 0;
}

/* LRAT numbers the clauses of the formula before the lemmas, and a DRAT
 * proof with option 'incremental' = 0 deletes what later clauses would
 * need, so the C library takes no clause after the first solve then (a
 * contract violation would abort the interpreter). */
static int check_adding (solver_object *self) {
  if (!self->solved || !self->proof)
    return 0;
  int incremental = 1;
  einsat_get_option (self->solver, "incremental", &incremental);
  if (self->lrat || !incremental) {
    PyErr_SetString (PyExc_ValueError,
                     self->lrat ? "no clause can be added after solve() "
                                  "while an LRAT proof is written"
                                : "no clause can be added after solve() "
                                  "with a DRAT proof and option "
                                  "incremental=0");
    return -1;
  }
  return 0;
}

static int set_option (solver_object *self, PyObject *name_obj,
                       PyObject *value_obj) {
  const char *name = c_string (name_obj, "option name");
  if (!name)
    return -1;
  int overflow; /* out of range like any other too large value */
  long value = PyLong_AsLongAndOverflow (value_obj, &overflow);
  if (value == -1 && PyErr_Occurred ())
    return -1;
  einsat_option_info info;
  for (int i = 0; einsat_option (i, &info); i++) {
    if (strcmp (info.name, name))
      continue;
    if (overflow || value < info.min_value || value > info.max_value ||
        !einsat_set_option (self->solver, name, (int) value)) {
      PyErr_Format (PyExc_ValueError,
                    "option '%s' must be in %d..%d, not %S", name,
                    info.min_value, info.max_value, value_obj);
      return -1;
    }
    return 0;
  }
  PyErr_Format (PyExc_ValueError, "unknown option '%s'", name);
  return -1;
}

static int set_options (solver_object *self, PyObject *options) {
  if (!PyDict_Check (options)) {
    PyErr_SetString (PyExc_TypeError, "options must be a dict");
    return -1;
  }
  PyObject *key, *value;
  Py_ssize_t pos = 0;
  while (PyDict_Next (options, &pos, &key, &value))
    if (set_option (self, key, value) < 0)
      return -1;
  return 0;
}

static int configure (solver_object *self, PyObject *name_obj) {
  const char *name = c_string (name_obj, "configuration name");
  if (!name)
    return -1;
  if (!einsat_configure (self->solver, name)) {
    PyErr_Format (PyExc_ValueError,
                  "unknown configuration '%s' (use 'default', 'plain', "
                  "'sat' or 'unsat')",
                  name);
    return -1;
  }
  return 0;
}

static int set_time_limit (solver_object *self, PyObject *obj) {
  if (!obj || obj == Py_None) {
    einsat_set_time_limit (self->solver, -1);
    return 0;
  }
  if (PyBool_Check (obj)) {
    PyErr_SetString (PyExc_TypeError, "time limit must be a number of "
                                      "seconds or None, not bool");
    return -1;
  }
  double seconds = PyFloat_AsDouble (obj);
  if (seconds == -1 && PyErr_Occurred ()) {
    if (PyErr_ExceptionMatches (PyExc_OverflowError)) {
      PyErr_Clear (); /* a wrong value, not a wrong type */
      PyErr_SetString (PyExc_ValueError, "time limit too large (seconds "
                                         "must fit a float; None: no "
                                         "limit)");
    }
    return -1;
  }
  if (isnan (seconds) || seconds < 0) {
    PyErr_Format (PyExc_ValueError, "time limit must not be negative or "
                  "NaN (None: no limit), not %R", obj);
    return -1;
  }
  /* infinity: no limit, like None */
  einsat_set_time_limit (self->solver, isinf (seconds) ? -1 : seconds);
  return 0;
}

static int add_clauses (solver_object *self, PyObject *clauses) {
  if (check_adding (self) < 0)
    return -1;
  ints lits = {0, 0, 0};
  int max_var = self->max_var;
  Py_ssize_t count = 0;
  if (push_clauses (clauses, &lits, &max_var, &count) < 0) {
    release_ints (&lits);
    return -1;
  }
  add_literals (self->solver, &lits);
  release_ints (&lits);
  self->max_var = max_var;
  self->clauses += count;
  self->result = NO_RESULT;
  return 0;
}

static int solver_init (solver_object *self, PyObject *args,
                        PyObject *kwds) {
  static char *kwlist[] = {"clauses",        "proof",
                           "proof_binary",   "proof_format",
                           "config",         "options",
                           "conflict_limit", "decision_limit",
                           "propagation_limit", "time_limit",
                           0};
  PyObject *clauses = 0, *proof = 0, *format = 0, *config = 0;
  PyObject *options = 0, *conflicts = 0, *decisions = 0, *props = 0;
  PyObject *seconds = 0;
  int binary = 0;
  if (!PyArg_ParseTupleAndKeywords (args, kwds, "|O$OpOOOOOOO:Solver",
                                    kwlist, &clauses, &proof, &binary,
                                    &format, &config, &options, &conflicts,
                                    &decisions, &props, &seconds))
    return -1;
  bool lrat;
  if (proof_format_is_lrat (format, &lrat) < 0)
    return -1;
  if (check_usable (self) < 0)
    return -1;
  long long conflict_limit, decision_limit, propagation_limit;
  if (parse_limit (conflicts, "conflict_limit", &conflict_limit) < 0 ||
      parse_limit (decisions, "decision_limit", &decision_limit) < 0 ||
      parse_limit (props, "propagation_limit", &propagation_limit) < 0)
    return -1;
  if (proof && proof != Py_None &&
      open_proof (self, proof, binary, lrat) < 0)
    return -1;
  if (config && config != Py_None && configure (self, config) < 0)
    return -1;
  if (options && options != Py_None && set_options (self, options) < 0)
    return -1;
  if (set_time_limit (self, seconds) < 0)
    return -1;
  einsat_set_conflict_limit (self->solver, conflict_limit);
  einsat_set_decision_limit (self->solver, decision_limit);
  einsat_set_propagation_limit (self->solver, propagation_limit);
  if (clauses && clauses != Py_None && add_clauses (self, clauses) < 0)
    return -1;
  return 0;
}

PyDoc_STRVAR (add_clause_doc,
              "add_clause(clause)\n\n"
              "Adds one clause, an iterable of non-zero ints (DIMACS "
              "literals).\nAn empty clause makes the formula "
              "unsatisfiable.");

static PyObject *solver_add_clause (solver_object *self, PyObject *clause) {
  if (check_usable (self) < 0 || check_adding (self) < 0)
    return 0;
  ints lits = {0, 0, 0};
  int max_var = self->max_var;
  if (push_clause (clause, -1, &lits, &max_var) < 0) {
    release_ints (&lits);
    return 0;
  }
  add_literals (self->solver, &lits);
  release_ints (&lits);
  self->max_var = max_var;
  self->clauses++;
  self->result = NO_RESULT;
  Py_RETURN_NONE;
}

PyDoc_STRVAR (add_clauses_doc,
              "add_clauses(clauses)\n\n"
              "Adds every clause of an iterable of clauses.  All clauses "
              "are checked\nfirst: if one is invalid, none is added.");

static PyObject *solver_add_clauses (solver_object *self,
                                     PyObject *clauses) {
  if (check_usable (self) < 0 || add_clauses (self, clauses) < 0)
    return 0;
  Py_RETURN_NONE;
}

PyDoc_STRVAR (
    add_atmost_doc,
    "add_atmost(lits, bound)\n\n"
    "Adds the cardinality constraint 'at most bound of lits are true'\n"
    "(PySAT Minicard's add_atmost).  Bound 1 is propagated natively: one\n"
    "list of literals instead of pairwise clauses or an encoding with\n"
    "auxiliary variables; larger bounds become a sequential counter over\n"
    "variables internal to the solver.  A negative bound makes the formula\n"
    "unsatisfiable, bound 0 makes every literal false.  Repeated literals\n"
    "count repeatedly.  With a proof, bound 1 is written as its pairwise\n"
    "clauses (-a | -b), which the CNF the proof is checked against must\n"
    "hold; a bound above 1 (below len(lits)) raises ValueError.");

static PyObject *solver_add_atmost (solver_object *self, PyObject *args) {
  PyObject *items;
  int bound;
  if (!PyArg_ParseTuple (args, "Oi:add_atmost", &items, &bound))
    return 0;
  if (check_usable (self) < 0 || check_adding (self) < 0)
    return 0;
  ints lits = {0, 0, 0};
  int max_var = self->max_var;
  if (push_literals (items, "at-most constraint", &lits, &max_var) < 0) {
    release_ints (&lits);
    return 0;
  }
  if (self->proof && bound > 1 && (size_t) bound < lits.size) {
    release_ints (&lits);
    PyErr_Format (PyExc_ValueError,
                  "add_atmost: a bound above 1 (here %d) cannot be stated "
                  "in a proof: encode the constraint with clauses "
                  "(einsat.pysat.card.CardEnc)",
                  bound);
    return 0;
  }
  einsat_add_atmost (self->solver, lits.data, lits.size, bound);
  release_ints (&lits);
  self->max_var = max_var;
  self->result = NO_RESULT;
  Py_RETURN_NONE;
}

PyDoc_STRVAR (
    add_exactly_doc,
    "add_exactly(lits, bound=1)\n\n"
    "Adds the cardinality constraint 'exactly bound of lits are true'.\n"
    "Bound 1 (and len(lits) - 1) is propagated natively, both ways: one\n"
    "list of literals, neither the pairwise clauses nor the clause of\n"
    "lits stored (the clause is added when first needed).  Other bounds\n"
    "are 'at most bound of lits' and 'at most len(lits) - bound of their\n"
    "negations' as add_atmost adds them.  A bound below 0 or above\n"
    "len(lits) makes the formula unsatisfiable.  With a proof, bound 1 is\n"
    "written as its pairwise clauses (-a | -b) and then the clause lits,\n"
    "which the CNF the proof is checked against must hold; bounds 2 to\n"
    "len(lits) - 2 raise ValueError.");

static PyObject *solver_add_exactly (solver_object *self, PyObject *args,
                                     PyObject *kwargs) {
  static char *keywords[] = {"lits", "bound", 0};
  PyObject *items;
  int bound = 1;
  if (!PyArg_ParseTupleAndKeywords (args, kwargs, "O|i:add_exactly",
                                    keywords, &items, &bound))
    return 0;
  if (check_usable (self) < 0 || check_adding (self) < 0)
    return 0;
  ints lits = {0, 0, 0};
  int max_var = self->max_var;
  if (push_literals (items, "exactly constraint", &lits, &max_var) < 0) {
    release_ints (&lits);
    return 0;
  }
  if (self->proof && bound > 1 && (size_t) bound + 1 < lits.size) {
    release_ints (&lits);
    PyErr_Format (PyExc_ValueError,
                  "add_exactly: a bound from 2 to len(lits) - 2 (here %d) "
                  "cannot be stated in a proof: encode the constraint with "
                  "clauses (einsat.pysat.card.CardEnc)",
                  bound);
    return 0;
  }
  einsat_add_exactly (self->solver, lits.data, lits.size, bound);
  release_ints (&lits);
  self->max_var = max_var;
  self->result = NO_RESULT;
  Py_RETURN_NONE;
}

PyDoc_STRVAR (new_var_doc, "new_var() -> int\n\n"
                           "Returns a fresh variable, larger than every "
                           "variable used so far.");

static PyObject *solver_new_var (solver_object *self,
                                 PyObject *Py_UNUSED (ignored)) {
  if (check_usable (self) < 0)
    return 0;
  if (self->max_var >= EINSAT_MAX_VAR) {
    PyErr_Format (PyExc_ValueError, "no variable left (the largest is %d)",
                  EINSAT_MAX_VAR);
    return 0;
  }
  return PyLong_FromLong (++self->max_var);
}

static PyObject *result_object (int res) {
  if (res == EINSAT_SATISFIABLE)
    Py_RETURN_TRUE;
  if (res == EINSAT_UNSATISFIABLE)
    Py_RETURN_FALSE;
  Py_RETURN_NONE;
}

/* The assumptions (None: none) into 'lits'; -1 with the exception set
 * (and nothing allocated) if one is not a literal. */
static int parse_assumptions (solver_object *self, PyObject *assumptions,
                              ints *lits) {
  int max_var = self->max_var;
  if (assumptions && assumptions != Py_None &&
      push_literals (assumptions, "assumption", lits, &max_var) < 0) {
    release_ints (lits);
    return -1;
  }
  self->max_var = max_var;
  return 0;
}

PyDoc_STRVAR (solve_method_doc,
              "solve(assumptions=()) -> True | False | None\n\n"
              "Solves the formula under the assumptions (literals that "
              "hold for this\ncall only).  Returns True (satisfiable: see "
              "model() and value()),\nFalse (unsatisfiable: core() lists "
              "the failed assumptions) or None\n(a limit was hit or "
              "interrupt() was called).  The GIL is released\nwhile "
              "solving.");

static PyObject *solver_solve (solver_object *self, PyObject *args,
                               PyObject *kwds) {
  static char *kwlist[] = {"assumptions", 0};
  PyObject *assumptions = 0;
  if (!PyArg_ParseTupleAndKeywords (args, kwds, "|O:solve", kwlist,
                                    &assumptions))
    return 0;
  ints lits = {0, 0, 0};
  if (check_usable (self) < 0 || parse_assumptions (self, assumptions,
                                                    &lits) < 0)
    return 0;
  release_ints (&self->assumptions);
  self->assumptions = lits;
  for (size_t i = 0; i < lits.size; i++)
    einsat_assume (self->solver, lits.data[i]);
  freeze_for_decide (self);
  self->busy = true;
  self->solved = true;
  errno = 0;
  int res = run_solve (self->solver);
  self->busy = false;
  self->result = res == INTERRUPTED ? EINSAT_UNKNOWN : res;
  bool lost = proof_lost (self);
  if (raise_decide_error (self) < 0) {
    if (res == INTERRUPTED)
      PyErr_Clear (); /* the decision function's exception wins */
    self->result = EINSAT_UNKNOWN;
    return 0;
  }
  if (res == INTERRUPTED)
    return 0;
  if (res == EINSAT_ERROR)
    return solver_error (self->solver);
  if (lost) /* the answer stands (model() and core() work), the proof not */
    return raise_proof_lost (self);
  return result_object (res);
}

static int require_result (solver_object *self, int result,
                           const char *what) {
  if (check_usable (self) < 0)
    return -1;
  if (self->result == result)
    return 0;
  PyErr_Format (PyExc_RuntimeError,
                "no %s: the last solve() did not return %s or the solver "
                "was changed since",
                what, result == EINSAT_SATISFIABLE ? "True" : "False");
  return -1;
}

PyDoc_STRVAR (model_doc,
              "model() -> list\n\n"
              "The model of the last solve() that returned True: the "
              "literals\n[+-1, +-2, ..., +-vars], positive if the "
              "variable is true.");

static PyObject *solver_model (solver_object *self,
                               PyObject *Py_UNUSED (ignored)) {
  if (require_result (self, EINSAT_SATISFIABLE, "model") < 0)
    return 0;
  PyObject *list = PyList_New (self->max_var);
  if (!list)
    return 0;
  for (int idx = 1; idx <= self->max_var; idx++) {
    PyObject *lit = PyLong_FromLong (einsat_val (self->solver, idx));
    if (!lit) {
      Py_DECREF (list);
      return 0;
    }
    PyList_SET_ITEM (list, idx - 1, lit);
  }
  return list;
}

PyDoc_STRVAR (value_doc,
              "value(lit) -> True | False | None\n\n"
              "The value of a literal in the model of the last solve() "
              "that returned\nTrue; None for a variable the solver never "
              "saw (any value works).");

static PyObject *solver_value (solver_object *self, PyObject *obj) {
  int lit;
  if (parse_literal (obj, "value", &lit) < 0 ||
      require_result (self, EINSAT_SATISFIABLE, "model") < 0)
    return 0;
  int value = einsat_model_value (self->solver, lit);
  if (!value)
    Py_RETURN_NONE;
  return PyBool_FromLong (value == lit);
}

PyDoc_STRVAR (core_doc,
              "core() -> list\n\n"
              "After solve() returned False: the assumptions that were "
              "used to refute\nthe formula (empty if it is unsatisfiable "
              "without assumptions).");

static PyObject *solver_core (solver_object *self,
                              PyObject *Py_UNUSED (ignored)) {
  if (require_result (self, EINSAT_UNSATISFIABLE, "core") < 0)
    return 0;
  PyObject *list = PyList_New (0);
  if (!list)
    return 0;
  for (size_t i = 0; i < self->assumptions.size; i++) {
    int lit = self->assumptions.data[i];
    if (!einsat_failed (self->solver, lit))
      continue;
    PyObject *obj = PyLong_FromLong (lit);
    if (!obj || PyList_Append (list, obj) < 0) {
      Py_XDECREF (obj);
      Py_DECREF (list);
      return 0;
    }
    Py_DECREF (obj);
  }
  return list;
}

/*------------------------------------------------------------------------*/
/* Unit propagation of assumptions (PySAT's 'propagate').  The library has
 * no call for it, but its decide callback runs before the first decision
 * after the assumptions, when everything they imply is propagated: the
 * callback records the assignment and stops the solve.  Two such solves,
 * without and with the assumptions, tell the literals on the root level
 * from those the assumptions add.  Every variable is frozen first (for
 * good), which restores eliminated ones and keeps them. */

typedef struct snapshot {
  einsat *solver;
  int vars;
  signed char *values; /* of variables 1..vars, 0 if unassigned */
  bool taken;
} snapshot;

static int take_snapshot (void *data) {
  snapshot *s = data;
  if (!s->taken) {
    for (int idx = 1; idx <= s->vars; idx++)
      s->values[idx] = (signed char) einsat_current_value (s->solver, idx);
    s->taken = true;
  }
  einsat_terminate (s->solver);
  return 0;
}

/* Solves under the assumptions until the first decision after them.
 * Returns 20 if they are refuted, 0 after a snapshot, -1 if stopped
 * otherwise (a limit, Ctrl-C: INTERRUPTED) or out of memory. */
static int propagate_under (solver_object *self, const ints *assumptions,
                            snapshot *s) {
  s->taken = false;
  for (size_t i = 0; i < assumptions->size; i++)
    einsat_assume (self->solver, assumptions->data[i]);
  int res = run_solve (self->solver);
  if (res == INTERRUPTED || res == EINSAT_ERROR)
    return res;
  if (res == EINSAT_SATISFIABLE && !s->taken) { /* never seen: safe */
    for (int idx = 1; idx <= s->vars; idx++)
      s->values[idx] = einsat_val (self->solver, idx) > 0 ? 1 : -1;
    s->taken = true;
  }
  if (res == EINSAT_UNSATISFIABLE)
    return 20;
  return s->taken ? 0 : -1;
}

/* The literals the assumptions added ('after' but not 'before'): the
 * assumptions first, in their order, then the implied ones by
 * variable. */
static PyObject *implied_literals (const ints *assumptions, int vars,
                                   const signed char *before,
                                   signed char *after) {
  PyObject *list = PyList_New (0);
  for (size_t i = 0; list && i <= assumptions->size; i++) {
    int first = 1, last = vars;
    if (i < assumptions->size) /* one assumption, else all the rest */
      first = last = abs (assumptions->data[i]);
    for (int idx = first; idx <= last; idx++) {
      if (!after[idx] || before[idx])
        continue;
      PyObject *lit = PyLong_FromLong (after[idx] > 0 ? idx : -idx);
      after[idx] = 0; /* listed */
      if (!lit || PyList_Append (list, lit) < 0)
        Py_CLEAR (list);
      Py_XDECREF (lit);
      if (!list)
        break;
    }
  }
  return list;
}

PyDoc_STRVAR (
    propagate_doc,
    "propagate(assumptions=(), phase_saving=0) -> (status, literals)\n\n"
    "Unit propagation of the assumptions on the formula (with what the "
    "solver\nhas learned): status False if it leads to a conflict (then "
    "literals is\nempty), else True and the literals the assumptions make "
    "true beyond the\nroot level: the assumptions first, then the implied "
    "literals by variable.\nNone if a limit or interrupt() stopped it.  "
    "With phase_saving=0 the\nsaved phases stay as they were.  Every "
    "variable is frozen from the first\ncall on (no elimination).  "
    "Discards the last model and core.");

static PyObject *solver_propagate (solver_object *self, PyObject *args,
                                   PyObject *kwds) {
  static char *kwlist[] = {"assumptions", "phase_saving", 0};
  PyObject *assumptions = 0;
  int phase_saving = 0;
  if (!PyArg_ParseTupleAndKeywords (args, kwds, "|Oi:propagate", kwlist,
                                    &assumptions, &phase_saving))
    return 0;
  ints lits = {0, 0, 0};
  if (check_usable (self) < 0 || parse_assumptions (self, assumptions,
                                                    &lits) < 0)
    return 0;
  int vars = self->max_var;
  signed char *before = PyMem_Calloc ((size_t) vars + 1, 1);
  signed char *after = PyMem_Calloc ((size_t) vars + 1, 1);
  if (!before || !after) {
    PyMem_Free (before), PyMem_Free (after), release_ints (&lits);
    return PyErr_NoMemory ();
  }
  freeze_all (self);
  int saving = 1;
  einsat_get_option (self->solver, "phasesaving", &saving);
  if (!phase_saving)
    einsat_set_option (self->solver, "phasesaving", 0);
  snapshot s = {self->solver, vars, before, false};
  einsat_set_decide (self->solver, &s, take_snapshot);
  einsat_set_terminate (self->solver, 0, 0); /* not for set_interrupt */
  self->busy = true;
  self->solved = true;
  errno = 0;
  ints none = {0, 0, 0};
  int res = propagate_under (self, &none, &s);
  if (!res) {
    s.values = after;
    res = propagate_under (self, &lits, &s);
  }
  self->busy = false;
  self->result = NO_RESULT;
  bool lost = proof_lost (self);
  einsat_set_terminate (self->solver, self, interrupt_held);
  if (self->decide)
    einsat_set_decide (self->solver, self, call_decide);
  else
    einsat_set_decide (self->solver, 0, 0);
  einsat_set_option (self->solver, "phasesaving", saving);
  PyObject *result = 0;
  if (res == EINSAT_ERROR)
    solver_error (self->solver);
  else if (res == INTERRUPTED)
    ;
  else if (lost)
    raise_proof_lost (self);
  else if (res == 20)
    result = Py_BuildValue ("(O[])", Py_False);
  else if (res < 0)
    result = Py_BuildValue ("(O[])", Py_None);
  else {
    PyObject *implied = implied_literals (&lits, vars, before, after);
    if (implied)
      result = Py_BuildValue ("(ON)", Py_True, implied);
  }
  PyMem_Free (before), PyMem_Free (after), release_ints (&lits);
  return result;
}

PyDoc_STRVAR (phase_doc,
              "phase(lits)\n\n"
              "Hints to decide each literal of 'lits' true when its "
              "variable is\ndecided next (the saved phase, which the search "
              "overwrites later).");

static PyObject *solver_phase (solver_object *self, PyObject *obj) {
  if (check_usable (self) < 0)
    return 0;
  ints lits = {0, 0, 0};
  int max_var = self->max_var;
  if (push_literals (obj, "phase", &lits, &max_var) < 0) {
    release_ints (&lits);
    return 0;
  }
  self->max_var = max_var;
  for (size_t i = 0; i < lits.size; i++)
    einsat_phase (self->solver, lits.data[i]);
  release_ints (&lits);
  Py_RETURN_NONE;
}

/*------------------------------------------------------------------------*/
/* Enumeration through 'einsat_enumerate', without the GIL: the callback
 * only copies each projected model into a raw buffer. */

typedef struct collector {
  bool store;
  bool out_of_memory;
  size_t width;
  ints values;
} collector;

static int collect_model (void *data, const int *values) {
  collector *c = data;
  if (!c->store)
    return 1;
  for (size_t i = 0; i < c->width; i++)
    if (!push_int (&c->values, values[i])) {
      c->out_of_memory = true;
      return 0;
    }
  return 1;
}

static PyObject *models_list (const collector *c, int64_t models) {
  PyObject *list = PyList_New ((Py_ssize_t) models);
  for (int64_t m = 0; list && m < models; m++) {
    PyObject *model = PyList_New ((Py_ssize_t) c->width);
    if (!model) {
      Py_CLEAR (list);
      break;
    }
    PyList_SET_ITEM (list, (Py_ssize_t) m, model);
    for (size_t i = 0; i < c->width; i++) {
      PyObject *lit = PyLong_FromLong (c->values.data[m * c->width + i]);
      if (!lit) {
        Py_CLEAR (list);
        break;
      }
      PyList_SET_ITEM (model, (Py_ssize_t) i, lit);
    }
  }
  return list;
}

static int parse_projection (solver_object *self, PyObject *projection,
                             ints *vars) {
  if (!projection || projection == Py_None) {
    for (int idx = 1; idx <= self->max_var; idx++)
      if (!push_int (vars, idx)) {
        PyErr_NoMemory ();
        return -1;
      }
    return 0;
  }
  int max_var = self->max_var;
  if (push_literals (projection, "projection", vars, &max_var) < 0)
    return -1;
  for (size_t i = 0; i < vars->size; i++)
    vars->data[i] = abs (vars->data[i]);
  self->max_var = max_var;
  return 0;
}

static PyObject *enumerate_models (solver_object *self, PyObject *args,
                                   PyObject *kwds, bool store) {
  static char *kwlist[] = {"projection", "limit", 0};
  PyObject *projection = 0, *limit_obj = 0;
  if (!PyArg_ParseTupleAndKeywords (args, kwds, "|OO", kwlist, &projection,
                                    &limit_obj))
    return 0;
  if (check_usable (self) < 0)
    return 0;
  if (self->proof) {
    PyErr_SetString (PyExc_RuntimeError,
                     "enumeration is not possible while tracing a proof");
    return 0;
  }
  long long limit;
  if (parse_limit (limit_obj, "limit", &limit) < 0)
    return 0;
  ints vars = {0, 0, 0};
  if (parse_projection (self, projection, &vars) < 0) {
    release_ints (&vars);
    return 0;
  }
  collector c = {store, false, vars.size, {0, 0, 0}};
  int64_t models = 0;
  int complete = 0;
  if (limit) {
    int dummy = 0;
    const int *project = vars.data ? vars.data : &dummy;
    freeze_for_decide (self);
    self->busy = true;
    bool guarded = guard_sigint (self->solver);
    Py_BEGIN_ALLOW_THREADS
    models = einsat_enumerate (self->solver, project, (int) vars.size,
                               limit, collect_model, &c, &complete);
    Py_END_ALLOW_THREADS
    self->busy = false;
    self->result = NO_RESULT;
    if (unguard_sigint (guarded) < 0)
      models = -2;
    if (self->error_type) {
      PyErr_Clear ();
      raise_decide_error (self);
      models = -2;
    }
  }
  release_ints (&vars);
  self->enumeration_complete = complete;
  PyObject *result = 0;
  if (models == -1)
    solver_error (self->solver);
  else if (c.out_of_memory)
    PyErr_NoMemory ();
  else if (models >= 0)
    result =
        store ? models_list (&c, models) : PyLong_FromLongLong (models);
  release_ints (&c.values);
  return result;
}

PyDoc_STRVAR (enumerate_doc,
              "enumerate(projection=None, limit=None) -> list\n\n"
              "All models (at most 'limit'), each as a list of literals "
              "over the\nvariables of 'projection' (default: 1..vars), "
              "in that order.  Models\nthat agree on the projection are "
              "listed once.  Returns a list (not a\ngenerator): the whole "
              "enumeration runs in one call with the GIL\nreleased.  "
              "Afterwards the formula is unchanged and "
              "'enumeration_complete'\nsays whether every model was "
              "found (False after a limit or interrupt).");

static PyObject *solver_enumerate (solver_object *self, PyObject *args,
                                   PyObject *kwds) {
  return enumerate_models (self, args, kwds, true);
}

PyDoc_STRVAR (set_decide_doc,
              "set_decide(function) -> None\n\n"
              "Lets 'function(solver)' make the decisions: before each "
              "decision of\nsolve(), enumerate() and count_models() it "
              "returns a literal to decide\n(the solver propagates, "
              "learns and backjumps as usual), or 0 or None to\nlet the "
              "solver decide.  Literals of assigned or unknown variables "
              "are\nignored; while a function is set no variable is eliminated.  "
              "Inside,\nonly solver.current_value(lit) may "
              "be called.  An\nexception stops the search and is raised "
              "by the solve.  None removes\nthe function.  Each call "
              "takes the GIL: meant for few, well-informed\ndecisions "
              "(puzzle structure), not for replacing the heuristic on "
              "large\nformulas.");

static PyObject *solver_set_decide (solver_object *self,
                                    PyObject *function) {
  if (check_usable (self) < 0)
    return 0;
  if (function != Py_None && !PyCallable_Check (function)) {
    PyErr_SetString (PyExc_TypeError,
                     "set_decide() needs a callable or None");
    return 0;
  }
  if (function == Py_None) {
    einsat_set_decide (self->solver, 0, 0);
    Py_CLEAR (self->decide);
  } else {
    Py_INCREF (function);
    Py_XSETREF (self->decide, function);
    einsat_set_decide (self->solver, self, call_decide);
  }
  Py_RETURN_NONE;
}

PyDoc_STRVAR (current_value_doc,
              "current_value(lit) -> int\n\n"
              "In the decision function: 1 if 'lit' is true in the "
              "current partial\nassignment, -1 if false, 0 if "
              "unassigned.");

static PyObject *solver_current_value (solver_object *self,
                                       PyObject *obj) {
  if (!self->in_decide && check_usable (self) < 0)
    return 0;
  if (!self->solver) {
    PyErr_SetString (PyExc_ValueError, "the solver has been deleted");
    return 0;
  }
  int lit;
  if (parse_literal (obj, "literal", &lit) < 0)
    return 0;
  return PyLong_FromLong (einsat_current_value (self->solver, lit));
}

PyDoc_STRVAR (count_doc,
              "count_models(projection=None, limit=None) -> int\n\n"
              "Like enumerate(), but only counts the models.");

static PyObject *solver_count_models (solver_object *self, PyObject *args,
                                      PyObject *kwds) {
  return enumerate_models (self, args, kwds, false);
}

/*------------------------------------------------------------------------*/
/* Limits, options, statistics, lifetime. */

PyDoc_STRVAR (interrupt_doc,
              "interrupt()\n\n"
              "Stops a running solve() or enumerate() (which then returns "
              "None or the\nmodels found so far) as soon as possible.  "
              "May be called from any\nthread.  If nothing is running, "
              "the next call stops at once.");

static PyObject *solver_interrupt (solver_object *self,
                                   PyObject *Py_UNUSED (ignored)) {
  if (self->solver)
    einsat_terminate (self->solver);
  Py_RETURN_NONE;
}

PyDoc_STRVAR (set_interrupt_doc,
              "set_interrupt(flag)\n\n"
              "While the flag is set, every solve() stops at once (returns "
              "None), and a\nrunning one within a few search steps; "
              "set_interrupt(False) clears it.\nMay be called from any "
              "thread.  Unlike interrupt(), nothing is left\npending once "
              "it is cleared (PySAT's interrupt and clear_interrupt).");

static PyObject *solver_set_interrupt (solver_object *self, PyObject *obj) {
  int flag = PyObject_IsTrue (obj);
  if (flag < 0)
    return 0;
  atomic_store (&self->held_interrupt, flag);
  Py_RETURN_NONE;
}

/* The conflict, decision and propagation limits: one check of the
 * argument, then the library's setter. */
static PyObject *set_count_limit (solver_object *self, PyObject *obj,
                                  void (*set) (einsat *, int64_t)) {
  long long limit;
  if (check_usable (self) < 0 || parse_limit (obj, "limit", &limit) < 0)
    return 0;
  set (self->solver, limit);
  Py_RETURN_NONE;
}

static PyObject *solver_set_conflict_limit (solver_object *self,
                                            PyObject *obj) {
  return set_count_limit (self, obj, einsat_set_conflict_limit);
}

static PyObject *solver_set_decision_limit (solver_object *self,
                                            PyObject *obj) {
  return set_count_limit (self, obj, einsat_set_decision_limit);
}

static PyObject *solver_set_propagation_limit (solver_object *self,
                                               PyObject *obj) {
  return set_count_limit (self, obj, einsat_set_propagation_limit);
}

static PyObject *solver_set_time_limit (solver_object *self,
                                        PyObject *obj) {
  if (check_usable (self) < 0 || set_time_limit (self, obj) < 0)
    return 0;
  Py_RETURN_NONE;
}

static PyObject *solver_set_option (solver_object *self, PyObject *args) {
  PyObject *name, *value;
  if (!PyArg_ParseTuple (args, "OO:set_option", &name, &value) ||
      check_usable (self) < 0 || set_option (self, name, value) < 0)
    return 0;
  Py_RETURN_NONE;
}

static PyObject *solver_get_option (solver_object *self, PyObject *name) {
  if (check_usable (self) < 0)
    return 0;
  const char *text = c_string (name, "option name");
  if (!text)
    return 0;
  int value;
  if (!einsat_get_option (self->solver, text, &value)) {
    PyErr_Format (PyExc_ValueError, "unknown option '%s'", text);
    return 0;
  }
  return PyLong_FromLong (value);
}

static PyObject *solver_configure (solver_object *self, PyObject *name) {
  if (check_usable (self) < 0)
    return 0;
  if (configure (self, name) < 0)
    return 0;
  Py_RETURN_NONE;
}

PyDoc_STRVAR (statistics_doc,
              "statistics() -> dict\n\n"
              "Every counter of the solver (conflicts, decisions, "
              "propagations, ...)\nby name, plus 'memory' and "
              "'peak_memory' in bytes.");

static int set_item (PyObject *dict, const char *name, PyObject *value) {
  if (!value)
    return -1;
  int res = PyDict_SetItemString (dict, name, value);
  Py_DECREF (value);
  return res;
}

static PyObject *solver_statistics (solver_object *self,
                                    PyObject *Py_UNUSED (ignored)) {
  if (check_usable (self) < 0)
    return 0;
  PyObject *dict = PyDict_New ();
  const char *name;
  uint64_t value;
  for (int i = 0; dict && einsat_statistic_info (self->solver, i, &name,
                                                 &value);
       i++)
    if (set_item (dict, name, PyLong_FromUnsignedLongLong (value)) < 0)
      Py_CLEAR (dict);
  if (dict &&
      (set_item (dict, "memory",
                 PyLong_FromSize_t (einsat_memory (self->solver))) < 0 ||
       set_item (dict, "peak_memory",
                 PyLong_FromSize_t (einsat_peak_memory (self->solver))) <
           0))
    Py_CLEAR (dict);
  return dict;
}

PyDoc_STRVAR (delete_doc,
              "delete()\n\n"
              "Frees the C solver now (closing the proof file); any "
              "later use raises\nValueError.  'with Solver() as s:' calls "
              "it on exit.  Also called 'close'.\nRaises OSError if the "
              "proof could not be written completely.");

static PyObject *solver_delete (solver_object *self,
                                PyObject *Py_UNUSED (ignored)) {
  if (self->busy) {
    PyErr_SetString (PyExc_RuntimeError,
                     "cannot delete the solver while it is solving");
    return 0;
  }
  if (delete_solver (self) < 0)
    return 0;
  Py_RETURN_NONE;
}

static PyObject *solver_enter (solver_object *self,
                               PyObject *Py_UNUSED (ignored)) {
  if (check_usable (self) < 0)
    return 0;
  Py_INCREF (self);
  return (PyObject *) self;
}

/* A lost proof raises here, unless the block already raises (often
 * solve()'s own OSError about it), which must not be replaced. */
static PyObject *solver_exit (solver_object *self, PyObject *args) {
  PyObject *none = solver_delete (self, 0);
  if (!none) {
    PyObject *type = PyTuple_Size (args) > 0 ? PyTuple_GET_ITEM (args, 0)
                                             : Py_None;
    if (type == Py_None || !PyErr_ExceptionMatches (PyExc_OSError))
      return 0;
    PyErr_Clear ();
  } else
    Py_DECREF (none);
  Py_RETURN_FALSE;
}

/* The C solver cannot be copied: without this, pickle and copy.copy would
 * build a fresh, empty solver and copy only the Python attributes. */
static PyObject *solver_reduce (solver_object *self,
                                PyObject *Py_UNUSED (ignored)) {
  PyErr_Format (PyExc_TypeError, "cannot pickle or copy '%.100s' objects",
                Py_TYPE (self)->tp_name);
  return 0;
}

static PyObject *solver_get_vars (solver_object *self, void *closure) {
  (void) closure;
  return PyLong_FromLong (self->max_var);
}

static PyObject *solver_get_complete (solver_object *self, void *closure) {
  (void) closure;
  if (self->enumeration_complete < 0)
    Py_RETURN_NONE;
  return PyBool_FromLong (self->enumeration_complete);
}

static PyObject *solver_get_clauses (solver_object *self, void *closure) {
  (void) closure;
  return PyLong_FromLongLong (self->clauses);
}

static PyObject *solver_get_deleted (solver_object *self, void *closure) {
  (void) closure;
  return PyBool_FromLong (!self->solver);
}

static PyObject *solver_repr (solver_object *self) {
  const char *state = !self->solver                           ? "deleted"
                      : self->busy                            ? "solving"
                      : self->result == EINSAT_SATISFIABLE    ? "SAT"
                      : self->result == EINSAT_UNSATISFIABLE  ? "UNSAT"
                      : self->result == EINSAT_UNKNOWN        ? "UNKNOWN"
                                                              : "READY";
  return PyUnicode_FromFormat ("<%s vars=%d %s>", Py_TYPE (self)->tp_name,
                               self->max_var, state);
}

static PyMethodDef solver_methods[] = {
    {"add_clause", (PyCFunction) solver_add_clause, METH_O, add_clause_doc},
    {"add_clauses", (PyCFunction) solver_add_clauses, METH_O,
     add_clauses_doc},
    {"add_atmost", (PyCFunction) solver_add_atmost, METH_VARARGS,
     add_atmost_doc},
    {"add_exactly", (PyCFunction) (void (*) (void)) solver_add_exactly,
     METH_VARARGS | METH_KEYWORDS, add_exactly_doc},
    {"new_var", (PyCFunction) solver_new_var, METH_NOARGS, new_var_doc},
    {"solve", (PyCFunction) (void (*) (void)) solver_solve,
     METH_VARARGS | METH_KEYWORDS, solve_method_doc},
    {"model", (PyCFunction) solver_model, METH_NOARGS, model_doc},
    {"value", (PyCFunction) solver_value, METH_O, value_doc},
    {"core", (PyCFunction) solver_core, METH_NOARGS, core_doc},
    {"enumerate", (PyCFunction) (void (*) (void)) solver_enumerate,
     METH_VARARGS | METH_KEYWORDS, enumerate_doc},
    {"count_models", (PyCFunction) (void (*) (void)) solver_count_models,
     METH_VARARGS | METH_KEYWORDS, count_doc},
    {"set_decide", (PyCFunction) solver_set_decide, METH_O,
     set_decide_doc},
    {"current_value", (PyCFunction) solver_current_value, METH_O,
     current_value_doc},
    {"interrupt", (PyCFunction) solver_interrupt, METH_NOARGS,
     interrupt_doc},
    {"set_interrupt", (PyCFunction) solver_set_interrupt, METH_O,
     set_interrupt_doc},
    {"propagate", (PyCFunction) (void (*) (void)) solver_propagate,
     METH_VARARGS | METH_KEYWORDS, propagate_doc},
    {"phase", (PyCFunction) solver_phase, METH_O, phase_doc},
    {"set_conflict_limit", (PyCFunction) solver_set_conflict_limit, METH_O,
     "set_conflict_limit(n)\n\nAt most n conflicts in each following "
     "solve() (None: no limit)."},
    {"set_decision_limit", (PyCFunction) solver_set_decision_limit, METH_O,
     "set_decision_limit(n)\n\nAt most n decisions in each following "
     "solve() (None: no limit)."},
    {"set_propagation_limit", (PyCFunction) solver_set_propagation_limit,
     METH_O,
     "set_propagation_limit(n)\n\nAt most n propagations in each following "
     "solve() (None: no limit)."},
    {"set_time_limit", (PyCFunction) solver_set_time_limit, METH_O,
     "set_time_limit(seconds)\n\nProcess time (CPU time of all threads) "
     "for each following solve()\n(None: no limit)."},
    {"set_option", (PyCFunction) solver_set_option, METH_VARARGS,
     "set_option(name, value)\n\nSets a solver option (see "
     "einsat.option_info()); ValueError if unknown\nor out of range."},
    {"get_option", (PyCFunction) solver_get_option, METH_O,
     "get_option(name) -> int"},
    {"configure", (PyCFunction) solver_configure, METH_O,
     "configure(name)\n\nApplies a named configuration: 'default', "
     "'plain', 'sat' or 'unsat'."},
    {"statistics", (PyCFunction) solver_statistics, METH_NOARGS,
     statistics_doc},
    {"delete", (PyCFunction) solver_delete, METH_NOARGS, delete_doc},
    {"close", (PyCFunction) solver_delete, METH_NOARGS, delete_doc},
    {"__enter__", (PyCFunction) solver_enter, METH_NOARGS, 0},
    {"__exit__", (PyCFunction) solver_exit, METH_VARARGS, 0},
    {"__reduce__", (PyCFunction) solver_reduce, METH_NOARGS, 0},
    {0, 0, 0, 0}};

static PyGetSetDef solver_getset[] = {
    {"vars", (getter) solver_get_vars, 0,
     "the largest variable used or allocated so far", 0},
    {"enumeration_complete", (getter) solver_get_complete, 0,
     "whether the last enumerate()/count_models() found every model "
     "(None before the first)",
     0},
    {"deleted", (getter) solver_get_deleted, 0,
     "whether delete() was called", 0},
    {"clauses", (getter) solver_get_clauses, 0,
     "the number of clauses added (including the constructor's)", 0},
    {0, 0, 0, 0, 0}};

PyDoc_STRVAR (
    solver_doc,
    "Solver(clauses=None, *, proof=None, proof_binary=False,\n"
    "       proof_format='drat', config=None, options=None,\n"
    "       conflict_limit=None, decision_limit=None,\n"
    "       propagation_limit=None, time_limit=None)\n\n"
    "An incremental SAT solver.  'proof' is a path to write a DRAT proof "
    "to\n(text, or binary with proof_binary=True; an LRAT proof with\n"
    "proof_format='lrat', clauses then only before the first solve);\n"
    "'config' a named "
    "configuration;\n'options' a dict of option values; the limits "
    "apply to every solve() call.\nOne instance must not be used by two "
    "threads at once; interrupt() may\nbe called from any thread.");

static PyTypeObject solver_type = {
    PyVarObject_HEAD_INIT (0, 0)
    .tp_name = "einsat._einsat.Solver",
    .tp_basicsize = sizeof (solver_object),
    .tp_dealloc = (destructor) solver_dealloc,
    .tp_repr = (reprfunc) solver_repr,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC,
    .tp_doc = solver_doc,
    .tp_traverse = (traverseproc) solver_traverse,
    .tp_clear = (inquiry) solver_clear,
    .tp_weaklistoffset = offsetof (solver_object, weakrefs),
    .tp_methods = solver_methods,
    .tp_getset = solver_getset,
    .tp_init = (initproc) solver_init,
    .tp_new = solver_new,
};

/*------------------------------------------------------------------------*/
/* pycosat-compatible 'solve' and 'itersolve'. */

/* A fresh solver holding 'clauses'; '*vars' becomes the number of
 * variables of a solution, as pycosat: the largest variable or 'vars'. */
static einsat *new_solver (PyObject *clauses, int verbose, int *vars) {
  ints lits = {0, 0, 0};
  int max_var = *vars > 0 ? *vars : 0; /* at most EINSAT_MAX_VAR */
  if (push_clauses (clauses, &lits, &max_var, 0) < 0) {
    release_ints (&lits);
    return 0;
  }
  einsat *solver = einsat_new ();
  if (!solver) {
    release_ints (&lits);
    PyErr_NoMemory ();
    return 0;
  }
  if (verbose > 0)
    einsat_set_option (solver, "verbose", verbose > 3 ? 3 : verbose);
  add_literals (solver, &lits);
  release_ints (&lits);
  *vars = max_var;
  return solver;
}

static PyObject *solution (einsat *solver, int vars) {
  PyObject *list = PyList_New (vars);
  for (int idx = 1; list && idx <= vars; idx++) {
    PyObject *lit = PyLong_FromLong (einsat_val (solver, idx));
    if (!lit)
      Py_CLEAR (list);
    else
      PyList_SET_ITEM (list, idx - 1, lit);
  }
  return list;
}

static char *pycosat_kwlist[] = {"clauses", "vars", "verbose", "prop_limit",
                                 0};

/* An int argument as 'long long'; '*overflow' is 1 or -1 if it does not
 * fit.  PyArg_Parse's "i" and "L" raise OverflowError then, but a value
 * out of range is a ValueError like any other wrong value. */
static int parse_int_argument (PyObject *obj, long long *value,
                               int *overflow) {
  *value = 0, *overflow = 0;
  if (!obj)
    return 0;
  PyObject *number = PyNumber_Index (obj);
  if (!number)
    return -1;
  *value = PyLong_AsLongLongAndOverflow (number, overflow);
  Py_DECREF (number);
  return *value == -1 && PyErr_Occurred () ? -1 : 0;
}

/* The arguments of 'solve' and 'itersolve' ('format' names the function
 * for error messages), with pycosat's meaning for values in range:
 * negative 'vars' count as 0, 'verbose' is cut to 0..3, 'prop_limit' 0
 * (or None) means no limit; a negative limit is an error, as everywhere. */
static int parse_pycosat_arguments (PyObject *args, PyObject *kwds,
                                    const char *format, PyObject **clauses,
                                    int *vars, int *verbose,
                                    long long *prop_limit) {
  PyObject *vars_obj = 0, *verbose_obj = 0, *prop_limit_obj = 0;
  if (!PyArg_ParseTupleAndKeywords (args, kwds, format, pycosat_kwlist,
                                    clauses, &vars_obj, &verbose_obj,
                                    &prop_limit_obj))
    return -1;
  long long value;
  int overflow;
  if (parse_int_argument (vars_obj, &value, &overflow) < 0)
    return -1;
  if (overflow > 0 || value > EINSAT_MAX_VAR) {
    PyErr_Format (PyExc_ValueError, "vars must be at most %d",
                  EINSAT_MAX_VAR);
    return -1;
  }
  *vars = overflow < 0 || value < 0 ? 0 : (int) value;
  if (parse_int_argument (verbose_obj, &value, &overflow) < 0)
    return -1;
  if (overflow)
    value = overflow > 0 ? 3 : 0;
  *verbose = value > 3 ? 3 : value < 0 ? 0 : (int) value;
  if (prop_limit_obj == Py_None)
    prop_limit_obj = 0;
  if (parse_int_argument (prop_limit_obj, prop_limit, &overflow) < 0)
    return -1;
  if (overflow > 0) {
    PyErr_Format (PyExc_ValueError, "prop_limit must be at most %lld "
                  "(0: no limit)", LLONG_MAX);
    return -1;
  }
  if (overflow < 0 || *prop_limit < 0) {
    PyErr_Format (PyExc_ValueError, "prop_limit must not be negative "
                  "(0: no limit), not %R", prop_limit_obj);
    return -1;
  }
  return 0;
}

PyDoc_STRVAR (solve_doc,
              "solve(clauses, vars=0, verbose=0, prop_limit=0)\n\n"
              "Solves the clauses (an iterable of iterables of non-zero "
              "ints) as\npycosat.solve does: returns a solution, the list "
              "[+-1, ..., +-n] with\nn = max(vars, largest variable), or "
              "\"UNSAT\", or \"UNKNOWN\" when more than\nprop_limit "
              "propagations were needed (0: no limit).  'verbose' sets "
              "the\nsolver's verbosity (0..3).");

static PyObject *module_solve (PyObject *module, PyObject *args,
                               PyObject *kwds) {
  (void) module;
  PyObject *clauses;
  int vars, verbose;
  long long prop_limit;
  if (parse_pycosat_arguments (args, kwds, "O|OOO:solve", &clauses, &vars,
                               &verbose, &prop_limit) < 0)
    return 0;
  einsat *solver = new_solver (clauses, verbose, &vars);
  if (!solver)
    return 0;
  einsat_set_propagation_limit (solver, prop_limit ? prop_limit : -1);
  int res = run_solve (solver);
  PyObject *result = 0;
  if (res == EINSAT_SATISFIABLE)
    result = solution (solver, vars);
  else if (res == EINSAT_UNSATISFIABLE)
    result = PyUnicode_FromString ("UNSAT");
  else if (res == EINSAT_UNKNOWN)
    result = PyUnicode_FromString ("UNKNOWN");
  else if (res == EINSAT_ERROR)
    solver_error (solver);
  einsat_delete (solver);
  return result;
}

/* The iterator returned by 'itersolve': one solver kept alive between
 * solutions, each solution blocked by the clause negating it (over all
 * variables, as pycosat does) before the next solve. */
typedef struct iter_object {
  PyObject_HEAD
  einsat *solver; /* 0 when exhausted */
  int vars;
  bool busy;
  long long prop_limit; /* shared by all solutions; 0: no limit */
  uint64_t propagations; /* at the start */
} iter_object;

static void iter_finish (iter_object *self) {
  if (self->solver)
    einsat_delete (self->solver);
  self->solver = 0;
}

static void iter_dealloc (iter_object *self) {
  iter_finish (self);
  PyObject_Free (self);
}

static PyObject *iter_next (iter_object *self) {
  if (!self->solver)
    return 0;
  if (self->busy) {
    PyErr_SetString (PyExc_ValueError, "itersolve iterator already "
                                       "executing in another thread");
    return 0;
  }
  self->busy = true;
  if (self->prop_limit) {
    uint64_t used =
        einsat_statistic (self->solver, "propagations") - self->propagations;
    uint64_t limit = (uint64_t) self->prop_limit;
    einsat_set_propagation_limit (self->solver,
                                  used < limit ? (int64_t) (limit - used) : 0);
  }
  int res = run_solve (self->solver);
  self->busy = false;
  if (res == INTERRUPTED)
    return 0;
  if (res != EINSAT_SATISFIABLE) {
    if (res == EINSAT_ERROR)
      solver_error (self->solver);
    iter_finish (self);
    return 0;
  }
  PyObject *list = solution (self->solver, self->vars);
  if (!list)
    return 0;
  for (int idx = 1; idx <= self->vars; idx++)
    einsat_add (self->solver,
                -(int) PyLong_AS_LONG (PyList_GET_ITEM (list, idx - 1)));
  einsat_add (self->solver, 0);
  return list;
}

static PyTypeObject iter_type = {
    PyVarObject_HEAD_INIT (0, 0)
    .tp_name = "einsat._einsat.itersolve",
    .tp_basicsize = sizeof (iter_object),
    .tp_dealloc = (destructor) iter_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "iterator over the solutions of itersolve()",
    .tp_iter = PyObject_SelfIter,
    .tp_iternext = (iternextfunc) iter_next,
};

PyDoc_STRVAR (
    itersolve_doc,
    "itersolve(clauses, vars=0, verbose=0, prop_limit=0)\n\n"
    "An iterator over all solutions, as pycosat.itersolve: each "
    "solution is\na full assignment [+-1, ..., +-n] (n as in solve()).  "
    "Solutions are\ncomputed one at a time, each followed by a clause "
    "that blocks it.  The\niteration stops early if the prop_limit "
    "propagations, a budget shared\nby the whole iteration as in "
    "pycosat, are used up.");

static PyObject *module_itersolve (PyObject *module, PyObject *args,
                                   PyObject *kwds) {
  (void) module;
  PyObject *clauses;
  int vars, verbose;
  long long prop_limit;
  if (parse_pycosat_arguments (args, kwds, "O|OOO:itersolve", &clauses,
                               &vars, &verbose, &prop_limit) < 0)
    return 0;
  iter_object *self = PyObject_New (iter_object, &iter_type);
  if (!self)
    return 0;
  self->busy = false;
  self->solver = new_solver (clauses, verbose, &vars);
  if (!self->solver) {
    Py_DECREF (self);
    return 0;
  }
  self->vars = vars;
  self->prop_limit = prop_limit;
  self->propagations = einsat_statistic (self->solver, "propagations");
  return (PyObject *) self;
}

/*------------------------------------------------------------------------*/
/* Module functions and initialization. */

static PyObject *module_version (PyObject *module,
                                 PyObject *Py_UNUSED (ignored)) {
  (void) module;
  return PyUnicode_FromString (einsat_version ());
}

static PyObject *module_signature (PyObject *module,
                                   PyObject *Py_UNUSED (ignored)) {
  (void) module;
  return PyUnicode_FromString (einsat_signature ());
}

static PyObject *module_option_info (PyObject *module,
                                     PyObject *Py_UNUSED (ignored)) {
  (void) module;
  PyObject *dict = PyDict_New ();
  einsat_option_info info;
  for (int i = 0; dict && einsat_option (i, &info); i++) {
    PyObject *row =
        Py_BuildValue ("{s:i,s:i,s:i,s:s}", "default", info.default_value,
                       "min", info.min_value, "max", info.max_value, "help",
                       info.help);
    if (set_item (dict, info.name, row) < 0)
      Py_CLEAR (dict);
  }
  return dict;
}

static PyMethodDef module_methods[] = {
    {"solve", (PyCFunction) (void (*) (void)) module_solve,
     METH_VARARGS | METH_KEYWORDS, solve_doc},
    {"itersolve", (PyCFunction) (void (*) (void)) module_itersolve,
     METH_VARARGS | METH_KEYWORDS, itersolve_doc},
    {"version", module_version, METH_NOARGS,
     "version() -> str: the library version"},
    {"signature", module_signature, METH_NOARGS,
     "signature() -> str: 'einsat-<version>'"},
    {"option_info", module_option_info, METH_NOARGS,
     "option_info() -> dict: name -> {'default', 'min', 'max', 'help'}"},
    {0, 0, 0, 0}};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    .m_name = "einsat._einsat",
    .m_doc = "C core of the einsat package (see help(einsat)).",
    .m_size = -1,
    .m_methods = module_methods,
};

static int find_main_thread (void) {
  PyObject *threading = PyImport_ImportModule ("threading");
  if (!threading)
    return -1;
  PyObject *thread = PyObject_CallMethod (threading, "main_thread", 0);
  Py_DECREF (threading);
  if (!thread)
    return -1;
  PyObject *ident = PyObject_GetAttrString (thread, "ident");
  Py_DECREF (thread);
  if (!ident)
    return -1;
  main_thread_ident = PyLong_AsUnsignedLong (ident);
  Py_DECREF (ident);
  return PyErr_Occurred () ? -1 : 0;
}

PyMODINIT_FUNC PyInit__einsat (void);

PyMODINIT_FUNC PyInit__einsat (void) {
  if (PyType_Ready (&solver_type) < 0 || PyType_Ready (&iter_type) < 0)
    return 0;
  if (find_main_thread () < 0)
    return 0;
  PyObject *module = PyModule_Create (&module_def);
  if (!module)
    return 0;
  Py_INCREF (&solver_type);
  PyObject *type = (PyObject *) &solver_type;
  if (PyModule_AddObject (module, "Solver", type) < 0) {
    Py_DECREF (&solver_type);
    Py_DECREF (module);
    return 0;
  }
  if (PyModule_AddIntConstant (module, "MAX_VAR", EINSAT_MAX_VAR) < 0) {
    Py_DECREF (module);
    return 0;
  }
  return module;
}
