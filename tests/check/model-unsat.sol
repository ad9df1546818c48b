c no model
s UNSATISFIABLE
