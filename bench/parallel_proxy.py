#!/usr/bin/env python3
"""bench/parallel_proxy.py - thread configurations compared by CPU time,
for a machine too busy for wall-clock figures (bench/PARALLEL.md,
"A proxy for a loaded machine").

  bench/parallel_proxy.py [-t SECONDS] [-p CORES] [-o CSV] LIST NAME=OPTIONS...

Runs 'einsat -v OPTIONS' on every instance of LIST (paths, or relative
to ../shared/bench/cnf), one run at a time, the configurations in a
rotated order per instance.  A configuration with '--threads=N' is
credited with the time the answer would take on CORES idle processors
(default 2), estimated from the CPU times '-v' prints: the ruler's
thread before the workers started, plus the CPU time of all worker
threads divided by min (workers, CORES); with as many processors as
workers that is about the winner's own CPU time.  One thread is
credited with its process CPU time.  The budget is SECONDS (default
150) of that estimate: a run is stopped when its process CPU time
reaches SECONDS times the processors it uses (a CPU-time limit, since
'--time' is wall-clock time, which the load stretches).  Every answer is compared with
status.tsv (a wrong one is reported and counts as unsolved); models are
not checked here (bench/parallel.sh does that).  The load of a shared
machine changes these figures far less than wall-clock time, but
they are an estimate: cache and memory bandwidth shared between the
threads, and the timing of clause exchange, are not what they would be
on idle processors.
"""
import argparse
import csv
import os
import re
import resource
import signal
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.environ.get("EINSAT_BENCH", os.path.join(ROOT, "..", "shared", "bench"))
EINSAT = os.environ.get("EINSAT", os.path.join(ROOT, "build", "release", "bin", "einsat"))


def expected_answers():
    answers = {}
    with open(os.path.join(SHARED, "cnf", "status.tsv")) as f:
        for line in f:
            if not line.startswith("#") and "\t" in line:
                path, status = line.split("\t")[:2]
                answers[path] = status
    return answers


def threads_of(options):
    match = re.search(r"--threads=(\d+)", options)
    return int(match.group(1)) if match else 1


def workers_of(options, cores):
    threads = threads_of(options)
    if "--threadsoversubscribe" in options or "--deterministic" in options:
        return threads
    return min(threads, os.cpu_count() or 1)


def run(instance, options, budget, cores):
    workers = workers_of(options, cores)
    used = min(workers, cores)
    command = [EINSAT, "-v"] + options.split() + [instance]
    limit = int(budget * used) + 1

    def limit_cpu():
        resource.setrlimit(resource.RLIMIT_CPU, (limit, limit))

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        done = subprocess.run(command, capture_output=True, text=True,
                              preexec_fn=limit_cpu, timeout=50 * limit + 60)
        out = done.stdout
    except subprocess.TimeoutExpired:
        return "TIMEOUT", budget, budget * used
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    process = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    answer = "UNKNOWN"  # also when the CPU limit stopped it (SIGXCPU)
    if done.returncode < 0 and -done.returncode != signal.SIGXCPU:
        answer = f"SIGNAL{-done.returncode}"
    for line in out.splitlines():
        if line.startswith("s "):
            answer = {"s SATISFIABLE": "SAT", "s UNSATISFIABLE": "UNSAT"}.get(line.strip(), "UNKNOWN")
    match = re.search(r"c portfolio CPU: ruler ([\d.]+) s.*all threads ([\d.]+) s", out)
    if match:
        ruler, all_threads = float(match.group(1)), float(match.group(2))
        estimate = ruler + (all_threads - ruler) / used
    else:  # one thread, or answered before the workers started
        estimate = process
    return answer, estimate, process


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("-t", type=float, default=150, help="budget in seconds")
    parser.add_argument("-p", type=int, default=2, help="idle processors assumed")
    parser.add_argument("-o", help="CSV output (appended)")
    parser.add_argument("list")
    parser.add_argument("configs", nargs="+", help="NAME=OPTIONS")
    args = parser.parse_args()
    configs = [c.split("=", 1) for c in args.configs]
    answers = expected_answers()
    instances = [l.strip() for l in open(args.list) if l.strip() and not l.startswith("#")]
    out = open(args.o, "a", newline="") if args.o else None
    writer = csv.writer(out) if out else None
    results = {name: {} for name, _ in configs}
    for k, instance in enumerate(instances):
        path = instance if os.path.isabs(instance) else os.path.join(SHARED, "cnf", instance)
        for name, options in configs[k % len(configs):] + configs[:k % len(configs)]:
            answer, estimate, process = run(path, options, args.t, args.p)
            expected = answers.get(instance, "")
            if answer in ("SAT", "UNSAT") and expected in ("SAT", "UNSAT") and answer != expected:
                print(f"WRONG {name} {instance}: {answer}, expected {expected}", file=sys.stderr)
                answer = "WRONG"
            solved = answer in ("SAT", "UNSAT") and estimate <= args.t
            results[name][instance] = estimate if solved else None
            line = [instance, name, answer, f"{estimate:.2f}", f"{process:.2f}"]
            print(" ".join(line), file=sys.stderr, flush=True)
            if writer:
                writer.writerow(line)
                out.flush()
    base_name = configs[0][0]
    base = results[base_name]
    print(f"| config | solved | PAR-2 (s) | vs {base_name} | median speedup (both solved) | median speedup (timeouts at budget) |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    def par2(times):
        return sum(t if t is not None else 2 * args.t for t in times.values())
    for name, _ in configs:
        times = results[name]
        both = [base[i] / times[i] for i in instances if base[i] and times[i]]
        either = [(base[i] or args.t) / (times[i] or args.t) for i in instances if base[i] or times[i]]
        solved = sum(t is not None for t in times.values())
        change = (par2(times) / par2(base) - 1) * 100 if par2(base) else 0
        print(f"| {name} | {solved} | {par2(times):.0f} | {change:+.0f} % | "
              f"{statistics.median(both) if both else 0:.2f}x | "
              f"{statistics.median(either) if either else 0:.2f}x |")


if __name__ == "__main__":
    main()
