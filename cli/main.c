/* The einsat command line: 'einsat [options] FILE' runs the main command
 * ('solve.c') with signals and an interval timer to stop the solver, and
 * 'einsat COMMAND ...' runs a command of the front-ends, which they list
 * in their table 'fe_commands'.  This file is the only place with
 * process-wide state: the solver the signal handlers stop. */

#include "cli.h"

#include <signal.h>
#include <string.h>
#include <sys/time.h>

static einsat *volatile signalled_solver;
static volatile sig_atomic_t caught_signal;

static void catch_signal (int sig) {
  caught_signal = sig;
  if (signalled_solver)
    einsat_terminate (signalled_solver);
}

static void install_signal_handlers (void) {
  struct sigaction action;
  memset (&action, 0, sizeof action);
  action.sa_handler = catch_signal;
  action.sa_flags = SA_RESETHAND; /* a second signal kills */
  sigemptyset (&action.sa_mask);
  sigaction (SIGINT, &action, 0);
  sigaction (SIGTERM, &action, 0);
  sigaction (SIGALRM, &action, 0);
  sigaction (SIGXCPU, &action, 0);
}

/* From the start of a run, until 'solver' is NULL. */
static void watch (einsat *solver) {
  signalled_solver = solver;
  if (solver)
    install_signal_handlers ();
}

static const char *signal_name (int sig) {
  switch (sig) {
  case SIGINT:
    return "SIGINT";
  case SIGTERM:
    return "SIGTERM";
  case SIGALRM:
    return "SIGALRM (time limit)";
  case SIGXCPU:
    return "SIGXCPU";
  default:
    return "signal";
  }
}

/* 'alarm' counts whole seconds only, so fractions need an interval
 * timer; 0 disarms it.  A limit below a microsecond still fires (a zero
 * 'it_value' would disarm the timer instead). */
static void set_alarm (einsat *solver, double seconds) {
  (void) solver; /* the signal handler stops it */
  struct itimerval timer;
  memset (&timer, 0, sizeof timer);
  if (seconds > 0) {
    timer.it_value.tv_sec = (time_t) seconds;
    timer.it_value.tv_usec =
        (suseconds_t) ((seconds - (double) timer.it_value.tv_sec) * 1e6);
    if (!timer.it_value.tv_sec && !timer.it_value.tv_usec)
      timer.it_value.tv_usec = 1;
  }
  setitimer (ITIMER_REAL, &timer, 0);
}

static const char *interrupted (void) {
  return caught_signal ? signal_name (caught_signal) : 0;
}

int main (int argc, char **argv) {
  static const cli_host host = {"", watch, set_alarm, interrupted};
  fe_guard_standard_streams ();
  const fe_command *command =
      argc > 1 ? fe_find_command (fe_commands, argv[1]) : 0;
  int res = command ? command->main (argc - 1, argv + 1)
                    : cli_run (argc, argv, &host);
  return fe_check_stdout () ? res : 1;
}
