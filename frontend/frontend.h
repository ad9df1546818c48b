#ifndef FRONTEND_H_INCLUDED
#define FRONTEND_H_INCLUDED

/* The front-end layer: what the command line ('cli/') and the puzzle
 * front-ends ('puzzles/') share, so that every command of the 'einsat'
 * program reports errors, reads its input, parses its options and writes
 * its output the same way.  It sits above the solver and the encoding
 * library and below the commands:
 *
 *   src/ <- encode/ <- frontend/ <- puzzles/, cli/
 *
 * Nothing here names a puzzle: the front-ends provide the table of
 * commands ('fe_commands') that the command line dispatches through.
 * The functions report their own errors on standard error and return
 * false (or 1, the exit code of an error). */

#include "einsat.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define FE_PRINTF(FORMAT, ARGS)                                            \
  __attribute__ ((format (printf, FORMAT, ARGS)))

/*------------------------------------------------------------------------*/
/* Errors (in 'error.c'): "einsat: message" on standard error, after
 * flushing standard output, so that the two stay in order in a log.
 * Each returns 1, the exit code of an error. */

int fe_error (const char *fmt, ...) FE_PRINTF (1, 2);
int fe_verror (const char *fmt, va_list);
int fe_out_of_memory (void); /* "einsat: out of memory" */

/* A failure of the solver or the encoder: "einsat: message", from "out
 * of memory" on if the message says so (the encoder's function name in
 * front of it tells a user nothing), "the solver stopped without an
 * answer" if the message is empty. */
int fe_solver_error (const char *message);

/*------------------------------------------------------------------------*/
/* Clocks (in 'clock.c'), in seconds. */

double fe_process_time (void); /* user and system time of this process */
double fe_wall_time (void);    /* since some fixed point */

/*------------------------------------------------------------------------*/
/* Input read line by line (in 'input.c').  Every line is bounded: a line
 * longer than 'max_line' characters, a NUL byte (not a text file) and a
 * read error end the input with a message "einsat: FILE:LINE: ...", so
 * that reading '/dev/zero' stops at once with memory bounded by the
 * limit.  A directory and an input without a single byte are reported
 * the same way for every command ("is a directory", "empty input"). */

typedef struct fe_input {
  const char *path; /* for messages ("<stdin>" for '-') */
  char *line;    /* the current line: no end of line, no trailing blanks */
  size_t length; /* of 'line' */
  long number;   /* of the current line, from 1 */
  bool failed;   /* the input ended with an error (reported) */
  /* private */
  FILE *file;
  bool close, eof;
  size_t max_line, capacity;
  char *buffer; /* read ahead */
  size_t position, size;
  uint64_t bytes;
} fe_input;

/* Opens 'path' ('-' = standard input) for lines of at most 'max_line'
 * characters; reports failure. */
bool fe_open_input (fe_input *, const char *path, size_t max_line);

/* The same for an open stream that stays the caller's, named 'path'. */
bool fe_open_stream (fe_input *, FILE *, const char *path, size_t max_line);
void fe_close_input (fe_input *);

/* Reads the next line.  Returns false at the end of the input, or after
 * an error (then 'failed' is set and the error was reported). */
bool fe_read_line (fe_input *);

/* "einsat: FILE:LINE: message"; returns 1. */
int fe_line_error (const fe_input *, long line, const char *fmt, ...)
    FE_PRINTF (3, 4);
int fe_vline_error (const fe_input *, long line, const char *fmt, va_list);

/*------------------------------------------------------------------------*/
/* Output (in 'output.c').  Write errors are never lost: every output
 * file is checked when it is closed, standard output before the program
 * exits.  A file is opened (and so checked) before any work is done, but
 * truncated only when writing begins, and a file that did not exist is
 * removed again if the command fails. */

typedef struct fe_output {
  const char *path; /* '-' is standard output */
  const char *what; /* "result", "proof", ...: for messages */
  FILE *file;
  bool created; /* by 'fe_open_output': removed by 'fe_discard_output' */
} fe_output;

/* Opens 'path' for writing without truncating it, creating it if it is
 * missing.  Reports "PATH: cannot write WHAT: reason" and returns false
 * if that is not possible. */
bool fe_open_output (fe_output *, const char *path, const char *what);

/* Cuts off the old contents of a regular file (devices and pipes need
 * not be truncated).  Returns false after reporting an error. */
bool fe_begin_output (fe_output *);

/* Flushes and closes; reports "PATH: writing the WHAT failed: reason"
 * and returns false on a write error. */
bool fe_close_output (fe_output *);

/* After an error: closes, and removes the file if it was created. */
void fe_discard_output (fe_output *);

/* Whether 'path' names something other than a regular file (or a file
 * still to be created): a device, a pipe, '-'. */
bool fe_is_special_file (const char *path);

/* Flushes standard output and checks it; reports a write error
 * ("writing standard output failed: reason") and returns false. */
bool fe_check_stdout (void);

/* Gives closed standard streams (file descriptors 0, 1 and 2) a
 * placeholder that fails every write, so that no file opened later takes
 * their place and output to a closed standard output is reported as a
 * write error instead of going into that file.  Call first in 'main'. */
void fe_guard_standard_streams (void);

/*------------------------------------------------------------------------*/
/* Certificates (in 'proof.c'): a fresh solver reads the DIMACS file
 * 'cnf_path' and proves it unsatisfiable, writing the DRAT proof
 * ('binary' or text) to 'proof' (opened, not yet truncated), which it
 * closes.  Returns false after reporting an error (also if the formula
 * turns out satisfiable). */

bool fe_refute (const char *cnf_path, fe_output *proof, bool binary);

/*------------------------------------------------------------------------*/
/* Options (in 'options.c').  Each command declares its options in one
 * X-macro table, in the style of the solver's 'src/options.h', a row per
 * option with its kind first:
 *
 *   #define SUDOKU_OPTIONS(OPTION)                                 \
 *     OPTION (FLAG, line, 0, "one line per puzzle")                \
 *     OPTION (NUMBER, box, 0, 2, 8, "B", "boxes of BxB")           \
 *     ...
 *
 * The table generates the struct of the settings ('FE_SETTINGS'), the
 * rows the parser reads and the option lines of '--help':
 *
 *   FE_SETTINGS (sudoku_options, SUDOKU_OPTIONS);
 *   typedef sudoku_options fe_settings; // the type 'FE_ROW' points into
 *   static const fe_option rows[] = {SUDOKU_OPTIONS (FE_ROW)
 *                                    FE_END_OF_TABLE};
 *
 * so a translation unit holds the rows of one table.  The field is the
 * option's name with '-' written as '_'.  The kinds and their columns
 * after the field:
 *
 *   FLAG (SHORT, HELP)  '--name', or '-x' if SHORT is 'x' (0: none):
 *             a bool set to true
 *   COUNT (SHORT, HELP)  '--name' or '-x', counted ('-vv' counts two):
 *             an int
 *   NUMBER (DEFAULT, MIN, MAX, ARGUMENT, HELP)  '--name=N' or '--name N'
 *             with MIN <= N <= MAX: an int64_t, DEFAULT if absent
 *   OPTIONAL (BARE, MIN, MAX, ARGUMENT, HELP)  '--name' or '--name=N'
 *             (the value only after '='): an int64_t, -1 if absent,
 *             BARE without a value
 *   TEXT (ARGUMENT, HELP)  '--name=TEXT' or '--name TEXT' (a file name):
 *             a const char *, NULL if absent
 *   OPTIONAL_TEXT (ARGUMENT, HELP)  '--name' or '--name=TEXT': a const
 *             char *, NULL if absent, "-" (standard output) if bare
 *   CHOICE (DEFAULT, WORDS, HELP)  '--name=WORD' or '--name WORD', WORD
 *             one of WORDS ("a|b|c"): an int, the index of WORD
 *   SECONDS (MAX, ARGUMENT, HELP)  '--name=S' or '--name S', 0 < S <= MAX
 *             with decimals: a double, 0 if absent
 *   ALIAS (TARGET, VALUE, HELP)  '--name' sets option TARGET to VALUE
 *             ('--strict' for 'relaxed' = 0): a char nothing reads
 *   HEADING (TEXT)  no option: TEXT heads the rows after it in '--help'
 *
 * ARGUMENT names the value in '--help'; a row whose HELP is NULL is not
 * shown there.
 *
 * Every command also takes '-h' and '--help', '--' (the rest are no
 * options), and the solver's options: '--NAME=VALUE', '--NAME VALUE'
 * with an integer VALUE, '--NAME' (1), '--no-NAME' (0) and
 * '--configure=NAME', tried on a scratch solver when they are parsed so
 * that mistakes show up before any work, and kept in their order for
 * 'fe_apply_solver_options'.  A name of the command's table wins over a
 * solver option of the same name, unless a flag is given a value. */

typedef enum fe_kind {
  FE_FLAG,
  FE_COUNT,
  FE_NUMBER,
  FE_OPTIONAL,
  FE_TEXT,
  FE_OPTIONAL_TEXT,
  FE_CHOICE,
  FE_SECONDS,
  FE_ALIAS,
  FE_HEADING,
} fe_kind;

typedef struct fe_option {
  const char *name; /* as the field: '_' stands for '-' */
  char short_name;
  fe_kind kind;
  int64_t value, min, max;
  const char *argument, *help;
  size_t offset; /* of the field in the settings */
} fe_option;

#define FE_TYPE_FLAG bool
#define FE_TYPE_COUNT int
#define FE_TYPE_NUMBER int64_t
#define FE_TYPE_OPTIONAL int64_t
#define FE_TYPE_TEXT const char *
#define FE_TYPE_OPTIONAL_TEXT const char *
#define FE_TYPE_CHOICE int
#define FE_TYPE_SECONDS double
#define FE_TYPE_ALIAS char
#define FE_TYPE_HEADING char

#define FE_FIELD(KIND, FIELD, ...) FE_TYPE_##KIND FIELD;

/* Declares the struct TYPE of the settings of the table OPTIONS. */
#define FE_SETTINGS(TYPE, OPTIONS)                                         \
  typedef struct TYPE {                                                    \
    OPTIONS (FE_FIELD)                                                     \
  } TYPE

#define FE_ROW(KIND, FIELD, ...)                                           \
  FE_ROW_##KIND (fe_settings, FIELD, __VA_ARGS__)

#define FE_MAKE_ROW(TYPE, FIELD, SHORT, KIND, VALUE, MIN, MAX, ARGUMENT,   \
                    HELP)                                                  \
  {#FIELD,   SHORT, FE_##KIND,                                             \
   VALUE,    MIN,   MAX,                                                   \
   ARGUMENT, HELP,  offsetof (TYPE, FIELD)},

#define FE_ROW_FLAG(T, F, SHORT, HELP)                                     \
  FE_MAKE_ROW (T, F, SHORT, FLAG, 0, 0, 0, 0, HELP)
#define FE_ROW_COUNT(T, F, SHORT, HELP)                                    \
  FE_MAKE_ROW (T, F, SHORT, COUNT, 0, 0, 0, 0, HELP)
#define FE_ROW_NUMBER(T, F, DEFAULT, MIN, MAX, ARGUMENT, HELP)             \
  FE_MAKE_ROW (T, F, 0, NUMBER, DEFAULT, MIN, MAX, ARGUMENT, HELP)
#define FE_ROW_OPTIONAL(T, F, BARE, MIN, MAX, ARGUMENT, HELP)              \
  FE_MAKE_ROW (T, F, 0, OPTIONAL, BARE, MIN, MAX, ARGUMENT, HELP)
#define FE_ROW_TEXT(T, F, ARGUMENT, HELP)                                  \
  FE_MAKE_ROW (T, F, 0, TEXT, 0, 0, 0, ARGUMENT, HELP)
#define FE_ROW_OPTIONAL_TEXT(T, F, ARGUMENT, HELP)                         \
  FE_MAKE_ROW (T, F, 0, OPTIONAL_TEXT, 0, 0, 0, ARGUMENT, HELP)
#define FE_ROW_CHOICE(T, F, DEFAULT, WORDS, HELP)                          \
  FE_MAKE_ROW (T, F, 0, CHOICE, DEFAULT, 0, 0, WORDS, HELP)
#define FE_ROW_SECONDS(T, F, MAX, ARGUMENT, HELP)                          \
  FE_MAKE_ROW (T, F, 0, SECONDS, 0, 0, MAX, ARGUMENT, HELP)
#define FE_ROW_ALIAS(T, F, TARGET, VALUE, HELP)                            \
  FE_MAKE_ROW (T, F, 0, ALIAS, VALUE, 0, 0, TARGET, HELP)
#define FE_ROW_HEADING(T, F, TEXT)                                         \
  FE_MAKE_ROW (T, F, 0, HEADING, 0, 0, 0, 0, TEXT)

#define FE_END_OF_TABLE                                                    \
  { 0, 0, FE_FLAG, 0, 0, 0, 0, 0, 0 }

/* A table and the settings it fills. */
typedef struct fe_table {
  const fe_option *options; /* ends with FE_END_OF_TABLE */
  void *settings;
} fe_table;

typedef struct fe_solver_option {
  const char *option; /* "--NAME", "--NAME=VALUE" or "--configure=NAME" */
  const char *value;  /* of '--NAME VALUE', else NULL */
} fe_solver_option;

typedef struct fe_arguments {
  bool help; /* '-h' or '--help' was given */
  int files; /* arguments that are no options, in order */
  char **file;
  int solver_options;
  fe_solver_option *solver_option;
} fe_arguments;

/* Sets the initial values of the tables' settings, then parses
 * argv[1..argc-1] into them.  'tables' ends with an entry whose
 * 'options' is NULL.  'command' ("sudoku", NULL for the main command)
 * names the command in messages.  Returns false after reporting an
 * error. */
bool fe_parse_arguments (fe_arguments *, const char *command, int argc,
                         char **argv, const fe_table *tables);
void fe_release_arguments (fe_arguments *);

/* The option lines of '--help' for the tables of 'command' (NULL for the
 * main command), '-h, --help' and a line on solver options last. */
void fe_print_options (const fe_table *tables, const char *command);

/* The name of option 'field' in messages: "--cnf-out" for 'cnf_out'. */
const char *fe_option_name (const char *field, char *buffer, size_t size);

/* Sets the solver options of the command line on 'solver', in order.
 * They were checked when parsed, so only running out of memory makes
 * this fail (reported). */
bool fe_apply_solver_options (einsat *, const fe_arguments *);

/* A new solver: 'einsat_new', or with 'EINSAT_FAIL_ALLOC=N' in the
 * environment one whose N-th allocation fails (for the tests, see
 * 'solver.c').  NULL when out of memory. */
einsat *fe_new_solver (void);

/*------------------------------------------------------------------------*/
/* Commands (in 'command.c'): 'einsat NAME ...' runs the command NAME.
 * Each describes its command line once; the layer parses it and prints
 * its '--help'.  The usage line names the command and its arguments
 * that are no options, a word in brackets for an optional one:
 * "einsat sudoku [options] [FILE|-]", "einsat queens [options] N". */

typedef struct fe_command_line {
  const char *usage;        /* its first line says the arguments */
  const char *about;        /* what the command does (lines of text) */
  size_t max_line;          /* of the input, stated in '--help' (0: none) */
  const char *after;        /* printed after the options (exit codes) */
  void (*more_help) (void); /* prints the rest of '--help', or NULL */
} fe_command_line;

/* Parses the command line with the options of 'tables' (see
 * 'fe_parse_arguments') and checks the number of arguments.  Returns -1
 * to go on, 0 after printing '--help', or 1 after reporting an error. */
int fe_parse_command (fe_arguments *, const fe_command_line *,
                      const fe_table *tables, int argc, char **argv);

typedef struct fe_command {
  const char *name, *summary;
  int (*main) (int argc, char **argv); /* argv[0] is the name */
} fe_command;

/* The commands of the front-ends, ending with an entry without a name;
 * defined by the front-ends ('puzzles/commands.c'). */
extern const fe_command fe_commands[];

const fe_command *fe_find_command (const fe_command *, const char *name);
void fe_print_commands (const fe_command *);

#endif
