/*
 * einsat_encode.h - building CNF encodings for einsat.
 *
 * An 'encoder' turns a problem stated with named variables, formulas and
 * cardinality constraints into clauses.  Every clause goes to a solver
 * (so the problem can be solved right away) and, unless switched off, is
 * also recorded, so that the encoding can be written as DIMACS with the
 * variable names in comment lines ('c var 17 q_3_2') for any other
 * solver.  This header uses only 'einsat.h'; the library is
 * 'libeinsat_encode.a'.
 *
 * Ownership.  An encoder made by 'enc_new' creates and owns its solver:
 * 'enc_delete' deletes it.  An encoder made by 'enc_new_with_solver'
 * uses the caller's solver and never deletes it; delete the encoder
 * first, then the solver.  Strings returned by the encoder ('enc_name',
 * 'enc_error') and the array from 'enc_named' belong to the encoder and
 * stay valid until the next call that creates a variable or until the
 * encoder is deleted.  Formula handles ('enc_formula') belong to the
 * encoder that made them and stay valid until 'enc_release_formulas' or
 * 'enc_delete'.  There is no global state: encoders share nothing, and
 * one encoder must only be used by one thread at a time.
 *
 * Literals.  As in 'einsat.h': variable 'v' is the literal 'v' and its
 * negation '-v'.  The encoder numbers the variables it creates densely
 * from 1 (or from one past the largest variable of a given solver).  Add
 * every clause through the encoder, not directly to the solver, or the
 * recorded DIMACS misses it.  Solving, assumptions and reading the model
 * are done directly on the solver ('enc_solver').
 *
 * Errors.  Errors are sticky, as 'ferror' for a stdio stream: the first
 * error (out of memory, or a call with invalid arguments such as literal
 * 0, a variable the encoder does not know, a name with white space, a
 * foreign formula handle) is kept, 'enc_ok' returns 0 from then on,
 * 'enc_error' says what happened and which function failed, and all
 * later calls that would add clauses or variables do nothing and return
 * 0 (or an invalid formula).  So a front-end may build its whole
 * encoding and check 'enc_ok' once before solving.  After an error the
 * solver may hold an incomplete encoding; it is still safe to delete.
 * Nothing is printed and nothing aborts, except that solver contract
 * violations (for example solving a solver-less encoder through a NULL
 * solver) are the solver's business (see 'einsat.h').
 */
#ifndef EINSAT_ENCODE_H_INCLUDED
#define EINSAT_ENCODE_H_INCLUDED

#include "einsat.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) || defined(__clang__)
#define ENC_PRINTF(FMT, ARGS) __attribute__ ((format (printf, FMT, ARGS)))
#else
#define ENC_PRINTF(FMT, ARGS)
#endif

typedef struct encoder encoder;

/*------------------------------------------------------------------------*/
/* Creating and deleting encoders.                                        */

/* Flags for 'enc_new' and 'enc_new_with_solver' (or-ed together).
 * ENC_NO_SOLVER: no solver, clauses are only recorded, for writing
 * DIMACS ('enc_solver' returns NULL).  ENC_NO_RECORD: clauses only go to
 * the solver, which saves memory for large encodings ('enc_write_dimacs'
 * then fails). */
#define ENC_NO_SOLVER 1u
#define ENC_NO_RECORD 2u

/* A new encoder with its own solver (unless ENC_NO_SOLVER).  Returns
 * NULL if out of memory or if both flags are given. */
encoder *enc_new (unsigned flags);

/* A new encoder adding to 'solver', which stays owned by the caller.
 * Variables are numbered after 'einsat_vars (solver)'.  Returns NULL if
 * out of memory, if 'solver' is NULL or with ENC_NO_SOLVER. */
encoder *enc_new_with_solver (einsat *solver, unsigned flags);

/* Deletes the encoder, its formulas and names, and its solver if it was
 * made by 'enc_new'. */
void enc_delete (encoder *);

/* The solver clauses go to (NULL with ENC_NO_SOLVER). */
einsat *enc_solver (encoder *);

/*------------------------------------------------------------------------*/
/* Errors (see above).                                                    */

int enc_ok (const encoder *);              /* 1 if no error happened */
const char *enc_error (const encoder *); /* "" if no error happened */

/*------------------------------------------------------------------------*/
/* Variables.  Named variables are found by a printf-formatted name: the
 * first call with a name creates the variable, later calls return the
 * same variable.  Names must be non-empty, without white space, at most
 * 255 characters.  Auxiliary variables made by the encodings below (and
 * by 'enc_aux') have no name.                                            */

/* The variable named by 'fmt', created if new; 0 on error. */
int enc_var (encoder *, const char *fmt, ...) ENC_PRINTF (2, 3);
int enc_vvar (encoder *, const char *fmt, va_list);

/* The variable named by 'fmt' if it exists, else 0 (never creates). */
int enc_find (const encoder *, const char *fmt, ...) ENC_PRINTF (2, 3);

/* A fresh anonymous auxiliary variable; 0 on error. */
int enc_aux (encoder *);

/* A grid of variables, one per cell of a 'dimensions'-dimensional array
 * with 'sizes[0] x sizes[1] x ...' cells (1 to ENC_MAX_DIMENSIONS
 * dimensions), created at once and numbered row-major (the last index
 * fastest) from the returned first variable (0 on error).  Cell (i, j)
 * of a grid with prefix "q" is named "q_i_j" (indices from 1), found by
 * 'enc_var' and 'enc_find' like any name and listed by 'enc_named', but
 * not stored: a 5000 x 5000 board costs nothing per cell.  The names
 * must not clash with names that exist (an error). */
#define ENC_MAX_DIMENSIONS 4
int enc_var_grid (encoder *, const char *prefix, int dimensions,
                  const int *sizes);

/* The name of variable 'var' (or of literal 'var', sign ignored), NULL
 * for auxiliary and unknown variables.  The name of a grid variable is
 * written into one of four buffers of the encoder: it stays valid until
 * the names of four more grid variables are asked for. */
const char *enc_name (const encoder *, int var);

/* Writes literal 'lit' as text into 'buffer' (always 0-terminated):
 * "q_1_2" or "-q_1_2" for named variables, "#17" or "-#17" for unnamed
 * ones.  Returns 'buffer' (for use in printf arguments). */
char *enc_format_literal (const encoder *, int lit, char *buffer,
                          size_t size);

int enc_vars (const encoder *);     /* largest variable created so far */
int enc_aux_vars (const encoder *); /* how many of them are unnamed */

/* The named variables in creation order ('*count' of them), e.g. as the
 * projection for 'einsat_enumerate'.  Valid until a variable is
 * created. */
const int *enc_named (const encoder *, int *count);

/*------------------------------------------------------------------------*/
/* Clauses.                                                               */

/* IPASIR style: adds 'lit' to the current clause, 0 ends it. */
void enc_add (encoder *, int lit);

/* Adds the clause of 'size' literals (size 0: the empty clause, which
 * makes the problem unsatisfiable). */
void enc_clause (encoder *, int size, const int *lits);

/* ENC_CLAUSE (e, a, -b, c) adds the clause (a | -b | c). */
#define ENC_CLAUSE(E, ...)                                                \
  enc_clause ((E), (int) (sizeof ((int[]){__VA_ARGS__}) / sizeof (int)),   \
              (int[]){__VA_ARGS__})

int64_t enc_clauses (const encoder *); /* clauses added so far */

/*------------------------------------------------------------------------*/
/* Formulas.  Build a formula from literals with the connectives below,
 * then either assert it ('enc_assert': it must hold) or name it
 * ('enc_define': a literal that is true exactly when it holds).
 *
 * Asserting uses the Tseitin transformation with polarity (Plaisted and
 * Greenbaum) and avoids auxiliary variables wherever a clause suffices:
 * a top-level conjunction is asserted part by part, a top-level
 * disjunction or implication becomes one clause, so a conjunction of
 * implications between literals or of clauses needs no auxiliary
 * variable; 'a -> (b & c)' gives the clauses (-a | b) and (-a | c);
 * 'iff' and 'xor' of literals give two clauses each, 'ite' two; a
 * disjunction of k conjunctions needs k - 1 auxiliary variables (one
 * conjunction is distributed, the others are named).  Auxiliary
 * variables introduced this way are only implied by the model of the
 * original variables, not determined by it: to enumerate or count
 * solutions, project on the named variables ('enc_named').
 *
 * Connectives fold constants and flatten nested 'and'/'or'.  Invalid
 * arguments (a formula of another encoder, literal 0) set the error and
 * give an invalid formula, which the other functions ignore.            */

typedef struct enc_formula {
  int id; /* opaque; 0 = invalid */
} enc_formula;

enc_formula enc_lit (encoder *, int lit);
enc_formula enc_true (encoder *);
enc_formula enc_false (encoder *);
enc_formula enc_not (encoder *, enc_formula);
enc_formula enc_and (encoder *, int n, const enc_formula *);
enc_formula enc_or (encoder *, int n, const enc_formula *);
enc_formula enc_implies (encoder *, enc_formula, enc_formula);
enc_formula enc_iff (encoder *, enc_formula, enc_formula);
enc_formula enc_xor (encoder *, enc_formula, enc_formula);
enc_formula enc_ite (encoder *, enc_formula cond, enc_formula then,
                     enc_formula otherwise);

/* ENC_AND (e, f, g, h) and ENC_OR (e, f, g) for a fixed number of
 * arguments. */
#define ENC_AND(E, ...)                                                   \
  enc_and ((E),                                                           \
           (int) (sizeof ((enc_formula[]){__VA_ARGS__}) /                 \
                  sizeof (enc_formula)),                                  \
           (enc_formula[]){__VA_ARGS__})
#define ENC_OR(E, ...)                                                    \
  enc_or ((E),                                                            \
          (int) (sizeof ((enc_formula[]){__VA_ARGS__}) /                  \
                 sizeof (enc_formula)),                                   \
          (enc_formula[]){__VA_ARGS__})

/* Adds clauses (and auxiliary variables where needed) forcing 'f'. */
void enc_assert (encoder *, enc_formula f);

/* A literal equivalent to 'f' (both directions are encoded, so it may be
 * used with either sign, assumed, or read from the model).  Literals are
 * returned as they are; a formula defined twice gives the same literal.
 * Returns 0 on error. */
int enc_define (encoder *, enc_formula f);

/* Frees all formulas (handles become invalid); clauses stay. */
void enc_release_formulas (encoder *);

/*------------------------------------------------------------------------*/
/* Formulas as text ('enc_parser'): propositional formulas over named
 * variables, read line by line and asserted as they end, for front-ends
 * that take formulas from users ('einsat formula').  The syntax, from
 * the loosest to the tightest binding:
 *
 *   F ; G                 two formulas (both must hold; so does a formula
 *                         per line)
 *   F <-> G   F iff G     equivalence (also '<=>'), left-associative
 *   F -> G    F implies G implication (also '=>'), right-associative
 *   F | G     F or G      disjunction (also '||', '\/')
 *   F ^ G     F xor G     exclusive or
 *   F & G     F and G     conjunction (also '&&', '/\')
 *   !F        not F       negation (also '~', '-')
 *   (F)  true  false  NAME
 *   atmost(K, F, ...)  atleast(K, F, ...)  exactly(K, F, ...)
 *                         at most / at least / exactly K of the formulas
 *                         are true (an argument given twice counts twice;
 *                         also 'at_most', 'at_least')
 *   ite(C, T, E)          if C then T else E
 *
 * The Unicode symbols for not, and, or, implies, iff, xor, true and false
 * work too.  Words are lower or upper case ('and', 'AND'); they cannot
 * be names.  A NAME is a run of the characters A-Z a-z 0-9 _ . ' @ $ [ ]
 * (not only digits), at most 255 of them, and is the variable
 * 'enc_var (e, "%s", NAME)'.  '#' starts a comment that runs to the end
 * of the line.  A formula ends with ';' or at the end of a line where it
 * is complete; it goes on to the next line after an operator, inside
 * parentheses or after a function's name.
 *
 * Each formula is asserted with 'enc_assert' when it ends; a cardinality
 * constraint that is a conjunct of a formula (not inside another
 * connective) uses the encodings below, one inside other connectives a
 * sequential counter of defined literals (n * min(K + 1, n - K + 1)
 * auxiliary variables).  Sub-formulas nested more than 32 deep are named
 * by a defined literal, so that depth never exhausts the stack; the
 * parser itself keeps its stacks on the heap.  The formula nodes of a
 * formula are freed once it is asserted, so memory stays bounded by the
 * largest formula (formula handles made by the caller before stay
 * valid; do not make any while a formula spans lines).
 *
 * Errors (syntax, or the encoder's) stop the parser: the functions
 * return 0 from then on and 'enc_parse_error' tells what and where
 * (line and column from 1; the column counts characters, not bytes).  A
 * syntax error leaves the encoder without error; an error of the
 * encoder (out of memory, too many variables) is also the encoder's. */

typedef struct enc_parser enc_parser;

/* A parser adding to 'encoder'; NULL if out of memory.  Delete it before
 * the encoder. */
enc_parser *enc_parser_new (encoder *);
void enc_parser_delete (enc_parser *);

/* Parses the next line: 'length' bytes without the end of line.  Returns
 * 1, or 0 after an error. */
int enc_parse_line (enc_parser *, const char *line, size_t length);

/* Parses 'text' (0-terminated) as lines separated by '\n'. */
int enc_parse_text (enc_parser *, const char *text);

/* The end of the input: asserts the last formula, or reports that it is
 * incomplete.  Returns 1, or 0 after an error. */
int enc_parse_end (enc_parser *);

/* The message of the error ("" if none) and its line and column. */
const char *enc_parse_error (const enc_parser *, long *line, long *column);

/* The number of formulas asserted so far (empty ones do not count). */
int64_t enc_parsed_formulas (const enc_parser *);

/*------------------------------------------------------------------------*/
/* Cardinality constraints over 'n' literals 'lits' (which may be
 * negative; repeated variables are not allowed).  Without a method the
 * encoder chooses by size:
 *
 *   at most one    pairwise for n <= 6 (no auxiliary variables),
 *                  sequential (ladder) for n <= 64, product (Chen)
 *                  above (2 sqrt(n) auxiliary variables, 2n + o(n)
 *                  clauses)
 *   exactly one    one clause plus 'at most one'
 *   at most k      k = 1: at most one; k <= 8: sequential counter
 *                  (Sinz, about n k auxiliary variables); otherwise
 *                  totalizer (Bailleux and Boufkhad, outputs cut at k + 1)
 *   at least k     k = 1: one clause; n - k <= 8: sequential counter on
 *                  the negations (at most n - k false); otherwise
 *                  totalizer
 *   exactly k      k = 1: exactly one; otherwise one totalizer with both
 *                  directions
 *
 * Trivial bounds are handled directly: 'at most k' with k < 0 (and 'at
 * least k' with k > n) adds the empty clause, k >= n (k <= 0) adds
 * nothing, k = 0 (k = n) adds unit clauses.                            */

typedef enum enc_method {
  ENC_AUTO = 0,   /* choose by size as above */
  ENC_PAIRWISE,   /* at most one: n (n - 1) / 2 binary clauses, no aux */
  ENC_SEQUENTIAL, /* at most one: 3n - 4 binary clauses, n - 1 aux;
                     at most k: sequential counter, about 2nk clauses */
  ENC_COMMANDER,  /* at most one: groups of 3 under commander variables,
                     recursively; about 3n clauses, n / 2 aux */
  ENC_BIMANDER,   /* at most one: pairs of inputs share a binary-coded
                     index; n log2(n) clauses, log2(n) aux */
  ENC_PRODUCT,    /* at most one: inputs on a sqrt(n) x sqrt(n) grid,
                     row and column at most one, recursively; 2n + o(n)
                     clauses, 2 sqrt(n) aux */
  ENC_TOTALIZER,  /* at most / at least / exactly k: unary sum tree;
                     O(n log n) aux, O(n k) clauses */
  ENC_NATIVE      /* at most / exactly one: the solver's own
                     constraint ('einsat_add_atmost',
                     'einsat_add_exactly'), n literals, no aux; what
                     is recorded for writing (DIMACS) is the automatic
                     encoding instead, so '--cnf' stays plain CNF */
} enc_method;

void enc_at_most_one (encoder *, int n, const int *lits);
void enc_exactly_one (encoder *, int n, const int *lits);
void enc_at_most_k (encoder *, int n, const int *lits, int k);
void enc_at_least_k (encoder *, int n, const int *lits, int k);
void enc_exactly_k (encoder *, int n, const int *lits, int k);

/* The same with an explicit method.  'at most one' takes the at-most-one
 * methods (PAIRWISE to PRODUCT, and NATIVE); the k versions take SEQUENTIAL and
 * TOTALIZER (and, for k = 1, the at-most-one methods).  Other
 * combinations set the error. */
void enc_at_most_one_using (encoder *, enc_method, int n, const int *lits);
void enc_exactly_one_using (encoder *, enc_method, int n, const int *lits);
void enc_at_most_k_using (encoder *, enc_method, int n, const int *lits,
                          int k);
void enc_at_least_k_using (encoder *, enc_method, int n, const int *lits,
                           int k);
void enc_exactly_k_using (encoder *, enc_method, int n, const int *lits,
                          int k);

/*------------------------------------------------------------------------*/
/* Writing the recorded encoding as DIMACS:
 *
 *   c <comment lines added with 'enc_comment', in order>
 *   c var 17 q_3_2            one line per named variable
 *   c ind 1 2 3 ... 0         the named variables as projection (model
 *                             counting convention; only if some
 *                             variables are unnamed)
 *   p cnf <variables> <clauses>
 *   <clauses>
 *
 * so that the answer of any solver can be read back through the names,
 * and 'einsat --all' or a model counter counts solutions of the named
 * variables.  Returns 1 on success, 0 on error (ENC_NO_RECORD, an
 * earlier error, or a write error; see 'enc_error').                   */

void enc_comment (encoder *, const char *fmt, ...) ENC_PRINTF (2, 3);
int enc_write_dimacs (encoder *, FILE *);

/*------------------------------------------------------------------------*/
/* Teaching trace: prints every step of the next solver calls in terms of
 * the variable names, indented by decision level:
 *
 *   decide q_1_1  (level 1)
 *     propagate -q_2_1  by (-q_1_1 -q_2_1)
 *     conflict (q_3_1 q_3_2 q_3_3 q_3_4)
 *   learn (-q_1_1)
 *   backjump to level 0
 *
 * Installs a trace callback on the solver ('einsat_set_trace'); 'file'
 * NULL removes it.  Sets the error with ENC_NO_SOLVER.                 */

void enc_trace (encoder *, FILE *file);

#ifdef __cplusplus
}
#endif

#endif
