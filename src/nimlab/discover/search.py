"""``discover``: learn the automaton of a game's value-G positions from its tables, then prove it.

For each value ``g = 0, 1, ..., G`` in turn, one of two learners (the game's source says which
suits it: :attr:`nimlab.discover.oracle.Source.active`):

* **active** (:mod:`nimlab.discover.active`, :mod:`nimlab.discover.teacher`): L* asks the
  membership of the words it needs from the game's table, grown on demand; hypotheses are
  checked on boxes slab by slab (on Dask workers when a client is given), then proven;
* **box** (:mod:`nimlab.discover.learn`): grow the number of digits ``L`` of a whole box, compute
  the residual classes and the hypotheses that agree with the whole box; once the same
  hypothesis is found on two consecutive boxes, hand it to the prover.

The prover is :func:`nimlab.prove.procedure.run` (kind ``p-positions`` for ``g = 0``, ``value``
with the proven automata of the smaller values as the given sets); a disproof's counterexample
goes back to the learner.  Three answers:

* ``proven`` only after the proof;
* ``none`` only with a certified lower bound above ``max_states``: that many words, pairwise
  separated by suffixes on exact data (:class:`nimlab.discover.active.Certificate`, in the JSON);
* ``unknown`` otherwise, saying which budget ended, the lower bound reached, and what would go
  further.

Progress (:mod:`nimlab.progress`): ``progress(digits, 0)`` after each box learnt, and the
prover's own reports while a hypothesis is proved (``progress(k, conditions)`` per condition
decided, ``progress(states, 0)`` as automata are built), so a long proof shows it is working.
"""

from __future__ import annotations

import math
import re
import time
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from nimlab.discover import learn, oracle
from nimlab.discover.proofs import _atom, prove_sets, prove_statement  # noqa: F401 (re-export)
from nimlab.discover.slabs import residuals_by_slabs
from nimlab.discover.teacher import CHECK_CELLS
from nimlab.errors import InputError, about, available_memory, gigabytes, short_text
from nimlab.progress import Progress, quiet
from nimlab.prove import automata as am

#: Default budget: seconds, automaton states; boxes of the box learner: a share of the memory
#: (:func:`_memory_cells`), at least MAX_CELLS positions.
TIME_LIMIT = 600.0
MAX_STATES = 2000
MAX_CELLS = 1 << 25
#: The largest --value asked: each smaller value's set is learned and proven first, one
#: automaton each (the papers' questions ask for values below 10).
MAX_VALUE = 1000
#: Bytes of memory the learner needs per position of a box at most (measured: NIM(1,3,4) with
#: cash, three numbers of 10 digits, 2^30 positions, peak 12.2 GB, the table included).
LEARN_BYTES = 12
#: The default memory cap: this share of the memory available when the run starts (never of
#: the machine's: a second run beside it then finds a quarter left, not nothing).
MEMORY_SHARE = 0.5
#: Most states of a proof's automata by default (``prove_states``; less under a small cap).
PROVE_STATES = 200_000
#: Bytes a state of a proof's automata may take at most (measured: value 6 of one-pile
#: Fibonacci Nim, --prove-states 3,000,000, peak 8.0 GB with the tables).
PROVE_STATE_BYTES = 2700
#: Boxes start with this many digits.
START_DIGITS = 2


@dataclass(frozen=True)
class Discovery:
    """The answer of :func:`discover` (``to_json()`` is what ``nimlab discover --json`` prints)."""

    status: str  # "proven", "none" (a certified lower bound above max_states) or "unknown"
    game: str
    target: str  # "p-positions" or "value G"
    base: str
    variables: tuple[str, ...]
    states: int | None
    digits: int  # digits of the largest box examined
    seconds: float
    formula: str | None
    evidence: str
    name: str = "found"
    dfa: Any = None  # nimlab.prove.automata.DFA of the set (proven) or None
    given: tuple = ()  # ((name, DFA), ...) of the smaller values, proven first
    levels: tuple = ()  # one dict per value 0..G: states, digits, seconds, proof
    reason: str = ""
    #: the same set as a formula without automaton atoms (proven equal), when one is short
    form: str | None = None
    #: the certified lower bound on the states of the set's automaton (not proven: the words
    #: of :attr:`certificate` are pairwise separated), and the certificate itself
    lower_bound: int | None = None
    certificate: dict | None = None
    learner: str = ""  # "active" or "box"
    further: str = ""  # what would go further (unknown), with its estimate
    #: an automaton that agrees with the exact values on every box checked but is NOT proven
    #: (a game of one's own without a move_formula): evidence, never a result
    hypothesis: Any = None

    def to_json(self) -> dict:
        return {"status": self.status, "game": self.game, "target": self.target,
                "base": self.base, "variables": list(self.variables), "states": self.states,
                "digits": self.digits, "seconds": round(self.seconds, 3),
                "formula": self.formula, "evidence": self.evidence,
                "given": [{"name": n, "states": d.n} for n, d in self.given],
                "levels": list(self.levels), "reason": self.reason or None,
                "form": self.form, "learner": self.learner,
                "lower_bound": self.lower_bound, "certificate": self.certificate,
                "further": self.further or None,
                "hypothesis": None if self.hypothesis is None else {
                    "states": self.hypothesis.n, "proven": False,
                    "walnut": _walnut_text(self.hypothesis, self.base, self.variables)}}

    def walnut(self) -> str | None:
        """The automaton in Walnut's text format (None unless proven)."""
        if self.dfa is None:
            return None
        from nimlab.prove.walnut import dumps
        return dumps(self.dfa, self.base, self.variables)

    def __repr__(self) -> str:
        head = f"Discovery({self.status}: {self.game}, {self.target}"
        if self.status == "proven":
            return (f"{head}, {self.states} states, {self.digits} digits, "
                    f"{self.seconds:.1f} s: {self.formula})")
        if self.hypothesis is not None:  # evidence only (data, or a game without its moves)
            return (f"{head}, a hypothesis of {self.hypothesis.n} states, not proven, "
                    f"{self.seconds:.1f} s: {self.reason})")
        bound = "" if self.lower_bound is None else f", at least {self.lower_bound} states"
        return f"{head}{bound}, {self.seconds:.1f} s: {self.reason})"

    def _repr_html_(self) -> str:
        from html import escape
        rows = [("status", self.status), ("game", self.game), ("target", self.target),
                ("base", self.base), ("variables", ", ".join(self.variables)),
                ("states", self.states), ("digits examined", self.digits),
                ("seconds", f"{self.seconds:.2f}"), ("formula", self.formula),
                ("equal to", self.form), ("lower bound (states)", self.lower_bound),
                ("evidence", self.evidence), ("reason", self.reason),
                ("what would go further", self.further)]
        body = "".join(f"<tr><th style='text-align:left'>{escape(k)}</th>"
                       f"<td><code>{escape(str(v))}</code></td></tr>"
                       for k, v in rows if v not in (None, ""))
        return f"<table>{body}</table>"


def _walnut_text(dfa, base: str, variables) -> str:
    from nimlab.prove.walnut import dumps
    return dumps(dfa, base, variables)


def learnable(base: str) -> bool:
    """Whether discover's learners read words of this numeration: the active learner reads
    every numeration of the prover (:mod:`nimlab.prove.numerations`) word by word; the box
    learner only those whose prefixes are words of numbers too (:func:`learn.box_learnable`)."""
    from nimlab.prove.numerations import NumerationError, get

    try:
        get(base)
    except (NumerationError, ValueError, KeyError):
        return False
    return True


def _int64_digits(base: str) -> int:
    """The most digits of a number below 2^62 (the tables' numbers): 62 in base 2, more in
    numerations with smaller weights (about 130 for fib3)."""
    L = 1
    while learn.width(L + 1, base) <= 1 << 62:
        L += 1
    return L


def _digits_of(n: int, base: str) -> int:
    return len(am.encode(n, base))


def _canonical(dfa: am.DFA) -> tuple:
    """A comparable form of a minimal automaton (breadth-first numbering)."""
    number = {0: 0}
    queue = [0]
    for q in queue:
        for t in dfa.trans[q]:
            t = int(t)
            if t not in number:
                number[t] = len(queue)
                queue.append(t)
    return tuple((bool(dfa.accept[q]), tuple(number[int(t)] for t in dfa.trans[q]))
                 for q in queue)


#: Boxes of more positions than this are learnt slab by slab where the game's source can
#: (:attr:`nimlab.discover.oracle.Source.slab`), in slabs of at most this many positions.
SLAB_CELLS = 1 << 26
#: Bytes a position of a box learnt in slabs needs (measured: NIM(2,5) with cash, the 10-digit
#: box of 2^30 positions, peak 9.3 GB with the table, against 12.1 GB for the whole box; what
#: remains is the classes of the prefixes of up to L - 1 digits for the hypotheses).
SLAB_BYTES = 9


def _slab_digits(side: int, tracks: int) -> int:
    """The top digits of the first number that cut a box into slabs of SLAB_CELLS at most."""
    s = 0
    while side ** tracks >> s > SLAB_CELLS and (side >> s) > 1:
        s += 1
    return s


def _agrees_in_slabs(dfa: am.DFA, member, L: int, tracks: int, deadline: float) -> bool:
    """Whether ``dfa`` accepts exactly the box's members, checked slab by slab."""
    from nimlab.discover.teacher import SLAB, check_slab

    total = (1 << L) ** tracks
    for lo in range(0, total, SLAB):  # the check's slabs hold the positions' numbers: smaller
        if time.monotonic() > deadline:
            return False
        if len(check_slab(member, 1, dfa.trans, dfa.accept, "2", L, tracks, lo,
                          min(lo + SLAB, total), keep=1)):
            return False
    return True


class _Boxes:
    """The game's values on growing boxes (the largest box built is kept and sliced), or, for
    big base-2 boxes of a source that can, slab by slab from its table."""

    def __init__(self, src: oracle.Source, tracks: int, progress: Progress):
        self.src, self.tracks, self.progress = src, tracks, progress
        self.V = None
        self.part = None  # (side, slab function, table function)
        self.client, self.spec = None, None  # a Dask client takes the slabs, when given

    def slabbed(self, side: int, base: str):
        """The slab function of the box of this side, or None (the whole box is built)."""
        if self.src.slab is None or base != "2" or side ** self.tracks <= SLAB_CELLS:
            return None
        if self.part is None or self.part[0] != side:
            self.V = None  # a whole box of an earlier size is no longer needed
            self.part = (side, self.src.slab(side, self.progress),
                         self.src.table(side, self.progress))
        return self.part[1]

    def member(self, g: int):
        """Membership of positions (an array of rows) in the value-g set, from the table of
        the box :meth:`slabbed` set up."""
        values = self.part[2]
        return lambda P: values(P) == g

    def values(self, side: int) -> np.ndarray:
        if self.V is None or self.V.shape[0] < side:
            V = np.asarray(self.src.build(side, self.progress))
            small = V.dtype.itemsize > 2 and V.size and -2**15 <= V.min() and V.max() < 2**15
            self.V = V.astype(np.int16) if small else V  # two bytes a position at most
            assert self.V.shape == (side,) * self.tracks, (self.V.shape, side)
        return self.V[(slice(0, side),) * self.tracks]


def _evidence(history: list[dict], max_states: int, proven: bool = False) -> str:
    if not history:
        return "no box was examined"
    last = history[-1]
    counts, m = last["counts"], last["depth"]
    text = (f"classes at lengths 0..{len(counts) - 1} (suffixes of up to {m} digits, "
            f"box of {last['L']} digits): {', '.join(map(str, counts))}")
    found = [h for h in history[-2:] if h["states"] is not None]
    if proven:
        text += (f"; the automaton of {found[-1]['states']} states agreed with the boxes of "
                 f"{' and '.join(str(h['L']) for h in found[-2:])} digits, then was proven")
    elif found:
        text += (f"; automata agreeing with the box had "
                 f"{', '.join(str(h['states']) + ' states at ' + str(h['L']) + ' digits' for h in found)}"
                 ", none proven")
    else:
        sizes = " and ".join(str(h["L"]) for h in history[-2:])
        text += (f"; no automaton with at most {max_states} states agrees with the "
                 f"box{'es' if len(history) > 1 else ''} of {sizes} digits")
    return text


def _active_evidence(out: dict) -> str:
    rounds = out["rounds"]
    sizes = ", ".join(str(r["states"]) for r in rounds[-12:])
    more = "..., " if len(rounds) > 12 else ""
    said = (f"{len(rounds)} hypotheses of {more}{sizes} states" if rounds
            else "no hypothesis yet")
    text = (f"active learning: {said}; "
            f"{out['suffixes']} suffixes, {out['queries']:,} membership questions, table of "
            f"numbers below {out['table']:,}, boxes checked up to {out['digits']} digits")
    if out["proofs"]:
        text += f"; {len(out['proofs'])} proof(s) tried"
    return text


def _box_level(gf, src_boxes: _Boxes, g: int, given, name: str, base: str, *,
               max_states: int, **budget) -> dict:
    """The box learner's level, with its answer: proven, none (the residual classes of the
    last box certify more than ``max_states`` states) or unknown."""
    from nimlab.discover.active import box_certificate

    kept: list = []  # the last box's membership and residuals (the lower bound's data)
    out = _learn_level(gf, src_boxes, g, given, name, base, max_states=max_states, kept=kept,
                       **budget)
    out.update(learner="box", base=base, tracks=len(gf.names),
               per=SLAB_BYTES if src_boxes.src.slab is not None and base == "2" else LEARN_BYTES)
    if out["dfa"] is not None:
        out.update(status="proven", certificate=None)
        return out
    cert = None
    if kept:
        M, res = kept
        cert = box_certificate(M, res, out["history"][-1]["depth"], max_states + 1)
    out["certificate"] = cert
    if cert is not None and cert.bound > max_states:
        out.update(status="none", why=f"{cert.bound} words are pairwise separated on the box "
                                      f"of {res.L} digits{cert.convention()}: every automaton "
                                      f"needs more than --max-states {max_states} states")
    else:
        out["status"] = "unknown"
    return out


def _learn_level(gf, src_boxes: _Boxes, g: int, given, name: str, base: str, *,
                 max_digits: int, max_cells: int, max_states: int, deadline: float,
                 prove_states: int, progress: Progress, kept: list) -> dict:
    """Learn and prove the value-``g`` set; a dict with the DFA (or None) and the evidence."""
    tracks = len(gf.names)
    L = START_DIGITS
    previous = None
    history: list[dict] = []
    proofs: list[dict] = []
    largest = 0
    while True:
        if time.monotonic() > deadline:
            return {"dfa": None, "why": "the time limit passed", "history": history,
                    "digits": largest, "proofs": proofs}
        side = learn.width(L, base)
        if L > max_digits or side ** tracks > max_cells:
            why = (f"the next box ({L} digits, {side ** tracks:,} positions) passes "
                   f"{'--max-digits' if L > max_digits else f'the box budget ({max_cells:,} positions)'}")
            return {"dfa": None, "why": why, "history": history, "digits": largest,
                    "proofs": proofs}
        if history and history[-1].get("seconds"):
            # a box costs about its number of positions: refuse one that cannot end in time
            last = history[-1]
            estimate = last["seconds"] * side ** tracks / learn.width(last["L"], base) ** tracks
            if time.monotonic() + estimate > deadline:
                return {"dfa": None, "history": history, "digits": largest, "proofs": proofs,
                        "estimate": estimate,
                        "why": f"the next box ({L} digits) would take about {estimate:.0f} s, "
                               "past --time-limit"}
        # the table (and a first compilation) is set up before the clock of the box starts:
        # the estimate of the next box counts the learning only
        slabbed = src_boxes.slabbed(side, base)
        if slabbed:  # one slab at a time: the table, the rows' ids and a slab in memory
            M = src_boxes.member(g)
            box_started = time.monotonic()
            res = residuals_by_slabs(lambda lo, hi: slabbed(lo, hi) == g, tracks, L,
                                     _slab_digits(side, tracks), client=src_boxes.client,
                                     task=(src_boxes.spec, side, g))
        else:
            V = src_boxes.values(side)
            box_started = time.monotonic()
            M = V == g
            res = learn.residuals(M, base, L)
        kept[:] = [M, res]
        largest = L
        best = None
        for m in range(1, L):
            h = learn.hypothesis(res, m, max_states)
            if h is None or not (_agrees_in_slabs(h, M, L, tracks, deadline) if slabbed
                                 else learn.agrees(h, M, L, base)):
                continue
            h = am.minimize(am.DFA(gf.names, h.trans, h.accept))
            if best is None or h.n < best.n:
                best = h
        depth = max(1, L // 2)
        history.append({"L": L, "depth": depth, "counts": res.counts(depth),
                        "states": None if best is None else best.n,
                        "seconds": time.monotonic() - box_started})
        progress(L, 0)
        next_side = learn.width(L + 1, base)
        # the last box: the next one passes a budget, or cannot end in time (then a hypothesis
        # found here is proven now rather than waiting for a box that will not come)
        growth = next_side ** tracks / side ** tracks
        last_box = L + 1 > max_digits or next_side ** tracks > max_cells or \
            time.monotonic() + history[-1]["seconds"] * growth > deadline
        stable = previous is not None and best is not None and \
            _canonical(best) == _canonical(previous)
        if best is not None and (stable or last_box):
            kind = "p-positions" if g == 0 else "value"
            left = deadline - time.monotonic()
            if left <= 0:
                continue
            try:
                result = prove_sets(gf, kind, (name, best), given, g, prove_states, left,
                                    progress)
            except am.Budget as stop:
                return {"dfa": None, "history": history, "digits": largest, "proofs": proofs,
                        "why": f"the proof of a {best.n}-state hypothesis passed its budget: "
                               f"{stop}"}
            proofs.append({"digits": L, "states": best.n, "status": result["status"],
                           "seconds": result.get("seconds"),
                           "counterexample": result.get("counterexample")})
            if result["status"] == "proven":
                return {"dfa": best, "history": history, "digits": L, "proofs": proofs,
                        "proof": result}
            where = result["counterexample"]["position"]
            need = max(_digits_of(v, base) for v in where) + 1
            L = max(L + 1, need)
            previous = None
            continue
        previous = best
        L += 1


def discover(game: str, piles: int | None = None, *, value: int | None = None,
             p_positions: bool = False, base: str | None = None, max_digits: int | None = None,
             time_limit: float = TIME_LIMIT, max_states: int = MAX_STATES,
             max_cells: int | None = None, prove_states: int | None = None,
             name: str | None = None, learner: str = "auto", workers: int = 0, scheduler: str | None = None,
             check_cells: int | None = None, progress: Progress = quiet,
             max_memory: Any = None, resume: Any = None, restrict: str | None = None,
             **game_options) -> Discovery:
    """Find and prove the automaton of the positions of value ``value`` (or the P-positions).

    ``game`` and ``game_options`` as ``nimlab prove`` names them (``variant=``, ``set=``);
    ``base`` a numeration of the prover ("2", "fib", "fib3", "ost[][2]", ...; default: the
    game's own, as the prover reads it; the box learner reads base 2, "fib" and "fibK" only);
    ``learner`` "active", "box" or "auto" (the game's choice); ``prove_states``: the largest
    automaton of a proof (default 200,000, less under a small memory cap); ``workers`` (a local Dask cluster of that
    many processes) or ``scheduler`` (a cluster's address) run the active learner's box checks
    slab by slab on the cluster.  ``max_memory`` (bytes, or ``"2G"``): what the tables and
    boxes may take, by default half the memory available as the run starts; a table or box
    past it is not built, and the answer is ``unknown`` saying so.  ``resume`` (a directory):
    keep a checkpoint there and continue the run it holds (:mod:`nimlab.discover.resume`; the
    active learner only).  ``restrict`` (a formula over the position variables, ``"p1 = 0"``):
    learn the set inside that slice (:mod:`nimlab.discover.slices`): proven when every move
    from the slice stays in it, else a hypothesis (``unknown``) with the move that leaves.
    Raises :class:`~nimlab.errors.InputError` for bad input (unknown game, value < 0, ...).
    """
    from nimlab.prove.games import GAME_NAMES, game_formula

    started = time.monotonic()
    cap = memory_cap(max_memory)
    # integers read as everywhere else (nimlab.parsing): text or int, one-line refusals
    value = _integer(value, "value", 0)
    piles, max_digits = _integer(piles, "piles", 1), _integer(max_digits, "max_digits", 1)
    max_states, max_cells = _integer(max_states, "max_states", 1), _integer(max_cells,
                                                                           "max_cells", 1)
    if max_cells is None:  # the box learner's boxes: the memory share, a box a time
        max_cells = None
    if prove_states is None:  # the default, within the memory cap
        prove_states = max(1000, min(PROVE_STATES, cap // PROVE_STATE_BYTES))
    prove_states = _integer(prove_states, "prove_states", 1)
    if prove_states * PROVE_STATE_BYTES > cap:
        raise InputError(f"--prove-states {prove_states:,}: a proof's automata may take about "
                         f"{gigabytes(prove_states * PROVE_STATE_BYTES)} GB, over the memory cap "
                         f"of {gigabytes(cap)} GB; use --prove-states "
                         f"{max(1, cap // PROVE_STATE_BYTES):,} or less, or a larger --max-memory")
    if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)) or \
            not math.isfinite(time_limit):
        raise InputError(f"time_limit: give a finite number of seconds, not {time_limit!r}")
    if isinstance(base, int) and not isinstance(base, bool):
        base = str(base)  # base=2 as well as base="2"
    if not callable(progress):
        from nimlab.progress import reporter

        progress = reporter(progress, "discovering")  # progress=True: a bar, False: nothing
    if p_positions and value not in (None, 0):
        raise InputError("give --p-positions or --value G, not both")
    if value is None and not p_positions:
        raise InputError("say what to discover: --p-positions or --value G")
    target_value = 0 if value is None else int(value)
    if target_value < 0:
        raise InputError(f"a value is a natural number: --value {target_value} is below 0")
    if target_value > MAX_VALUE:
        raise InputError(f"--value {short_text(str(target_value), 40)}: discover learns and proves the sets "
                         f"of the values 0..G in turn, {about(target_value + 1)} automata; it "
                         f"takes --value {MAX_VALUE:,} at most")
    if learner not in ("auto", "active", "box"):
        raise InputError(f"unknown learner {learner!r}; use active, box or auto")
    workers = _integer(workers, "workers", 0)
    if base is not None and not learnable(base):
        from nimlab.prove.numerations import names_help

        raise InputError(f"unknown numeration --base {short_text(str(base), 40)}; "
                         f"{names_help()}")
    if time_limit <= 0 or max_states < 1:
        raise InputError("--time-limit and --max-states must be positive")
    options = {k: v for k, v in game_options.items() if v is not None}
    from nimlab.games.registry import is_own

    own = is_own(game)
    if game == "octal":
        game_formula(game, piles, **options)  # its refusal, with the tool that answers
    if game not in GAME_NAMES and not own:
        raise InputError(f"discover knows the games nim, wythoff, sharing, graph-nim, end-nim, "
                         f"subtraction, cash, fibonacci; not {game!r}")
    if own:  # learned from the game's values; proven only if it gives its move_formula
        from nimlab.prove.games import own_game_formula

        gf = own_game_formula(game, piles, options, need_moves=False)
        if gf.move is None and learner == "box":
            raise InputError(f"{game} gives no move_formula: discover learns it with the active "
                             "learner only (drop --learner box)")
    else:
        gf = game_formula(game, piles, **options)
    if base and base != gf.base:
        if gf.move is None or "^" in gf.move:
            raise InputError(f"{gf.describe()} cannot be read in base {base}: its moves use ^")
        gf = replace(gf, base=base, params={**gf.params, "base": base})
    base = gf.base
    if not learn.box_learnable(base):  # the active learner reads it word by word
        if learner == "box":
            raise InputError(f"{gf.describe()} lives in the numeration {base}, whose words' "
                             "prefixes need not be words of numbers: the box learner reads "
                             "base 2, Zeckendorf and fibK; drop --learner box (the active "
                             "learner reads it)")
        learner = "active"
    names = gf.names
    if tuple(sorted(names)) != names:
        raise InputError(f"discover handles at most 9 piles ({', '.join(names)})")
    piece = None
    if restrict is not None:
        if workers or scheduler:
            raise InputError("--restrict with --workers or --scheduler: the cluster's workers "
                             "would build the game's table without the slice; run it here")
        from nimlab.discover.slices import make_slice

        piece = make_slice(gf, restrict, prove_states, max(1.0, min(60.0, time_limit / 4)))
        domain = piece.formula if gf.domain.strip() in ("", "true") else \
            f"({gf.domain}) & ({piece.formula})"
        gf = replace(gf, domain=domain, move=gf.move if piece.closed else None,
                     params={**gf.params, "restrict": piece.formula})
    counting = [n for n in names if n != "x"]
    src = oracle.source(game, len(counting), options, top_value=target_value)
    if piece is not None:
        from nimlab.discover.slices import restricted

        src = restricted(src, piece, len(names))
    if target_value > 0 and not src.values:
        raise InputError(f"{gf.describe()}: nimlab's table of this game holds outcomes (P or N) "
                         f"only; discover --p-positions, not --value {target_value}")
    digits_cap = max_digits if max_digits is not None else _int64_digits(base)
    use = learner if learner != "auto" else ("active" if src.active else "box")
    if piece is not None and not piece.closed and use == "box":
        if learner == "box":
            raise InputError(f"{piece.why_unproven().split(';')[0]}: discover learns a "
                             "hypothesis there with the active learner only (drop --learner box)")
        use = "active"
    per = SLAB_BYTES if src.slab is not None and base == "2" else LEARN_BYTES
    if max_cells is None:
        max_cells = _memory_cells(per, cap)
    if max_digits is not None:  # a box (whole, or checked slab by slab) that fits in time
        if max_digits < 1:
            raise InputError("--max-digits must be at least 1")
        fit = _fit_digits(base, len(names), _memory_cells(per, cap))
        if max_digits > fit:  # refused before the box's size is computed (it may be huge)
            cells = learn.width(min(max_digits, 4 * fit + 64), base) ** len(names)
            more = "about" if max_digits <= 4 * fit + 64 else "more than"
            raise InputError(
                f"a box of {short_text(str(max_digits))} digits holds {more} {about(cells)} "
                f"positions of {len(names)} numbers ({more} {gigabytes(cells * per)} GB "
                f"to learn from); use --max-digits {fit} or less")
        max_cells = max(max_cells, learn.width(max_digits, base) ** len(names))
    if check_cells is None:
        check_cells = src.check_cells or CHECK_CELLS
        if max_digits is not None and use == "active":  # boxes up to --max-digits, in slabs
            check_cells = max(check_cells, learn.width(max_digits, base) ** len(names))
    target = ("p-positions" if value is None else f"value {target_value}") + \
        ("" if piece is None else f" {piece.describe()}")
    prefix = f"{name}_" if name else f"{game.replace('-', '_')}_"
    stem = name or prefix + ("p" if value is None else f"v{value}")
    deadline = started + time_limit
    checkpoint = None
    if resume is not None:
        if use != "active":
            raise InputError(f"--resume: only the active learner's runs can be resumed, and "
                             f"{gf.describe()} is learned by the box learner here "
                             "(--learner active to use the active one)")
        from nimlab.discover.resume import Checkpoint

        checkpoint = Checkpoint(resume, {
            "game": game, "piles": len(counting), "options": dict(sorted(options.items())),
            "target": target, "base": base, "variables": list(names), "name": name,
            "restrict": restrict},
            len(names))
    boxes = _Boxes(src, len(names), quiet)
    given: list[tuple[str, am.DFA]] = []
    levels = []
    answer = None
    spec = (game, len(counting), tuple(sorted(options.items())))
    client = None
    if workers or scheduler:  # the active learner's box checks, the box learner's slabs
        from nimlab.cluster import make_client
        client = make_client(scheduler, workers or 2, True)
    boxes.client, boxes.spec = client, spec
    try:
        # without a move formula nothing is proven, so the smaller values are not learned first
        for g in range(0 if gf.move is not None else target_value, target_value + 1):
            level_name = stem if g == target_value else f"{prefix}v{g}"
            t0 = time.monotonic()
            kept = checkpoint.proven(g, names, base) if checkpoint is not None else None
            if kept is not None:  # proven by an earlier run in the --resume directory
                dfa, entry = kept
                levels.append(entry["level"])
                if g == target_value:
                    form = _readable(gf, level_name, dfa, boxes, g, deadline, progress)
                    answer = Discovery("proven", gf.describe(), target, base, names, dfa.n,
                                       entry["level"]["digits"], time.monotonic() - started,
                                       _atom(level_name, names), entry.get("evidence", ""),
                                       stem, dfa, tuple(given), tuple(levels), form=form,
                                       learner=use)
                given.append((level_name, dfa))
                continue
            if use == "active":
                from nimlab.discover.teacher import learn_level

                save = None
                if checkpoint is not None:
                    def save(S, E, pending, rounds, proofs, g=g):
                        checkpoint.save(g, S, E, pending, rounds, proofs)
                out = learn_level(gf, src, spec, g, given, level_name,
                                  max_digits=digits_cap, max_states=max_states,
                                  deadline=deadline, prove_states=prove_states, client=client,
                                  check_cells=check_cells, max_memory=cap,
                                  progress=progress,
                                  state=None if checkpoint is None else checkpoint.state(g),
                                  save=save)
                evidence = _active_evidence(out)
            else:
                out = _box_level(gf, boxes, g, given, level_name, base, max_digits=digits_cap,
                                 max_cells=max_cells, max_states=max_states, deadline=deadline,
                                 prove_states=prove_states, progress=progress)
                evidence = _evidence(out["history"], max_states, out["dfa"] is not None)
            out["cap"], out["base"] = cap, base
            levels.append({"value": g, "states": None if out["dfa"] is None else out["dfa"].n,
                           "digits": out["digits"], "seconds": round(time.monotonic() - t0, 3),
                           "proofs": out["proofs"], "learner": use})
            if out["dfa"] is None:
                cert = out["certificate"]
                status = out["status"]
                if g < target_value:
                    # what was learned is about the value-g set, not the one asked: its bound
                    # and certificate are evidence only, and the answer can only be unknown
                    evidence = f"the value-{g} set was not found first: {evidence}"
                    status, cert = "unknown", None
                bound = cert.bound if cert is not None else None
                answer = Discovery(status, gf.describe(), target, base, names, None,
                                   out["digits"], time.monotonic() - started, None, evidence,
                                   stem, None, tuple(given), tuple(levels), out["why"],
                                   lower_bound=bound,
                                   certificate=None if cert is None else cert.to_json(names),
                                   learner=use,
                                   further=_further(out, use, time_limit, max_states,
                                                    time.monotonic() - started),
                                   hypothesis=out.get("hypothesis"))
                break
            if g == target_value:
                form = _readable(gf, level_name, out["dfa"], boxes, g, deadline, progress)
                answer = Discovery("proven", gf.describe(), target, base, names,
                                   out["dfa"].n, out["digits"], time.monotonic() - started,
                                   _atom(level_name, names), evidence, stem, out["dfa"],
                                   tuple(given), tuple(levels), form=form, learner=use)
            if checkpoint is not None:
                checkpoint.prove(g, level_name, out["dfa"], base, levels[-1], evidence)
            given.append((level_name, out["dfa"]))
    finally:
        if client is not None:
            from nimlab.cluster import close_client
            close_client(client)
    if piece is not None and not piece.closed and answer is not None and \
            answer.status == "unknown" and answer.hypothesis is not None:
        answer = replace(answer, reason=f"{answer.reason.split(';')[0]}; {piece.why_unproven()}",
                         further="a slice closed under moves (every move from it stays in it): "
                                 "then the values inside are proven as for the whole game")
    return answer


def _further(out: dict, learner: str, time_limit: float, max_states: int,
             spent: float) -> str:
    """What would go further than an ``unknown`` (or ``none``) answer, with its estimate."""
    if out["status"] == "none":
        return (f"nothing within --max-states {max_states}: a larger --max-states asks for a "
                "larger automaton")
    if out.get("hypothesis") is not None:
        return ("the game's moves as a formula, move_formula (docs/RULESETS.md), so that the "
                "prover can decide the hypothesis")
    why = out["why"]
    if "time limit" in why or "--time-limit" in why:
        if out.get("estimate"):  # the box learner's next box, estimated from the last one
            need = spent + 1.5 * out["estimate"]
            return (f"--time-limit {_seconds(max(need, 2 * time_limit))}: the next box alone "
                    f"would take about {out['estimate']:.0f} s at the last box's pace (compilation and table "
                    "set-up left out)")
        if learner == "active" and out.get("rounds"):
            last = out["rounds"][-1]
            return (f"--time-limit {_seconds(2 * time_limit)}: {last['states']} states after "
                    f"{last['seconds']:.1f} s, the table of numbers below {out['table']:,}; the "
                    "learner's pace cannot be extrapolated, so this asks for twice the time")
        return f"--time-limit {_seconds(2 * time_limit)} (this run took {spent:.1f} s)"
    if any(w in why for w in ("--max-digits", "memory", "refused", "reach", "box budget")):
        if learner == "box" and out.get("history"):
            last = out["history"][-1]
            L, base, tracks = last["L"], out["base"], out["tracks"]
            cells = learn.width(L + 1, base) ** tracks
            grow = cells / learn.width(L, base) ** tracks
            fit = _fit_digits(base, tracks, _memory_cells(out["per"], out.get("cap")))
            if L + 1 <= fit:
                return (f"--max-digits {L + 1} --time-limit {max(time_limit, 3 * last['seconds'] * grow):.0f}: "
                        f"a box of {cells:,} positions (about "
                        f"{gigabytes(cells * out['per'])} GB), about "
                        f"{last['seconds'] * grow:.0f} s at the last box's pace (compilation and "
                        "table set-up left out)")
            return (f"a box of {L + 1} digits ({cells:,} positions) needs about "
                    f"{gigabytes(cells * out['per'])} GB, past this machine's memory: "
                    "--learner active where the game's table is smaller than the box")
        if learner == "box":
            return "--learner active (asks only the words it needs)"
        given = re.search(r"past --max-digits (\d+)", why)
        if given and learn.width(int(given.group(1)) + 1, out.get("base", "2")) > 1 << 62:
            return ("numbers past 2^62, which no table of nimlab holds: a proof of the set from "
                    "a rule in words (nimlab prove), or a sign that the set is not automatic in "
                    "this numeration (the certified lower bound keeps growing)")
        if given:  # the active learner's words need longer numbers than allowed
            return (f"--max-digits {int(given.group(1)) + 1} (the words need numbers of more "
                    "digits; the table grows with them)")
        if "memory cap" in why and out.get("cap"):
            free = available_memory() or 0
            more = 4 * out["cap"]  # the tables grow four times when the numbers double
            if more <= free:
                return (f"--max-memory {gigabytes(more)}G (the next table is about four times "
                        "the last; the words need larger numbers)")
        return ("a machine with more memory (the table grows with the numbers the words need); "
                "--workers N spreads the box checks, not the table")
    if "proof" in why and "budget" in why:
        return ("a larger proof budget: --prove-states N (Python: discover(..., "
                "prove_states=N)); its automata take memory in proportion")
    return ""


def _seconds(value: float) -> str:
    """A time limit to suggest, never written as 0: whole seconds, or one decimal below 10."""
    return f"{value:.0f}" if value >= 10 else f"{max(value, 0.1):.1f}"


def _readable(gf, name: str, dfa: am.DFA, boxes: _Boxes, g: int, deadline: float,
              progress: Progress = quiet) -> str | None:
    """A formula without atoms for the set, proven equal to the automaton (or None)."""
    from nimlab.discover.forms import periodic_form, regex_form

    if dfa.n > 40:
        return None
    form = None
    if len(gf.names) == 1:  # one number: a box of 64 at least (the active learner has none)
        side = max(64, boxes.V.shape[0] if boxes.V is not None else 0)
        form = periodic_form(boxes.values(side) == g, gf.names[0])
    if form is None:
        form = regex_form(dfa, gf.names)
    left = deadline - time.monotonic()
    if form is None or left <= 1:
        return None
    try:
        result = prove_statement(gf, "sentence", f"{_atom(name, gf.names)} <=> ({form})",
                                 {name: (dfa, gf.base)}, max_states=20_000,
                                 time_limit=min(left, 30.0), progress=progress)
    except InputError:
        return None
    return form if result["status"] == "proven" else None


def _integer(given: Any, name: str, low: int) -> int | None:
    """An optional integer argument, read by :func:`nimlab.parsing.parse_bounded_int`."""
    from nimlab.parsing import parse_bounded_int

    return None if given is None else parse_bounded_int(given, name, minimum=low)


def memory_cap(max_memory: Any = None) -> int:
    """The memory a discovery may take, in bytes: ``max_memory`` (bytes, or a size such as
    ``"2G"``), else :data:`MEMORY_SHARE` of the memory available now."""
    from nimlab.parsing import parse_size

    if max_memory is None:
        free = available_memory()
        return int((free if free is not None else 8 * 2 ** 30) * MEMORY_SHARE)
    if isinstance(max_memory, bool) or not isinstance(max_memory, (int, str)):
        raise InputError(f"max_memory: give a size such as 2G or a number of bytes, not "
                         f"{max_memory!r}")
    cap = max_memory if isinstance(max_memory, int) else parse_size(max_memory, "--max-memory", zero="")
    if cap < 2 ** 26:
        raise InputError(f"--max-memory {max_memory}: at least 64M (Python and the tables' "
                         "first words need that much)")
    return cap


def _memory_cells(per: int = LEARN_BYTES, cap: int | None = None) -> int:
    """The most positions a box may hold: the memory cap (:func:`memory_cap`) at ``per``
    bytes each."""
    return (memory_cap() if cap is None else cap) // per


def _fit_digits(base: str, tracks: int, cells: int) -> int:
    L = 1
    while learn.width(L + 1, base) ** tracks <= cells:
        L += 1
    return L


def survey(game: str, piles: int | None = None, *, value: int = 0, base: str | None = None,
           max_digits: int = 8, max_cells: int = MAX_CELLS, **game_options) -> dict:
    """Residual class counts of the value-``value`` set alone on boxes of up to ``max_digits``
    digits, with no proof (the evidence for a set whose smaller values are not found)."""
    from nimlab.prove.games import game_formula

    options = {k: v for k, v in game_options.items() if v is not None}
    gf = game_formula(game, piles, **options)
    base = base or gf.base
    tracks = len(gf.names)
    src = oracle.source(game, len([n for n in gf.names if n != "x"]), options)
    boxes = _Boxes(src, tracks, quiet)
    history = []
    L = START_DIGITS
    while L <= max_digits and learn.width(L, base) ** tracks <= max_cells:
        M = boxes.values(learn.width(L, base)) == value
        res = learn.residuals(M, base, L)
        best = None
        for m in range(1, L):
            h = learn.hypothesis(res, m, MAX_STATES)
            if h is not None and learn.agrees(h, M, L, base):
                h = am.minimize(am.DFA(gf.names, h.trans, h.accept))
                best = h if best is None or h.n < best.n else best
        depth = max(1, L // 2)
        history.append({"L": L, "depth": depth, "counts": res.counts(depth),
                        "states": None if best is None else best.n})
        L += 1
    return {"evidence": _evidence(history, MAX_STATES), "history": history}
