#ifndef MBT_H_INCLUDED
#define MBT_H_INCLUDED

/* einsat-mbt, the model-based API tester (in the spirit of CaDiCaL's
 * 'mobical'): random traces of API calls are executed against the
 * library and every answer is checked against the brute-force oracle of
 * 'oracle.h'; failing traces are run in a child process, shrunk by delta
 * debugging and written as replayable text.
 *
 *   trace.c     traces and their text format
 *   generate.c  random traces from a seed, or from fuzzer bytes
 *   execute.c   runs a trace and checks every result (in-process)
 *   isolate.c   runs a trace in a forked child and classifies failures
 *   shrink.c    delta debugging of failing traces
 *   proofs.c    checking traced proofs with external checkers
 *   main.c      the command line
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define MBT_MAX_LITS 32 /* literals of one call (clause, projection) */

typedef enum call_kind {
  CALL_NEW,
  CALL_DELETE,
  CALL_OPTION,      /* name value */
  CALL_CONFIGURE,   /* name */
  CALL_ADD,         /* a whole clause */
  CALL_ASSUME,      /* lit */
  CALL_SOLVE,
  CALL_VAL,         /* lit */
  CALL_FAILED,      /* lit */
  CALL_FREEZE,      /* lit */
  CALL_MELT,        /* lit */
  CALL_VARS,
  CALL_LIMIT,       /* name ("conflicts", "decisions", "time") value */
  CALL_TERMINATE,   /* einsat_terminate */
  CALL_TERMINATE_AFTER, /* callback stopping from its value-th call */
  CALL_TERMINATE_NEVER, /* removes the callback */
  CALL_ENUMERATE,   /* limit (value), stop (callback), projection */
  CALL_FAIL_ALLOC,  /* the value-th allocation from now on fails */
  CALL_LEARN,       /* learn callback for clauses up to value (< 0: off) */
  CALL_MODEL_VALUE, /* lit */
  CALL_DECIDE,      /* decide callback with random seed value (< 0: off) */
  CALL_PROOF,       /* name: drat, drat-text, lrat or lrat-text */
  CALL_ATMOST,      /* bound (value), lits: einsat_add_atmost */
  CALL_EXACTLY,     /* bound (value), lits: einsat_add_exactly */
  NUMBER_OF_CALL_KINDS
} call_kind;

typedef struct call {
  call_kind kind;
  char name[24];
  int64_t value;
  int64_t stop; /* enumerate: the callback returns 0 at this model */
  bool all;     /* enumerate: project on all variables */
  int size;
  int lits[MBT_MAX_LITS];
} call;

typedef struct trace {
  call *calls;
  size_t size, capacity;
} trace;

/* in 'trace.c' */
void trace_init (trace *);
void trace_release (trace *);
void trace_push (trace *, const call *);
void trace_copy (trace *dst, const trace *src);
void trace_erase (trace *, size_t begin, size_t end);
const char *call_name (call_kind);
void call_print (const call *, FILE *);
void trace_print (const trace *, FILE *);
/* Returns false with a message "LINE: what" in 'error' on bad input. */
bool trace_read (trace *, FILE *, char *error, size_t error_size);

/* in 'generate.c' */
void generate_random_trace (uint64_t seed, trace *);
void generate_trace_from_bytes (const uint8_t *, size_t, trace *);
/* IPASIR-like sequences with a proof traced from the start. */
void generate_proof_trace (uint64_t seed, trace *);
/* An option its table names that the library does not know, or NULL. */
const char *unknown_proof_option (void);

/* The programs that check traced proofs (NULL: not checked).  drat-trim
 * checks DRAT proofs backwards in addition to einsat-check's forward
 * check; 'drat_trim_missing' says why it does not when it does not. */
typedef struct proof_checkers {
  const char *check;     /* einsat-check */
  const char *drat_trim; /* drat-trim, or NULL */
  const char *drat_trim_missing;
} proof_checkers;

/* in 'execute.c' */
typedef struct outcome {
  bool failed;
  size_t step;         /* the call that failed */
  char signature[160]; /* what failed, without the details */
  char message[512];   /* with the details */
  uint64_t checks;     /* results checked */
  uint64_t sat, unsat; /* answers of 'solve' */
  uint64_t proofs;     /* proofs checked by einsat-check */
  uint64_t drat_trim;  /* ... and by drat-trim */
} outcome;

void execute_trace (const trace *, const proof_checkers *, bool verbose,
                    outcome *);

/* in 'proofs.c' */
typedef struct proof_check {
  const proof_checkers *checkers;
  char proof[256], cnf[256], output[256]; /* temporary files */
  char report[300]; /* the checker's explaining line after a failure */
} proof_check;

/* Names the temporary files of the process 'pid' in 'check'. */
void proof_files (proof_check *, const proof_checkers *, long pid);
void remove_proof_files (const proof_check *);
/* Runs 'program' with the arguments (NULL-terminated) and returns true if
 * it exits 0 and prints "s VERIFIED"; else the report says why. */
bool run_proof_checker (proof_check *, const char *program,
                        const char *const *arguments);

/* in 'isolate.c' */
typedef struct verdict {
  bool failed;
  char signature[160]; /* equal signatures: "fails the same way" */
  char report[2048];   /* what the child printed, shortened */
  uint64_t checks, sat, unsat, proofs, drat_trim; /* as in 'outcome' */
} verdict;

void run_isolated (const trace *, const proof_checkers *, unsigned timeout,
                   bool verbose, verdict *);

/* in 'shrink.c' */
typedef struct shrinking {
  const char *signature;
  const proof_checkers *checkers;
  unsigned timeout;
  uint64_t tests, successes;
} shrinking;

void shrink_trace (trace *, shrinking *);

#endif
