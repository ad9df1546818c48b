/*
 * ipasir.h - the standard IPASIR incremental SAT solver interface.
 *
 * Applications written against IPASIR link against libeinsat unchanged.
 * Each function forwards to the native API in 'einsat.h'; the 'void *'
 * solver is an 'einsat *'.
 */
#ifndef IPASIR_H_INCLUDED
#define IPASIR_H_INCLUDED

#ifdef __cplusplus
extern "C" {
#endif

const char *ipasir_signature (void);
void *ipasir_init (void);
void ipasir_release (void *solver);
void ipasir_add (void *solver, int lit_or_zero);
void ipasir_assume (void *solver, int lit);
int ipasir_solve (void *solver);
int ipasir_val (void *solver, int lit);
int ipasir_failed (void *solver, int lit);
void ipasir_set_terminate (void *solver, void *data,
                           int (*terminate) (void *data));
void ipasir_set_learn (void *solver, void *data, int max_length,
                       void (*learn) (void *data, int *clause));

#ifdef __cplusplus
}
#endif

#endif
