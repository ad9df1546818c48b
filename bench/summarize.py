#!/usr/bin/env python3
"""Summarise a CPU-limited run-bench CSV (bench/ablation.sh): solved counts
and PAR-2 where a run counts as solved only within LIMIT CPU seconds.

    bench/summarize.py CSV LIMIT [--table]
"""
import collections
import csv
import sys


def main():
    path, limit = sys.argv[1], float(sys.argv[2])
    table = "--table" in sys.argv
    rows = list(csv.DictReader(open(path)))
    runs, solvers = collections.defaultdict(dict), []
    for row in rows:
        runs[row["instance"]][row["solver"]] = row
        if row["solver"] not in solvers:
            solvers.append(row["solver"])
    complete = {i: r for i, r in runs.items() if len(r) == len(solvers)}
    solved, par2, wrong = (collections.Counter() for _ in range(3))
    memory = collections.defaultdict(list)
    for instance, by_solver in sorted(complete.items()):
        line = "%-44s" % instance.split("/")[-1][:44]
        for solver in solvers:
            row = by_solver[solver]
            cpu = float(row["cpu"])
            ok = row["status"] in ("SAT", "UNSAT") and cpu <= limit
            wrong[solver] += row["status"] == "WRONG"
            solved[solver] += ok
            par2[solver] += cpu if ok else 2 * limit
            memory[solver].append(float(row["maxrss_mb"] or 0))
            line += " %8s" % ("%.2f" % cpu if ok else "-")
        if table:
            print(line)
    print("%d instances, CPU limit %g s" % (len(complete), limit))
    print("| solver | solved | PAR-2 (s) | wrong | peak MB: median / max |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for solver in solvers:
        peaks = sorted(memory[solver])
        print("| %s | %d | %.1f | %d | %.0f / %.0f |" % (
            solver, solved[solver], par2[solver], wrong[solver],
            peaks[len(peaks) // 2], peaks[-1]))


if __name__ == "__main__":
    main()
