#!/usr/bin/env python3
"""Summarise a bench/parallel.sh run (a run-bench CSV with the solvers
threads1, threads2, threads8, ...): per thread count the solved
instances, PAR-2 on wall-clock time and how much lower it is than one
thread's, the median wall-clock speedup over one thread, and the peak
memory (median, ratio to one thread, and per worker: a portfolio of N
threads is the caller's instance plus N workers, so a worker costs
(rss_N - rss_1) / N).

    bench/parallel_summary.py CSV TIMEOUT [--table] [--base=NAME] [--no-memory] [--min=SECONDS]

'--min' keeps, for the summary, the instances on which the base run took
at least SECONDS or did not answer (the issue's instances that take one
thread at least 10 s); the selection uses the base run of the same pass,
which is fair since one thread's search is deterministic: only the
machine's noise, not the search, changes its time from run to run.

A count with an 'x' (8x) ran with --threadsoversubscribe: all its workers,
more than the processors online.  bench/mpi.sh names its runs rank1,
ranks2, cubes2 (the number: ranks) and compares with '--base=rank1';
'--no-memory' leaves out the memory columns, since the harness measures
mpirun there, not the ranks.
"""
import collections
import csv
import re
import statistics
import sys


def threads_of(name):
    """threads8x (oversubscribed) is 8 threads too, listed after threads8;
    the number at the end of any other name (ranks2) counts as well."""
    return int(re.search(r"(\d+)x?$", name).group(1))


def label(name):
    return name[len("threads"):] if name.startswith("threads") else name


def order(name):
    return (threads_of(name), name.endswith("x"), name)


def main():
    path, timeout = sys.argv[1], float(sys.argv[2])
    table = "--table" in sys.argv
    memory_columns = "--no-memory" not in sys.argv
    base_name = next((a[len("--base="):] for a in sys.argv
                      if a.startswith("--base=")), "threads1")
    runs = collections.defaultdict(dict)
    for row in csv.DictReader(open(path)):
        runs[row["instance"]][row["solver"]] = row
    solvers = sorted({s for r in runs.values() for s in r}, key=order)
    if base_name not in solvers:
        sys.exit("parallel_summary: no '%s' runs in %s" % (base_name, path))
    complete = {i: r for i, r in runs.items() if len(r) == len(solvers)}
    every = complete
    least = next((float(a[len("--min="):]) for a in sys.argv
                  if a.startswith("--min=")), 0)

    def solved(row):
        return row["status"] in ("SAT", "UNSAT") and float(row["wall"]) <= timeout

    def par2(row):
        return float(row["wall"]) if solved(row) else 2 * timeout

    def rss(row):
        return float(row["maxrss_mb"] or 0)

    complete = {i: r for i, r in every.items()
                if not solved(r[base_name]) or float(r[base_name]["wall"]) >= least}
    print("%d instances, %g s timeout, wall-clock time" % (len(complete), timeout))
    if least:
        print("(%d of %d left out: %s answered in less than %g s)"
              % (len(every) - len(complete), len(every), base_name, least))
    print()
    header = ("| %s | solved | wrong | PAR-2 (s) | PAR-2 vs %s | "
              "median speedup (both solved) | median speedup (either, unsolved at timeout) |"
              % (("threads", "1 thread") if base_name == "threads1" else ("solver", base_name)))
    if memory_columns:
        header += " peak MB median | memory vs 1 thread | MB per worker |"
    print(header)
    print("| ---: " * (header.count("|") - 1) + "|")
    base = {i: r[base_name] for i, r in complete.items()}
    base_par2 = sum(par2(r) for r in base.values())
    for solver in solvers:
        n = threads_of(solver)
        rows = {i: r[solver] for i, r in complete.items()}
        count = sum(solved(r) for r in rows.values())
        wrong = sum(r["status"] == "WRONG" for r in rows.values())
        total = sum(par2(r) for r in rows.values())
        both = [float(base[i]["wall"]) / max(float(r["wall"]), 1e-3)
                for i, r in rows.items() if solved(r) and solved(base[i])]
        either = [min(par2(base[i]), timeout) / max(min(par2(r), timeout), 1e-3)
                  for i, r in rows.items() if solved(r) or solved(base[i])]
        memory = [rss(r) for r in rows.values()]
        ratios = [rss(r) / rss(base[i]) for i, r in rows.items() if rss(base[i])]
        per_worker = [(rss(r) - rss(base[i])) / n for i, r in rows.items()]

        def median(values, fmt):
            return fmt % statistics.median(values) if values else "-"

        is_base = solver == base_name
        line = "| %s | %d | %d | %.0f | %s | %s | %s |" % (
            label(solver), count, wrong, total,
            "-" if is_base else "%+.0f %%" % (100.0 * (total - base_par2) / base_par2),
            "-" if is_base else median(both, "%.2fx"),
            "-" if is_base else median(either, "%.2fx"))
        if memory_columns:
            line += " %s | %s | %s |" % (
                median(memory, "%.0f"),
                "-" if is_base else median(ratios, "%.2fx"),
                "-" if is_base else median(per_worker, "%.1f"))
        print(line)
    if table:
        print("\n| instance | " + " | ".join(solvers) + " |")
        print("| --- |" + " ---: |" * len(solvers))
        for instance in sorted(every):
            cells = ["%.1f" % float(every[instance][s]["wall"])
                     if solved(every[instance][s]) else "-" for s in solvers]
            mark = "" if instance in complete else " (left out)"
            print("| %s%s | %s |" % (instance.split("/")[-1], mark, " | ".join(cells)))


if __name__ == "__main__":
    main()
