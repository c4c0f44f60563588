"""The teacher of the active learner: exact membership on demand, and equivalence by boxes and proof.

:class:`Teacher` answers the learner of :mod:`nimlab.discover.active`:

* **membership**: the game's exact table (:attr:`nimlab.discover.oracle.Source.table`) over
  numbers below ``side``, grown when a word asks for a larger number (to the width of whole
  words of ``L`` digits, at least doubling; refused past ``--max-digits``, the table's reach or
  the machine's memory: :class:`OutOfReach`);
* **equivalence, on a box**: :meth:`Teacher.box_check` runs the hypothesis on every position of
  the box of ``L`` digits, slab by slab (a slab is a range of positions in the box's order,
  ``SLAB`` at a time, so memory stays one slab whatever the box), and returns the smallest
  positions where it is wrong (least largest number, then least sum, then lexicographically);
  with a Dask client the slabs are tasks on the cluster's workers, each of which reads the table
  from its own store, and the answer is the same;
* **equivalence, for all positions**: the prover (:func:`nimlab.discover.search.prove_sets`);
  its counterexample ``q`` breaks a condition of the P-set (or value set), so the hypothesis is
  wrong at ``q`` or at one of ``q``'s options: :meth:`Teacher.explain` finds which.

:func:`learn_level` is the loop: close the table, check boxes of growing size (cheap first),
then prove; every counterexample goes back to the learner.
"""

from __future__ import annotations

import itertools
import math
import time
from typing import Any

import numpy as np

from nimlab.discover import learn, oracle
from nimlab.discover.active import Learner, Words
from nimlab.errors import InputError, gigabytes
from nimlab.progress import Progress, quiet
from nimlab.prove import automata as am

#: Positions of one slab of a box check.
SLAB = 1 << 22
#: Positions of the largest box checked before a hypothesis goes to the prover.
CHECK_CELLS = 1 << 21
#: Counterexamples a box check returns at most (the smallest).
KEEP = 16
#: Options of a counterexample checked at once (looked at batch by batch until a mistake).
EXPLAIN_BATCH = 1 << 14
#: Positions of the table drawn at random to test a hypothesis that passed the boxes, before
#: it goes to the prover (a wrong hypothesis can cost a proof far more than this).
RANDOM_CHECKS = 1 << 14
#: Draws of the random checks when a proof passed its budget (:meth:`Teacher.harder_check`).
HARDER_ROUNDS = 8


#: Called as ``ROUND_HOOK(g, rounds)`` at the start of each round of :func:`learn_level`,
#: after the checkpoint is saved (tests interrupt a run there); None: nothing.
ROUND_HOOK = None


class OutOfReach(Exception):
    """A budget ends the learning: ``str()`` says which, and what would go further."""


class Stop(Exception):
    """The time limit passed (raised from a table's progress callback)."""


def _smallest(P: np.ndarray, keep: int) -> np.ndarray:
    """The ``keep`` smallest rows of ``P``: least largest number, least sum, lexicographic."""
    if len(P) <= 1:
        return P
    keys = [P[:, t] for t in range(P.shape[1] - 1, -1, -1)] + [P.sum(axis=1), P.max(axis=1)]
    return P[np.lexsort(keys)[:keep]]


def _digit_table(side: int, L: int, base: str) -> np.ndarray:
    """``D[v, i]``: digit ``i`` (most significant first) of the ``L``-digit word of ``v``."""
    return learn.digits(L, base)[:side].astype(np.uint8)


def check_slab(values, g: int, trans: np.ndarray, accept: np.ndarray, base: str, L: int,
               tracks: int, lo: int, hi: int, keep: int = KEEP) -> np.ndarray:
    """The smallest positions of box ``L`` with flat index in ``lo..hi-1`` (C order) where the
    automaton ``(trans, accept)`` disagrees with ``values(P) == g``."""
    from nimlab.kernels.automata import accepted

    side = learn.width(L, base)
    D = _digit_table(side, L, base)
    flat = np.arange(lo, hi, dtype=np.int64)
    P = np.empty((hi - lo, tracks), dtype=np.int64)
    for t in range(tracks - 1, -1, -1):
        flat, P[:, t] = np.divmod(flat, side)
    del flat
    wrong = accepted(trans, accept, D, tracks, lo, hi, learn.radix(base)) != (values(P) == g)
    return _smallest(P[wrong], keep)


_WORKER_TABLES: dict = {}


def _slab_task(spec: tuple, side: int, g: int, trans, accept, base, L, tracks, lo, hi):
    """A box-check slab on a Dask worker: the table from the worker's own store (kept for the
    next slab of the same box), for values up to ``g`` (a table of the values below some
    bound only, as one-pile Fibonacci Nim's, answers ``g`` exactly)."""
    game, piles, options = spec
    key = (spec, side, g)
    if key not in _WORKER_TABLES:
        _WORKER_TABLES.clear()
        _WORKER_TABLES[key] = oracle.source(game, piles, dict(options),
                                            top_value=g).table(side, quiet)
    return check_slab(_WORKER_TABLES[key], g, trans, accept, base, L, tracks, lo, hi)


class Teacher:
    """Membership and equivalence for the value-``g`` set of one game (module docstring)."""

    def __init__(self, gf, src: oracle.Source, spec: tuple, g: int, *, max_digits: int,
                 deadline: float, client=None, check_cells: int = CHECK_CELLS,
                 max_memory: int | None = None):
        self.gf, self.src, self.spec, self.g = gf, src, spec, g
        self.base, self.tracks = gf.base, len(gf.names)
        self.words = Words(self.base, self.tracks)
        self.max_digits, self.deadline = max_digits, deadline
        self.max_memory = max_memory  # bytes a table may take (None: the store's own check)
        self.client, self.check_cells = client, check_cells
        self.side, self.values = 0, None
        self.rate = 0.0  # positions a second of the box checks (0: not measured yet)
        self.table_seconds = 0.0
        #: (side, seconds) of each table made: the pace that says whether the next one fits
        self.tables: list[tuple[int, float]] = []
        self.largest_box = 0
        self.seen: list[tuple] = []  # the counterexamples found so far (pumped by random_check)

    # ---------------------------------------------------------------- membership
    def _tick(self, done, total) -> None:
        if time.monotonic() > self.deadline:
            raise Stop()

    def grow(self, needed: int) -> None:
        """Make the table cover the numbers ``0..needed-1`` (whole words of some length, at
        least doubling; at most ``--max-digits`` digits)."""
        if needed <= self.side:
            return
        L = 1
        while learn.width(L, self.base) < max(needed, 2 * self.side):
            L += 1
        if L > self.max_digits:
            if needed > learn.width(self.max_digits, self.base):
                raise OutOfReach(f"the words need numbers up to {needed - 1}, past --max-digits "
                                 f"{self.max_digits}")
            L = self.max_digits
        side = learn.width(L, self.base)
        if side > self.src.reach >= needed:  # as far as the table reaches
            side = self.src.reach
        if side > self.src.reach:
            raise OutOfReach(f"the words need numbers up to {needed - 1}, past the reach of "
                             f"{self.src.describe} (numbers below {self.src.reach})")
        need = self.src.nbytes(side) if self.src.nbytes is not None else None
        if need is not None and self.max_memory is not None and need > self.max_memory:
            raise OutOfReach(f"the table for numbers below {side:,} needs about "
                             f"{gigabytes(need)} GB, over the memory cap of "
                             f"{gigabytes(self.max_memory)} GB (--max-memory)")
        started = time.monotonic()
        if started + self.table_guess(side) > self.deadline:
            # a kernel may not look at the clock while it works: a table that cannot be done
            # within the time left is not started
            raise Stop()
        try:
            self.values = self.src.table(side, self._tick)
        except InputError as refused:  # the store's memory refusal, one line
            raise OutOfReach(f"the table for numbers below {side} is refused: {refused}") \
                from None
        took = time.monotonic() - started
        self.table_seconds += took
        self.tables.append((side, took))
        self.side = side

    def table_guess(self, side: int) -> float:
        """Seconds a table of numbers below ``side`` should take, at the pace of the last ones:
        their time grows as a power of the side, measured from the last two tables that took
        long enough to time (1, linear, until then; at most 4); 0 before any table."""
        if not self.tables:
            return 0.0
        last_side, last_seconds = self.tables[-1]
        power = 1.0
        timed = [(n, t) for n, t in self.tables if t >= 0.05]
        if len(timed) >= 2 and timed[-1][0] > timed[-2][0]:
            (n1, t1), (n2, t2) = timed[-2:]
            power = min(max(math.log(t2 / t1) / math.log(n2 / n1), 1.0), 4.0)
        return last_seconds * (side / last_side) ** power

    def member(self, P: np.ndarray, valid: np.ndarray) -> np.ndarray:
        """0/1 membership of the rows of ``P``, 2 where the word is not valid."""
        out = np.full(len(P), 2, dtype=np.uint8)
        if valid.any():
            Q = P[valid]
            need = self.src.need(Q) if self.src.need else int(Q.max()) + 1
            reach = self.src.value_reach
            if self.g > 0 and reach is not None and need > reach:
                raise OutOfReach(f"the words need numbers up to {need - 1}, past the table of "
                                 f"values of {self.src.describe} (numbers below {reach:,}; "
                                 "past it, only the P-positions are known)")
            self.grow(need)
            out[valid] = self.values(Q) == self.g
        return out

    # ---------------------------------------------------------------- equivalence
    def box_ladder(self) -> list[int]:
        """The boxes checked before a proof: 1 digit up to the largest within ``check_cells``
        and ``--max-digits``."""
        out, L = [], 1
        while L <= self.max_digits and learn.width(L, self.base) ** self.tracks <= \
                max(self.check_cells, learn.width(2, self.base) ** self.tracks):
            out.append(L)
            L += 1
        return out

    def box_check(self, dfa: am.DFA, L: int) -> list[tuple]:
        """The smallest positions of the ``L``-digit box where ``dfa`` is wrong."""
        side = learn.width(L, self.base)
        total = side ** self.tracks
        if self.rate and time.monotonic() + total / self.rate > self.deadline:
            raise OutOfReach(f"the check of the box of {L} digits ({total:,} positions) would "
                             f"take about {total / self.rate:.0f} s, past --time-limit")
        self.grow(side)
        checking = time.monotonic()
        bounds = [(lo, min(lo + SLAB, total)) for lo in range(0, total, SLAB)]
        found = []
        if self.client is not None and len(bounds) > 1:
            futures = [self.client.submit(_slab_task, self.spec, self.side, self.g, dfa.trans,
                                          dfa.accept, self.base, L, self.tracks, lo, hi,
                                          pure=False) for lo, hi in bounds]
            try:
                for f in futures:
                    remaining = self.deadline - time.monotonic()
                    if remaining <= 0:
                        raise Stop()
                    found.append(f.result(timeout=remaining))
            except TimeoutError:
                raise Stop() from None
            finally:
                self.client.cancel(futures)
        else:
            for lo, hi in bounds:
                if time.monotonic() > self.deadline:
                    raise Stop()
                found.append(check_slab(self.values, self.g, dfa.trans, dfa.accept, self.base,
                                        L, self.tracks, lo, hi))
        self.largest_box = max(self.largest_box, L)
        if total >= SLAB // 4:  # positions a second, measured on boxes long enough to time
            self.rate = total / max(time.monotonic() - checking, 1e-6)
        P = np.concatenate(found) if found else np.zeros((0, self.tracks), dtype=np.int64)
        return [tuple(int(v) for v in p) for p in _smallest(P, KEEP)]

    def random_check(self, dfa: am.DFA, seed: int) -> list[tuple]:
        """The smallest of :data:`RANDOM_CHECKS` positions of the table made so far (no table
        is grown, but to the source's :attr:`~Source.check_side`), drawn with ``seed``, where
        ``dfa`` is wrong.  Half are drawn a number of
        digits at a time (a length for each number, up to the table's, then a number below that
        width); half are the earlier counterexamples' words pumped: a piece of the word
        repeated in place, or one letter changed (a wrong hypothesis is often wrong again on
        longer words of the same shape, as the counterexamples grow); and as many again where
        the game's source says the set's boundary lies (:attr:`Source.probes`), if it does."""
        if self.src.check_side is not None and self.side < self.src.check_side:
            try:  # a table cheap enough to build for the checks alone, if it fits the time
                self.grow(self.src.check_side)
            except (OutOfReach, Stop):  # the deadline, if passed, ends the search after this
                pass
        if self.side <= learn.width(max(self.largest_box, 1), self.base):
            return []  # the boxes saw the whole table
        rng = np.random.default_rng(seed)
        top = 0
        while learn.width(top + 1, self.base) <= self.side:
            top += 1
        count = RANDOM_CHECKS // 2 if self.seen else RANDOM_CHECKS
        lengths = rng.integers(1, top + 1, size=(count, self.tracks))
        widths = np.array([learn.width(int(n), self.base) for n in range(top + 1)],
                          dtype=np.int64)
        P = (rng.random((count, self.tracks)) * widths[lengths]).astype(np.int64)
        P = np.minimum(P, self.side - 1)
        if self.seen:
            P = np.concatenate([P, self._pumped(rng, RANDOM_CHECKS - count, top)])
        if self.src.probes is not None:  # where the game says its boundary lies
            P = np.concatenate([P, np.asarray(self.src.probes(rng, RANDOM_CHECKS, self.side),
                                              dtype=np.int64).reshape(-1, self.tracks)])
        wrong = self.words.accepts(dfa, P) != (self.member(P, np.ones(len(P), bool)) == 1)
        return [tuple(int(v) for v in p) for p in _smallest(P[wrong], KEEP)]

    def harder_check(self, dfa: am.DFA, seed: int, rounds: int = HARDER_ROUNDS) -> list[tuple]:
        """Where ``dfa`` is wrong, looked for harder (a proof passed its budget): the table
        grown to four times the source's :attr:`~Source.check_side` when it has one (within the
        memory cap and the time left), then ``rounds`` draws of :meth:`random_check`."""
        if self.src.check_side is not None:
            try:
                self.grow(4 * self.src.check_side)
            except (OutOfReach, Stop):
                pass
        for k in range(rounds):
            if time.monotonic() > self.deadline:
                break
            wrong = self.random_check(dfa, seed=seed + 7919 * (k + 1))
            if wrong:
                return wrong
        return []

    def _pumped(self, rng, count: int, top: int) -> np.ndarray:
        """``count`` variants of the counterexamples seen (valid words, numbers below the
        table's side): a factor repeated 1-3 times where it stands, or a letter changed."""
        out = []
        seen = self.seen[-64:]
        for _ in range(count):
            word = list(self.words.word(seen[int(rng.integers(len(seen)))]))
            if len(word) >= 2 and rng.random() < 0.75:
                i = int(rng.integers(len(word)))
                j = int(rng.integers(i + 1, len(word) + 1))
                word = word[:j] + word[i:j] * int(rng.integers(1, 4)) + word[j:]
            elif word:
                word[int(rng.integers(len(word)))] = int(rng.integers(self.words.letters))
            if len(word) <= top:
                out.append(word)
        if not out:
            return np.zeros((0, self.tracks), dtype=np.int64)
        width = max(len(w) for w in out)
        W = np.zeros((len(out), width), dtype=np.int64)
        for r, w in enumerate(out):
            W[r, width - len(w):] = w
        P, valid = self.words.numbers(W)
        return P[valid & (P < self.side).all(axis=1)]

    def options(self, position: tuple):
        """The positions one move from ``position``, as tuples of the prover's variables, one
        at a time (a pile of millions has millions)."""
        from nimlab.prove.refute import _flat  # the prover's own flattening of a position

        from nimlab.games.base import ImpartialGame

        game, k = self.gf.make_game(), self.tracks
        start = self.gf.to_game(tuple(position))
        if type(game).options is not ImpartialGame.options:  # a game's own: its list
            after = iter(game.successors(start))
        elif game.primitive(start):
            return
        else:  # the base class's options, one at a time
            after = (q for q in map(lambda m: game.do_move(start, m), game.legal_moves(start))
                     if not (game.misere and game.primitive(q)))
        for q in after:
            flat = _flat(q)
            yield (0,) * (k - len(flat)) + flat

    def explain(self, dfa: am.DFA, position: tuple, move_to: tuple | None = None) -> list[tuple]:
        """Positions among ``position``, the option ``move_to`` the prover names, and the other
        options, where ``dfa`` is wrong: the first ones found (options are looked at
        :data:`EXPLAIN_BATCH` at a time, and the search stops at a batch with a mistake)."""
        first = [tuple(position)] + ([tuple(move_to)] if move_to is not None else [])
        found = self.disagreements(dfa, first)
        options = self.options(position)
        while not found:
            batch = list(itertools.islice(options, EXPLAIN_BATCH))
            if not batch:
                break
            found = self.disagreements(dfa, batch)
        return found

    def disagreements(self, dfa: am.DFA, positions: list[tuple]) -> list[tuple]:
        """The positions (in their order) where ``dfa`` and the table disagree, all at once."""
        positions = [tuple(p) for p in positions if len(p) == self.tracks]
        if not positions:
            return []
        if max(max(p) for p in positions) >= 1 << 62:  # e.g. a prover's counterexample
            raise OutOfReach(f"a counterexample of the proof, {','.join(map(str, positions[0]))}"
                             ", is past the numbers a table can hold (2^62)")
        P = np.asarray(positions, dtype=np.int64).reshape(len(positions), self.tracks)
        wrong = self.words.accepts(dfa, P) != (self.member(P, np.ones(len(P), bool)) == 1)
        return [positions[i] for i in np.flatnonzero(wrong)]


def learn_level(gf, src: oracle.Source, spec: tuple, g: int, given, name: str, *,
                max_digits: int, max_states: int, deadline: float, prove_states: int,
                client=None, check_cells: int = CHECK_CELLS, max_memory: int | None = None,
                progress: Progress = quiet, state: dict | None = None,
                save=None) -> dict[str, Any]:
    """Learn and prove the value-``g`` set actively.  The dict: ``dfa`` (proven) or None,
    ``status`` (proven / none / unknown), ``why``, ``certificate`` (the lower bound), ``rounds``
    (states after each hypothesis), ``digits`` (largest box checked), ``proofs``.

    ``state`` (a resumed run, :mod:`nimlab.discover.resume`): the access words ``S``, the
    suffixes ``E``, the ``pending`` counterexamples, ``rounds`` and ``proofs`` to start from;
    the table is rebuilt by asking the teacher.  ``save(S, E, pending, rounds, proofs)`` is
    called at the start of each round (then :data:`ROUND_HOOK`, if set, with ``(g, round)``)."""
    from nimlab.discover.proofs import prove_sets

    teacher = Teacher(gf, src, spec, g, max_digits=max_digits, deadline=deadline,
                      client=client, check_cells=check_cells, max_memory=max_memory)
    learner = Learner(teacher.words, teacher.member)
    names = gf.names
    rounds: list[dict] = []
    proofs: list[dict] = []
    ladder = teacher.box_ladder()
    pending: list[tuple] = []
    if state is not None:  # the table itself is rebuilt from S and E by close()
        learner.S, learner.E = list(state["S"]), list(state["E"])
        pending = list(state["pending"])
        rounds, proofs = list(state["rounds"]), list(state["proofs"])
    started = time.monotonic()

    def answer(status: str, why: str = "", dfa=None, proof=None, hypothesis=None) -> dict:
        return {"dfa": dfa, "hypothesis": hypothesis, "status": status, "why": why,
                "certificate": learner.certificate(),
                "rounds": rounds, "digits": teacher.largest_box, "proofs": proofs,
                "proof": proof, "queries": learner.queries, "suffixes": len(learner.E),
                "table": teacher.side, "seconds": time.monotonic() - started}

    try:
        teacher.grow(learn.width(ladder[-1], teacher.base))  # one table for every box checked
        for a in range(1, teacher.words.letters):
            learner.add_suffix((a,))
        while True:
            if save is not None:
                save(learner.S, learner.E, pending, rounds, proofs)
            if ROUND_HOOK is not None:
                ROUND_HOOK(g, len(rounds))
            if time.monotonic() > deadline:
                raise Stop()
            if not learner.close(max_states):
                cert = learner.certificate()
                if cert.bound > max_states:
                    return answer("none", f"{cert.bound} words are pairwise separated on exact "
                                          f"data{cert.convention()}: every automaton needs more "
                                          f"than --max-states {max_states} states")
                return answer("unknown", f"the hypothesis passed --max-states {max_states} "
                                         f"states; the certified lower bound is {cert.bound}")
            dfa = learner.hypothesis(names)
            rounds.append({"states": dfa.n, "suffixes": len(learner.E), "table": teacher.side,
                           "seconds": round(time.monotonic() - started, 3)})
            progress(dfa.n, 0)
            # counterexamples left from earlier rounds first (no box needed while one is wrong)
            pending = teacher.disagreements(dfa, pending)
            wrong: list[tuple] = []
            for L in ([] if pending else ladder):
                wrong = teacher.box_check(dfa, L)
                if wrong:
                    break
            if not wrong and not pending:
                wrong = teacher.random_check(dfa, seed=g * 1_000_003 + len(rounds))
            if not wrong and not pending:
                best = am.minimize(dfa)
                if gf.move is None:  # no move relation to prove it from: evidence only
                    return answer("unknown", f"a hypothesis of {best.n} states agrees with the "
                                             f"game's exact values on every box checked (up to "
                                             f"{teacher.largest_box} digits); a proof needs the "
                                             "game's move_formula", hypothesis=best)
                kind = "p-positions" if g == 0 else "value"
                left = deadline - time.monotonic()
                if left <= 0:
                    raise Stop()
                try:
                    result = prove_sets(gf, kind, (name, best), given, g, prove_states, left,
                                        progress)
                except am.Budget as stop:
                    # no proof within the budget: a harder look at the table may still find
                    # where the hypothesis is wrong, and the learning goes on from there
                    wrong = teacher.harder_check(dfa, seed=g * 1_000_003 + len(rounds))
                    proofs.append({"states": best.n, "status": "budget",
                                   "found_by_checks": len(wrong)})
                    if not wrong:
                        return answer("unknown", f"the proof of a {best.n}-state hypothesis "
                                                 f"passed its budget: {stop}")
                    result = None
                if result is not None:
                    proofs.append({"states": best.n, "status": result["status"],
                                   "seconds": result.get("seconds"),
                                   "counterexample": result.get("counterexample")})
                    if result["status"] == "proven":
                        return answer("proven", dfa=best, proof=result)
                    if result["status"] != "disproven":
                        return answer("unknown", f"the proof ended {result['status']}")
                    where = tuple(result["counterexample"]["position"])
                    wrong = teacher.explain(dfa, where, result["counterexample"].get("move_to"))
                    if not wrong:
                        raise AssertionError(f"the prover's counterexample {where} agrees with "
                                             "the table at the position and at its options")
            pending = wrong + pending
            teacher.seen.extend(wrong)
            progressed = False
            while pending and not progressed:  # one that refined the table stays: the next
                # hypothesis may still be wrong there, and it is asked again before any proof
                progressed = learner.counterexample(dfa, teacher.words.word(pending[0]))
                if not progressed:
                    pending.pop(0)
            if not progressed:
                raise AssertionError(f"the counterexamples {wrong[:3]} did not refine the table")
    except Stop:
        return answer("unknown", "the time limit passed")
    except OutOfReach as stop:
        return answer("unknown", str(stop))
