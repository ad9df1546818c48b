#ifndef WEB_H_INCLUDED
#define WEB_H_INCLUDED

/* The commands of the web playground's WebAssembly program ('main.c'). */

#include "cli.h"

int web_solve (int argc, char **argv); /* in 'solve.c' */

#endif
