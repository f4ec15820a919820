#!/usr/bin/env python3
"""Lists the import edges between the source files of src/ and the cycles among them.

An edge A -> B means a `use` (or an inline `crate::…`/`super::…` path) in A names an item
that B defines. Paths through a `pub use` re-export are followed to the file that defines
the item, so `use crate::chess::Position` is an edge to src/chess/position.rs, not to
src/chess/mod.rs; a `pub use` line itself is no edge (a module re-exporting its child's item
does not depend on it). `mod x;` declarations and method calls are not edges either.

Usage: python3 docs/module-cycles.py [--edges] [--no-tests]
Exit status 1 if there is a cycle.
"""

import os
import re
import sys

SRC = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "src")


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


def paths_of(path, skip_tests):
    """(module of the path's `super`, absolute-ish segments, is_pub_use) for each path."""
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
        if skip_tests and test_depth is not None:
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
            found.append((here, segs, pub))
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
            for here, segs, pub in paths_of(path, False):
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


def main():
    skip_tests = "--no-tests" in sys.argv
    exports = reexports()
    edges = {}
    for root, _, files in os.walk(SRC):
        for name in sorted(files):
            if not name.endswith(".rs"):
                continue
            path = os.path.join(root, name)
            for here, segs, pub in paths_of(path, skip_tests):
                full = absolute(here, segs)
                if pub or not full:
                    continue
                dest = target(full, exports)
                if dest and dest != path:
                    edges.setdefault(path, set()).add(dest)

    def rel(path):
        return os.path.relpath(path, os.path.dirname(SRC))
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
    sys.exit(1 if comps else 0)


if __name__ == "__main__":
    main()
