#!/usr/bin/env python3
"""bench/profile.py - the time share of every technique per family, from
the logs of an einsat run with '-v' (bench/fresh.sh -v keeps them).

    bench/profile.py [--solver LABEL] [--min PERCENT] CSV LOG_DIR

For each family: the instances with a profile (a run stopped by the CPU
limit prints its statistics on SIGXCPU when the hard limit is higher),
then per technique its share of the process time summed over the family
and what it found (the counters that say whether it paid) and the
rounds it sat out ('NAME_delayed', src/schedule.c).  Techniques below
--min percent everywhere are left out.  The last line names every
technique that took more than --max percent (default 10) of a family's
time while finding nothing there (the limit of issue 35), on families
whose runs took at least --min-seconds in all (default 1: each timer
counts in hundredths of a second, so on shorter runs a share is noise).
"""
import argparse
import collections
import csv
import os
import re

# What each technique found: counters summed per family.
FRUITS = {
    "block": ["blocked"],
    "cardinality": ["cardinality_refuted"],
    "congruence": ["congruence_units", "congruence_equivalences"],
    "decompose": ["substituted"],
    "eliminate": ["eliminated"],
    "factor": ["factored"],
    "gauss": ["gauss_units", "gauss_equivalences"],
    "gaussjordan": ["gaussjordan_implied", "gaussjordan_conflicts"],
    "probe": ["failed_literals"],
    "subsume": ["subsumed", "strengthened"],
    "transred": ["transitive_reductions"],
    "vivify": ["vivified"],
    "walk": ["walk_improved", "walk_models"],
}


def parse_log(path):
    counters, profile, seconds = {}, {}, None
    in_profile = False
    for line in open(path, errors="replace"):
        if line.startswith("c ---- [ profile ]"):
            in_profile = True
            continue
        m = re.match(r"c (\w+)\s+([0-9.]+)\s+([0-9.]+) %", line)
        if in_profile and m:
            profile[m.group(1)] = float(m.group(2))
            continue
        m = re.match(r"c time\s+([0-9.]+)", line)
        if m:
            seconds = float(m.group(1))
            in_profile = False
            continue
        m = re.match(r"c (\w+)\s+(\d+)\s", line)
        if m and not in_profile:
            counters[m.group(1)] = int(m.group(2))
    return counters, profile, seconds


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("csv")
    p.add_argument("logs")
    p.add_argument("--solver", default="einsat")
    p.add_argument("--min", type=float, default=1.0)
    p.add_argument("--max", type=float, default=10.0)
    p.add_argument("--min-seconds", type=float, default=1.0)
    args = p.parse_args()
    family = {}
    for row in csv.DictReader(open(args.csv)):
        base = os.path.basename(row["instance"])
        family[base] = os.path.basename(os.path.dirname(row["instance"]))
    times = collections.defaultdict(lambda: collections.Counter())
    fruits = collections.defaultdict(lambda: collections.Counter())
    delayed = collections.defaultdict(lambda: collections.Counter())
    total = collections.Counter()
    count = collections.Counter()
    for name in sorted(os.listdir(args.logs)):
        if not name.startswith(args.solver + "--") or not name.endswith(".stdout"):
            continue
        base = name[len(args.solver) + 2:-len(".stdout")]
        fam = next((family[b] for b in family
                    if "".join(ch if ch.isalnum() or ch in "._-+" else "_" for ch in b) == base
                    or b.startswith(base)), "?")
        counters, profile, seconds = parse_log(os.path.join(args.logs, name))
        if seconds is None or not profile:
            continue
        count[fam] += 1
        total[fam] += seconds
        for tech, t in profile.items():
            times[fam][tech] += t
        for tech, names in FRUITS.items():
            fruits[fam][tech] += sum(counters.get(n, 0) for n in names)
        for tech in profile:
            delayed[fam][tech] += counters.get(tech + "_delayed", 0)
    techs = sorted({t for f in times for t in times[f]
                    if t != "search" and total[f] and
                    100 * times[f][t] / total[f] >= args.min})
    print("| family | runs | seconds | " + " | ".join(techs) + " |")
    print("|---|---:|---:|" + "---:|" * len(techs))
    over = []
    for fam in sorted(times):
        cells = []
        for t in techs:
            share = 100 * times[fam][t] / total[fam] if total[fam] else 0
            found = fruits[fam].get(t)
            sat_out = delayed[fam].get(t, 0)
            cells.append("%.1f%%%s%s" % (
                share, "" if found is None else " (%d)" % found,
                " %d out" % sat_out if sat_out else ""))
            if share > args.max and found == 0 and \
                    total[fam] >= args.min_seconds:
                over.append("%s on %s (%.1f%%)" % (t, fam, share))
        print("| %s | %d | %.1f | %s |" % (fam, count[fam], total[fam], " | ".join(cells)))
    print("\nCells: share of the process time (what it found: %s; "
          "N out: rounds sat out)." %
          ", ".join("%s: %s" % (t, "+".join(n)) for t, n in FRUITS.items() if t in techs))
    print("Above %g%% of a family's time (%g s or more) finding nothing: %s." %
          (args.max, args.min_seconds, ", ".join(over) if over else "none"))


if __name__ == "__main__":
    main()
