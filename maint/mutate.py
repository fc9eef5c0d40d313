"""Mutants of a solution: every one-token change outside its ``__main__`` block.

A mutant is named ``L<line>:<column> <change>``, e.g. ``L34:12 < -> <=`` (see ``changes``).
``input_layer`` says which lines read the input, so that the judge-only measure can leave
their mutants out.
"""

import ast
import collections
import itertools
import re

Mutant = collections.namedtuple("Mutant", "id node field index make")

# operator -> (its symbol, what it becomes in its mutants)
OPS = {
    ast.Lt: ("<", ast.LtE, ast.Gt),
    ast.LtE: ("<=", ast.Lt, ast.GtE),
    ast.Gt: (">", ast.GtE, ast.Lt),
    ast.GtE: (">=", ast.Gt, ast.LtE),
    ast.Eq: ("==", ast.NotEq),
    ast.NotEq: ("!=", ast.Eq),
    ast.In: ("in", ast.NotIn),
    ast.NotIn: ("not in", ast.In),
    ast.Is: ("is", ast.IsNot),
    ast.IsNot: ("is not", ast.Is),
    ast.Add: ("+", ast.Sub),
    ast.Sub: ("-", ast.Add),
    ast.Mult: ("*", ast.FloorDiv, ast.Add),
    ast.Div: ("/", ast.Mult),
    ast.FloorDiv: ("//", ast.Mult, ast.Mod),
    ast.Mod: ("%", ast.FloorDiv),
    ast.Pow: ("**", ast.Mult),
    ast.LShift: ("<<", ast.RShift),
    ast.RShift: (">>", ast.LShift),
    ast.BitOr: ("|", ast.BitAnd, ast.BitXor),
    ast.BitAnd: ("&", ast.BitOr),
    ast.BitXor: ("^", ast.BitOr),
    ast.And: ("and", ast.Or),
    ast.Or: ("or", ast.And),
}
CONDITIONS = {ast.If: "if", ast.While: "while", ast.IfExp: "ternary"}
UNARY = {ast.Not: "not", ast.USub: "-", ast.Invert: "~"}
STATEMENTS = (ast.Assign, ast.AugAssign, ast.Expr)  # the ones dropped in mutants


def nodes(node):
    """The node and all below it, depth first, but not the ``__main__`` block (it only does
    I/O) nor f-strings (Python 3.8 keeps no positions inside them)."""
    yield node
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.If) and "__main__" in ast.dump(child.test):
            continue
        if not isinstance(child, ast.JoinedStr):
            yield from nodes(child)


def fields(node):
    """(field, index or None, child) for every child node."""
    for field, value in ast.iter_fields(node):
        for index, child in enumerate(value) if isinstance(value, list) else [(None, value)]:
            if isinstance(child, ast.AST):
                yield field, index, child


class Source:
    """Positions in a source text, as 1-based character columns."""

    def __init__(self, text):
        self.lines = [line.encode() for line in text.splitlines()]

    def where(self, node, offset=None, line=None):
        line, offset = line or node.lineno, node.col_offset if offset is None else offset
        return f"L{line}:{len(self.lines[line - 1][:offset].decode(errors='replace')) + 1}"

    def between(self, left, right, symbol):
        """Where the operator symbol lies, after the end of left and before right."""
        for line in range(left.end_lineno, right.lineno + 1):
            start = left.end_col_offset if line == left.end_lineno else 0
            found = self.lines[line - 1].split(b"#")[0].find(symbol.split()[0].encode(), start)
            if found >= 0:
                return self.where(left, found, line)
        return self.where(left)


def changes(node, src):
    """(position, what, field, index, make) for each mutation of the node: the child at
    node.field[index] (or node.field) becomes make(that child)."""
    for kind in (comparisons, operators, constants, conditions, swaps, children):
        yield from kind(node, src)


def comparisons(node, src):
    """Each operator of a comparison, as another."""
    for i, op in enumerate(node.ops if type(node) is ast.Compare else ()):
        old, *news = OPS[type(op)]
        where = src.between([node.left, *node.comparators][i], node.comparators[i], old)
        for new in news:
            yield where, f"{old} -> {OPS[new][0]}", "ops", i, lambda _, n=new: n()


def operators(node, src):
    """The operator of an arithmetic, augmented or Boolean operation, as another."""
    kind = type(node)
    if kind in (ast.BinOp, ast.AugAssign, ast.BoolOp) and type(node.op) in OPS:
        (old, *news), after = OPS[type(node.op)], "=" if kind is ast.AugAssign else ""
        pair = {ast.BinOp: ("left", "right"), ast.AugAssign: ("target", "value")}.get(kind)
        pair = [getattr(node, field) for field in pair] if pair else node.values
        where = src.between(pair[0], pair[1], old + after)
        for new in news:
            yield where, f"{old}{after} -> {OPS[new][0]}{after}", "op", None, lambda _, n=new: n()


def constants(node, src):
    """A Boolean negated; an integer one more, and one less."""
    if type(node) is ast.Constant and type(node.value) in (bool, int):
        news = [not node.value] if type(node.value) is bool else [node.value + 1, node.value - 1]
        for new in news:
            yield src.where(node), f"{node.value} -> {new}", "value", None, lambda _, n=new: n


def conditions(node, src):
    """The condition of an if, a while or a ternary, always true and always false; the
    condition of a comprehension dropped."""
    if type(node) in CONDITIONS:
        for new in (True, False):
            what = f"{CONDITIONS[type(node)]} condition -> {new}"
            yield src.where(node.test), what, "test", None, lambda _, n=new: ast.Constant(n)
    true = lambda _: ast.Constant(True)  # noqa: E731
    for index, test in enumerate(node.ifs if type(node) is ast.comprehension else ()):
        yield src.where(test), "comprehension condition dropped", "ifs", index, true


def swaps(node, src):
    """min as max and max as min; a value returned as None."""
    name = getattr(node.func, "id", None) if type(node) is ast.Call else None
    if name in ("min", "max"):
        new = "max" if name == "min" else "min"
        swap = lambda _, n=new: ast.Name(id=n, ctx=ast.Load())  # noqa: E731
        yield src.where(node), f"{name} -> {new}", "func", None, swap
    if type(node) is ast.Return and node.value is not None:
        yield src.where(node), "return value -> None", "value", None, lambda _: None


def children(node, src):
    """Of each child: a unary operator dropped, a break as a continue and the other way
    round, a statement dropped (not a docstring, nor one of the module's)."""
    for field, index, child in fields(node):
        if isinstance(child, ast.UnaryOp) and type(child.op) in UNARY:
            what = f"{UNARY[type(child.op)]} dropped"
            yield src.where(child), what, field, index, lambda old: old.operand
        if type(child) in (ast.Break, ast.Continue):
            new = ast.Continue if type(child) is ast.Break else ast.Break
            what = f"{type(child).__name__.lower()} -> {new.__name__.lower()}"
            yield src.where(child), what, field, index, lambda _, n=new: n()
        docstring = type(child) is ast.Expr and isinstance(child.value, ast.Constant)
        if type(child) in STATEMENTS and type(node) is not ast.Module and not docstring:
            yield src.where(child), "statement dropped", field, index, lambda _: ast.Pass()


def mutants(text):
    """Every mutant of a source text, in a fixed order, each id unique."""
    src, found, seen = Source(text), [], collections.Counter()
    for number, node in enumerate(nodes(ast.parse(text))):
        for where, what, field, index, make in changes(node, src):
            seen[where, what] += 1
            again = f" ({seen[where, what]})" if seen[where, what] > 1 else ""
            found.append(Mutant(f"{where} {what}{again}", number, field, index, make))
    return found


def input_layer(text):
    """The line numbers (from 1) of a solution's input layer: the code that reads the text.

    Marked, it runs from a line starting ``# The input layer`` to the first line after it
    that starts ``# The judge's logic`` or ``if __name__``. Unmarked, it is the top-level
    functions that take the text or a word of it (a parameter named text or word) and hold
    no loop, so do not play the game themselves; other code is counted as logic."""
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines) if line.startswith("# The input layer")), None)
    if start is not None:
        ends = ("# The judge's logic", "if __name__")
        end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith(ends)), None)
        return set(range(start + 1, (len(lines) if end is None else end) + 1))
    found = set()
    for node in ast.parse(text).body:
        if isinstance(node, ast.FunctionDef):
            takes_text = {arg.arg for arg in node.args.args} & {"text", "word"}
            loops = any(isinstance(inner, (ast.For, ast.While)) for inner in ast.walk(node))
            if takes_text and not loops:
                found.update(range(node.lineno, node.end_lineno + 1))
    return found


def outside_input_layer(text, every):
    """The indices of the mutants (of ``every``) whose change lies outside the input layer."""
    layer = input_layer(text)
    return [i for i, mutant in enumerate(every) if mutant_line(mutant) not in layer]


def mutant_line(mutant):
    return int(re.match(r"L(\d+):", mutant.id).group(1))


def compiled(text, mutant, filename):
    tree = ast.parse(text)
    node = next(itertools.islice(nodes(tree), mutant.node, None))
    value = getattr(node, mutant.field)
    if mutant.index is None:
        setattr(node, mutant.field, mutant.make(value))
    else:
        value[mutant.index] = mutant.make(value[mutant.index])
    return compile(ast.fix_missing_locations(tree), filename, "exec")
