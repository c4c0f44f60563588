"""The formula language of ``nimlab prove``: tokens, the parser, regular expressions.

Grammar (loosest binding first)::

    formula  := quant | iff
    quant    := ("E" | "A") name ("," name)* "." formula     (extends as far right as it can)
    iff      := implies ("<=>" implies)*
    implies  := or ("=>" implies)?                           (right associative)
    or       := and ("|" and)*
    and      := unary ("&" unary)*
    unary    := "~" unary | quant | "(" formula ")" | atom | "true" | "false"
    atom     := term rel term | term "%" NUM ("=" | "!=") NUM | name "in" "REGEX"
              | "(" name ("," name)+ ")" "in" "REGEX" | "$" NAME "(" term ("," term)* ")"
    rel      := "=" | "!=" | "<" | "<=" | ">" | ">="
    term     := sum ("^" sum)*          (bitwise xor; base 2 only)
    sum      := prod (("+" | "-") prod)*
    prod     := NUM "*" factor | factor "*" NUM | factor
    factor   := NUM | name | "(" term ")"

Variables are lowercase names; ``E`` and ``A`` are the quantifiers over the naturals.
``v in "REGEX"`` holds when the digits of ``v`` (in the numeration of the proof, most significant
first), with some number of leading zeros, match REGEX (the numeration's digits, 0-9 then a-f,
and ``| * + ? ( ) .``; checked against the numeration when the formula is compiled).
``(u, v) in "REGEX"`` reads the digits of u and v side by side (the shorter padded with zeros):
a letter is written ``[10]`` (u's digit 1, v's digit 0); ``.`` is any letter.

``x - y`` is the difference of naturals where ``x >= y``; an atom (comparison or residue) with a
subtraction is **false** wherever one of its subtractions is undefined (so ``x - y = 0`` is false
at x = 1, y = 2, and so is ``x - y != 0``; ``~(x - y = 0)`` is true there).

``$name(t1, ..., tk)`` is a saved automaton applied to k terms: its i-th track reads ti (see
:mod:`nimlab.prove.walnut` and :mod:`nimlab.prove.library`).

**Depth.**  A formula may nest at most :data:`MAX_NESTING` levels (parentheses, ``~``,
quantifiers and ``=>`` each open a level); deeper formulas are refused in one line.  Chains of
``&``, ``|`` and ``<=>`` of any length are read iteratively and kept balanced, so they add only
the logarithm of their length to the depth of the syntax tree.

Syntax trees are tuples: ``("and", f, g)``, ``("E", name, f)``, ``("cmp", op, s, t)``,
``("mod", t, m, r, op)``, ``("in", names, regex)``, ``("auto", name, t1, ..., tk)``, terms
``("num", n)``, ``("var", v)``, ``("add", s, t)``, ``("sub", s, t)``, ``("mul", c, t)``,
``("xor", s, t)``.
"""

from __future__ import annotations

import contextlib
import re
import sys

from nimlab.errors import InputError, short_text

#: Deepest nesting of a formula (parentheses, ~, quantifiers, =>), see the module doc.
MAX_NESTING = 200

#: The recursion limit the parser and the compiler run under (deeper than MAX_NESTING needs).
RECURSION = 6_000


class FormulaError(InputError):
    """A formula that is not in the language (or not in the language of its numeration)."""


class RegexError(FormulaError):
    """A regular expression that is not in the language (never retried as another reading)."""


@contextlib.contextmanager
def deep_recursion():
    """Run the recursive walks of a formula of nesting up to MAX_NESTING; a RecursionError
    past it becomes a one-line :class:`FormulaError`."""
    old = sys.getrecursionlimit()
    if old < RECURSION:
        sys.setrecursionlimit(RECURSION)
    try:
        yield
    except RecursionError:
        raise FormulaError(f"the formula is nested too deeply for nimlab (at most "
                           f"{MAX_NESTING} levels of parentheses, ~, quantifiers and =>)") \
            from None
    finally:
        if old < RECURSION:
            sys.setrecursionlimit(old)


TOKEN = re.compile(r"""\s*(?:
    (?P<num>\d+) |
    (?P<auto>\$[A-Za-z_][A-Za-z0-9_]*) |
    (?P<name>[A-Za-z_][A-Za-z0-9_]*) |
    (?P<str>"[^"]*") |
    (?P<op><=>|=>|<=|>=|!=|[=<>~&|().,+*^%-])
)""", re.VERBOSE)

#: The most digits a constant of a formula may have (Python reads at most 4,300 by default).
MAX_DIGITS = 4_000


def constant(digits: str) -> int:
    """A formula's constant, read from its ``digits``; too many is a one-line
    :class:`FormulaError`."""
    if len(digits) > MAX_DIGITS:
        raise FormulaError(f"the constant {short_text(digits, 40)} has {len(digits):,} digits; a "
                           f"formula's constants have at most {MAX_DIGITS:,}")
    return int(digits)


RELS = ("=", "!=", "<", "<=", ">", ">=")
QUANTIFIERS = (("name", "E"), ("name", "A"))


def tokenize(text: str) -> list[tuple[str, str]]:
    tokens, pos = [], 0
    text = text.rstrip()
    while pos < len(text):
        m = TOKEN.match(text, pos)
        if not m or m.end() == pos:
            raise FormulaError(f"cannot read the formula at {text[pos:pos + 12]!r} (position "
                               f"{pos + 1}); see `nimlab prove --help` for the language")
        kind = m.lastgroup
        tokens.append((kind, m.group(kind)))
        pos = m.end()
    tokens.append(("end", ""))
    return tokens


def check_nesting(tokens: list[tuple[str, str]]) -> None:
    """Refuse (one line) a formula nested deeper than MAX_NESTING, before any recursion."""
    stack = [0]
    deepest = 0
    for i, token in enumerate(tokens):
        if token == ("op", "("):
            stack.append(0)
        elif token == ("op", ")"):
            if len(stack) > 1:
                stack.pop()
        elif token in (("op", "~"), ("op", "=>")) or (
                token in QUANTIFIERS and i + 1 < len(tokens) and tokens[i + 1][0] == "name"):
            stack[-1] += 1
        deepest = max(deepest, len(stack) - 1 + sum(stack))
        if deepest > MAX_NESTING:
            raise FormulaError(f"the formula nests more than {MAX_NESTING} levels (parentheses, "
                               "~, quantifiers and =>); nimlab reads at most that many: name "
                               "parts of it as saved automata or write it flatter")


def balanced(op: str, items: list):
    """``items[0] op items[1] op ...`` as a balanced tree (associative connectives)."""
    while len(items) > 1:
        paired = [(op, items[k], items[k + 1]) for k in range(0, len(items) - 1, 2)]
        if len(items) % 2:
            paired.append(items[-1])
        items = paired
    return items[0]


class Parser:
    def __init__(self, text: str):
        self.text = text
        self.tokens = tokenize(text)
        check_nesting(self.tokens)
        self.i = 0

    # helpers
    def peek(self, k: int = 0) -> tuple[str, str]:
        return self.tokens[min(self.i + k, len(self.tokens) - 1)]

    def accept(self, value: str) -> bool:
        if self.peek()[1] == value and self.peek()[0] in ("op", "name"):
            self.i += 1
            return True
        return False

    def expect(self, value: str) -> None:
        if not self.accept(value):
            self.fail(f"expected {value!r}")

    def fail(self, what: str):
        kind, value = self.peek()
        where = "the end" if kind == "end" else repr(value)
        raise FormulaError(f"formula {self.text!r}: {what} at {where}")

    # formulas
    def parse(self):
        f = self.formula()
        if self.peek()[0] != "end":
            self.fail("unexpected text")
        return f

    def formula(self):
        if self.peek() in QUANTIFIERS:
            return self.quant()
        return self.iff()

    def quant(self):
        q = self.peek()[1]
        self.i += 1
        names = [self.var_name()]
        while self.accept(","):
            names.append(self.var_name())
        self.expect(".")
        body = self.formula()
        for name in reversed(names):
            body = (q, name, body)
        return body

    def var_name(self) -> str:
        kind, value = self.peek()
        if kind != "name" or not value[0].islower() or value in ("in", "true", "false"):
            self.fail("expected a variable name (lowercase)")
        self.i += 1
        return value

    def iff(self):
        items = [self.implies()]
        while self.accept("<=>"):
            items.append(self.implies())
        return balanced("iff", items)

    def implies(self):
        f = self.disj()
        if self.accept("=>"):
            if self.peek() in QUANTIFIERS:
                return ("implies", f, self.quant())
            return ("implies", f, self.implies())
        return f

    def disj(self):
        items = [self.conj()]
        while self.accept("|"):
            items.append(self.quant() if self.peek() in QUANTIFIERS else self.conj())
        return balanced("or", items)

    def conj(self):
        items = [self.unary()]
        while self.accept("&"):
            items.append(self.unary())
        return balanced("and", items)

    def unary(self):
        if self.accept("~"):
            return ("not", self.unary())
        if self.peek() in QUANTIFIERS:
            return self.quant()
        if self.peek() == ("name", "true"):
            self.i += 1
            return ("true",)
        if self.peek() == ("name", "false"):
            self.i += 1
            return ("false",)
        if self.peek() == ("op", "("):
            saved = self.i
            try:
                return self.atom()
            except RegexError:
                raise
            except FormulaError:
                self.i = saved
            self.i += 1
            f = self.formula()
            self.expect(")")
            return f
        return self.atom()

    def automaton_atom(self):
        name = self.peek()[1][1:]
        self.i += 1
        self.expect("(")
        args = []
        if not self.accept(")"):
            args.append(self.term())
            while self.accept(","):
                args.append(self.term())
            self.expect(")")
        return ("auto", name) + tuple(args)

    def atom(self):
        kind, value = self.peek()
        if kind == "auto":
            return self.automaton_atom()
        names = None
        if kind == "name" and self.peek(1) == ("name", "in"):
            names = (self.var_name(),)
        elif (kind, value) == ("op", "(") and self.peek(1)[0] == "name" and \
                self.peek(2) == ("op", ","):
            self.i += 1
            names = [self.var_name()]
            while self.accept(","):
                names.append(self.var_name())
            self.expect(")")
            names = tuple(names)
            if len(set(names)) != len(names):
                raise RegexError(f"formula {self.text!r}: a variable repeats in the tuple "
                                 f"({', '.join(names)})")
            if self.peek() != ("name", "in"):
                self.fail('expected "in" after a tuple of variables')
        if names is not None:
            self.i += 1
            kind, text = self.peek()
            if kind != "str":
                self.fail('expected a quoted regular expression after "in"')
            self.i += 1
            regex = text[1:-1]
            parse_regex(regex, len(names), 16)  # validate now (digits: the numeration's, later)
            return ("in", names, regex)
        left = self.term()
        if self.accept("%"):
            m = self.number("a modulus")
            if m < 1:
                self.fail("the modulus must be at least 1")
            if self.accept("="):
                op = "="
            elif self.accept("!="):
                op = "!="
            else:
                self.fail("expected = or != after the modulus")
            r = self.number("a residue")
            return ("mod", left, m, r, op)
        kind, value = self.peek()
        if kind == "op" and value in RELS:
            self.i += 1
            return ("cmp", value, left, self.term())
        self.fail("expected a comparison (= != < <= > >=)")

    def number(self, what: str) -> int:
        kind, value = self.peek()
        if kind != "num":
            self.fail(f"expected {what}")
        self.i += 1
        return constant(value)

    # terms
    def term(self):
        t = self.sum()
        while self.accept("^"):
            t = ("xor", t, self.sum())
        return t

    def sum(self):
        t = self.prod()
        while True:
            if self.accept("+"):
                t = ("add", t, self.prod())
            elif self.accept("-"):
                t = ("sub", t, self.prod())
            else:
                return t

    def prod(self):
        kind, value = self.peek()
        if kind == "num" and self.peek(1) == ("op", "*"):
            self.i += 2
            return ("mul", constant(value), self.factor())
        f = self.factor()
        if self.accept("*"):
            return ("mul", self.number("a constant factor (only constant multiples are allowed)"),
                    f)
        return f

    def factor(self):
        kind, value = self.peek()
        if kind == "num":
            self.i += 1
            return ("num", constant(value))
        if kind == "name" and value[0].islower() and value not in ("in", "true", "false"):
            self.i += 1
            return ("var", value)
        if self.accept("("):
            t = self.term()
            self.expect(")")
            return t
        self.fail("expected a number, a variable or a parenthesised term")


def parse(text: str):
    """The syntax tree of ``text`` (tuples); raises :class:`FormulaError`."""
    if not str(text).strip():
        raise FormulaError("the formula is empty")
    with deep_recursion():
        return Parser(str(text)).parse()


# ====================================================================== walks of trees
def free_vars(node) -> set[str]:
    kind = node[0]
    if kind in ("E", "A"):
        return free_vars(node[2]) - {node[1]}
    if kind == "var":
        return {node[1]}
    if kind == "in":
        return set(node[1])
    out: set[str] = set()
    for child in node[1:]:
        if isinstance(child, tuple):
            out |= free_vars(child)
    return out


def automaton_names(node) -> set[str]:
    """The names of the saved automata a tree uses (``$name``)."""
    out: set[str] = set()
    stack = [node]
    while stack:
        n = stack.pop()
        if n[0] == "auto":
            out.add(n[1])
        stack.extend(c for c in n[1:] if isinstance(c, tuple) and c and isinstance(c[0], str))
    return out


# ====================================================================== regular expressions
def parse_regex(text: str, width: int = 1, radix: int = 2):
    """Parse a regular expression over letters of ``width`` digits (each ``0 .. radix-1``,
    written 0-9 then a-f) into a small tree."""
    pos = 0
    chars = "0123456789abcdef"[:radix]
    letters = [tuple((n // radix ** (width - 1 - i)) % radix for i in range(width))
               for n in range(radix ** width)]
    depth = deepest = 0
    for c in text:
        depth += (c == "(") - (c == ")")
        deepest = max(deepest, depth)
    if deepest > MAX_NESTING:
        raise RegexError(f'regular expression "{text[:20]}...": parentheses nested more than '
                         f"{MAX_NESTING} deep")
    digit_words = "0 and 1" if radix == 2 else f"0 to {chars[-1]}"

    def any_letter():
        return balanced("alt", [("sym", letter) for letter in letters])

    def alt():
        nonlocal pos
        items = [cat()]
        while pos < len(text) and text[pos] == "|":
            pos += 1
            items.append(cat())
        return balanced("alt", items)

    def cat():
        nonlocal pos
        items = [("eps",)]
        while pos < len(text) and text[pos] not in "|)":
            items.append(star())
        return balanced("cat", items)

    def star():
        nonlocal pos
        node = atom()
        while pos < len(text) and text[pos] in "*+?":
            node = ({"*": "star", "+": "plus", "?": "opt"}[text[pos]], node)
            pos += 1
        return node

    def atom():
        nonlocal pos
        c = text[pos]
        if c == "(":
            pos += 1
            node = alt()
            if pos >= len(text) or text[pos] != ")":
                raise RegexError(f'regular expression "{text}": missing ")"')
            pos += 1
            return node
        if c.lower() in chars and width == 1:
            pos += 1
            return ("sym", (int(c, 16),))
        if c == "[":
            end = text.find("]", pos)
            body = text[pos + 1:end].lower() if end > 0 else ""
            if end < 0 or len(body) != width or set(body) - set(chars):
                raise RegexError(f'regular expression "{text}": a letter is [d1...d{width}], '
                                 f"one digit {digit_words.replace('and', 'or')} per variable")
            pos = end + 1
            return ("sym", tuple(int(d, 16) for d in body))
        if c == ".":
            pos += 1
            return any_letter()
        if c == " ":
            pos += 1
            return ("eps",)
        raise RegexError(f'regular expression "{text}": {c!r} is not allowed (letters '
                         f'{digit_words if width == 1 else "[..] of " + str(width) + " digits"}, '
                         "and | * + ? ( ) .)")

    with deep_recursion():
        tree = alt()
    if pos != len(text):
        raise RegexError(f'regular expression "{text}": unbalanced ")"')
    return tree
