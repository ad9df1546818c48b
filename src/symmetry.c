/* Static symmetry breaking, after Shatter (Aloul, Markov and Sakallah
 * 2003, "Shatter: efficient symmetry-breaking for Boolean
 * satisfiability") and BreakID (Devriendt, Bogaerts, Bruynooghe and
 * Denecker 2016, "Improved static symmetry breaking for SAT"), with the
 * generator search of saucy and nauty (Darga, Liffiton, Sakallah and
 * Markov 2004; McKay 1981) in a small form.
 *
 * Detection.  The formula becomes a coloured graph: a vertex per literal
 * and per clause of three or more literals, an edge from each such
 * clause to its literals, an edge per binary clause between its two
 * literals; a literal and its negation are tied by a separate edge type.
 * Literals and clauses have different colours; root-level fixed and
 * unused variables get a colour of their own each, so every symmetry
 * found fixes them.  Colour refinement (vertices of one colour split by
 * the multiset of their neighbours' colours, until nothing splits) gives
 * an equitable colouring.  A round recomputes only the neighbourhoods of
 * the vertices next to one that changed colour; the rest of a cell keeps
 * the neighbourhood stored for the cell, and its number.  Colour numbers
 * depend on the structure only (a split cell keeps its number for its
 * unchanged part, or, if every vertex changed, for the first part in the
 * order of the neighbourhood hashes; the other parts are numbered after
 * the existing colours), so two isomorphic situations get the same
 * numbers.  Without a cell of two or more literals after the first
 * refinement there is no symmetry, and the search stops there.
 *
 * The left path individualises the first literal of the first
 * non-singleton literal cell and refines, level by level, until every
 * literal has a colour of its own.  At each of the first levels, for
 * each other literal 'w' of that level's cell not yet in the orbit of
 * the left choice under the generators found so far, the right path
 * individualises 'w' instead and then follows the left path greedily:
 * in the cell the left path splits it takes the left path's literal if
 * it is there (this finds sparse generators, which make short
 * lex-leader constraints), else the first one.  When the cell sizes
 * differ from the left path's the attempt fails; at the end the two
 * leaves define a permutation of the literals, which is used only if it
 * maps every clause to a clause (checked against a hash table of the
 * sorted clauses).  The search is incomplete (no backtracking on the
 * right path) and charged in ticks (edges scanned, vertices sorted):
 * out of budget it stops with the generators found so far.
 *
 * Breaking.  For each generator 's' a lex-leader constraint says that an
 * assignment is not larger than its image, in the order of the internal
 * variable indices: x1 <= s(x1), and if x1 = s(x1) then x2 <= s(x2),
 * and so on over the variables 's' moves, in the compact chain encoding
 * of BreakID with an auxiliary variable e_i for 'the prefix is equal':
 * (-e_i | -x_i | s(x_i)), (-e_i | -x_i | e_i+1), (-e_i | s(x_i) |
 * e_i+1).  A position whose equality the previous one of a two-cycle
 * already implies is skipped; a position with s(x) = -x ends the chain.
 * The chain has at most 'symmetrylength' positions.  Since all
 * constraints use the same order, the smallest assignment of each orbit
 * satisfies them all: satisfiability is preserved, models are models of
 * the formula.
 *
 * The first e is a fresh selector literal, assumed in this solve call
 * only and fixed to false afterwards.  Every clause learned from the
 * constraints thus carries the negation of one of these fresh literals,
 * and each remains implied after the constraints are switched off: a
 * later call with other clauses or assumptions stays correct.  Breaking
 * removes models and is not derivable in DRAT in general, so it is off
 * with a proof, with assumptions, after the first solve call, with
 * threads, with clause export or callbacks that see learned clauses or
 * decisions, with native cardinality constraints (not in the graph),
 * and it never runs while enumerating or counting (a separate path).
 *
 * Tuning: 'symmetryeffort' million ticks for the detection,
 * 'symmetrylevels' levels of the left path searched (each stores a
 * colouring), 'symmetrylength' positions per constraint; see
 * bench/RESULTS.md ("Symmetry breaking") for the measurements. */

#include "internal.h"
#include "sort.h"

#include <stdlib.h>
#include <string.h>

typedef struct vertex_key {
  uint64_t key;
  unsigned colour, vertex;
} vertex_key;

/* The phases of the detection, for the verbose line: each is charged
 * the ticks from its start to the next one's (or the end). */
enum { GRAPH, REFINEMENT, LEFT_PATH, SEARCH, PHASES };
static const char *const phase_names[PHASES] = {"graph", "refinement",
                                                "left path", "search"};

typedef struct colouring {
  unsigned *colour; /* per vertex */
  unsigned *size;   /* per colour: its vertices */
  uint64_t *key;    /* per colour: the neighbourhood of its vertices */
  unsigned colours;
  uint64_t profile; /* hash of the cell sizes by colour */
} colouring;

typedef struct symmetry {
  /* The graph: literals 0 .. lits-1, then clauses of three or more. */
  unsigned lits, vertices;
  size_t edges;
  unsigned *start;    /* per vertex and one more */
  unsigned *adjacent; /* edges in both directions */

  /* All irredundant clauses sorted; indexed for checking candidates
   * only when the first candidate is checked. */
  unsigned clauses;
  size_t offset_words; /* literals of all clauses */
  size_t *offset; /* per clause and one more, into 'literals' */
  unsigned *literals;
  unsigned *occurs_start; /* per literal and one more */
  unsigned *occurs;       /* clause indices */
  unsigned *table;        /* open addressing: clause index + 1 */
  size_t table_size;
  unsigned *checked; /* per clause: stamp of the last check */
  unsigned stamp;

  /* The colourings of the left and the right path, and scratch. */
  colouring left, right;
  vertex_key *keys;
  unsigned *dirty; /* touched vertices */
  size_t dirty_size;
  unsigned *touched, touch_stamp;
  unsigned *cell_marks, cell_stamp;

  /* The left path. */
  unsigned depth, stored;
  unsigned *cell, *chosen; /* per level */
  uint64_t *profile;       /* per level (after individualising) */
  unsigned *levels;        /* colourings of the first 'stored' levels */
  unsigned *level_colours;
  size_t *level_key_offset; /* per stored level, into 'level_keys' */
  uint64s level_keys;       /* per stored level the key per colour */
  unsigned *leaf;   /* per colour of the left leaf its literal */
  unsigned *orbit;  /* union-find over literals */
  unsigned *image;  /* the candidate permutation of literals */
  unsigned *scratch;

  unsigneds generators; /* per generator: its size, then pairs */
  uint64_t ticks, limit;
  uint64_t phase_start[PHASES]; /* ticks when each phase started */
  unsigned phases;              /* started so far */
} symmetry;

/* Sizes of the arrays, for freeing them. */
static size_t level_words (const symmetry *S) {
  return (size_t) S->stored * S->vertices;
}

/* Literals and clauses share the first two colours, a literal without
 * clauses has one of its own: at most two more than vertices. */
static size_t max_colours (const symmetry *S) {
  return (size_t) S->vertices + 2;
}

/* The right path's arrays, allocated after the left path. */
#define SEARCH_ARRAYS \
  ARRAY (right.colour, S->vertices) \
  ARRAY (right.size, max_colours (S)) \
  ARRAY (right.key, max_colours (S))

/* The arrays of the refinement and the search, with their sizes. */
#define WORKING_ARRAYS \
  ARRAY (left.colour, S->vertices) \
  ARRAY (left.size, max_colours (S)) \
  ARRAY (left.key, max_colours (S)) \
  ARRAY (keys, S->vertices) \
  ARRAY (dirty, S->vertices) \
  ARRAY (touched, S->vertices) \
  ARRAY (cell_marks, max_colours (S)) \
  ARRAY (orbit, S->lits) \
  ARRAY (image, S->lits) \
  ARRAY (scratch, S->lits)

static void release (einsat *solver, symmetry *S) {
  DELETE_ARRAY (S->start, (size_t) S->vertices + 1);
  DELETE_ARRAY (S->adjacent, S->edges);
  DELETE_ARRAY (S->offset, (size_t) S->clauses + 1);
  DELETE_ARRAY (S->literals, S->offset_words);
  DELETE_ARRAY (S->occurs_start, (size_t) S->lits + 1);
  DELETE_ARRAY (S->occurs, S->offset_words);
  DELETE_ARRAY (S->table, S->table_size);
  DELETE_ARRAY (S->checked, S->clauses);
#define ARRAY(NAME, COUNT) DELETE_ARRAY (S->NAME, COUNT);
  WORKING_ARRAYS
  SEARCH_ARRAYS
#undef ARRAY
  DELETE_ARRAY (S->cell, S->lits);
  DELETE_ARRAY (S->chosen, S->lits);
  DELETE_ARRAY (S->profile, (size_t) S->lits + 1);
  DELETE_ARRAY (S->levels, level_words (S));
  DELETE_ARRAY (S->level_colours, S->stored);
  DELETE_ARRAY (S->level_key_offset, S->stored);
  RELEASE_STACK (S->level_keys);
  DELETE_ARRAY (S->leaf, max_colours (S));
  RELEASE_STACK (S->generators);
  es_free (solver, S, sizeof *S);
}

void es_release_symmetry (einsat *solver) {
  if (solver->symmetry)
    release (solver, solver->symmetry);
  solver->symmetry = 0;
}

/*------------------------------------------------------------------------*/
/* The clauses and the graph. */

static uint64_t mix (uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

static uint64_t hash_literals (const unsigned *lits, size_t size) {
  uint64_t h = size;
  for (size_t i = 0; i < size; i++)
    h = mix (h ^ lits[i]);
  return h;
}

static bool counted_binary (unsigned lit, watch w) {
  return w.ref == IRREDUNDANT_BINARY && lit < w.blit;
}

/* Counts the clauses and their literals; false if the graph would not
 * fit the budget (building it costs about its size). */
static bool count_clauses (einsat *solver, symmetry *S, unsigned *large) {
  size_t words = 0, clauses = 0, big = 0;
  for (unsigned lit = 0; lit < S->lits; lit++)
    for (all_watches (w, WATCHES (lit)))
      if (IS_BINARY (w) && counted_binary (lit, w))
        clauses++, words += 2;
  for (all_stack (unsigned, ref, solver->irredundant)) {
    const clause *c = CLAUSE (ref);
    if (c->garbage)
      continue;
    clauses++, big++, words += c->size;
  }
  S->ticks += words + S->lits;
  if (clauses >= UINT_MAX / 2 || big + S->lits >= UINT_MAX / 2 ||
      4 * words + S->ticks > S->limit)
    return false;
  S->clauses = (unsigned) clauses;
  S->offset_words = words;
  *large = (unsigned) big;
  return true;
}

static void insert_clause (symmetry *S, unsigned index) {
  const unsigned *lits = S->literals + S->offset[index];
  size_t size = S->offset[index + 1] - S->offset[index];
  size_t mask = S->table_size - 1;
  size_t pos = hash_literals (lits, size) & mask;
  while (S->table[pos])
    pos = (pos + 1) & mask;
  S->table[pos] = index + 1;
}

/* Is the sorted clause 'lits' one of the formula? */
static bool find_clause (symmetry *S, const unsigned *lits, size_t size) {
  size_t mask = S->table_size - 1;
  for (size_t pos = hash_literals (lits, size) & mask; S->table[pos];
       pos = (pos + 1) & mask) {
    unsigned index = S->table[pos] - 1;
    S->ticks++;
    if (S->offset[index + 1] - S->offset[index] == size &&
        !memcmp (S->literals + S->offset[index], lits, size * sizeof *lits))
      return true;
  }
  return false;
}

static void collect_clauses (einsat *solver, symmetry *S) {
  NEW_ARRAY (S->offset, (size_t) S->clauses + 1);
  NEW_ARRAY (S->literals, S->offset_words);
  size_t words = 0;
  unsigned index = 0;
  /* Large clauses first: clause 'i' is vertex 'lits + i'. */
  for (all_stack (unsigned, ref, solver->irredundant)) {
    const clause *c = CLAUSE (ref);
    if (c->garbage)
      continue;
    S->offset[index++] = words;
    memcpy (S->literals + words, c->lits, c->size * sizeof *c->lits);
    es_sort_words (S->literals + words, c->size);
    words += c->size;
  }
  for (unsigned lit = 0; lit < S->lits; lit++)
    for (all_watches (w, WATCHES (lit)))
      if (IS_BINARY (w) && counted_binary (lit, w)) {
        S->offset[index++] = words;
        S->literals[words++] = lit;
        S->literals[words++] = w.blit;
      }
  assert (index == S->clauses && words == S->offset_words);
  S->offset[index] = words;
}

/* The hash table and the occurrence lists of the clauses, built for the
 * first candidate (most formulas have none). */
static void index_clauses (einsat *solver, symmetry *S) {
  size_t words = S->offset_words;
  S->table_size = 2;
  while (S->table_size < 2 * (size_t) S->clauses)
    S->table_size *= 2;
  NEW_ARRAY (S->table, S->table_size);
  for (unsigned i = 0; i < S->clauses; i++)
    insert_clause (S, i);
  NEW_ARRAY (S->occurs_start, (size_t) S->lits + 1);
  for (size_t i = 0; i < words; i++)
    S->occurs_start[S->literals[i] + 1]++;
  for (unsigned lit = 0; lit < S->lits; lit++)
    S->occurs_start[lit + 1] += S->occurs_start[lit];
  NEW_ARRAY (S->occurs, words);
  NEW_ARRAY (S->checked, S->clauses);
  for (unsigned i = 0; i < S->clauses; i++)
    for (size_t j = S->offset[i]; j < S->offset[i + 1]; j++)
      S->occurs[S->occurs_start[S->literals[j]]++] = i;
  for (unsigned lit = S->lits; lit; lit--)
    S->occurs_start[lit] = S->occurs_start[lit - 1];
  S->occurs_start[0] = 0;
  S->ticks += S->table_size + 3 * words;
}

/* The graph in compressed rows: a large clause is adjacent to its
 * literals, a binary clause joins its two literals. */
static void build_graph (einsat *solver, symmetry *S, unsigned large) {
  S->vertices = S->lits + large;
  NEW_ARRAY (S->start, (size_t) S->vertices + 1);
  size_t edges = 0;
  for (unsigned i = 0; i < S->clauses; i++)
    edges += i < large ? 2 * (S->offset[i + 1] - S->offset[i]) : 2;
  S->edges = edges;
  NEW_ARRAY (S->adjacent, edges);
  unsigned *degree = S->start + 1;
  for (unsigned i = 0; i < S->clauses; i++) {
    const unsigned *lits = S->literals + S->offset[i];
    size_t size = S->offset[i + 1] - S->offset[i];
    for (size_t j = 0; j < size; j++)
      degree[lits[j]]++;
    if (i < large)
      degree[S->lits + i] += (unsigned) size;
  }
  for (unsigned v = 0; v < S->vertices; v++)
    S->start[v + 1] += S->start[v];
  for (unsigned i = 0; i < S->clauses; i++) {
    const unsigned *lits = S->literals + S->offset[i];
    size_t size = S->offset[i + 1] - S->offset[i];
    if (i < large) {
      unsigned v = S->lits + i;
      for (size_t j = 0; j < size; j++) {
        S->adjacent[S->start[lits[j]]++] = v;
        S->adjacent[S->start[v]++] = lits[j];
      }
    } else {
      S->adjacent[S->start[lits[0]]++] = lits[1];
      S->adjacent[S->start[lits[1]]++] = lits[0];
    }
  }
  for (unsigned v = S->vertices; v; v--)
    S->start[v] = S->start[v - 1];
  S->start[0] = 0;
  S->ticks += 2 * edges;
}

/*------------------------------------------------------------------------*/
/* Colour refinement.  A cell is split only by its vertices whose
 * neighbourhood changed (the dirty ones): the others still have the
 * neighbourhood the cell had after its last split, kept per colour, so a
 * round costs the dirty vertices and their edges, not the graph. */

static bool key_less (vertex_key a, vertex_key b) {
  return a.colour < b.colour || (a.colour == b.colour && a.key < b.key);
}

/* Sorts by colour, then neighbourhood ('sort.h': inlined comparisons,
 * as the library's qsort with a comparison function took most of the
 * detection time). */
DEFINE_SORT (vertex_key, vertex_keys, key_less)

static bool out_of_budget (const symmetry *S) { return S->ticks > S->limit; }

static void start_phase (symmetry *S, unsigned phase) {
  assert (phase == S->phases && phase < PHASES);
  S->phase_start[phase] = S->ticks;
  S->phases = phase + 1;
}

/* The neighbourhood of 'v' as a hash of its neighbours' colours (the
 * negation of a literal counts as an edge of its own kind). */
static uint64_t neighbourhood (symmetry *S, const unsigned *colour,
                               unsigned v) {
  uint64_t key = 0;
  for (unsigned i = S->start[v]; i != S->start[v + 1]; i++)
    key += mix (colour[S->adjacent[i]]);
  if (v < S->lits)
    key += mix ((uint64_t) colour[v ^ 1] | (1ull << 40));
  S->ticks += 1 + S->start[v + 1] - S->start[v];
  return key;
}

static void touch (symmetry *S, unsigned v) {
  if (S->touched[v] != S->touch_stamp) {
    S->touched[v] = S->touch_stamp;
    S->dirty[S->dirty_size++] = v;
  }
}

/* The vertices whose neighbourhood changed: those adjacent to a vertex
 * that changed its colour (and the negation of a literal that did). */
static void touch_neighbours (symmetry *S, unsigned v) {
  for (unsigned i = S->start[v]; i != S->start[v + 1]; i++)
    touch (S, S->adjacent[i]);
  if (v < S->lits)
    touch (S, v ^ 1);
  S->ticks += 1 + S->start[v + 1] - S->start[v];
}

static unsigned next_stamp (unsigned *stamp, unsigned *marks, size_t n) {
  if (++*stamp == UINT_MAX) {
    memset (marks, 0, n * sizeof *marks);
    *stamp = 1;
  }
  return *stamp;
}

static void start_touching (symmetry *S) {
  next_stamp (&S->touch_stamp, S->touched, S->vertices);
  S->dirty_size = 0;
}

/* The profile is the sum of a hash per colour and cell size, kept up to
 * date with every size change, to compare two paths level by level. */
static uint64_t size_hash (unsigned c, unsigned size) {
  return mix (((uint64_t) c << 32) | size);
}

static void resize_cell (colouring *C, unsigned c, unsigned size) {
  C->profile += size_hash (c, size) - size_hash (c, C->size[c]);
  C->size[c] = size;
}

static unsigned new_colour (colouring *C) {
  unsigned c = C->colours++;
  C->size[c] = 0;
  C->key[c] = 0;
  C->profile += size_hash (c, 0);
  return c;
}

static void count_sizes (const symmetry *S, colouring *C) {
  memset (C->size, 0, (size_t) C->colours * sizeof *C->size);
  for (unsigned v = 0; v < S->vertices; v++)
    C->size[C->colour[v]]++;
  C->profile = 0;
  for (unsigned c = 0; c < C->colours; c++)
    C->profile += size_hash (c, C->size[c]);
}

/* Marks the non-singleton cells of the dirty vertices; returns their
 * number. */
static size_t mark_cells (symmetry *S, const colouring *C) {
  unsigned stamp = next_stamp (&S->cell_stamp, S->cell_marks,
                               max_colours (S));
  size_t cells = 0;
  for (size_t i = 0; i < S->dirty_size; i++) {
    unsigned c = C->colour[S->dirty[i]];
    if (C->size[c] > 1 && S->cell_marks[c] != stamp)
      S->cell_marks[c] = stamp, cells++;
  }
  S->ticks += S->dirty_size;
  return cells;
}

/* Moves the dirty vertices of the marked cells whose neighbourhood is
 * not the one of their cell to new cells, one per neighbourhood in the
 * order of the hashes, touching their neighbours.  If every vertex of a
 * cell is dirty, the first neighbourhood keeps the cell's colour.  Both
 * rules depend on the structure only, so isomorphic situations get the
 * same colour numbers. */
static void split_cells (symmetry *S, colouring *C) {
  size_t n = 0;
  for (size_t i = 0; i < S->dirty_size; i++) {
    unsigned v = S->dirty[i], c = C->colour[v];
    if (S->cell_marks[c] == S->cell_stamp)
      S->keys[n++] = (vertex_key) {neighbourhood (S, C->colour, v), c, v};
  }
  S->ticks += 2 * n;
  sort_vertex_keys (S->keys, n);
  start_touching (S);
  for (size_t i = 0; i < n;) {
    unsigned old = S->keys[i].colour;
    size_t end = i;
    while (end < n && S->keys[end].colour == old)
      end++;
    if (C->size[old] == end - i)
      C->key[old] = S->keys[i].key;
    uint64_t keep = C->key[old];
    unsigned current = INVALID;
    for (size_t j = i; j < end; j++) {
      uint64_t key = S->keys[j].key;
      if (key == keep)
        continue;
      if (current == INVALID || key != S->keys[j - 1].key) {
        current = new_colour (C);
        C->key[current] = key;
      }
      unsigned v = S->keys[j].vertex;
      resize_cell (C, old, C->size[old] - 1);
      resize_cell (C, current, C->size[current] + 1);
      C->colour[v] = current;
      touch_neighbours (S, v);
    }
    i = end;
  }
}

/* Splits cells until the colouring is equitable (or the budget is
 * spent), starting from the dirty vertices (or all). */
static void refine (symmetry *S, colouring *C, bool everything) {
  if (everything) {
    start_touching (S);
    for (unsigned v = 0; v < S->vertices; v++)
      touch (S, v);
  }
  while (!out_of_budget (S) && mark_cells (S, C))
    split_cells (S, C);
}

/* Gives 'v' a colour of its own and refines. */
static void individualise (symmetry *S, colouring *C, unsigned v) {
  unsigned old = C->colour[v];
  assert (C->size[old] > 1);
  resize_cell (C, old, C->size[old] - 1);
  unsigned own = new_colour (C);
  resize_cell (C, own, 1);
  C->colour[v] = own;
  start_touching (S);
  touch_neighbours (S, v);
  refine (S, C, false);
}

/* The first non-singleton cell of literals, or INVALID. */
static unsigned target_cell (symmetry *S, const colouring *C) {
  unsigned best = INVALID;
  for (unsigned lit = 0; lit < S->lits; lit++)
    if (C->size[C->colour[lit]] > 1 && C->colour[lit] < best)
      best = C->colour[lit];
  S->ticks += S->lits;
  return best;
}

static unsigned first_in_cell (symmetry *S, const unsigned *colour,
                               unsigned cell) {
  for (unsigned lit = 0; lit < S->lits; lit++)
    if (colour[lit] == cell) {
      S->ticks += lit;
      return lit;
    }
  S->ticks += S->lits;
  return INVALID;
}

/* Literals and clauses apart; a variable that is fixed, inactive or
 * in no clause keeps a colour per literal, so symmetries fix it. */
static void initial_colouring (einsat *solver, symmetry *S) {
  colouring *C = &S->left;
  C->colours = 2;
  for (unsigned lit = 0; lit < S->lits; lit += 2) {
    unsigned idx = IDX (lit);
    bool used = S->start[lit + 2] > S->start[lit];
    if (used && FLAGS (idx)->active && !VALUE (lit))
      C->colour[lit] = C->colour[lit + 1] = 0;
    else {
      C->colour[lit] = C->colours++;
      C->colour[lit + 1] = C->colours++;
    }
  }
  for (unsigned v = S->lits; v < S->vertices; v++)
    C->colour[v] = 1;
  count_sizes (S, C);
}

/*------------------------------------------------------------------------*/
/* Generators. */

static unsigned find_orbit (symmetry *S, unsigned lit) {
  while (S->orbit[lit] != lit)
    lit = S->orbit[lit] = S->orbit[S->orbit[lit]];
  return lit;
}

/* Does the candidate in 'image' map every clause to a clause? */
static bool automorphism (einsat *solver, symmetry *S) {
  if (!S->table)
    index_clauses (solver, S);
  if (++S->stamp == UINT_MAX) {
    memset (S->checked, 0, S->clauses * sizeof *S->checked);
    S->stamp = 1;
  }
  bool moved = false;
  for (unsigned lit = 0; lit < S->lits; lit++) {
    unsigned other = S->image[lit];
    if (other == lit)
      continue;
    moved = true;
    if (S->image[lit ^ 1] != (other ^ 1) || VALUE (lit) != VALUE (other))
      return false;
    for (unsigned k = S->occurs_start[lit]; k != S->occurs_start[lit + 1];
         k++) {
      unsigned index = S->occurs[k];
      if (S->checked[index] == S->stamp)
        continue;
      S->checked[index] = S->stamp;
      size_t size = S->offset[index + 1] - S->offset[index];
      const unsigned *lits = S->literals + S->offset[index];
      for (size_t i = 0; i < size; i++)
        S->scratch[i] = S->image[lits[i]];
      es_sort_words (S->scratch, size);
      S->ticks += size;
      if (!find_clause (S, S->scratch, size))
        return false;
    }
  }
  return moved;
}

/* The permutation of the two leaves, if the right one is a leaf too. */
static bool leaf_permutation (symmetry *S) {
  for (unsigned lit = 0; lit < S->lits; lit++) {
    unsigned c = S->right.colour[lit];
    if (S->right.size[c] != 1 || S->leaf[c] == INVALID)
      return false;
    S->image[S->leaf[c]] = lit;
  }
  return true;
}

static void save_generator (einsat *solver, symmetry *S) {
  unsigned moved = 0;
  for (unsigned lit = 0; lit < S->lits; lit++)
    moved += S->image[lit] != lit;
  PUSH_STACK (S->generators, moved);
  for (unsigned lit = 0; lit < S->lits; lit++) {
    unsigned other = S->image[lit];
    if (other == lit)
      continue;
    PUSH_STACK (S->generators, lit);
    PUSH_STACK (S->generators, other);
    unsigned a = find_orbit (S, lit), b = find_orbit (S, other);
    if (a != b)
      S->orbit[a] = b;
  }
  INC (symmetry_generators);
  ADD (symmetry_moved, moved / 2);
}

/* From the colouring of level 'level' with 'w' in place of the left
 * choice, follows the left path greedily to a leaf. */
static bool right_path (symmetry *S, unsigned level, unsigned w) {
  colouring *C = &S->right;
  memcpy (C->colour, S->levels + (size_t) level * S->vertices,
          S->vertices * sizeof *C->colour);
  C->colours = S->level_colours[level];
  memcpy (C->key, S->level_keys.begin + S->level_key_offset[level],
          C->colours * sizeof *C->key);
  count_sizes (S, C);
  S->ticks += S->vertices + C->colours;
  for (unsigned j = level; j < S->depth; j++) {
    unsigned v = j == level ? w : S->chosen[j];
    if (C->colour[v] != S->cell[j])
      v = first_in_cell (S, C->colour, S->cell[j]);
    if (v == INVALID || C->size[C->colour[v]] < 2)
      return false;
    individualise (S, C, v);
    if (out_of_budget (S) || C->profile != S->profile[j + 1])
      return false;
  }
  return true;
}

static void search_level (einsat *solver, symmetry *S, unsigned level) {
  const unsigned *colour = S->levels + (size_t) level * S->vertices;
  unsigned left = S->chosen[level];
  for (unsigned w = 0; w < S->lits && !out_of_budget (S); w++) {
    if (w == left || colour[w] != S->cell[level] ||
        find_orbit (S, w) == find_orbit (S, left))
      continue;
    INC (symmetry_candidates);
    for (unsigned lit = 0; lit < S->lits; lit++)
      S->image[lit] = lit;
    if (right_path (S, level, w) && leaf_permutation (S) &&
        automorphism (solver, S))
      save_generator (solver, S);
    else if (!out_of_budget (S))
      INC (symmetry_failed);
  }
}

static void store_level (einsat *solver, symmetry *S, unsigned level) {
  const colouring *C = &S->left;
  memcpy (S->levels + (size_t) level * S->vertices, C->colour,
          S->vertices * sizeof *C->colour);
  S->level_colours[level] = C->colours;
  S->level_key_offset[level] = SIZE_STACK (S->level_keys);
  for (unsigned c = 0; c < C->colours; c++)
    PUSH_STACK (S->level_keys, C->key[c]);
  S->ticks += S->vertices + C->colours;
}

/* The left path, storing the colourings of its first levels.  Without a
 * cell of two or more literals after the first refinement there is no
 * symmetry to find (every symmetry maps each literal into its cell). */
static bool left_path (einsat *solver, symmetry *S) {
  colouring *C = &S->left;
  refine (S, C, true);
  if (out_of_budget (S))
    return false;
  unsigned cell = target_cell (S, C);
  if (cell == INVALID)
    return false;
  start_phase (S, LEFT_PATH);
  NEW_ARRAY (S->cell, S->lits);
  NEW_ARRAY (S->chosen, S->lits);
  NEW_ARRAY (S->profile, (size_t) S->lits + 1);
  NEW_ARRAY (S->level_colours, S->stored);
  NEW_ARRAY (S->level_key_offset, S->stored);
  NEW_ARRAY (S->levels, level_words (S));
  S->profile[0] = C->profile;
  do {
    unsigned v = first_in_cell (S, C->colour, cell);
    unsigned level = S->depth++;
    S->cell[level] = cell;
    S->chosen[level] = v;
    if (level < S->stored)
      store_level (solver, S, level);
    individualise (S, C, v);
    S->profile[level + 1] = C->profile;
    if (out_of_budget (S))
      return false;
    cell = target_cell (S, C);
  } while (cell != INVALID);
  NEW_ARRAY (S->leaf, max_colours (S));
  for (size_t c = 0; c < max_colours (S); c++)
    S->leaf[c] = INVALID;
  for (unsigned lit = 0; lit < S->lits; lit++)
    S->leaf[C->colour[lit]] = lit;
  return true;
}

/* At most as many stored colourings (a colour per vertex and a key per
 * colour) as fit into about the size of the graph again. */
static unsigned storable_levels (einsat *solver, const symmetry *S) {
  size_t room = 2 * (S->edges + S->vertices) + (1u << 20);
  size_t levels = room / (3 * (size_t) S->vertices);
  size_t limit = (size_t) GET_OPTION (symmetrylevels);
  return (unsigned) (levels < limit ? levels : limit);
}

static void detect (einsat *solver, symmetry *S) {
  start_phase (S, GRAPH);
  unsigned large;
  if (!count_clauses (solver, S, &large) || !S->clauses)
    return;
  collect_clauses (solver, S);
  build_graph (solver, S, large);
#define ARRAY(NAME, COUNT) NEW_ARRAY (S->NAME, COUNT);
  WORKING_ARRAYS
#undef ARRAY
  for (unsigned lit = 0; lit < S->lits; lit++)
    S->orbit[lit] = lit;
  S->stored = storable_levels (solver, S);
  start_phase (S, REFINEMENT);
  initial_colouring (solver, S);
  if (!left_path (solver, S))
    return;
  start_phase (S, SEARCH);
#define ARRAY(NAME, COUNT) NEW_ARRAY (S->NAME, COUNT);
  SEARCH_ARRAYS
#undef ARRAY
  unsigned levels = S->depth < S->stored ? S->depth : S->stored;
  for (unsigned level = levels; level-- && !out_of_budget (S);)
    search_level (solver, S, level);
}

/*------------------------------------------------------------------------*/
/* Lex-leader constraints. */

static void add_clause (einsat *solver, unsigned a, unsigned b,
                        unsigned c) {
  unsigned lits[3] = {a, b, c};
  if (c == INVALID)
    es_new_binary (solver, false, a, b);
  else
    es_new_clause (solver, false, 0, 3, lits);
  INC (symmetry_clauses);
}

static unsigned image_of (const unsigned *pairs, unsigned moved,
                          unsigned lit) {
  for (unsigned i = 0; i < moved; i++)
    if (pairs[2 * i] == lit)
      return pairs[2 * i + 1];
  return lit;
}

/* The chain for one generator ('moved' pairs of literal and image,
 * positive and negative literals of a variable next to each other, in
 * the order of the variables) from the equality literal 'equal'. */
static void break_generator (einsat *solver, const unsigned *pairs,
                             unsigned moved, unsigned equal) {
  unsigned positions = 0, length = (unsigned) GET_OPTION (symmetrylength);
  for (unsigned i = 0; i < moved && positions < length; i++) {
    unsigned x = pairs[2 * i], y = pairs[2 * i + 1];
    if (x & 1)
      continue; /* each variable once, by its positive literal */
    if (y == NOT (x)) {
      es_new_binary (solver, false, NOT (equal), NOT (x));
      INC (symmetry_clauses);
      break;
    }
    /* Of a two-cycle, the earlier position implies this equality. */
    if (IDX (y) < IDX (x) && image_of (pairs, moved, y) == x)
      continue;
    positions++;
    add_clause (solver, NOT (equal), NOT (x), y);
    bool last = positions == length || i + 1 == moved;
    if (last)
      break;
    unsigned next = LIT (es_new_internal_variable (solver, 0));
    add_clause (solver, NOT (equal), NOT (x), next);
    add_clause (solver, NOT (equal), y, next);
    equal = next;
  }
}

static unsigned add_constraints (einsat *solver, symmetry *S) {
  unsigned selector = LIT (es_new_internal_variable (solver, 0));
  const unsigned *p = S->generators.begin, *end = S->generators.end;
  while (p != end) {
    unsigned moved = *p++;
    break_generator (solver, p, moved, selector);
    p += 2 * moved;
  }
  return selector;
}

/*------------------------------------------------------------------------*/

/* The cases in which breaking would change an answer, or could not be
 * switched off for the clauses that follow (see the top). */
static bool breaking_allowed (einsat *solver) {
  return ENABLED (symmetry) && STAT (solves) == 1 &&
         EMPTY_STACK (solver->assumptions) && !solver->proof &&
         !solver->lrat && !solver->decide_callback &&
         !solver->learn_callback && GET_OPTION (threads) == 1 &&
         !solver->share.export_clause && !solver->portfolio &&
         !solver->worker && !solver->atmosts.count && !solver->xmatrix &&
         !solver->projecting && !solver->phase_hinted && solver->vars;
}

/* The verbose line: generators, levels searched, and the ticks of each
 * phase the detection reached. */
static void print_detection (const symmetry *S, uint64_t generators) {
  printf ("c symmetry: %" PRIu64 " generators from %u of %u levels "
          "(%.1f million ticks%s",
          generators, S->depth < S->stored ? S->depth : S->stored,
          S->depth, S->ticks / 1e6,
          out_of_budget (S) ? ", budget spent" : "");
  for (unsigned phase = 0; phase < S->phases; phase++) {
    uint64_t end =
        phase + 1 < S->phases ? S->phase_start[phase + 1] : S->ticks;
    printf ("%s %s %.1f", phase ? "," : ":", phase_names[phase],
            (end - S->phase_start[phase]) / 1e6);
  }
  printf (")\n");
}

/* Runs the detection on the formula at the root level; the generators
 * are in 'solver->symmetry' afterwards. */
static symmetry *find_symmetries (einsat *solver) {
  INC (symmetry_rounds);
  uint64_t before = STAT (symmetry_generators);
  symmetry *S = es_calloc (solver, 1, sizeof *S);
  solver->symmetry = S;
  S->lits = 2 * solver->vars;
  S->limit = (uint64_t) GET_OPTION (symmetryeffort) * 1000000;
  detect (solver, S);
  if (out_of_budget (S))
    INC (symmetry_unfinished);
  ADD (symmetry_ticks, S->ticks);
  if (GET_OPTION (verbose))
    print_detection (S, STAT (symmetry_generators) - before);
  return S;
}

/* The detection needs the root propagated and clean.  That propagation
 * is the search's own first step, so it counts against the caller's
 * propagation limit as the search's does: it stops where the limit
 * stops the search, and then breaking is skipped (the search stops at
 * once with no answer, and a root conflict is the answer). */
static bool root_propagated_within_limit (einsat *solver) {
  es_backtrack (solver, 0);
  if (solver->inconsistent)
    return false;
  unsigned conflict = es_propagate_limited (solver);
  if (conflict != INVALID) {
    es_analyze (solver, conflict);
    return false;
  }
  return solver->propagated == solver->trail_size;
}

void es_break_symmetries (einsat *solver) {
  solver->symmetry_selector = INVALID;
  if (!breaking_allowed (solver) || !root_propagated_within_limit (solver) ||
      !es_clean_root (solver))
    return;
  symmetry *S = find_symmetries (solver);
  if (!EMPTY_STACK (S->generators)) {
    unsigned selector = add_constraints (solver, S);
    FLAGS (IDX (selector))->assumed = true;
    PUSH_STACK (solver->assumptions, selector);
    solver->symmetry_selector = selector;
  }
  es_release_symmetry (solver);
}

void es_symmetry_generators (einsat *solver, unsigneds *generators) {
  CLEAR_STACK (*generators);
  if (!es_clean_root (solver))
    return;
  symmetry *S = find_symmetries (solver);
  for (all_stack (unsigned, word, S->generators))
    PUSH_STACK (*generators, word);
  es_release_symmetry (solver);
}

/* After the call: the constraints are off for good. */
void es_end_symmetry_breaking (einsat *solver) {
  unsigned selector = solver->symmetry_selector;
  if (selector == INVALID)
    return;
  assert (!solver->level);
  solver->symmetry_selector = INVALID;
  if (!solver->inconsistent && !VALUE (selector))
    es_assign_unit (solver, NOT (selector));
}
