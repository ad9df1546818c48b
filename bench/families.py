#!/usr/bin/env python3
"""bench/families.py - PAR-2 on CPU time per family from run-bench CSVs.

    bench/families.py [--limit SECONDS] [--base SOLVER] [--top N] CSV...

A run counts as solved if its status is SAT or UNSAT and its CPU time is
within the limit (the runs of bench/fresh.sh are limited with 'ulimit
-t', the harness's wall-clock timeout is looser); an unsolved run counts
twice the limit.  The family of an instance is the folder it is in
(bench/generate.py writes one folder per family, the shared set has one
per family too).

Solver seeds (bench/fresh.sh -r K): the runs of the labels 'L+sS' (solver
L with seed S) are pooled under L.  Per formula the PAR-2 of a solver is
the mean over its runs (each run a row of the CSV), per family and in
total the sum over the formulas, so one unlucky draw counts 1/K and a
round with K seeds weighs as much as one with a single seed; 'solved'
counts runs (out of 'runs' = formulas x seeds).  Several CSVs (rounds
with different generator seeds) are summed: a formula of two rounds
counts twice.

Prints one markdown table: per family the formulas, per solver the solved
runs and PAR-2, and the PAR-2 ratio of every solver to the base solver
(default: 'kissat' if there is one, else the second solver of the first
CSV; the harness rotates the order of the solvers, so the first rows do
not tell which one is the reference), then the totals with and without
the parity and pigeonhole families (P).  The total without them, einsat
/ Kissat, is the figure of the goal of issue 35 (at most 0.8).  --top N
then lists the N formulas outside P whose PAR-2 difference to the base
is largest: the formulas that decide that figure.
"""
import argparse
import collections
import csv
import os
import re

# Families whose formulas have parity (XOR) or pigeonhole (cardinality)
# structure: Gaussian elimination and counting answer them, and they are
# kept apart from the goal on the rest.
PARITY_OR_PIGEONHOLE = {
    "xor-unsat", "xor-sat", "xor-mixed",
    "crafted-urquhart", "crafted-mod2", "satlib-par", "satlib-dubois",
    "satlib-hole", "crafted-hole-shuffled", "crafted-chnl", "crafted-fpga",
    "crafted-clqcolor",
}

SEEDED_LABEL = re.compile(r"^(.*)\+s(\d+)$")


def family_of(path):
    return os.path.basename(os.path.dirname(path)) or "."


def solver_of(label):
    """The solver a label belongs to: 'kissat+s17' -> 'kissat'."""
    m = SEEDED_LABEL.match(label)
    return m.group(1) if m else label


def read_runs(paths, limit):
    """{(csv index, instance): {solver: [(solved, par2 seconds), ...]}}, the
    solvers in order of appearance, the WRONG answers per solver, and the
    labels per solver (the seeds)."""
    runs = collections.defaultdict(lambda: collections.defaultdict(list))
    solvers, wrong = [], collections.Counter()
    labels = collections.defaultdict(set)
    for n, path in enumerate(paths):
        with open(path) as f:
            for row in csv.DictReader(f):
                s = solver_of(row["solver"])
                if s not in solvers:
                    solvers.append(s)
                labels[(n, s)].add(row["solver"])
                cpu = float(row["cpu"] or 0)
                ok = row["status"] in ("SAT", "UNSAT") and cpu <= limit
                wrong[s] += row["status"] == "WRONG"
                runs[(n, row["instance"])][s].append((ok, cpu if ok else 2 * limit))
    return runs, solvers, wrong, labels


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("csv", nargs="+")
    p.add_argument("--limit", type=float, default=60.0)
    p.add_argument("--base", default=None)
    p.add_argument("--top", type=int, default=0, metavar="N",
                   help="list the N formulas outside P that decide the ratio")
    args = p.parse_args()
    runs, solvers, wrong, labels = read_runs(args.csv, args.limit)
    base = args.base or ("kissat" if "kissat" in solvers else
                         solvers[1] if len(solvers) > 1 else solvers[0])
    # an instance counts when every solver has all its runs on it
    complete = sorted(k for k, by in runs.items()
                      if all(len(by[s]) == len(labels[(k[0], s)]) for s in solvers))
    # per family and solver: [solved runs, runs, PAR-2 (sum of per-formula means)]
    table = collections.defaultdict(lambda: collections.defaultdict(lambda: [0, 0, 0.0]))
    counts = collections.Counter()
    per_formula = []
    for (n, inst) in complete:
        fam = family_of(inst)
        counts[fam] += 1
        means = {}
        for s in solvers:
            rs = runs[(n, inst)][s]
            cell = table[fam][s]
            cell[0] += sum(ok for ok, _ in rs)
            cell[1] += len(rs)
            means[s] = sum(t for _, t in rs) / len(rs)
            cell[2] += means[s]
        if fam not in PARITY_OR_PIGEONHOLE:
            per_formula.append((inst, runs[(n, inst)], means))

    others = [s for s in solvers if s != base]

    def ratio(cells):
        b = cells[base][2]
        return ["%.2f" % (cells[s][2] / b) if b else "-" for s in others]

    seeded = any(len(v) > 1 for v in labels.values())
    if seeded:
        print("seeds per solver and CSV: " + "; ".join(
            "%s %s" % (s, "/".join(str(len(labels[(n, s)])) for n in range(len(args.csv))))
            for s in solvers))
        print()
    solved_head = "solved runs" if seeded else "solved"
    head = "| family | n | " + " | ".join("%s %s | %s PAR-2" % (s, solved_head, s) for s in solvers)
    head += " | " + " | ".join("%s / %s" % (s, base) for s in others) + " |"
    print(head)
    print("|---|---:|" + "---:|" * (2 * len(solvers) + len(others)))
    totals = {k: collections.defaultdict(lambda: [0, 0, 0.0]) for k in ("all", "rest", "parity")}
    tcount = collections.Counter()

    def line(name, n, cells):
        cols = [("%d/%d" % (cells[s][0], cells[s][1]) if seeded else "%d" % cells[s][0])
                + " | %.1f" % cells[s][2] for s in solvers]
        return "| %s | %d | %s | %s |" % (name, n, " | ".join(cols), " | ".join(ratio(cells)))

    for fam in sorted(table):
        print(line(fam + (" (P)" if fam in PARITY_OR_PIGEONHOLE else ""), counts[fam], table[fam]))
        for key in ("all", "parity" if fam in PARITY_OR_PIGEONHOLE else "rest"):
            tcount[key] += counts[fam]
            for s in solvers:
                for i in range(3):
                    totals[key][s][i] += table[fam][s][i]
    for key, name in (("rest", "**without parity/pigeonhole**"),
                      ("parity", "parity/pigeonhole (P)"), ("all", "**all**")):
        if tcount[key]:
            print(line(name, tcount[key], totals[key]))
    if args.top and others:
        # by name, as the base: the CSV's row order is the order runs ended
        other = "einsat" if "einsat" in others else others[0]
        print()
        print("Formulas deciding %s / %s without P (PAR-2 difference, mean over runs):"
              % (other, base))
        print()
        print("| formula | %s runs (s) | %s runs (s) | difference |" % (other, base))
        print("|---|---|---|---:|")
        per_formula.sort(key=lambda f: -abs(f[2][other] - f[2][base]))
        for inst, by, means in per_formula[:args.top]:
            def times(s):
                return " ".join("%.1f" % t if ok else "-" for ok, t in by[s])
            print("| %s/%s | %s | %s | %+.1f |" % (
                family_of(inst), os.path.basename(inst), times(other), times(base),
                means[other] - means[base]))
    for s in solvers:
        if wrong[s]:
            print("WRONG answers by %s: %d" % (s, wrong[s]))


if __name__ == "__main__":
    main()
