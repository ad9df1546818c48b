#!/usr/bin/env python3
"""einsat nonogram beside a dedicated nonogram solver, interleaved.

    bench/nonogram_bench.py --picross PATH/picross_solver_cli \\
        [--einsat build/release/bin/einsat] [--base OLD/einsat] \\
        [--data ../shared/bench/nonogram] [--generate 512] \\
        [--extra FILE.non ...] [--repeat 3] [--timeout 60] [--memory 4000]
        [--out results.tsv]

Every puzzle of the shared set (--data, all '*.non' below it, large/ too)
and of --extra, and generated puzzles (--generate N: pictures of N x N
cells made by tests/grids/nonogram_lines, 'blobs' that line solving
settles and 'discs' that need search; --generate 0 for none), is solved
with uniqueness decided by each solver: 'einsat nonogram --unique' (and
the same with an older einsat binary given as --base, for before/after
figures) and picross-solver's '--validation' (the solver of
github.com/pierre-dejoue/picross-solver, built by the user: nothing is
downloaded).  The runs are interleaved (each round visits every puzzle and
every solver, in an order rotated from round to round), so that the load
of a shared machine falls on all of them alike.  Each run is one process;
its CPU time (user + system) and peak memory come from wait4.  A run over
--timeout CPU seconds is stopped ('ulimit -t'), one beyond --memory MB
of address space fails ('ulimit -v'; verdict 'memory').

Prints a Markdown table, one row per puzzle: the verdicts (unique,
several, none, or timeout), the median CPU seconds and peak MB of each
solver, and the ratios einsat / picross-solver (and einsat / base) of
the medians, then the median ratios over the puzzles both answered; with --sizes, a table of
what line solving fixed and of the encodings' sizes (einsat's '--stats'
and the header of '--cnf').  A
puzzle on which the solvers' answers (unique, several, none) differ is
marked 'DIFFER' and makes the exit status 1 (picross-solver does not
read the 'givens' of a puzzle: it solves another puzzle, not compared).  --out also writes every run
as TSV.  The load average before and after is printed: say it with the
figures.
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(argv, timeout, memory, scratch):
    """Runs argv; returns (exit status, stdout, CPU seconds, peak MB)."""
    # Linux keeps the peak memory of a process across exec, and a child
    # of this process starts with Python's: GNU time forks the command
    # from a small process and reports its peak ('scratch').  wait4 gives
    # the CPU time of time and its child.
    command = ["/bin/sh", "-c",
               'ulimit -t %d && ulimit -v %d && exec /usr/bin/time -f %%M -o "$0" "$@"'
               % (timeout, memory * 1024), scratch] + argv
    with open(scratch + ".err", "w") as err:
        proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=err)
        out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = 0  # reaped here
    code = os.waitstatus_to_exitcode(status)
    cpu = usage.ru_utime + usage.ru_stime
    try:
        with open(scratch) as f:
            kb = float(f.read().split()[-1])
    except (OSError, ValueError, IndexError):
        kb = float("nan")
    with open(scratch + ".err", errors="replace") as f:
        err = f.read()
    if "out of memory" in err.lower() or "bad_alloc" in err:
        code = -1000
    elif "(--max-clauses)" in err:
        code = -2000
    return code, out.decode(errors="replace"), cpu, kb / 1024.0


def einsat_verdict(code, out):
    if code == -1000:
        return "memory"
    if code == -2000:
        return "refused"
    if code == 0 and "\nunique\n" in "\n" + out:
        return "unique"
    if code == 2 and "not unique, another solution:" in out:
        return "several"
    if code == 2 and out.startswith("no solution"):
        return "none"
    return "timeout" if code < 0 or code >= 128 else "error %d" % code


def picross_verdict(code, out):
    if code == -1000:
        return "memory"
    lines = [l for l in out.splitlines() if "," in l and not l.startswith("File,")]
    if code < 0 or code >= 128:
        return "timeout"
    if not lines:
        return "error %d" % code
    fields = lines[-1].split(",")
    verdict = {"OK": "unique", "MULT": "several", "ZERO": "none"}
    return verdict.get(fields[3], "error") if len(fields) > 3 else "error"


def has_givens(path):
    """Whether the puzzle has our 'givens' section, which picross-solver
    does not read (it solves the puzzle without the given cells)."""
    with open(path, errors="replace") as f:
        return any(line.split()[:1] == ["givens"] for line in f)


def size_of(path):
    width = height = "?"
    with open(path, errors="replace") as f:
        for line in f:
            words = line.split()
            if len(words) == 2 and words[0] == "width":
                width = words[1]
            elif len(words) == 2 and words[0] == "height":
                height = words[1]
    return "%sx%s" % (width, height)


def generate(tool, side, folder):
    files = []
    for kind, seeds in (("blobs", (1, 2, 3, 4)), ("discs", (2, 4, 6))):
        for seed in seeds:
            path = os.path.join(folder, "gen-%s-%d-%d.non" % (kind, side, seed))
            with open(path, "w") as f:
                subprocess.run([tool, "picture", kind, str(side), str(side),
                                str(seed)], stdout=f, check=True)
            files.append(path)
    return files


def whole_encoding(einsat, puzzle):
    """The size of the whole encoding ('--cnf' header), or why not."""
    proc = subprocess.Popen([einsat, "nonogram", "--cnf", puzzle],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    size = None
    for line in proc.stdout:
        if line.startswith(b"p cnf "):
            size = "%s / %s" % tuple(w.decode() for w in line.split()[2:4])
            break
    proc.kill()
    _, err = proc.communicate()
    # Refused: 'needs about V variables and C clauses (about ...)'.
    why = err.decode(errors="replace").split(" needs ")[-1].split(" (")[0]
    return size or "refused, " + why


def open_part(stats):
    """Cells fixed by line solving and the encoding of the rest, from the
    '--stats' lines of einsat nonogram."""
    fixed, encoding = "-", "-"
    for line in stats.splitlines():
        words = line.split()
        if line.startswith("c line solving:"):
            fixed = "%s of %s" % (words[6], words[8])
        elif line.startswith("c encoding: none"):
            encoding = "none"
        elif line.startswith("c encoding:"):
            encoding = "%s / %s" % (words[2], words[7])
    return fixed, encoding


def name_of(puzzle, data):
    if puzzle.startswith(data):
        return os.path.relpath(puzzle, data)
    return os.path.basename(puzzle)


def load_average():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--picross", required=True,
                   help="picross-solver's command line program")
    p.add_argument("--einsat", default=os.path.join(ROOT, "build/release/bin/einsat"))
    p.add_argument("--base", help="an older einsat, for before/after")
    p.add_argument("--data", default=os.environ.get("EINSAT_BENCH",
                   os.path.join(ROOT, "..", "shared", "bench")) + "/nonogram")
    p.add_argument("--generate", type=int, default=512, metavar="N")
    p.add_argument("--tool", default=os.path.join(
        ROOT, "build/release/tests/grids/nonogram_lines"))
    p.add_argument("--extra", nargs="*", default=[])
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--timeout", type=int, default=60)
    p.add_argument("--memory", type=int, default=4000, help="MB per run")
    p.add_argument("--out")
    p.add_argument("--sizes", action="store_true",
                   help="also a table of encoding sizes")
    args = p.parse_args()

    puzzles = sorted(os.path.join(d, f) for d, _, fs in os.walk(args.data)
                     for f in fs if f.endswith(".non"))
    puzzles += args.extra
    folder = tempfile.mkdtemp(prefix="nonogram-bench-")
    if args.generate:
        puzzles += generate(args.tool, args.generate, folder)

    solvers = [("einsat", lambda f: [args.einsat, "nonogram", "--unique",
                                     "--stats", f],
                einsat_verdict),
               ("picross", lambda f: [args.picross, "--validation", f],
                picross_verdict)]
    if args.base:
        solvers.append(("base", lambda f: [args.base, "nonogram", "--unique", f],
                        einsat_verdict))

    print("load average before: %s" % load_average(), file=sys.stderr)
    runs = {}
    stats = {}
    tsv = open(args.out, "w") if args.out else None
    for round_ in range(args.repeat):
        for i, puzzle in enumerate(puzzles):
            order = solvers[(i + round_) % len(solvers):] + \
                solvers[:(i + round_) % len(solvers)]
            for name, argv, verdict in order:
                code, out, cpu, mb = run(argv(puzzle), args.timeout, args.memory,
                                         os.path.join(folder, "time.out"))
                v = verdict(code, out)
                runs.setdefault((puzzle, name), []).append((v, cpu, mb))
                if name == "einsat":
                    stats[puzzle] = out
                if tsv:
                    print("\t".join([name_of(puzzle, args.data), name,
                                     str(round_), v, "%.4f" % cpu, "%.1f" % mb]),
                          file=tsv)
        print("round %d done, load %s" % (round_ + 1, load_average()),
              file=sys.stderr)
    if tsv:
        tsv.close()

    names = [s[0] for s in solvers]
    head = "| puzzle | size | " + " | ".join(
        "%s verdict | %s s | %s MB" % (n, n, n) for n in names) + \
        " | einsat / picross |" + (" einsat / base |" if args.base else "")
    print(head)
    print("|" + "---|" * (head.count("|") - 1))
    ratios = {"picross": [], "base": []}
    differ = 0
    for puzzle in puzzles:
        cells = []
        medians = {}
        answers = set()
        givens = has_givens(puzzle)
        for n in names:
            rs = runs[(puzzle, n)]
            verdicts = sorted(set(r[0] for r in rs))
            cpu = statistics.median(r[1] for r in rs)
            mb = max(r[2] for r in rs)
            answered = verdicts[0] in ("unique", "several", "none")
            if givens and n == "picross":
                answered = False  # another puzzle: not compared
            else:
                answers.update(v for v in verdicts
                               if v in ("unique", "several", "none"))
            medians[n] = cpu if answered and len(verdicts) == 1 else None
            cells += ["/".join(verdicts),
                      "> %d" % args.timeout if "timeout" in verdicts
                      else "%.3f" % cpu,
                      "%.0f" % mb]
        for other in names[1:]:
            ratio = "-"
            if medians["einsat"] is not None and medians[other] is not None:
                r = max(medians["einsat"], 0.0005) / max(medians[other], 0.0005)
                ratios[other].append(r)
                ratio = "%.2f" % r
            cells.append(ratio)
        name = name_of(puzzle, args.data)
        if givens:
            name += " (givens, which picross-solver leaves out)"
        if len(answers) > 1:
            differ += 1
            name += " DIFFER"
        print("| %s | %s | %s |" % (name, size_of(puzzle), " | ".join(cells)))
    for other, label in (("picross", "picross-solver"), ("base", "--base")):
        if ratios[other]:
            print("\nmedian ratio einsat / %s over %d puzzles both answered: "
                  "%.2f (CPU times below 0.5 ms count as 0.5 ms)"
                  % (label, len(ratios[other]), statistics.median(ratios[other])))
    print("load average after: %s" % load_average(), file=sys.stderr)
    if args.sizes:
        print("\n| puzzle | cells fixed by line solving | encoding of the open "
              "cells: variables / clauses | whole encoding (--cnf, --sat-only): "
              "variables / clauses |\n|---|---|---|---|")
        for puzzle in puzzles:
            fixed, encoding = open_part(stats[puzzle])
            print("| %s | %s | %s | %s |" % (name_of(puzzle, args.data), fixed,
                  encoding, whole_encoding(args.einsat, puzzle)))
    shutil.rmtree(folder)
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
