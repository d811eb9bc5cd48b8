#!/usr/bin/env python3
"""Writes the generated big inputs of docs/guides/limits-and-safety.md into a folder.

    scripts/gen-big-inputs.py OUT_DIR

Each file is made from a fixed seed, so the figures can be measured again:
families of 600, 2,322, 3,000, 4,683 and 5,000 people (GEDCOM: couples with
one to four children, generation after generation, as the tests' generator);
outlines of 2,000 and 10,000 nodes (Markdown lists, each node under one of
the forty before it); a race of 5,000 periods by 2,000 names (CSV, random
walks of whole numbers, under the reader's 32 MiB); and graphs at the graph
limits (edge lists: 10,000 nodes and 20,000 edges, sfdp's budget; 500 nodes
and 400 edges, dot's).
"""
import os
import random
import sys


def gedcom(count, seed):
    rng = random.Random(seed)
    people = []  # (sex, year)
    families = []  # (husband, wife, children)
    child_of = {}

    def person(sex, year):
        people.append((sex, year))
        return len(people)

    couples = [(person("M", 1700), person("F", 1702), 1700)]
    while len(people) < count and couples:
        h, w, year = couples.pop(0)
        kids = []
        for k in range(rng.randint(1, 4)):
            if len(people) >= count:
                break
            male = rng.randint(0, 1) == 0
            child = person("M" if male else "F", year + 25 + 2 * k)
            kids.append(child)
            child_of[child] = len(families) + 1
            if len(people) < count:
                spouse = person("F" if male else "M", year + 26 + 2 * k)
                couples.append((child, spouse, year + 25) if male else (spouse, child, year + 25))
        families.append((h, w, kids))
    spouse_of = {}
    for f, (h, w, _) in enumerate(families, 1):
        spouse_of.setdefault(h, []).append(f)
        spouse_of.setdefault(w, []).append(f)
    lines = ["0 HEAD", "1 CHAR UTF-8", "1 GEDC", "2 VERS 5.5.1"]
    for i, (sex, year) in enumerate(people, 1):
        lines += [f"0 @I{i}@ INDI", f"1 NAME Person{i} /Line{i % 40}/", f"1 SEX {sex}", "1 BIRT", f"2 DATE {year}"]
        if i in child_of:
            lines.append(f"1 FAMC @F{child_of[i]}@")
        lines += [f"1 FAMS @F{f}@" for f in spouse_of.get(i, [])]
    for f, (h, w, kids) in enumerate(families, 1):
        lines += [f"0 @F{f}@ FAM", f"1 HUSB @I{h}@", f"1 WIFE @I{w}@"] + [f"1 CHIL @I{c}@" for c in kids]
    return "\n".join(lines + ["0 TRLR"]) + "\n"


def outline(count, seed):
    rng = random.Random(seed)
    parent, depth = [-1], [0]
    children = [[] for _ in range(count)]
    for i in range(1, count):
        p = rng.randint(max(0, i - 40), i - 1)
        parent.append(p)
        depth.append(depth[p] + 1)
        children[p].append(i)
    lines, stack = [], [0]
    while stack:
        v = stack.pop()
        lines.append("  " * depth[v] + f"- node {v}")
        stack += reversed(children[v])
    return "\n".join(lines) + "\n"


def race(periods, names, seed):
    rng = random.Random(seed)
    # Whole numbers of one or two digits: 5,000 rows of 2,000 values stay
    # under the reader's 32 MiB.
    values = [rng.randint(10, 60) for _ in range(names)]
    # Names of letters: "Name 1999" would read as a column of a period.
    def letters(n):
        return "".join(chr(97 + (n // 26 ** k) % 26) for k in (2, 1, 0))

    rows = ["period," + ",".join(f"Name {letters(c)}" for c in range(names))]
    for p in range(periods):
        values = [min(99, max(0, v + rng.randint(-3, 3))) for v in values]
        rows.append(f"{p + 1}," + ",".join(map(str, values)))
    return "\n".join(rows) + "\n"


def graph(nodes, edges, seed):
    rng = random.Random(seed)
    seen = set()
    # A spanning path first, so that every algorithm reaches every node.
    out = [f"n{i} n{i + 1} {rng.randint(1, 20)}" for i in range(min(nodes - 1, edges))]
    seen.update((i, i + 1) for i in range(min(nodes - 1, edges)))
    while len(out) < edges:
        a, b = rng.randrange(nodes), rng.randrange(nodes)
        if a != b and (min(a, b), max(a, b)) not in seen:
            seen.add((min(a, b), max(a, b)))
            out.append(f"n{a} n{b} {rng.randint(1, 20)}")
    return "\n".join(out) + "\n"


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    folder = sys.argv[1]
    os.makedirs(folder, exist_ok=True)
    files = {f"family-{n}.ged": (gedcom, n, 7) for n in (600, 2322, 3000, 4683, 5000)}
    files |= {f"outline-{n}.md": (outline, n, 7) for n in (2000, 10000)}
    for name, (make, n, seed) in files.items():
        with open(os.path.join(folder, name), "w") as f:
            f.write(make(n, seed))
    with open(os.path.join(folder, "race-5000x2000.csv"), "w") as f:
        f.write(race(5000, 2000, 7))
    for nodes, edges in ((10000, 20000), (500, 400)):
        with open(os.path.join(folder, f"graph-{nodes}-{edges}.txt"), "w") as f:
            f.write(graph(nodes, edges, 7))


main()
