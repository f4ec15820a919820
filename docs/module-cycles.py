#!/usr/bin/env python3
"""Lists the import edges between the source files of src/, the cycles among them, and the
imports that break the layering.

An edge A -> B means a `use` (or an inline `crate::…`/`super::…` path) in A names an item
that B defines. Paths through a `pub use` re-export are followed to the file that defines
the item, so `use crate::chess::Position` is an edge to src/chess/position.rs, not to
src/chess/mod.rs; a `pub use` line itself is no edge for cycles (a module re-exporting its
child's item does not depend on it), but it is one for the layering (a re-export of a higher
layer's item would carry it down). `mod x;` declarations and method calls are not edges.

The layering is LAYERS below, the one table of it (src/lib.rs says it in words): a file may
use its own top-level module and those of lower layers, never a higher layer's; the modules
of a layer marked apart do not use each other either, but as ALLOWED_APART says. Test
modules keep to the layers like the rest of the code: `--no-tests` leaves them out of the
cycle search only. The binary's files reach the library as `ferrite::…`, which is no edge;
they sit on top of it all the same.

Usage: python3 docs/module-cycles.py [--edges] [--no-tests]
Exit status 1 if there is a cycle or an import against the layering, one line each.
"""

import os
import re
import sys

SRC = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "src")

# The layers, lowest first: (name, the top-level modules in it, whether they stay apart).
# A top-level module is a folder of src/ or a file directly in it; a file in none fails the
# check, so a new module gets its place here. `files` reads the user's files for every layer
# above; `openings` (books and balanced starts) sits below the front ends so that both uci
# (`genfens`) and datagen use it; lib and main are the crate roots, args, commands and
# progress the binary's other files.
LAYERS = [
    ("files", ("files",), False),
    ("chess", ("chess",), False),
    ("rules", ("rules",), False),
    ("eval/tablebase", ("eval", "tablebase"), True),
    ("search", ("search",), False),
    ("openings", ("openings",), False),
    ("front ends", ("uci", "epd", "datagen", "train", "analyse"), True),
    ("main", ("lib", "main", "args", "commands", "progress"), False),
]
# Pairs (user, used) of one apart layer where the user may use the other all the same, and why.
ALLOWED_APART = {
    ("train", "datagen"): "the trainer reads the game files and the manifest datagen writes",
}


def module_file(module):
    """The file of a module path (a tuple of names below the crate root), or None."""
    base = os.path.join(SRC, *module)
    if not module:
        return os.path.join(SRC, "lib.rs")
    for candidate in (base + ".rs", os.path.join(base, "mod.rs")):
        if os.path.isfile(candidate):
            return candidate
    return None


def file_module(path):
    """The module path of a file."""
    rel = os.path.relpath(path, SRC)[:-3].split(os.sep)
    if rel[-1] in ("mod", "lib", "main"):
        rel = rel[:-1]
    return tuple(rel)


def strip(text):
    """The text without comments and string literals."""
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r'"(?:\\.|[^"\\])*"', '""', text)


def expand(tree):
    """`a::{b, c::{d, e}}` -> [a::b, a::c::d, a::c::e] (as lists of names)."""
    tree = re.sub(r"\s+", "", tree)
    depth, start, parts = 0, 0, []
    brace = tree.find("{")
    if brace < 0:
        return [[p for p in tree.split("::") if p]]
    prefix = [p for p in tree[:brace].split("::") if p]
    inner = tree[brace + 1:tree.rfind("}")]
    for i, c in enumerate(inner):
        depth += c == "{"
        depth -= c == "}"
        if c == "," and depth == 0:
            parts.append(inner[start:i])
            start = i + 1
    parts.append(inner[start:])
    return [prefix + rest for part in parts if part for rest in expand(part)]


def paths_of(path):
    """(in a test module, module of the path's `super`, segments, is_pub_use) for each path."""
    text = strip(open(path).read())
    module = file_module(path)
    found = []
    # Inline modules (`mod tests { … }`) shift what `super` means; track them by braces.
    inline = []  # brace depth at which each inline module opened
    depth = 0
    tokens = re.finditer(r"(#\[cfg\(test\)\]\s*)?mod\s+\w+\s*\{|\{|\}|(pub(\([^)]*\))?\s+)?use\s+([^;]+);|(?:crate|super)(?:::\w+)+", text)
    test_depth = None
    for token in tokens:
        t = token.group(0)
        if t.endswith("{") and re.match(r"(#\[cfg\(test\)\]\s*)?mod\s", t):
            depth += 1
            inline.append(depth)
            if t.startswith("#[cfg(test)]") and test_depth is None:
                test_depth = depth
            continue
        if t == "{":
            depth += 1
            continue
        if t == "}":
            if inline and inline[-1] == depth:
                inline.pop()
            if test_depth == depth:
                test_depth = None
            depth -= 1
            continue
        # `self` of the file itself; `super` of the file (a mod.rs file is its own module).
        here = module + ("_inline",) * len(inline)
        if token.group(4) is not None:
            pub = bool(token.group(2))
            trees = expand(token.group(4))
        else:
            pub = False
            trees = [t.split("::")]
        for segs in trees:
            found.append((test_depth is not None, here, segs, pub))
    return found


def absolute(here, segs):
    """Resolves `crate`/`super`/`self` to a module path plus the rest."""
    real = tuple(s for s in here if s != "_inline")
    inline = len(here) - len(real)
    if segs[0] == "crate":
        return list(segs[1:])
    if segs[0] in ("super", "self"):
        base = list(real) + ["_inline"] * inline
        # A file `a/b.rs` is module a::b; its `super` is a. A `mod.rs` is its folder's module.
        while segs and segs[0] in ("super", "self"):
            if segs[0] == "super":
                base.pop()
            segs = segs[1:]
        return [s for s in base if s != "_inline"] + list(segs)
    if module_file(real + (segs[0],)):
        return list(real) + list(segs)  # a child module named without `self::`
    return None  # an external crate or a local name


def reexports():
    """For each module file: name -> absolute path segments of its `pub use` items."""
    table = {}
    for root, _, files in os.walk(SRC):
        for name in files:
            if not name.endswith(".rs"):
                continue
            path = os.path.join(root, name)
            for _, here, segs, pub in paths_of(path):
                if not pub:
                    continue
                full = absolute(here, segs) or list(file_module(path)) + list(segs)
                table.setdefault(path, {})[segs[-1]] = full
    return table


def target(segs, exports, seen=()):
    """The file that defines the item at absolute path `segs`."""
    module = ()
    rest = list(segs)
    while rest and module_file(module + (rest[0],)):
        module += (rest.pop(0),)
    path = module_file(module)
    if rest and path in exports and rest[0] in exports[path] and path not in seen:
        return target(exports[path][rest[0]], exports, seen + (path,))
    return path


def top_module(path):
    """The top-level module a file belongs to: `chess` for src/chess/…, `epd` for src/epd.rs."""
    return os.path.relpath(path, SRC).split(os.sep)[0].rsplit(".rs", 1)[0]


def layer_of(top):
    """(index, name, apart) of the layer that holds top-level module `top`, or None."""
    for index, (name, members, apart) in enumerate(LAYERS):
        if top in members:
            return index, name, apart
    return None


def rel(path):
    return os.path.relpath(path, os.path.dirname(SRC))


def layering_faults(uses):
    """One line for each file in no layer and each use (file -> defining file) against them."""
    faults = []
    for path in sorted(uses):
        top = top_module(path)
        layer = layer_of(top)
        if layer is None:
            faults.append(f"{rel(path)}: module {top} is in no layer (add it to LAYERS)")
            continue
        for dest in sorted(uses[path]):
            used_top = top_module(dest)
            used = layer_of(used_top)
            module = "::".join(("crate",) + file_module(dest))
            if used is None or used_top == top:
                continue  # a file in no layer is reported as a user
            if used[0] > layer[0]:
                faults.append(
                    f"{rel(path)} imports {module}: layer '{layer[1]}' may not use "
                    f"layer '{used[1]}' above it"
                )
            elif used[0] == layer[0] and layer[2] and (top, used_top) not in ALLOWED_APART:
                faults.append(
                    f"{rel(path)} imports {module}: {top} and {used_top} share layer "
                    f"'{layer[1]}', whose modules stay apart"
                )
    return faults


def main():
    skip_tests = "--no-tests" in sys.argv
    exports = reexports()
    edges = {}  # for cycles: no `pub use`, test modules unless --no-tests
    uses = {}  # for the layering: every use, re-exports and test modules included
    for root, _, files in os.walk(SRC):
        for name in sorted(files):
            if not name.endswith(".rs"):
                continue
            path = os.path.join(root, name)
            uses.setdefault(path, set())
            for in_test, here, segs, pub in paths_of(path):
                full = absolute(here, segs)
                if not full:
                    continue
                dest = target(full, exports)
                if not dest or dest == path:
                    continue
                uses[path].add(dest)
                if not pub and not (skip_tests and in_test):
                    edges.setdefault(path, set()).add(dest)
    if "--edges" in sys.argv:
        for a in sorted(edges):
            for b in sorted(edges[a]):
                print(f"{rel(a)} -> {rel(b)}")
    # Tarjan's strongly connected components: every component of two or more files holds a cycle.
    index, low, stack, on, comps, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                comps.append(comp)

    sys.setrecursionlimit(10000)
    for v in list(edges):
        if v not in index:
            visit(v)
    for comp in comps:
        members = set(comp)
        print("cycle among:", ", ".join(sorted(rel(p) for p in comp)))
        for a in sorted(comp):
            for b in sorted(edges[a] & members):
                print(f"  {rel(a)} -> {rel(b)}")
    if not comps:
        print(f"no cycles among {len(set(edges) | set().union(*edges.values()))} files")
    faults = layering_faults(uses)
    for fault in faults:
        print("layering:", fault)
    if not faults:
        print(f"no import against the {len(LAYERS)} layers")
    sys.exit(1 if comps or faults else 0)


if __name__ == "__main__":
    main()
