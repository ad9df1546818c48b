#!/usr/bin/env python3
"""bench/families.py - PAR-2 on CPU time per family from run-bench CSVs.

    bench/families.py [--limit SECONDS] [--base SOLVER] CSV...

A run counts as solved if its status is SAT or UNSAT and its CPU time is
within the limit (the runs of bench/fresh.sh are limited with 'ulimit
-t', the harness's wall-clock timeout is looser).  The family of an
instance is the folder it is in (bench/generate.py writes one folder per
family, the shared set has one per family too).  Several CSVs (rounds
with different seeds) are summed.  Prints one markdown table: per family
the instances, per solver the solved count and PAR-2, and the PAR-2
ratio of every solver to the base solver (default: 'kissat' if there is
one, else the second solver of the first CSV; the harness rotates the
order of the solvers, so the first rows do not tell which one is the
reference), then the totals with and without the parity and pigeonhole
families.
"""
import argparse
import collections
import csv
import os

# Families whose formulas have parity (XOR) or pigeonhole (cardinality)
# structure: Gaussian elimination and counting answer them, and they are
# kept apart from the goal on the rest.
PARITY_OR_PIGEONHOLE = {
    "xor-unsat", "xor-sat", "xor-mixed",
    "crafted-urquhart", "crafted-mod2", "satlib-par", "satlib-dubois",
    "satlib-hole", "crafted-hole-shuffled", "crafted-chnl", "crafted-fpga",
    "crafted-clqcolor",
}


def family_of(path):
    return os.path.basename(os.path.dirname(path)) or "."


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("csv", nargs="+")
    p.add_argument("--limit", type=float, default=60.0)
    p.add_argument("--base", default=None)
    args = p.parse_args()
    solvers, runs = [], {}
    for n, path in enumerate(args.csv):
        for row in csv.DictReader(open(path)):
            if row["solver"] not in solvers:
                solvers.append(row["solver"])
            runs[(n, row["instance"], row["solver"])] = row
    base = args.base or ("kissat" if "kissat" in solvers else
                         solvers[1] if len(solvers) > 1 else solvers[0])
    instances = sorted({(n, i) for (n, i, s) in runs})
    complete = [k for k in instances
                if all((k[0], k[1], s) in runs for s in solvers)]
    table = collections.defaultdict(lambda: collections.defaultdict(lambda: [0, 0.0]))
    counts = collections.Counter()
    wrong = collections.Counter()
    for (n, inst) in complete:
        fam = family_of(inst)
        counts[fam] += 1
        for s in solvers:
            row = runs[(n, inst, s)]
            cpu = float(row["cpu"] or 0)
            ok = row["status"] in ("SAT", "UNSAT") and cpu <= args.limit
            wrong[s] += row["status"] == "WRONG"
            cell = table[fam][s]
            cell[0] += ok
            cell[1] += cpu if ok else 2 * args.limit

    def ratio(cells):
        b = cells[base][1]
        return ["%.2f" % (cells[s][1] / b) if b else "-" for s in solvers if s != base]

    others = [s for s in solvers if s != base]
    head = "| family | n | " + " | ".join("%s solved | %s PAR-2" % (s, s) for s in solvers)
    head += " | " + " | ".join("%s / %s" % (s, base) for s in others) + " |"
    print(head)
    print("|---|---:|" + "---:|" * (2 * len(solvers) + len(others)))
    totals = {k: collections.defaultdict(lambda: [0, 0.0]) for k in ("all", "rest", "parity")}
    tcount = collections.Counter()

    def line(name, n, cells):
        cols = ["%d | %.1f" % (cells[s][0], cells[s][1]) for s in solvers]
        return "| %s | %d | %s | %s |" % (name, n, " | ".join(cols), " | ".join(ratio(cells)))

    for fam in sorted(table):
        print(line(fam + (" (P)" if fam in PARITY_OR_PIGEONHOLE else ""), counts[fam], table[fam]))
        for key in ("all", "parity" if fam in PARITY_OR_PIGEONHOLE else "rest"):
            tcount[key] += counts[fam]
            for s in solvers:
                totals[key][s][0] += table[fam][s][0]
                totals[key][s][1] += table[fam][s][1]
    for key, name in (("rest", "**without parity/pigeonhole**"),
                      ("parity", "parity/pigeonhole (P)"), ("all", "**all**")):
        if tcount[key]:
            print(line(name, tcount[key], totals[key]))
    for s in solvers:
        if wrong[s]:
            print("WRONG answers by %s: %d" % (s, wrong[s]))


if __name__ == "__main__":
    main()
