#!/usr/bin/env python3
"""cli_enumerate.py EINSAT COUNT SEED DIR: the enumeration options of the
main command against brute force on COUNT small random CNFs.

For each formula (at most 10 variables, sometimes declaring more than it
uses, sometimes with a 'c ind' projection) it checks '--count' (the
'c models N' line, the s-line and the exit code), '--all' (every printed
model extends to a model, none twice, as many as there are), '--all=K'
(K models and 'at least' if there are more) and '--project=FILE'.
Prints one 'ok'/'not ok' line per kind of check."""

import itertools
import os
import random
import subprocess
import sys


def random_cnf(rng):
    used = rng.randint(1, 10)
    declared = used + (rng.randint(1, 2) if rng.random() < 0.2 else 0)
    clauses = []
    for _ in range(rng.randint(0, 4 * used)):
        size = rng.randint(1, 4)
        clauses.append([rng.choice((1, -1)) * rng.randint(1, used)
                        for _ in range(size)])
    return declared, clauses


def models(declared, clauses):
    for bits in itertools.product((False, True), repeat=declared):
        if all(any(bits[abs(l) - 1] == (l > 0) for l in c) for c in clauses):
            yield bits


def projected(declared, clauses, project):
    return {tuple(bits[v - 1] for v in project)
            for bits in models(declared, clauses)}


def write_cnf(path, declared, clauses, ind):
    with open(path, 'w') as f:
        if ind:
            f.write('c ind %s 0\n' % ' '.join(map(str, ind)))
        f.write('p cnf %d %d\n' % (declared, len(clauses)))
        for c in clauses:
            f.write(' '.join(map(str, c)) + ' 0\n')


def run(einsat, *args):
    p = subprocess.run([einsat, '-q'] + list(args), capture_output=True,
                       text=True, timeout=60)
    return p.returncode, p.stdout


def parse(out):
    """The printed models (as lists of literals) and the count line."""
    found, current, count = [], None, None
    for line in out.splitlines():
        if line.startswith('c model '):
            current = []
            found.append(current)
        elif line.startswith('v '):
            current.extend(int(x) for x in line.split()[1:] if x != '0')
        elif line.startswith('c models '):
            count = line[len('c models '):]
    return found, count


def check_models(printed, project, expected):
    seen = set()
    for m in printed:
        if [abs(l) for l in m] != list(project):
            return 'model %s not over the projection %s' % (m, project)
        key = tuple(l > 0 for l in m)
        if key not in expected:
            return 'model %s is not a model' % m
        if key in seen:
            return 'model %s printed twice' % m
        seen.add(key)
    return None


def check_one(einsat, path, rng):
    declared, clauses = random_cnf(rng)
    variables = list(range(1, declared + 1))
    ind = sorted(rng.sample(variables, rng.randint(1, declared))) \
        if rng.random() < 0.3 else None
    write_cnf(path, declared, clauses, ind)
    project = ind or variables
    expected = projected(declared, clauses, project)
    n = len(expected)
    status = 10 if n else 20
    sline = 's SATISFIABLE' if n else 's UNSATISFIABLE'
    code, out = run(einsat, '--count', path)
    if code != status or parse(out)[1] != str(n) or sline not in out:
        return 'count', 'expected %d models, got exit %d and %r' % (
            n, code, out)
    code, out = run(einsat, '--all', path)
    printed, count = parse(out)
    why = check_models(printed, project, expected)
    if why or len(printed) != n or count != str(n) or code != status:
        return 'all', why or 'printed %d models, expected %d' % (
            len(printed), n)
    limit = rng.randint(1, 4)
    code, out = run(einsat, '--all=%d' % limit, path)
    printed, count = parse(out)
    want = min(limit, n)
    exact = count == str(n) and n <= limit
    if len(printed) != want or not (exact or count == 'at least %d' % want) \
            or check_models(printed, project, expected):
        return 'limit', 'limit %d: printed %d, count %r, %d models' % (
            limit, len(printed), count, n)
    subset = sorted(rng.sample(variables, rng.randint(1, declared)))
    with open(path + '.project', 'w') as f:
        f.write('c variables to project on\n%s 0\n' % ' '.join(
            map(str, subset)))
    code, out = run(einsat, '--all', '--project=' + path + '.project', path)
    printed, count = parse(out)
    expected = projected(declared, clauses, subset)
    why = check_models(printed, subset, expected)
    if why or len(printed) != len(expected) or code != status:
        return 'project', why or 'printed %d, expected %d' % (
            len(printed), len(expected))
    return None


def main():
    einsat, count, seed, folder = sys.argv[1], int(sys.argv[2]), \
        int(sys.argv[3]), sys.argv[4]
    rng = random.Random(seed)
    path = os.path.join(folder, 'random.cnf')
    for i in range(count):
        failure = check_one(einsat, path, rng)
        if failure:
            print('not ok enumerate %s (formula %d): %s' % (
                failure[0], i, failure[1]))
            print('# formula:\n# ' + open(path).read().replace('\n', '\n# '))
            return
    for what in ('count', 'all', 'limit', 'project'):
        print('ok enumerate %s: %d random formulas against brute force'
              % (what, count))


main()
