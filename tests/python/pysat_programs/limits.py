"""Limited solving: conflict and propagation budgets, and interrupt() from
a timer thread on a hard random formula."""
import random
from threading import Timer

from pysat.solvers import Minisat22

rng = random.Random(1)
hard = [[v if rng.random() < 0.5 else -v for v in rng.sample(range(1, 401), 3)]
        for _ in range(2000)]
with Minisat22(bootstrap_with=hard) as m:
    m.conf_budget(200)
    assert m.solve_limited() is None
    m.conf_budget(-1)
    m.prop_budget(10000)
    assert m.solve_limited() is None
    m.prop_budget(-1)
    timer = Timer(0.3, lambda: m.interrupt())
    timer.start()
    assert m.solve_limited(expect_interrupt=True) is None
    m.clear_interrupt()
    stats = m.accum_stats()
    assert stats["conflicts"] >= 200 and stats["propagations"] >= 10000
print("limits stopped")
