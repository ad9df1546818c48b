/* Everything about options is generated from the table in 'options.h'. */

#include "internal.h"

#include <stdlib.h>
#include <string.h>

typedef struct option_row {
  const char *name, *help;
  int default_value, min_value, max_value;
  enum plain_column plain;
  size_t offset;
} option_row;

static const option_row option_table[] = {
#define OPTION(NAME, DEFAULT, MIN, MAX, PLAIN, HELP) \
  {#NAME, HELP, DEFAULT, MIN, MAX, PLAIN, offsetof (options, NAME)},
    OPTIONS
#undef OPTION
};

#define NUMBER_OF_OPTIONS \
  ((int) (sizeof option_table / sizeof *option_table))

void es_init_options (options *opts) {
#define OPTION(NAME, DEFAULT, MIN, MAX, PLAIN, HELP) opts->NAME = DEFAULT;
  OPTIONS
#undef OPTION
}

/* The options of the plain column that are not KEEP are switched off
 * (see 'options.h'); the others keep the values they have. */
void es_configure_plain (options *opts) {
  for (int i = 0; i < NUMBER_OF_OPTIONS; i++) {
    const option_row *row = option_table + i;
    if (row->plain == KEEP)
      continue;
    assert (row->min_value <= 0);
    *(int *) ((char *) opts + row->offset) = 0;
  }
}

int es_option_index (const char *name) {
  for (int i = 0; i < NUMBER_OF_OPTIONS; i++)
    if (!strcmp (option_table[i].name, name))
      return i;
  return -1;
}

int *es_option_pointer (options *opts, const char *name) {
  int i = es_option_index (name);
  return i < 0 ? 0 : (int *) ((char *) opts + option_table[i].offset);
}

int einsat_option (int i, einsat_option_info *info) {
  if (i < 0 || i >= NUMBER_OF_OPTIONS)
    return 0;
  const option_row *row = option_table + i;
  info->name = row->name;
  info->help = row->help;
  info->default_value = row->default_value;
  info->min_value = row->min_value;
  info->max_value = row->max_value;
  return 1;
}

int es_option_in_range (const char *name, int value) {
  int i = es_option_index (name);
  return i >= 0 && option_table[i].min_value <= value &&
         value <= option_table[i].max_value;
}

/* Accepts plain decimal numbers (with sign), 'true'/'false' and
 * exponent notation like '1e3' for large limits. */
static int parse_option_value (const char *str, int *value) {
  if (!strcmp (str, "true")) {
    *value = 1;
    return 1;
  }
  if (!strcmp (str, "false")) {
    *value = 0;
    return 1;
  }
  const char *p = str;
  int sign = 1;
  if (*p == '-')
    sign = -1, p++;
  if (*p < '0' || *p > '9')
    return 0;
  long long res = 0;
  while ('0' <= *p && *p <= '9') {
    res = 10 * res + (*p++ - '0');
    if (res > 2147483648LL)
      return 0;
  }
  if (*p == 'e') {
    p++;
    if (*p < '0' || *p > '9')
      return 0;
    int exponent = 0;
    while ('0' <= *p && *p <= '9')
      if ((exponent = 10 * exponent + (*p++ - '0')) > 10)
        return 0;
    while (exponent--)
      if ((res *= 10) > 2147483648LL)
        return 0;
  }
  if (*p)
    return 0;
  res *= sign;
  if (res > 2147483647LL || res < -2147483647LL - 1)
    return 0;
  *value = (int) res;
  return 1;
}

int einsat_parse_option (einsat *solver, const char *arg) {
  es_require_solver (solver, __func__);
  if (arg[0] != '-' || arg[1] != '-')
    return 0;
  const char *name = arg + 2;
  const char *equal = strchr (name, '=');
  char buffer[64];
  int value = 1;
  size_t length = equal ? (size_t) (equal - name) : strlen (name);
  if (length >= sizeof buffer)
    return 0;
  memcpy (buffer, name, length);
  buffer[length] = 0;
  if (!equal && !strncmp (buffer, "no-", 3) &&
      es_option_index (buffer + 3) >= 0) {
    memmove (buffer, buffer + 3, length - 2);
    value = 0;
  }
  int i = es_option_index (buffer);
  if (i < 0)
    return 0;
  if (equal && !parse_option_value (equal + 1, &value)) {
    es_set_error (solver, "invalid value '%s' for option '--%s'",
                  equal + 1, buffer);
    return -1;
  }
  if (!einsat_set_option (solver, buffer, value)) {
    const option_row *row = option_table + i;
    es_set_error (solver,
                  "value %d of option '--%s' is outside its range "
                  "[%d, %d]",
                  value, buffer, row->min_value, row->max_value);
    return -1;
  }
  return 1;
}
