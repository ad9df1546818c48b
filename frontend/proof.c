/* Certificates: a DIMACS file refuted by a fresh solver that writes the
 * DRAT proof, so that an independent checker ('einsat-check drat', or
 * drat-trim) confirms "no model" or, with the model's blocking clause in
 * the file, "no other model".  The solver that found the answer cannot
 * write that proof itself: enumeration is not possible while a proof is
 * traced, and a proof must start before the first clause, before anyone
 * knows whether a certificate is due. */

#include "frontend.h"

#include <stdlib.h>

bool fe_refute (const char *cnf_path, fe_output *proof, bool binary) {
  if (!fe_begin_output (proof))
    return false;
  einsat *solver = fe_new_solver ();
  einsat_dimacs d = {0};
  if (solver) /* one solve: the smaller proof */
    einsat_set_option (solver, "incremental", 0);
  bool ok = solver && einsat_trace_proof (solver, proof->file, binary) &&
            einsat_read_dimacs_path (solver, cnf_path, &d);
  int res = ok ? einsat_solve (solver) : -1;
  if (!solver)
    fe_out_of_memory ();
  else if (res == 10)
    fe_error ("%s: internal error: still satisfiable", cnf_path);
  else if (res != 20) /* -1: an error, such as running out of memory */
    fe_solver_error (ok && !res ? "the proof run did not finish"
                                : einsat_error (solver));
  if (solver)
    einsat_close_proof (solver);
  einsat_delete (solver);
  free (d.project);
  return fe_close_output (proof) && res == 20;
}
