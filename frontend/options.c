/* Command line options from the commands' X-macro tables (see the
 * comment in 'frontend.h'): one parser, one convention and one '--help'
 * layout for every command.
 *
 * The convention is the one of GNU programs: '--name=value' and
 * '--name value' both; a value that may be left out only after '=', so
 * that '--all 8' is '--all' and the argument '8'; short flags '-q', a
 * counted one repeated as '-vv'; '--' before arguments that start with
 * '-'.  Anything else that starts with '--' is a solver option, checked
 * at once on a scratch solver and kept, in order, for the solver the
 * command makes later. */

#include "frontend.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

typedef struct parser {
  fe_arguments *arguments;
  const char *command; /* for messages */
  const fe_table *tables;
  int argc, next; /* 'next' is the argument after the current one */
  char **argv;
  einsat *scratch; /* checks solver options; made on first use */
} parser;

/*------------------------------------------------------------------------*/
/* Names: the field 'cnf_out' is the option '--cnf-out'. */

const char *fe_option_name (const char *field, char *buffer, size_t size) {
  snprintf (buffer, size, "--%s", field);
  for (char *p = buffer; *p; p++)
    if (*p == '_')
      *p = '-';
  return buffer;
}

static bool same_name (const char *field, const char *name, size_t length) {
  for (size_t i = 0; i < length; i++)
    if (field[i] != (name[i] == '-' ? '_' : name[i]))
      return false;
  return !field[length];
}

static const fe_option *find_long (const fe_table *tables, const char *name,
                                   size_t length, void **settings) {
  for (const fe_table *t = tables; t->options; t++)
    for (const fe_option *o = t->options; o->name; o++)
      if (o->kind != FE_HEADING && same_name (o->name, name, length)) {
        *settings = t->settings;
        return o;
      }
  return 0;
}

static const fe_option *find_short (const fe_table *tables, char name,
                                    void **settings) {
  for (const fe_table *t = tables; t->options; t++)
    for (const fe_option *o = t->options; o->name; o++)
      if (o->short_name && o->short_name == name) {
        *settings = t->settings;
        return o;
      }
  return 0;
}

static void *field (void *settings, const fe_option *o) {
  return (char *) settings + o->offset;
}

/*------------------------------------------------------------------------*/
/* Values. */

static bool takes_value (const fe_option *o) {
  return o->kind == FE_NUMBER || o->kind == FE_TEXT ||
         o->kind == FE_CHOICE || o->kind == FE_SECONDS;
}

static bool has_optional_value (const fe_option *o) {
  return o->kind == FE_OPTIONAL || o->kind == FE_OPTIONAL_TEXT;
}

static bool invalid (const fe_option *o, const char *value,
                     const char *expected) {
  char name[64];
  fe_error ("invalid value '%s' for '%s' (expected %s)", value,
            fe_option_name (o->name, name, sizeof name), expected);
  return false;
}

static bool set_number (const fe_option *o, void *settings,
                        const char *value) {
  char *end;
  errno = 0;
  long long number = strtoll (value, &end, 10);
  if (errno || end == value || *end || number < o->min || number > o->max) {
    char expected[64];
    if (o->max == INT64_MAX)
      snprintf (expected, sizeof expected, "a number >= %" PRId64, o->min);
    else
      snprintf (expected, sizeof expected, "%" PRId64 "..%" PRId64, o->min,
                o->max);
    return invalid (o, value, expected);
  }
  *(int64_t *) field (settings, o) = number;
  return true;
}

/* Seconds as digits with at most one decimal point ("2", "0.5", ".25"):
 * 'strtod' alone would also take "inf", "nan", hexadecimal and
 * exponents. */
static bool set_seconds (const fe_option *o, void *settings,
                         const char *value) {
  size_t digits = strspn (value, "0123456789");
  const char *rest = value + digits;
  if (*rest == '.') {
    size_t fraction = strspn (rest + 1, "0123456789");
    digits += fraction;
    rest += 1 + fraction;
  }
  double seconds = digits && !*rest ? strtod (value, 0) : 0;
  if (!(seconds > 0) || seconds > (double) o->max)
    return invalid (o, value, "seconds > 0");
  *(double *) field (settings, o) = seconds;
  return true;
}

/* The index of 'value' among the words "a|b|c", or -1. */
static int find_word (const char *words, const char *value) {
  size_t length = strlen (value);
  int index = 0;
  for (const char *w = words;; index++) {
    size_t n = strcspn (w, "|");
    if (n == length && !strncmp (w, value, length))
      return index;
    if (!w[n])
      return -1;
    w += n + 1;
  }
}

static bool set_choice (const fe_option *o, void *settings,
                        const char *value) {
  int index = find_word (o->argument, value);
  if (index < 0) {
    char expected[256];
    snprintf (expected, sizeof expected, "one of %s", o->argument);
    return invalid (o, value, expected);
  }
  *(int *) field (settings, o) = index;
  return true;
}

/* The option an alias stands for gets the alias's value. */
static bool set_alias (const fe_table *tables, const fe_option *alias) {
  void *settings;
  const fe_option *o = find_long (tables, alias->argument,
                                  strlen (alias->argument), &settings);
  if (o && o->kind == FE_FLAG)
    *(bool *) field (settings, o) = alias->value != 0;
  else if (o && (o->kind == FE_NUMBER || o->kind == FE_OPTIONAL))
    *(int64_t *) field (settings, o) = alias->value;
  else if (o && o->kind == FE_CHOICE)
    *(int *) field (settings, o) = (int) alias->value;
  return o != 0;
}

/* 'value' is NULL for a flag or an option given without its value. */
static bool set_option (parser *p, const fe_option *o, void *settings,
                        const char *value) {
  switch (o->kind) {
  case FE_FLAG:
    *(bool *) field (settings, o) = true;
    return true;
  case FE_COUNT:
    (*(int *) field (settings, o))++;
    return true;
  case FE_OPTIONAL:
    if (!value) {
      *(int64_t *) field (settings, o) = o->value;
      return true;
    }
    /* fall through */
  case FE_NUMBER:
    return set_number (o, settings, value);
  case FE_OPTIONAL_TEXT:
  case FE_TEXT:
    if (value && !*value) {
      char name[64];
      fe_error ("'%s' needs a file name",
                fe_option_name (o->name, name, sizeof name));
      return false;
    }
    *(const char **) field (settings, o) = value ? value : "-";
    return true;
  case FE_CHOICE:
    return set_choice (o, settings, value);
  case FE_SECONDS:
    return set_seconds (o, settings, value);
  default:
    return set_alias (p->tables, o);
  }
}

static void set_initial_values (const fe_table *tables) {
  for (const fe_table *t = tables; t->options; t++)
    for (const fe_option *o = t->options; o->name; o++) {
      void *f = field (t->settings, o);
      switch (o->kind) {
      case FE_FLAG:
        *(bool *) f = false;
        break;
      case FE_COUNT:
        *(int *) f = 0;
        break;
      case FE_NUMBER:
        *(int64_t *) f = o->value;
        break;
      case FE_OPTIONAL:
        *(int64_t *) f = -1;
        break;
      case FE_TEXT:
      case FE_OPTIONAL_TEXT:
        *(const char **) f = 0;
        break;
      case FE_CHOICE:
        *(int *) f = (int) o->value;
        break;
      case FE_SECONDS:
        *(double *) f = 0;
        break;
      default:
        *(char *) f = 0;
      }
    }
}

/*------------------------------------------------------------------------*/
/* Solver options. */

static bool unknown (const parser *p, const char *arg) {
  const char *command = p->command;
  fe_error ("unknown option '%s' (try 'einsat%s%s --help')", arg,
            command ? " " : "", command ? command : "");
  return false;
}

static bool is_integer (const char *text) {
  const char *digits = text + (*text == '-' || *text == '+');
  return *digits && strspn (digits, "0123456789") == strlen (digits);
}

static const char *configuration (const char *arg) {
  return !strncmp (arg, "--configure=", 12) ? arg + 12 : 0;
}

/* '--NAME VALUE' for a solver option NAME: VALUE must be an integer, so
 * that '--stable FILE' stays the flag '--stable' and a file. */
static const char *separate_value (parser *p, const char *arg) {
  if (strchr (arg, '=') || p->next >= p->argc ||
      !is_integer (p->argv[p->next]))
    return 0;
  int ignored;
  if (!einsat_get_option (p->scratch, arg + 2, &ignored))
    return 0;
  return p->argv[p->next++];
}

static bool try_solver_option (einsat *solver, const fe_solver_option *o) {
  const char *name = configuration (o->option);
  if (!name && !strcmp (o->option, "--configure"))
    name = o->value;
  if (name)
    return einsat_configure (solver, name);
  if (!o->value)
    return einsat_parse_option (solver, o->option) == 1;
  char text[256];
  snprintf (text, sizeof text, "%s=%s", o->option, o->value);
  return einsat_parse_option (solver, text) == 1;
}

static bool solver_option (parser *p, const char *arg) {
  if (!p->scratch && !(p->scratch = einsat_new ())) {
    fe_out_of_memory ();
    return false;
  }
  fe_solver_option o = {arg, 0};
  bool configure = configuration (arg) || !strcmp (arg, "--configure");
  if (!strcmp (arg, "--configure") && p->next == p->argc)
    return !fe_error ("'--configure' needs a value (--configure=NAME)");
  if (!strcmp (arg, "--configure"))
    o.value = p->argv[p->next++];
  else if (!configure)
    o.value = separate_value (p, arg);
  if (!configure && !einsat_parse_option (p->scratch, arg))
    return unknown (p, arg);
  if (!try_solver_option (p->scratch, &o)) {
    fe_error ("%s", *einsat_error (p->scratch) ? einsat_error (p->scratch)
                                               : "invalid solver option");
    return false;
  }
  fe_arguments *a = p->arguments;
  a->solver_option[a->solver_options++] = o;
  return true;
}

bool fe_apply_solver_options (einsat *solver, const fe_arguments *a) {
  for (int i = 0; i < a->solver_options; i++)
    if (!try_solver_option (solver, a->solver_option + i)) {
      fe_solver_error (einsat_error (solver));
      return false;
    }
  return true;
}

/*------------------------------------------------------------------------*/
/* Arguments. */

static bool long_option (parser *p, const char *arg) {
  const char *name = arg + 2, *equal = strchr (name, '=');
  size_t length = equal ? (size_t) (equal - name) : strlen (name);
  void *settings;
  const fe_option *o = find_long (p->tables, name, length, &settings);
  if (!o || (equal && !takes_value (o) && !has_optional_value (o)))
    return solver_option (p, arg);
  const char *value = equal ? equal + 1 : 0;
  if (!value && takes_value (o)) {
    if (p->next == p->argc) {
      char shown[64];
      fe_error ("'%s' needs a value (%s=%s)", arg,
                fe_option_name (o->name, shown, sizeof shown), o->argument);
      return false;
    }
    value = p->argv[p->next++];
  }
  return set_option (p, o, settings, value);
}

/* '-q', or '-vvv' for a counted option. */
static bool short_option (parser *p, const char *arg) {
  void *settings;
  const fe_option *o = find_short (p->tables, arg[1], &settings);
  size_t repeated = strspn (arg + 1, (char[]){arg[1], 0});
  if (!o || (arg[1 + repeated]) || (repeated > 1 && o->kind != FE_COUNT))
    return unknown (p, arg);
  if (takes_value (o)) {
    if (p->next == p->argc)
      return unknown (p, arg);
    return set_option (p, o, settings, p->argv[p->next++]);
  }
  for (size_t i = 0; i < repeated; i++)
    set_option (p, o, settings, 0);
  return true;
}

bool fe_parse_arguments (fe_arguments *a, const char *command, int argc,
                         char **argv, const fe_table *tables) {
  memset (a, 0, sizeof *a);
  set_initial_values (tables);
  a->file = calloc ((size_t) argc, sizeof *a->file);
  a->solver_option = calloc ((size_t) argc, sizeof *a->solver_option);
  if (!a->file || !a->solver_option)
    return fe_out_of_memory (), false;
  parser p = {a, command, tables, argc, 1, argv, 0};
  bool ok = true, options = true;
  while (ok && p.next < argc) {
    const char *arg = argv[p.next++];
    if (!options || arg[0] != '-' || !arg[1])
      a->file[a->files++] = (char *) arg;
    else if (!strcmp (arg, "--"))
      options = false;
    else if (!strcmp (arg, "-h") || !strcmp (arg, "--help")) {
      a->help = true;
      break;
    } else if (arg[1] == '-')
      ok = long_option (&p, arg);
    else
      ok = short_option (&p, arg);
  }
  einsat_delete (p.scratch);
  return ok;
}

void fe_release_arguments (fe_arguments *a) {
  free (a->file);
  free (a->solver_option);
  memset (a, 0, sizeof *a);
}

/*------------------------------------------------------------------------*/
/* '--help': the option column, then the help text wrapped at 78
 * columns and indented to column 21. */

#define HELP_COLUMN 21
#define HELP_WIDTH 78

static void print_wrapped (const char *left, const char *help) {
  int column = printf ("  %s", left);
  if (column >= HELP_COLUMN)
    column = printf ("\n") - 1;
  column += printf ("%*s", HELP_COLUMN - column, "");
  for (const char *p = help; *p;) {
    int word = (int) strcspn (p, " ");
    if (p == help)
      ;
    else if (column + 1 + word > HELP_WIDTH)
      column = printf ("\n%*s", HELP_COLUMN, "") - 1;
    else
      column += printf (" ");
    column += printf ("%.*s", word, p);
    p += word;
    p += strspn (p, " ");
  }
  printf ("\n");
}

static void print_option (const fe_option *o) {
  char left[160], name[64];
  int n = 0;
  if (o->short_name)
    n = snprintf (left, sizeof left, "-%c, ", o->short_name);
  fe_option_name (o->name, name, sizeof name);
  const char *format = takes_value (o)          ? "%s=%s"
                       : has_optional_value (o) ? "%s[=%s]"
                                                : "%s";
  snprintf (left + n, sizeof left - (size_t) n, format, name, o->argument);
  print_wrapped (left, o->help);
}

void fe_print_options (const fe_table *tables, const char *command) {
  printf ("\nOptions ('--name=value' or '--name value'; an optional value, "
          "[=value],\nonly after '='):\n");
  print_wrapped ("-h, --help", "print this help and exit");
  print_wrapped ("--NAME=VALUE", command ? "a solver option ('einsat "
                                           "--help' lists them)"
                                         : "a solver option (listed "
                                           "below)");
  for (const fe_table *t = tables; t->options; t++)
    for (const fe_option *o = t->options; o->name; o++)
      if (o->kind == FE_HEADING)
        printf ("\n%s\n", o->help);
      else if (o->help)
        print_option (o);
}
