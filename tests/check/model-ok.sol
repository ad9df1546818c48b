c solver output
s SATISFIABLE
v 1 -2 3
v -4 -5 -6 0
