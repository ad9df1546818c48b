/* 'einsat formula': propositional formulas over named variables, as
 * tutorials write them ('(x or y) and (x or not y)', 'A & (B | !(D | E))',
 * 'atmost(1, a, b, c)'), from the command line or from a file, solved,
 * counted or listed with their models printed by name.
 *
 * The formulas are parsed by the encoding library ('enc_parser', syntax
 * in 'include/einsat_encode.h' and 'puzzles/FORMULA.md') and run by the
 * puzzle driver, so '--all', '--count', '--unique', '--cnf', '--trace'
 * and '--proof' work as for the other front-ends.  A model is one line
 * 'x=1 y=0' over the named variables in the order of their first
 * appearance: the Tseitin and counter variables are never shown and
 * never make one model count twice. */

#include "puzzle.h"

#include <string.h>

/* A generated formula may well be one long line. */
#define FORMULA_MAX_LINE (1u << 24)
#define ARGUMENT_NAME "<argument>"
#define SHOWN_ARGUMENT 200

#define FORMULA_OPTIONS(OPTION) \
  OPTION (TEXT, file, "FILE", \
          "read formulas from FILE ('-' for standard input), one per " \
          "line or separated by ';'; with FORMULA too, all must hold")

FE_SETTINGS (formula_options, FORMULA_OPTIONS);

typedef formula_options fe_settings;
static const fe_option formula_table[] = {FORMULA_OPTIONS (FE_ROW)
                                              FE_END_OF_TABLE};

typedef struct formula {
  puzzle_options options;
  formula_options formula_options;
  const char *argument; /* the formula on the command line, or NULL */
  encoder *e;
} formula;

/*------------------------------------------------------------------------*/
/* Models. */

static void print_model (void *data, const puzzle_solution *s) {
  const formula *f = data;
  int count;
  const int *named = enc_named (f->e, &count);
  for (int i = 0; i < count; i++) {
    if (i)
      fputc (' ', stdout);
    fputs (enc_name (f->e, named[i]), stdout);
    fputs (puzzle_true (s, named[i]) ? "=1" : "=0", stdout);
  }
  fputc ('\n', stdout);
}

/*------------------------------------------------------------------------*/
/* Parsing. */

/* A syntax error at its place; the encoder's errors (out of memory) as
 * every front-end reports them. */
static int parse_error (const formula *f, const enc_parser *parser,
                        const char *path) {
  if (!enc_ok (f->e))
    return fe_solver_error (enc_error (f->e));
  long line, column;
  const char *message = enc_parse_error (parser, &line, &column);
  return fe_error ("%s:%ld:%ld: %s", path, line, column, message);
}

static int parse_file (const formula *f, const char *path) {
  fe_input in;
  if (!fe_open_input (&in, path, FORMULA_MAX_LINE))
    return 1;
  enc_parser *parser = enc_parser_new (f->e);
  int res = parser ? -1 : fe_out_of_memory ();
  while (res < 0 && fe_read_line (&in))
    if (!enc_parse_line (parser, in.line, in.length))
      res = parse_error (f, parser, in.path);
  if (res < 0 && in.failed)
    res = 1;
  if (res < 0 && !enc_parse_end (parser))
    res = parse_error (f, parser, in.path);
  if (res < 0 && !enc_parsed_formulas (parser))
    res = fe_error ("%s: no formula", in.path);
  enc_parser_delete (parser);
  fe_close_input (&in);
  return res;
}

static int parse_argument (const formula *f) {
  enc_parser *parser = enc_parser_new (f->e);
  if (!parser)
    return fe_out_of_memory ();
  int res = -1;
  if (!enc_parse_text (parser, f->argument) || !enc_parse_end (parser))
    res = parse_error (f, parser, ARGUMENT_NAME);
  else if (!enc_parsed_formulas (parser))
    res = fe_error ("%s: no formula", ARGUMENT_NAME);
  enc_parser_delete (parser);
  return res;
}

/* The source in a comment line of '--cnf'. */
static void describe (const formula *f) {
  const char *file = f->formula_options.file;
  const char *argument = f->argument;
  if (file)
    enc_comment (f->e, "einsat formula: the formulas of %s%s",
                 strcmp (file, "-") ? file : "standard input",
                 argument ? " and of the command line" : "");
  else if (strlen (argument) <= SHOWN_ARGUMENT && !strchr (argument, '\n'))
    enc_comment (f->e, "einsat formula: %s", argument);
  else
    enc_comment (f->e, "einsat formula: the formula of the command line");
  enc_comment (f->e, "the models of the named variables are those of "
                     "the formula");
}

/*------------------------------------------------------------------------*/
/* On the driver. */

static int read_arguments (void *data, const fe_arguments *arguments) {
  formula *f = data;
  f->argument = arguments->files ? arguments->file[0] : 0;
  if (!f->argument && !f->formula_options.file)
    return fe_error ("missing FORMULA or --file=FILE (try 'einsat formula "
                     "--help')");
  return -1;
}

static int encode_formulas (void *data, encoder *e,
                            puzzle_printer *printer) {
  formula *f = data;
  f->e = e;
  describe (f);
  int res = f->formula_options.file
                ? parse_file (f, f->formula_options.file)
                : -1;
  if (res < 0 && f->argument)
    res = parse_argument (f);
  *printer = (puzzle_printer){.print = print_model,
                              .data = f,
                              .none = "No model: the formula is "
                                      "unsatisfiable.",
                              .noun = "model",
                              .unnumbered = true};
  return res;
}

static void print_syntax (void) {
  printf ("\nSyntax (from the loosest to the tightest binding; see "
          "puzzles/FORMULA.md):\n"
          "  F ; G              both (so is one formula per line)\n"
          "  F <-> G, F iff G   equivalence (also <=>), left-associative\n"
          "  F -> G, F implies G  implication (also =>), "
          "right-associative\n"
          "  F | G, F or G      disjunction (also ||)\n"
          "  F ^ G, F xor G     exclusive or\n"
          "  F & G, F and G     conjunction (also &&)\n"
          "  !F, not F          negation (also ~ and -)\n"
          "  (F)  true  false  NAME\n"
          "  atmost(K, F, ...)  atleast(K, F, ...)  exactly(K, F, ...)  "
          "ite(C, T, E)\n"
          "NAME: letters, digits and _ . ' @ $ [ ].  '#' starts a "
          "comment.\n"
          "A formula goes on to the next line after an operator or "
          "inside parentheses.\n");
}

static const fe_command_line formula_command_line = {
    "einsat formula [options] [FORMULA]",
    "Solves propositional formulas over named variables, given as\n"
    "FORMULA or in a file, and prints a model as one line 'x=1 y=0' (the\n"
    "variables in the order they first appear), with --all every model\n"
    "and their number, with --count the number.  Example:\n"
    "  einsat formula '(x or y) and (x or not y)' --all\n",
    FORMULA_MAX_LINE,
    "Exit code 10 if there is a model, 20 if there is none, 1 on "
    "errors.\n",
    print_syntax};

int formula_main (int argc, char **argv) {
  formula f;
  memset (&f, 0, sizeof f);
  const fe_table tables[] = {{puzzle_table, &f.options},
                             {formula_table, &f.formula_options},
                             {0, 0}};
  const puzzle_front_end front_end = {
      &formula_command_line, tables,         &f.options, &f,
      read_arguments,        encode_formulas};
  return puzzle_main (&front_end, argc, argv);
}
