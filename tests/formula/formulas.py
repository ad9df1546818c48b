"""Random formulas for 'einsat formula', checked by brute force.

    formulas.py EINSAT CHECKER random SEED COUNT TMPDIR

Each formula is a random syntax tree over a few named variables, written
out with the fewest parentheses the documented precedence allows (and a
few more), in a random mix of spellings (words, symbols, Unicode, upper
case), spacing, comments, ';' and line breaks where a formula goes on.
This script evaluates the tree itself for every assignment of the
variables, so it does not depend on einsat's parser, and compares:

  --all      the set of models (lines 'x=1 y=0', names in the order of
             their first appearance) and the line 'N models'
  default    the model printed satisfies the formula, or 'No model'
  --count    the count (some formulas)
  --unique   uniqueness (some formulas); with --proof the certificate
             is checked with einsat-check
  --cnf      the named DIMACS counted by 'einsat --count' (some formulas)

Prints 'ok NAME' or 'not ok NAME: why' lines for the suite.
"""

import itertools
import os
import random
import subprocess
import sys

NAMES = ["a", "b", "c", "x1", "y_2", "q.3", "v[1]", "z'", "A@b", "$d",
         "Long_Name_7", "p"]

PRECEDENCE = {"iff": 1, "imp": 2, "or": 3, "xor": 4, "and": 5, "not": 6}
SPELLINGS = {
    "and": ["&", "&&", "and", "AND", "/\\", "\u2227"],
    "or": ["|", "||", "or", "OR", "\\/", "\u2228"],
    "xor": ["^", "xor", "XOR", "\u2295"],
    "imp": ["->", "=>", "implies", "IMPLIES", "\u2192"],
    "iff": ["<->", "<=>", "iff", "IFF", "\u2194"],
    "not": ["!", "~", "-", "not ", "NOT ", "\u00ac"],
    "true": ["true", "TRUE", "\u22a4"],
    "false": ["false", "FALSE", "\u22a5"],
    "atmost": ["atmost", "at_most", "ATMOST"],
    "atleast": ["atleast", "at_least", "AT_LEAST"],
    "exactly": ["exactly", "EXACTLY"],
    "ite": ["ite", "ITE"],
}


# ---------------------------------------------------------------------------
# Trees: ('var', name), ('const', bool), ('not', f), (op, f, g) for the
# binary operators, ('card', kind, k, [fs]), ('ite', c, t, e).

def random_tree(rng, names, depth):
    if depth <= 0 or rng.random() < 0.2:
        if rng.random() < 0.05:
            return ("const", rng.random() < 0.5)
        return ("var", rng.choice(names))
    r = rng.random()
    if r < 0.15:
        return ("not", random_tree(rng, names, depth - 1))
    if r < 0.25:
        kind = rng.choice(["atmost", "atleast", "exactly"])
        args = [random_tree(rng, names, depth - 2)
                for _ in range(rng.randint(0, 5))]
        return ("card", kind, rng.randint(0, len(args) + 1), args)
    if r < 0.3:
        return ("ite",) + tuple(random_tree(rng, names, depth - 1)
                                for _ in range(3))
    op = rng.choice(["and", "and", "or", "or", "xor", "imp", "iff"])
    return (op, random_tree(rng, names, depth - 1),
            random_tree(rng, names, depth - 1))


def skinny_tree(rng, names, depth):
    """A deep tree whose operands are shallow on one side: deep enough to
    make the parser name sub-formulas (32 levels), small enough to
    evaluate."""
    tree = random_tree(rng, names, 2)
    for _ in range(depth):
        r = rng.random()
        side = random_tree(rng, names, 1)
        if r < 0.1:
            tree = ("not", tree)
        elif r < 0.2:
            tree = ("card", rng.choice(["atmost", "atleast", "exactly"]),
                    rng.randint(0, 2), [tree, side])
        elif r < 0.25:
            tree = ("ite", side, tree, random_tree(rng, names, 1))
        else:
            op = rng.choice(["and", "or", "xor", "imp", "iff"])
            tree = (op, tree, side) if rng.random() < 0.5 else \
                (op, side, tree)
    return tree


def evaluate(tree, values):
    """Iterative: deep trees must not hit Python's recursion limit."""
    results = {}
    stack = [(tree, False)]
    while stack:
        node, done = stack.pop()
        kind = node[0]
        if kind == "var":
            results[id(node)] = values[node[1]]
            continue
        if kind == "const":
            results[id(node)] = node[1]
            continue
        kids = node[3] if kind == "card" else node[1:]
        if not done:
            stack.append((node, True))
            stack.extend((kid, False) for kid in kids)
            continue
        v = [results[id(kid)] for kid in kids]
        if kind == "not":
            r = not v[0]
        elif kind == "and":
            r = v[0] and v[1]
        elif kind == "or":
            r = v[0] or v[1]
        elif kind == "xor":
            r = v[0] != v[1]
        elif kind == "imp":
            r = (not v[0]) or v[1]
        elif kind == "iff":
            r = v[0] == v[1]
        elif kind == "ite":
            r = v[1] if v[0] else v[2]
        else:
            count, k = sum(v), node[2]
            r = {"atmost": count <= k, "atleast": count >= k,
                 "exactly": count == k}[node[1]]
        results[id(node)] = r
    return results[id(tree)]


# ---------------------------------------------------------------------------
# Writing trees as text, with the parentheses the precedence needs.

def precedence(tree):
    return PRECEDENCE.get(tree[0], 7)


def paren_if(rng, tree, needed):
    if needed or rng.random() < 0.05:
        return ("paren", tree)
    return tree


def flatten(rng, tree):
    """The tokens of the tree: (spelling, whether a line may break after
    it).  Items on the stack are trees, ('paren', tree) for an operand in
    parentheses, or ('token', spelling, may_break)."""
    out = []
    stack = [tree]
    token = lambda text, may_break: ("token", text, may_break)
    while stack:
        item = stack.pop()
        kind = item[0]
        if kind == "token":
            out.append((item[1], item[2]))
        elif kind == "paren":
            stack.extend([token(")", False), item[1], token("(", True)])
        elif kind == "var":
            out.append((item[1], False))
        elif kind == "const":
            out.append((rng.choice(SPELLINGS["true" if item[1]
                                             else "false"]), False))
        elif kind == "not":
            stack.append(paren_if(rng, item[1], precedence(item[1]) < 6))
            stack.append(token(rng.choice(SPELLINGS["not"]), True))
        elif kind in ("card", "ite"):
            args = item[3] if kind == "card" else list(item[1:])
            function = item[1] if kind == "card" else "ite"
            parts = [token(rng.choice(SPELLINGS[function]), True),
                     token("(", True)]
            if kind == "card":
                parts.append(token(str(item[2]), False))
            for i, arg in enumerate(args):
                if i or kind == "card":
                    parts.append(token(",", True))
                parts.append(paren_if(rng, arg, False))
            parts.append(token(")", False))
            stack.extend(reversed(parts))
        else:
            p = PRECEDENCE[kind]
            left, right = item[1], item[2]
            left_parens = precedence(left) < p or (
                precedence(left) == p and kind == "imp")
            right_parens = precedence(right) < p
            stack.append(paren_if(rng, right, right_parens))
            stack.append(token(rng.choice(SPELLINGS[kind]), True))
            stack.append(paren_if(rng, left, left_parens))
    return out


def needs_space(a, b):
    word = lambda s: s[-1:].isalnum() or s[-1:] in "_.'@$[]"
    start = lambda s: s[:1].isalnum() or s[:1] in "_.'@$[]"
    return (word(a) and start(b)) or (a.endswith("-") and b.startswith(">")) \
        or (a.endswith("<") and b.startswith("-")) or a + b in ("&&&", "|||")


def write(rng, tree):
    """The tree as text; line breaks only where a formula goes on."""
    parts = flatten(rng, tree)
    text, previous, depth = "", "", 0
    for spelling, may_break in parts:
        gap = rng.choice(["", " ", " ", "  ", "\t"])
        if previous and needs_space(previous, spelling) and not gap:
            gap = " "
        text += gap + spelling
        depth += spelling == "("
        depth -= spelling == ")"
        if (may_break or depth > 0) and rng.random() < 0.08:
            text += rng.choice(["\n", " # a comment\n", "\n\n"])
        previous = spelling
    return text


# ---------------------------------------------------------------------------

def names_in_order(trees_text_order):
    seen, order = set(), []
    for tree in trees_text_order:
        stack = [tree]
        while stack:
            node = stack.pop()
            kind = node[0]
            if kind == "var":
                if node[1] not in seen:
                    seen.add(node[1])
                    order.append(node[1])
            elif kind == "card":
                stack.extend(reversed(node[3]))
            elif kind not in ("const",):
                stack.extend(reversed(node[1:]))
    return order


def models(trees, names):
    result = set()
    for bits in itertools.product([False, True], repeat=len(names)):
        values = dict(zip(names, bits))
        if all(evaluate(t, values) for t in trees):
            result.add(tuple(int(b) for b in bits))
    return result


def parse_model(line, names):
    pairs = line.split(" ") if line else []
    got = [p.rsplit("=", 1) for p in pairs]
    if [g[0] for g in got] != names or any(len(g) != 2 or g[1] not in "01"
                                           for g in got):
        return None
    return tuple(int(g[1]) for g in got)


def run(command, **kwargs):
    p = subprocess.run(command, capture_output=True, **kwargs)
    return p.returncode, p.stdout.decode(), p.stderr.decode()


class Checker:
    def __init__(self, einsat, checker, tmp):
        self.einsat, self.checker, self.tmp = einsat, checker, tmp
        self.failures = []

    def fail(self, why):
        self.failures.append(why)

    def formula(self, args, path):
        return [self.einsat, "formula", "--file", path] + args

    def check(self, number, trees, text, rng):
        path = os.path.join(self.tmp, "f%d.txt" % number)
        with open(path, "w") as f:
            f.write(text)
        names = names_in_order(trees)
        want = models(trees, names)
        code, out, err = run(self.formula(["--all"], path))
        lines = out.split("\n")[:-1]
        if code != (10 if want else 20) or not lines:
            return self.fail("--all: exit %d, %s" % (code, err.strip()))
        got = [parse_model(line, names) for line in lines[:-1]]
        count = "%d model%s" % (len(want), "" if len(want) == 1 else "s")
        if None in got or set(got) != want or len(got) != len(want) \
                or lines[-1] != count:
            return self.fail("--all: %d models, want %d (%s)"
                             % (len(got), len(want), lines[-1]))
        code, out, err = run(self.formula([], path))
        line = out.split("\n")[0]
        if want and (code != 10 or parse_model(line, names) not in want):
            return self.fail("default: exit %d, '%s'" % (code, line))
        if not want and (code != 20 or not line.startswith("No model")):
            return self.fail("default: exit %d, '%s'" % (code, line))
        if rng.random() < 0.3:
            self.unique(path, names, want)
        if rng.random() < 0.15:
            self.cnf(path, len(want))

    def unique(self, path, names, want):
        proof = os.path.join(self.tmp, "u.drat")
        for name in (proof, proof + ".cnf"):
            if os.path.exists(name):
                os.remove(name)
        code, out, err = run(self.formula(["--unique", "--proof", proof],
                                          path))
        lines = out.split("\n")
        if len(want) > 1:
            ok = code == 10 and "more than one model" in out and \
                not os.path.exists(proof)
        elif want:
            ok = code == 10 and parse_model(lines[0], names) in want and \
                lines[1] == "The model is unique."
        else:
            ok = code == 20 and lines[0].startswith("No model")
        if not ok:
            return self.fail("--unique: exit %d, %s %s"
                             % (code, out[:80], err.strip()))
        if len(want) <= 1:
            code, out, err = run([self.checker, "drat", proof + ".cnf",
                                  proof])
            if code != 0:
                self.fail("--unique --proof: einsat-check says %s"
                          % (out + err).strip()[-120:])

    def cnf(self, path, count):
        cnf = os.path.join(self.tmp, "f.cnf")
        code, out, err = run(self.formula(["--cnf=" + cnf], path))
        code2, out2, err2 = run([self.einsat, "-q", "--count", cnf])
        if code != 0 or "c models %d" % count not in out2.split("\n"):
            self.fail("--cnf: counted '%s', want %d" % (out2.strip(), count))


def random_formulas(einsat, checker, seed, count, tmp):
    rng = random.Random(seed)
    c = Checker(einsat, checker, tmp)
    bad = []
    for number in range(count):
        names = rng.sample(NAMES, rng.randint(1, 6))
        if number % 5 == 4:
            trees = [skinny_tree(rng, names, rng.randint(30, 120))]
        else:
            trees = [random_tree(rng, names, rng.randint(1, 6))
                     for _ in range(rng.choice([1, 1, 1, 2, 3]))]
        separators = [rng.choice([";", " ; ", "\n", "\n# c\n", ";\n"])
                      for _ in trees]
        text = "".join(write(rng, t) + s for t, s in zip(trees, separators))
        before = len(c.failures)
        c.check(number, trees, text, rng)
        if len(c.failures) > before:
            bad.append((number, c.failures[-1], text))
    name = "random formulas (seed %d): %d against brute force" % (seed, count)
    if bad:
        number, why, text = bad[0]
        print("not ok %s: %d failed; first #%d: %s; formula %r"
              % (name, len(bad), number, why, text[:300]))
    else:
        print("ok " + name)


# ---------------------------------------------------------------------------
# Deep and long formulas: the parser's stacks are on the heap and the
# encoder names deep sub-formulas, so none of these may crash; each
# model printed is checked.

def alternating(n):
    """a0 & (a1 | (a2 & (a3 | ...))) with n operators."""
    tree = ("var", "a%d" % n)
    prefix = []
    for i in range(n - 1, -1, -1):
        op = "and" if i % 2 == 0 else "or"
        tree = (op, ("var", "a%d" % i), tree)
    for i in range(n):
        prefix.append("a%d %s (" % (i, "&" if i % 2 == 0 else "|"))
    return "".join(prefix) + "a%d" % n + ")" * n, tree


def deep_cases(scale):
    n = 100000 // scale
    text, tree = alternating(n)
    yield "alternating and/or nested %d deep" % n, text, [tree], None
    m = 1000000 // scale
    yield "%d nested parentheses" % m, "(" * m + "x" + ")" * m, \
        [("var", "x")], 1
    yield "%d negations" % (m + 1), "!" * (m + 1) + "x", [("not", ("var", "x"))], 1
    k = 20000 // scale
    xs = ["x%d" % i for i in range(k)]
    chain = ("var", xs[0])
    for x in xs[1:]:
        chain = ("xor", chain, ("var", x))
    units = [("var", x) for x in xs[:-1]]
    yield "xor chain of %d variables, all but one fixed" % k, \
        " ^ ".join(xs) + "\n" + " & ".join(xs[:-1]), [chain] + units, 1
    yield "implication chain of %d variables" % k, \
        " -> ".join(xs) + "\n" + " & ".join(xs[:-1]), \
        [implications(xs)] + units, 1
    big = ["y%d" % i for i in range(500000 // scale)]
    yield "conjunction of %d variables" % len(big), " & ".join(big), \
        [("var", y) for y in big], 1


def implications(xs):
    tree = ("var", xs[-1])
    for x in reversed(xs[:-1]):
        tree = ("imp", ("var", x), tree)
    return tree


def deep(einsat, scale, tmp):
    for name, text, trees, count in deep_cases(scale):
        path = os.path.join(tmp, "deep.txt")
        with open(path, "w") as f:
            f.write(text + "\n")
        names = names_in_order(trees)
        args = [einsat, "formula", "--file", path]
        code, out, err = run(args + (["--unique"] if count else []))
        lines = out.split("\n")
        model = parse_model(lines[0], names) if code == 10 else None
        values = dict(zip(names, model or ()))
        if model is None or not all(evaluate(t, values) for t in trees):
            print("not ok deep: %s: exit %d, %s" % (name, code,
                                                   err.strip()[:200]))
        elif count and lines[1] != "The model is unique.":
            print("not ok deep: %s: '%s'" % (name, lines[1]))
        else:
            print("ok deep: %s" % name)


def main():
    einsat, checker, mode = sys.argv[1:4]
    if mode == "random":
        random_formulas(einsat, checker, int(sys.argv[4]), int(sys.argv[5]),
                        sys.argv[6])
    elif mode == "deep":
        deep(einsat, int(sys.argv[4]), sys.argv[5])


if __name__ == "__main__":
    main()
