"""Einstein's riddle (the fish version), solved with named variables.

Five houses in a row, each with one colour, nationality, drink, smoke and
pet.  Every value is a variable per house: s.var("fish", 4) is true if the
fish lives in house 4.  Prints the houses and who owns the fish, and checks
that the solution is unique.
"""
import einsat

ATTRIBUTES = {
    "colour": ["red", "green", "white", "yellow", "blue"],
    "nationality": ["Brit", "Swede", "Dane", "Norwegian", "German"],
    "drink": ["tea", "coffee", "milk", "beer", "water"],
    "smoke": ["Pall Mall", "Dunhill", "Blends", "Bluemasters", "Prince"],
    "pet": ["dogs", "birds", "cats", "horses", "fish"],
}
HOUSES = range(1, 6)

s = einsat.Solver()


def at(value, house):
    return s.var(value, house)


for values in ATTRIBUTES.values():
    for house in HOUSES:
        s.exactly_one(at(value, house) for value in values)
    for value in values:
        s.exactly_one(at(value, house) for house in HOUSES)


def same_house(a, b):
    for h in HOUSES:
        s.add_clause([-at(a, h), at(b, h)])
        s.add_clause([at(a, h), -at(b, h)])


def next_to(a, b):
    for h in HOUSES:
        s.add_clause([-at(a, h)] + [at(b, n) for n in (h - 1, h + 1) if n in HOUSES])


def left_of(a, b):  # a lives immediately left of b
    for h in HOUSES:
        s.add_clause([-at(a, h)] + ([at(b, h + 1)] if h + 1 in HOUSES else []))


same_house("Brit", "red")
same_house("Swede", "dogs")
same_house("Dane", "tea")
left_of("green", "white")
same_house("green", "coffee")
same_house("Pall Mall", "birds")
same_house("yellow", "Dunhill")
s.add_clause([at("milk", 3)])
s.add_clause([at("Norwegian", 1)])
next_to("Blends", "cats")
next_to("horses", "Dunhill")
same_house("Bluemasters", "beer")
same_house("German", "Prince")
next_to("Norwegian", "blue")
next_to("Blends", "water")

assert s.solve(), "the riddle has no solution"
solution = {(attribute, h): value
            for attribute, values in ATTRIBUTES.items()
            for value in values for h in HOUSES if s.value(at(value, h))}
print("house  " + "  ".join("%-11s" % a for a in ATTRIBUTES))
for h in HOUSES:
    print("%-5d  " % h + "  ".join("%-11s" % solution[a, h] for a in ATTRIBUTES))

fish_house = next(h for h in HOUSES if solution["pet", h] == "fish")
owner = solution["nationality", fish_house]
print("The %s owns the fish." % owner)

# Block this solution: no other assignment may satisfy the clues.
s.add_clause([-at(solution[key], key[1]) for key in solution])
unique = s.solve() is False
print("The solution is unique." if unique else "There is another solution!")
assert owner == "German" and unique
