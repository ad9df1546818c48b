/* Formulas and their transformation into clauses.
 *
 * Formulas are stored as 'and' nodes with signed children ('or' is a
 * negated 'and'), literals, the constant and 'dual' nodes.  A dual node
 * (iff, xor, if-then-else) holds one clausal 'and' form per polarity, so
 * 'a <-> b' is asserted as two clauses and its negation as two others,
 * without auxiliary variables.
 *
 * Asserting is the Tseitin transformation with polarity (Plaisted and
 * Greenbaum 1986): a sub-formula that must be turned into a literal gets
 * a fresh 't' with only 't -> formula', which is all an assertion needs.
 * Auxiliary variables are avoided where a clause suffices: an asserted
 * 'and' is asserted part by part, an asserted 'or' becomes one clause
 * (nested 'or's flattened, literals kept), and of the 'and's inside a
 * clause one is distributed over the clause (one clause per conjunct),
 * the others are named.  Distribution is bounded: along one path of
 * nested distributions the product of the distributed sizes stays at most
 * DISTRIBUTION_LIMIT, so shared sub-formulas cannot blow the clause count
 * up exponentially.
 *
 * The transformation works on three encoder stacks: 'work' (sub-formulas
 * of the current clause still to look at), 'lits' (literals of the
 * clauses being built, nested definitions on top of outer clauses) and
 * 'ands' (conjunctions found in the current clause).  Positions are kept
 * as indices, because nested calls may move the stacks. */

#include "internal.h"

#include <stdlib.h>
#include <string.h>

#define DISTRIBUTION_LIMIT 256

#define TRUE_ID 2
#define FALSE_ID 3

static node *node_of (const encoder *e, int id) {
  return e->nodes.begin + (id >> 1);
}

static int kid (const encoder *e, int id, int i) {
  return e->kids.begin[node_of (e, id)->kids + (size_t) i] ^ (id & 1);
}

static enc_formula formula (int id) { return (enc_formula){id}; }

static bool valid_formula (encoder *e, const char *function,
                           enc_formula f) {
  if (e->failed)
    return false;
  if (f.id >= 2 && (size_t) (f.id >> 1) < e->nodes.size)
    return true;
  enc_fail (e, "%s: invalid formula handle %d", function, f.id);
  return false;
}

static int new_node (encoder *e, node_kind kind, int size,
                     const int *kids) {
  if (!RESERVE (e, e->nodes, e->nodes.size + 1) ||
      !RESERVE (e, e->kids,
                e->kids.size + (size_t) (kind == NODE_LIT ? 0 : size)))
    return 0;
  node n = {kind, size, e->kids.size, 0, 0};
  if (kind != NODE_LIT) {
    memcpy (e->kids.begin + e->kids.size, kids,
            (size_t) size * sizeof *kids);
    e->kids.size += (size_t) size;
  }
  e->nodes.begin[e->nodes.size] = n;
  return 2 * (int) e->nodes.size++;
}

/*------------------------------------------------------------------------*/
/* Building formulas. */

enc_formula enc_true (encoder *e) {
  return formula (e->failed ? 0 : TRUE_ID);
}

enc_formula enc_false (encoder *e) {
  return formula (e->failed ? 0 : FALSE_ID);
}

enc_formula enc_lit (encoder *e, int lit) {
  if (!enc_valid_literal (e, "enc_lit", lit))
    return formula (0);
  int var = abs (lit);
  size_t old_size = e->lit_node.size;
  if (old_size <= (size_t) var) {
    if (!RESERVE (e, e->lit_node, (size_t) e->max_var + 1))
      return formula (0);
    memset (e->lit_node.begin + old_size, 0,
            (e->lit_node.capacity - old_size) * sizeof (int));
    e->lit_node.size = e->lit_node.capacity;
  }
  if (!e->lit_node.begin[var]) {
    int id = new_node (e, NODE_LIT, var, 0);
    if (!id)
      return formula (0);
    e->lit_node.begin[var] = id;
  }
  return formula (e->lit_node.begin[var] ^ (lit < 0));
}

enc_formula enc_not (encoder *e, enc_formula f) {
  if (!valid_formula (e, "enc_not", f))
    return formula (0);
  return formula (f.id ^ 1);
}

/* A conjunction of 'n' formulas, their signs flipped by 'flip' (so that
 * 'or' is the negated conjunction of the negations). */
static int conjunction (encoder *e, const char *function, int n,
                        const enc_formula *fs, int flip) {
  size_t mark = e->work.size;
  for (int i = 0; i < n; i++) {
    if (!valid_formula (e, function, fs[i])) {
      e->work.size = mark;
      return 0;
    }
    int id = fs[i].id ^ flip;
    if (id == FALSE_ID) {
      e->work.size = mark;
      return FALSE_ID;
    }
    if (id == TRUE_ID)
      continue;
    node *child = node_of (e, id);
    if (child->kind == NODE_AND && !(id & 1)) {
      for (int j = 0; j < child->size; j++)
        if (!PUSH (e, e->work, kid (e, id, j)))
          return 0;
    } else if (!PUSH (e, e->work, id))
      return 0;
  }
  int size = (int) (e->work.size - mark);
  int id = size == 0   ? TRUE_ID
           : size == 1 ? e->work.begin[mark]
                       : new_node (e, NODE_AND, size, e->work.begin + mark);
  e->work.size = mark;
  return id;
}

enc_formula enc_and (encoder *e, int n, const enc_formula *fs) {
  return formula (conjunction (e, "enc_and", n, fs, 0));
}

enc_formula enc_or (encoder *e, int n, const enc_formula *fs) {
  int id = conjunction (e, "enc_or", n, fs, 1);
  return formula (id ? id ^ 1 : 0);
}

enc_formula enc_implies (encoder *e, enc_formula a, enc_formula b) {
  if (!valid_formula (e, "enc_implies", a))
    return formula (0);
  return ENC_OR (e, formula (a.id ^ 1), b);
}

/* A dual node, unless 'positive' or 'negative' folded to a constant. */
static enc_formula dual (encoder *e, enc_formula positive,
                         enc_formula negative) {
  if (e->failed)
    return formula (0);
  if (positive.id == TRUE_ID || positive.id == FALSE_ID)
    return positive;
  int kids[2] = {positive.id, negative.id};
  return formula (new_node (e, NODE_DUAL, 2, kids));
}

enc_formula enc_iff (encoder *e, enc_formula a, enc_formula b) {
  if (!valid_formula (e, "enc_iff", a) || !valid_formula (e, "enc_iff", b))
    return formula (0);
  if (a.id == b.id)
    return formula (TRUE_ID);
  if (a.id == (b.id ^ 1))
    return formula (FALSE_ID);
  if (a.id == TRUE_ID || a.id == FALSE_ID)
    return formula (b.id ^ (a.id & 1));
  if (b.id == TRUE_ID || b.id == FALSE_ID)
    return formula (a.id ^ (b.id & 1));
  enc_formula not_a = formula (a.id ^ 1), not_b = formula (b.id ^ 1);
  enc_formula positive =
      ENC_AND (e, ENC_OR (e, not_a, b), ENC_OR (e, a, not_b));
  enc_formula negative =
      ENC_AND (e, ENC_OR (e, a, b), ENC_OR (e, not_a, not_b));
  return dual (e, positive, negative);
}

enc_formula enc_xor (encoder *e, enc_formula a, enc_formula b) {
  enc_formula f = enc_iff (e, a, b);
  return formula (f.id ? f.id ^ 1 : 0);
}

enc_formula enc_ite (encoder *e, enc_formula c, enc_formula t,
                     enc_formula f) {
  if (!valid_formula (e, "enc_ite", c) ||
      !valid_formula (e, "enc_ite", t) || !valid_formula (e, "enc_ite", f))
    return formula (0);
  if (c.id == TRUE_ID || t.id == f.id)
    return t;
  if (c.id == FALSE_ID)
    return f;
  enc_formula not_c = formula (c.id ^ 1);
  enc_formula not_t = formula (t.id ^ 1), not_f = formula (f.id ^ 1);
  enc_formula positive =
      ENC_AND (e, ENC_OR (e, not_c, t), ENC_OR (e, c, f));
  enc_formula negative =
      ENC_AND (e, ENC_OR (e, not_c, not_t), ENC_OR (e, c, not_f));
  return dual (e, positive, negative);
}

/*------------------------------------------------------------------------*/
/* Emitting clauses: duplicate literals are dropped and tautologies
 * skipped, with one mark per variable. */

static bool reserve_marks (encoder *e) {
  size_t needed = (size_t) e->max_var + 1, old_size = e->marks.size;
  if (old_size >= needed)
    return true;
  if (!RESERVE (e, e->marks, needed))
    return false;
  memset (e->marks.begin + old_size, 0, e->marks.capacity - old_size);
  e->marks.size = e->marks.capacity;
  return true;
}

/* Emits the literals above 'start' (left unchanged: they may be the
 * prefix of further clauses). */
static void emit_lits (encoder *e, size_t start) {
  size_t size = e->lits.size - start;
  if (e->failed || !reserve_marks (e) || !RESERVE (e, e->emitting, size))
    return;
  const int *lits = size ? e->lits.begin + start : 0; /* null + 0 is UB */
  int *kept = e->emitting.begin, *end = kept;
  bool tautology = false;
  for (size_t i = 0; i < size; i++) {
    int lit = lits[i];
    signed char sign = lit < 0 ? -1 : 1, *mark = e->marks.begin + abs (lit);
    if (*mark == -sign)
      tautology = true;
    else if (!*mark)
      *mark = sign, *end++ = lit;
  }
  for (const int *p = kept; p < end; p++)
    e->marks.begin[abs (*p)] = 0;
  if (!tautology)
    enc_emit (e, (int) (end - kept), kept);
}

/*------------------------------------------------------------------------*/
/* The transformation. */

/* Follows dual nodes to the clausal form of the polarity asked for. */
static int resolve (const encoder *e, int id) {
  while (node_of (e, id)->kind == NODE_DUAL)
    id = kid (e, id & ~1, id & 1);
  return id;
}

static bool is_conjunction (const encoder *e, int id) {
  return node_of (e, id)->kind == NODE_AND && !(id & 1);
}

static void assert_disjunction (encoder *, size_t clause_start,
                                size_t work_mark, int64_t product);

/* Asserts 'lit | id' as a fresh clause (nested on top of the stacks). */
static void assert_clause_with (encoder *e, int lit, int id) {
  size_t clause_start = e->lits.size, work_mark = e->work.size;
  if ((lit && !PUSH (e, e->lits, lit)) || !PUSH (e, e->work, id))
    return;
  assert_disjunction (e, clause_start, work_mark, 1);
  e->lits.size = clause_start;
}

/* A literal 't' with 't -> conjunction' (polarity only). */
static int implying_literal (encoder *e, int conjunction_id) {
  node *n = node_of (e, conjunction_id);
  if (n->equivalent)
    return n->equivalent;
  if (n->implied)
    return n->implied;
  int t = enc_aux (e);
  if (!t)
    return 0;
  n->implied = t;
  for (int i = 0; i < n->size; i++)
    assert_clause_with (e, -t, kid (e, conjunction_id, i));
  return t;
}

/* The clause is complete except for the conjunctions in 'ands' above
 * 'ands_mark': distribute the first, name the others. */
static void finish_disjunction (encoder *e, size_t clause_start,
                                size_t ands_mark, int64_t product) {
  size_t count = e->ands.size - ands_mark;
  if (!count) {
    emit_lits (e, clause_start);
    return;
  }
  int first = e->ands.begin[ands_mark];
  int size = node_of (e, first)->size;
  bool distribute = product * size <= DISTRIBUTION_LIMIT;
  for (size_t i = distribute; i < count; i++) {
    int t = implying_literal (e, e->ands.begin[ands_mark + i]);
    if (!PUSH (e, e->lits, t))
      return;
  }
  if (!distribute) {
    emit_lits (e, clause_start);
    return;
  }
  for (int i = 0; i < size; i++) {
    size_t work_mark = e->work.size;
    if (!PUSH (e, e->work, kid (e, first, i)))
      return;
    assert_disjunction (e, clause_start, work_mark, product * size);
  }
}

/* Asserts the clause made of the literals above 'clause_start' and the
 * formulas on the work stack above 'work_mark' (which it pops). */
static void assert_disjunction (encoder *e, size_t clause_start,
                                size_t work_mark, int64_t product) {
  size_t lits_mark = e->lits.size, ands_mark = e->ands.size;
  bool satisfied = false;
  while (!satisfied && !e->failed && e->work.size > work_mark) {
    int id = resolve (e, e->work.begin[--e->work.size]);
    node *n = node_of (e, id);
    if (n->kind == NODE_TRUE)
      satisfied = !(id & 1);
    else if (n->kind == NODE_LIT)
      PUSH (e, e->lits, id & 1 ? -n->size : n->size);
    else if (!(id & 1))
      PUSH (e, e->ands, id);
    else
      for (int i = 0; i < n->size; i++)
        PUSH (e, e->work, kid (e, id, i));
  }
  e->work.size = work_mark;
  if (!satisfied && !e->failed)
    finish_disjunction (e, clause_start, ands_mark, product);
  e->lits.size = lits_mark;
  e->ands.size = ands_mark;
}

static void assert_id (encoder *e, int id) {
  id = resolve (e, id);
  if (!is_conjunction (e, id)) {
    assert_clause_with (e, 0, id);
    return;
  }
  int size = node_of (e, id)->size;
  for (int i = 0; i < size && !e->failed; i++)
    assert_id (e, kid (e, id, i));
}

void enc_assert (encoder *e, enc_formula f) {
  if (valid_formula (e, "enc_assert", f))
    assert_id (e, f.id);
}

static int true_literal (encoder *e) {
  if (!e->true_lit && (e->true_lit = enc_aux (e)))
    enc_emit (e, 1, &e->true_lit);
  return e->true_lit;
}

int enc_define (encoder *e, enc_formula f) {
  if (!valid_formula (e, "enc_define", f))
    return 0;
  int id = resolve (e, f.id), sign = id & 1 ? -1 : 1;
  node *n = node_of (e, id);
  if (n->kind == NODE_TRUE)
    return sign * true_literal (e);
  if (n->kind == NODE_LIT)
    return sign * n->size;
  if (!n->equivalent) {
    int positive = id & ~1;
    int t = implying_literal (e, positive);
    if (!t)
      return 0;
    assert_clause_with (e, t, positive ^ 1);
    node_of (e, id)->equivalent = t;
  }
  return sign * node_of (e, id)->equivalent;
}

/*------------------------------------------------------------------------*/

void enc_release_formulas (encoder *e) {
  e->nodes.size = 2;
  e->kids.size = 0;
  if (e->lit_node.begin)
    memset (e->lit_node.begin, 0, e->lit_node.size * sizeof (int));
}

/* The parser frees the nodes of each formula it asserted: nodes only
 * refer to older nodes, so the nodes made since a mark can go, once the
 * literal nodes among them are no longer found through 'lit_node'. */
void enc_release_formulas_since (encoder *e, size_t first_node,
                                 size_t first_kid) {
  if (first_node < 2 || first_node > e->nodes.size ||
      first_kid > e->kids.size)
    return;
  for (size_t i = first_node; i < e->nodes.size; i++) {
    const node *n = e->nodes.begin + i;
    int *cached = n->kind == NODE_LIT ? e->lit_node.begin + n->size : 0;
    if (cached && (size_t) (*cached >> 1) == i)
      *cached = 0;
  }
  e->nodes.size = first_node;
  e->kids.size = first_kid;
}

void enc_release_nodes (encoder *e) {
  RELEASE (e->nodes);
  RELEASE (e->kids);
  RELEASE (e->lit_node);
  RELEASE (e->work);
  RELEASE (e->lits);
  RELEASE (e->ands);
  RELEASE (e->marks);
  RELEASE (e->emitting);
}
