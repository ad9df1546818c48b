#ifndef ENCODE_INTERNAL_H_INCLUDED
#define ENCODE_INTERNAL_H_INCLUDED

/* The state of one encoder.  Everything hangs off 'struct encoder'; the
 * groups of functions below name the file they live in. */

#include "einsat_encode.h"

#include <assert.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*------------------------------------------------------------------------*/
/* Growing arrays.  'PUSH' evaluates to false (and the encoder has failed)
 * if memory ran out; the array is then unchanged. */

#define ARRAY(TYPE) \
  struct { \
    TYPE *begin; \
    size_t size, capacity; \
  }

#define PUSH(E, A, X) \
  (((A).size < (A).capacity || \
    enc_grow ((E), (void **) &(A).begin, &(A).capacity, sizeof *(A).begin, \
              (A).size + 1)) \
       ? ((A).begin[(A).size++] = (X), true) \
       : false)

#define RESERVE(E, A, N) \
  ((A).capacity >= (size_t) (N) || \
   enc_grow ((E), (void **) &(A).begin, &(A).capacity, sizeof *(A).begin, \
             (size_t) (N)))

#define RELEASE(A) \
  do { \
    free ((A).begin); \
    (A).begin = 0; \
    (A).size = (A).capacity = 0; \
  } while (0)

typedef ARRAY (int) ints;
typedef ARRAY (char) chars;

/*------------------------------------------------------------------------*/
/* Formula nodes.  A formula handle is '2 * node + negated'; node 0 is
 * invalid and node 1 the constant true.  'and' and 'or' nodes list their
 * children (handles) in 'kids'.  A 'dual' node (iff, xor, ite) keeps two
 * ready-made clausal forms: kids[0] for the positive and kids[1] for the
 * negative polarity, so that both polarities stay two clauses each. */

typedef enum node_kind {
  NODE_TRUE,
  NODE_LIT,
  NODE_AND,
  NODE_OR,
  NODE_DUAL
} node_kind;

typedef struct node {
  node_kind kind;
  int size;       /* number of children, or the literal of a NODE_LIT */
  size_t kids;    /* offset of the children in 'encoder.kids' */
  int implied;    /* literal t with t -> node (and nodes only), or 0 */
  int equivalent; /* literal t with t <-> node (and nodes only), or 0 */
} node;

typedef ARRAY (node) nodes;

/*------------------------------------------------------------------------*/

struct encoder {
  einsat *solver;
  bool owns_solver, record, failed;
  char error[320];

  int base;    /* variables up to 'base' belong to the given solver */
  int max_var; /* largest variable created */
  int aux;     /* unnamed variables */

  ints clause;   /* the clause being added by 'enc_add' */
  ints recorded; /* every clause, each ending in 0 */
  int64_t clauses;

  chars names;            /* all names, each ending in 0 */
  ARRAY (size_t) name_of; /* per variable above 'base': offset + 1 or 0 */
  int *table;             /* open hash table of named variables */
  size_t table_size;      /* power of two (or 0) */
  ints named;             /* named variables in creation order */

  chars comments; /* lines for 'enc_write_dimacs' */

  nodes nodes;           /* formula nodes (node 0 unused) */
  ints kids;             /* their children */
  ints lit_node;         /* per variable: the handle of its NODE_LIT or 0 */
  ints work, lits, ands; /* stacks of the Tseitin transformation */
  ints emitting;         /* the clause being emitted, duplicates removed */
  ARRAY (signed char) marks; /* per variable: literal seen in a clause */
  int true_lit;              /* a literal forced true (for 'enc_define') */

  FILE *trace;
};

/* in 'encoder.c' */
void enc_fail (encoder *, const char *fmt, ...) ENC_PRINTF (2, 3);
bool enc_grow (encoder *, void **begin, size_t *capacity, size_t bytes,
               size_t needed);
bool enc_valid_literal (encoder *, const char *function, int lit);
void enc_emit (encoder *, int size, const int *lits);

/* in 'names.c' */
int enc_new_variable (encoder *);
void enc_release_names (encoder *);

/* in 'formula.c' */
void enc_release_nodes (encoder *);
void enc_release_formulas_since (encoder *, size_t first_node,
                                 size_t first_kid);

/*------------------------------------------------------------------------*/
/* Syntax trees of formulas as text, built by 'parse.c', turned into
 * clauses in 'tree.c'.  Operands of a node have smaller indices.  'a'
 * and 'b' are the operands, or for a variable 'a' is the variable, or
 * for a function 'a' is the offset of its arguments in 'args' and 'b'
 * their number. */

typedef enum tree_op {
  P_VAR,
  P_TRUE,
  P_FALSE,
  P_NOT,
  P_AND,
  P_OR,
  P_XOR,
  P_IFF,
  P_ITE,
  P_ATMOST,
  P_ATLEAST,
  P_EXACTLY
} tree_op;

typedef struct tree_node {
  unsigned char op;
  bool absorbed; /* an 'and' ('or') operand of an 'and' ('or') */
  bool top;      /* an 'and' of the formula's top-level conjunction */
  bool direct;   /* a top-level cardinality constraint */
  int a, b, bound;
} tree_node;

typedef struct syntax_tree {
  ARRAY (tree_node) nodes;
  ints args; /* of the functions */
  /* turning the tree into formulas */
  ints formula, height, walk, leaves, lits, registers;
  ARRAY (enc_formula) gathered;
} syntax_tree;

/* Asserts the formula at node 'root' (the last node). */
void enc_assert_tree (encoder *, syntax_tree *, int root);
void enc_release_tree (syntax_tree *);

#endif
