/* From a syntax tree to clauses ('parse.c' builds the trees).
 *
 * The nodes are stored children before parents, so one loop over the
 * array turns them into encoder formulas, without recursion.  A chain of
 * the same 'and' (or 'or') becomes one n-ary connective: the chain's
 * inner nodes are 'absorbed' and their operands gathered by the
 * outermost one, because building it two operands at a time would copy
 * the list at every step.
 *
 * The encoder's transformation into clauses recurses along the nesting
 * of a formula, so a sub-formula nested DEFINE_HEIGHT deep is replaced
 * by a literal equivalent to it ('enc_define').  Such literals, like the
 * other auxiliary variables, are determined by the named variables:
 * models of the named variables stay the same, and so does their count.
 *
 * Cardinality constraints at the top of a formula (the formula itself or
 * a conjunct of it) use the encoder's cardinality encodings, which need
 * distinct variables; inside other connectives, or with a repeated
 * variable, they become a sequential counter (Sinz 2005) whose registers
 * are defined literals ('at least j of the first i arguments'), counting
 * the true or the false arguments, whichever needs fewer registers. */

#include "internal.h"

#include <stdlib.h>
#include <string.h>

#define DEFINE_HEIGHT 32

static enc_formula formula_of (const syntax_tree *t, int i) {
  return (enc_formula){t->formula.begin[i]};
}

static bool is_constant (encoder *e, enc_formula f) {
  return f.id == enc_true (e).id || f.id == enc_false (e).id;
}

/* A literal equivalent to 'f' (a variable's literal as it is). */
static enc_formula named (encoder *e, enc_formula f) {
  if (is_constant (e, f))
    return f;
  int lit = enc_define (e, f);
  return lit ? enc_lit (e, lit) : (enc_formula){0};
}

/* The literals of a function's arguments ('t->lits'). */
static bool argument_literals (encoder *e, syntax_tree *t,
                               const tree_node *n) {
  t->lits.size = 0;
  if (!RESERVE (e, t->lits, (size_t) n->b))
    return false;
  for (int i = 0; i < n->b; i++) {
    enc_formula f = formula_of (t, t->args.begin[n->a + i]);
    int lit = enc_define (e, f);
    if (!lit)
      return false;
    t->lits.begin[t->lits.size++] = lit;
  }
  return true;
}

/* Registers s[1..m] of a sequential counter over the 'n' literals: s[j]
 * holds when at least j of them are true. */
static bool count_up_to (encoder *e, syntax_tree *t, int n, const int *lits,
                         int m) {
  if (!RESERVE (e, t->registers, (size_t) m + 1))
    return false;
  int *s = t->registers.begin;
  s[0] = enc_true (e).id;
  for (int j = 1; j <= m; j++)
    s[j] = enc_false (e).id;
  for (int i = 0; i < n && !e->failed; i++) {
    enc_formula x = enc_lit (e, lits[i]);
    for (int j = i + 1 < m ? i + 1 : m; j >= 1; j--) {
      enc_formula carry = ENC_AND (e, x, (enc_formula){s[j - 1]});
      s[j] = named (e, ENC_OR (e, (enc_formula){s[j]}, carry)).id;
    }
  }
  return !e->failed;
}

/* Registers needed to tell 'lo <= count <= hi' over n inputs. */
static int registers_needed (int n, int lo, int hi) {
  int m = lo > 0 ? lo : 0;
  if (hi < n && hi + 1 > m)
    m = hi + 1;
  return m;
}

/* The cardinality constraint of 'n' (function node) as a formula: 'lo
 * <= count <= hi' for the true arguments, or 'n - hi <= count <= n - lo'
 * for the false ones if that needs fewer registers. */
static enc_formula counted (encoder *e, syntax_tree *t,
                            const tree_node *n) {
  int size = n->b, k = n->bound;
  int lo = n->op == P_ATMOST ? 0 : k;
  int hi = n->op == P_ATLEAST || k > size ? size : k;
  if (lo > size)
    return enc_false (e);
  if (lo <= 0 && hi >= size)
    return enc_true (e);
  if (!argument_literals (e, t, n))
    return (enc_formula){0};
  int *lits = t->lits.begin;
  if (registers_needed (size, size - hi, size - lo) <
      registers_needed (size, lo, hi)) {
    for (int i = 0; i < size; i++)
      lits[i] = -lits[i];
    int flipped = size - hi;
    hi = size - lo;
    lo = flipped;
  }
  if (!count_up_to (e, t, size, lits, registers_needed (size, lo, hi)))
    return (enc_formula){0};
  const int *s = t->registers.begin;
  enc_formula at_least = lo > 0 ? (enc_formula){s[lo]} : enc_true (e);
  enc_formula at_most =
      hi < size ? enc_not (e, (enc_formula){s[hi + 1]}) : enc_true (e);
  return ENC_AND (e, at_least, at_most);
}

static int compare_variables (const void *a, const void *b) {
  int x = abs (*(const int *) a), y = abs (*(const int *) b);
  return (x > y) - (x < y);
}

/* A top-level cardinality constraint: the encoder's encodings, which
 * take distinct variables; otherwise the counter. */
static void assert_cardinality (encoder *e, syntax_tree *t,
                                const tree_node *n) {
  if (!argument_literals (e, t, n) || !RESERVE (e, t->walk, (size_t) n->b))
    return;
  int size = n->b, *lits = t->lits.begin;
  bool distinct = true;
  if (size > 1) {
    int *sorted = t->walk.begin;
    memcpy (sorted, lits, (size_t) size * sizeof *lits);
    qsort (sorted, (size_t) size, sizeof *sorted, compare_variables);
    for (int i = 1; i < size; i++)
      distinct &= abs (sorted[i - 1]) != abs (sorted[i]);
  }
  if (!distinct)
    enc_assert (e, counted (e, t, n));
  else if (n->op == P_ATMOST)
    enc_at_most_k (e, size, lits, n->bound);
  else if (n->op == P_ATLEAST)
    enc_at_least_k (e, size, lits, n->bound);
  else
    enc_exactly_k (e, size, lits, n->bound);
}

/* The operands of the 'and' ('or') 'node' with the absorbed ones
 * expanded, left to right, in 't->gathered'; their largest height. */
static int gather (encoder *e, syntax_tree *t, int root) {
  tree_op op = t->nodes.begin[root].op;
  int height = 0;
  t->gathered.size = t->walk.size = 0;
  if (!PUSH (e, t->walk, root))
    return 0;
  while (t->walk.size) {
    int i = t->walk.begin[--t->walk.size];
    const tree_node *n = t->nodes.begin + i;
    if (n->op == op && (i == root || n->absorbed)) {
      if (!PUSH (e, t->walk, n->b) || !PUSH (e, t->walk, n->a))
        return 0;
    } else {
      if (!PUSH (e, t->gathered, formula_of (t, i)))
        return 0;
      if (t->height.begin[i] > height)
        height = t->height.begin[i];
    }
  }
  return height;
}

static int larger (int a, int b) { return a > b ? a : b; }

/* The formula of node 'i', whose operands have theirs. */
static void convert (encoder *e, syntax_tree *t, int i) {
  const tree_node *n = t->nodes.begin + i;
  int *height = t->height.begin;
  enc_formula f = {0};
  int h = 0;
  switch ((tree_op) n->op) {
  case P_VAR:
    f = enc_lit (e, n->a);
    break;
  case P_TRUE:
    f = enc_true (e);
    break;
  case P_FALSE:
    f = enc_false (e);
    break;
  case P_NOT:
    f = enc_not (e, formula_of (t, n->a));
    h = height[n->a];
    break;
  case P_AND:
  case P_OR:
    h = 1 + gather (e, t, i);
    f = (n->op == P_AND ? enc_and : enc_or) (e, (int) t->gathered.size,
                                             t->gathered.begin);
    break;
  case P_XOR:
  case P_IFF:
    h = 1 + larger (height[n->a], height[n->b]);
    f = (n->op == P_XOR ? enc_xor : enc_iff) (e, formula_of (t, n->a),
                                              formula_of (t, n->b));
    break;
  case P_ITE: {
    const int *arg = t->args.begin + n->a;
    h = 1 +
        larger (height[arg[0]], larger (height[arg[1]], height[arg[2]]));
    f = enc_ite (e, formula_of (t, arg[0]), formula_of (t, arg[1]),
                 formula_of (t, arg[2]));
    break;
  }
  default:
    f = counted (e, t, n);
    h = 1;
    break;
  }
  if (h >= DEFINE_HEIGHT)
    f = named (e, f), h = 0;
  t->formula.begin[i] = f.id;
  height[i] = h;
}

/* The top-level conjuncts of the formula at 'root', left to right, in
 * 't->leaves'; the 'and's above them and the cardinality constraints
 * among them are marked. */
static bool find_conjuncts (encoder *e, syntax_tree *t, int root) {
  t->leaves.size = t->walk.size = 0;
  if (!PUSH (e, t->walk, root))
    return false;
  while (t->walk.size) {
    int i = t->walk.begin[--t->walk.size];
    tree_node *n = t->nodes.begin + i;
    if (n->op == P_AND) {
      n->top = true;
      if (!PUSH (e, t->walk, n->b) || !PUSH (e, t->walk, n->a))
        return false;
      continue;
    }
    n->direct =
        n->op == P_ATMOST || n->op == P_ATLEAST || n->op == P_EXACTLY;
    if (!PUSH (e, t->leaves, i))
      return false;
  }
  return true;
}

void enc_assert_tree (encoder *e, syntax_tree *t, int root) {
  size_t size = t->nodes.size;
  if (!find_conjuncts (e, t, root) || !RESERVE (e, t->formula, size) ||
      !RESERVE (e, t->height, size))
    return;
  for (size_t i = 0; i < size && !e->failed; i++) {
    const tree_node *n = t->nodes.begin + i;
    if (!n->absorbed && !n->top && !n->direct)
      convert (e, t, (int) i);
  }
  for (size_t i = 0; i < t->leaves.size && !e->failed; i++) {
    const tree_node *n = t->nodes.begin + t->leaves.begin[i];
    if (n->direct)
      assert_cardinality (e, t, n);
    else
      enc_assert (e, formula_of (t, t->leaves.begin[i]));
  }
}

void enc_release_tree (syntax_tree *t) {
  RELEASE (t->nodes);
  RELEASE (t->args);
  RELEASE (t->formula);
  RELEASE (t->height);
  RELEASE (t->walk);
  RELEASE (t->leaves);
  RELEASE (t->lits);
  RELEASE (t->registers);
  RELEASE (t->gathered);
}
