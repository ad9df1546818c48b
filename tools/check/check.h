/* einsat-check: the one internal header of the independent checker.
 *
 * The checker is the test oracle of the project, so it shares no code
 * with the solver in 'src/' and favours plain, obviously right code over
 * speed.  Everything it knows is declared here, grouped by the file that
 * implements it, so this header doubles as a map of the program:
 *
 *   util.c     messages, exit codes, allocation that never returns NULL
 *   input.c    reading files, stdin and compressed files (fork + exec)
 *   clause.c   literals, clauses and the formula
 *   dimacs.c   parsing CNF files and solver solutions
 *   proof.c    parsing DRAT proofs (text and binary), matching deletions
 *   model.c    checking a model against the formula
 *   drat.c     checking a DRAT proof (forward and backward)
 *   lrat.c     parsing and checking an LRAT proof (text and binary)
 *   main.c     the command line
 *
 * There is no global mutable state: each part works on its own structure
 * handed down from 'main'.
 */

#ifndef EINSAT_CHECK_H
#define EINSAT_CHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#define PROGRAM "einsat-check"

/* Exit codes: 0 = checked and correct, 1 = checked and wrong, 2 = the
 * solution claims no model so there is nothing to check, 3 = could not
 * check (usage, parse error, I/O error, out of memory).  */
enum {
  EXIT_CHECKED_OK = 0,
  EXIT_CHECK_FAILED = 1,
  EXIT_NOTHING_TO_CHECK = 2,
  EXIT_ERROR = 3,
};

/* Variables beyond this index are rejected by the parsers (the same limit
 * as Kissat), which keeps '2 * variable + 1' and per-variable arrays
 * comfortably within 'unsigned' and memory.  */
#define MAX_VARIABLE ((1u << 28) - 1)

/*------------------------------------------------------------------------*/
/* in 'util.c' */

#define NORETURN _Noreturn
#define PRINTF_FORMAT(F, A) __attribute__ ((format (printf, F, A)))

NORETURN void fatal (const char *fmt, ...) PRINTF_FORMAT (1, 2);
void warning (const char *fmt, ...) PRINTF_FORMAT (1, 2);
void *allocate (size_t bytes);
void *allocate_zeroed (size_t count, size_t size);
void *grow_array (void *array, size_t *capacity, size_t element_size);

/* A growable array of 'T' as an anonymous structure, in the style of
 * Kissat's 'STACK'.  'PUSH' doubles the capacity when full.  */
#define STACK(T) \
  struct { \
    T *begin; \
    size_t size, capacity; \
  }

#define PUSH(S, E) \
  do { \
    if ((S).size == (S).capacity) \
      (S).begin = grow_array ((S).begin, &(S).capacity, sizeof *(S).begin); \
    (S).begin[(S).size++] = (E); \
  } while (0)

#define RELEASE(S) \
  do { \
    free ((S).begin); \
    (S).begin = 0; \
    (S).size = (S).capacity = 0; \
  } while (0)

/*------------------------------------------------------------------------*/
/* in 'input.c' */

/* A buffered input file.  Files starting with the gzip, bzip2, xz or zstd
 * magic bytes are read through the matching decompressor.  'line' is the
 * line of the character returned last and 'offset' counts the bytes
 * returned so far (the offset of the next byte).  */
struct input {
  const char *path; /* as given on the command line, "-" for stdin */
  const char *name; /* for messages: the path, or "<stdin>" */
  const char *decompressor;
  int fd;
  pid_t child;
  bool eof;
  int last; /* the character returned last */
  uint64_t line, offset;
  size_t pos, end;
  unsigned char buffer[1 << 16];
};

void open_input (struct input *, const char *path);
void close_input (struct input *);
int next_char (struct input *);
int peek_char (struct input *);
size_t peek_bytes (struct input *, const unsigned char **bytes, size_t want);
NORETURN void parse_error (struct input *, const char *fmt, ...)
    PRINTF_FORMAT (2, 3);
NORETURN void binary_parse_error (struct input *, uint64_t offset,
                                  const char *fmt, ...) PRINTF_FORMAT (3, 4);

/*------------------------------------------------------------------------*/
/* in 'clause.c' */

/* Internal literals are 'unsigned': '2 * variable + (DIMACS literal < 0)',
 * so a literal and its negation differ in the lowest bit only.  */
#define NOT(L) ((L) ^ 1u)
#define VARIABLE(L) ((L) >> 1)
/* Not for clang-format, which reads "(X) op" in macros as a cast: */
/* clang-format off */
#define NEGATIVE(L) ((L) & 1u)
/* clang-format on */

unsigned import_literal (int dimacs_literal);
int export_literal (unsigned literal);

/* Clauses are allocated one by one: simple, and ASan sees every overrun.
 * Duplicate literals are removed when the clause is built, keeping the
 * first occurrence, so 'literals[0]' as built is the first literal as
 * written (the RAT pivot of a lemma).  The removed copies follow the
 * 'size' literals ('duplicates' of them): LRAT checking needs them.  The checker reorders literals to
 * put the watched ones first, which is why the pivot is kept apart.  */
struct clause {
  uint64_t line;       /* text line (or binary byte offset) of its start */
  uint64_t id;         /* CNF clause number, or lemma number, from 1 */
  struct clause *next; /* chain in the hash table matching deletions */
  unsigned size;
  unsigned duplicates; /* removed copies, after the 'size' literals */
  unsigned pivot;      /* first literal as written, if 'size > 0' */
  bool lemma;          /* added by the proof (not in the CNF) */
  bool tautology;      /* contains a literal and its negation */
  bool active;         /* in the checker's current clause set */
  bool core;           /* needed for the refutation (backward mode) */
  unsigned literals[];
};

/* A map from indices up to '2 * MAX_VARIABLE + 1' (literals) to unsigned
 * values, initially 0.  Memory is allocated only for the pages of 4096
 * entries actually written, so that one huge variable index in the input
 * costs a page and not gigabytes.  */
struct sparse_map {
  unsigned **pages;
};

unsigned sparse_get (const struct sparse_map *, unsigned index);
unsigned *sparse_slot (struct sparse_map *, unsigned index);
void release_sparse (struct sparse_map *);

/* Collects the literals of one clause, dropping duplicates in linear time
 * with a mark per literal, and noticing tautologies.  */
struct clause_builder {
  STACK (unsigned) literals;
  STACK (unsigned) duplicates; /* copies of literals already added */
  struct sparse_map marks;
  bool tautology;
};

void init_builder (struct clause_builder *);
void release_builder (struct clause_builder *);
void builder_add (struct clause_builder *, unsigned literal);
bool builder_empty (const struct clause_builder *);
struct clause *builder_finish (struct clause_builder *, uint64_t line,
                               uint64_t id, bool lemma);

void print_clause (const struct clause *); /* DIMACS, to stderr */

struct formula {
  STACK (struct clause *) clauses;
  unsigned header_variables;
  uint64_t header_clauses;
  unsigned max_variable; /* largest variable occurring in a clause */
  bool empty_clause;     /* contains the empty clause */
};

void release_formula (struct formula *);

/*------------------------------------------------------------------------*/
/* in 'dimacs.c' */

enum status { STATUS_NONE, STATUS_SAT, STATUS_UNSAT, STATUS_UNKNOWN };

/* A model as read from a solution: 'values' maps each variable given to
 * 'MODEL_TRUE' or 'MODEL_FALSE' (0 if not given).  */
enum { MODEL_TRUE = 1, MODEL_FALSE = 2 };

struct model {
  enum status status;
  struct sparse_map values;
  unsigned max_variable;
  int contradiction;     /* a variable given both signs (first one), or 0 */
  uint64_t contradiction_line;
};

void parse_cnf (struct input *, struct formula *);
void parse_solution (struct input *, struct model *);
void release_model (struct model *);

/* Shared by the text parsers.  */
bool is_space (int ch);
void skip_line (struct input *);
int parse_literal (struct input *, int first_char);
uint64_t parse_digits (struct input *, int first_char, uint64_t limit,
                       const char *what);

/*------------------------------------------------------------------------*/
/* in 'proof.c' */

enum step_type { STEP_ADD, STEP_DELETE };

/* One proof step.  Deletions point to the clause they remove (found when
 * parsing).  'applied' is set by the checker for deletions it performed
 * (it ignores deletions of reason clauses, see 'drat.c').  */
struct step {
  struct clause *clause;
  uint64_t line; /* text line or binary byte offset of the step */
  unsigned char type;
  bool applied;
};

struct proof {
  STACK (struct step) steps;
  STACK (struct clause *) lemmas; /* owned here, in proof order */
  bool binary;
  uint64_t additions, deletions;
  uint64_t missing_deletions;    /* no matching clause: ignored */
  uint64_t unit_deletions;       /* of unit (or empty) clauses: ignored */
};

bool proof_looks_binary (struct input *);
void parse_proof (struct input *, struct formula *, struct proof *,
                  bool verbose);
void release_proof (struct proof *);

/*------------------------------------------------------------------------*/
/* in 'model.c' */

int check_model (const struct formula *, const struct model *, bool verbose);

/*------------------------------------------------------------------------*/
/* in 'drat.c' */

enum drat_mode { DRAT_FORWARD, DRAT_BACKWARD };

/* Renumbers the variables of the clauses in place: the formula and the
 * proof are of no further use afterwards except for releasing them.  */

int check_proof (struct formula *, struct proof *, enum drat_mode,
                 bool verbose);

/*------------------------------------------------------------------------*/
/* in 'lrat.c' */

/* Reads the whole LRAT proof from the input, then checks it against the
 * formula.  Returns the exit code.  */
int check_lrat (struct input *, struct formula *, bool verbose);

#endif
