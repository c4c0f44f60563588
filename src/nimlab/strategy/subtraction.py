"""NIM(A) from its *proven* period: any heap size answered from a finite prefix.

``G(n) = mex{G(n - a) : a in A, a <= n}`` depends on the ``max(A)`` values before ``n`` once
``n >= max(A)``, so as soon as a stretch of ``period + max(A)`` terms repeats, the sequence is
periodic from there on for ever (:func:`nimlab.research.periodicity.find_periodicity` with
``window = max(A)`` proves it; Berlekamp, Conway and Guy, *Winning Ways*, ch. 4).  Only a
*proven* period answers a heap beyond the computed prefix; otherwise this fast path does not
apply and the solver (within its budget) takes over.
"""

from __future__ import annotations

from functools import lru_cache

from nimlab.games.base import Take
from nimlab.games.subtraction import SubtractionNim
from nimlab.strategy.base import Strategy, Verdict

#: Prefix lengths tried, in turn, until the period is proven.
PREFIXES = (256, 2048, 16384)
#: Larger sets are left to the solver (the prefix costs ``len(A)`` per term).
MAX_SET = 1000


def nim_sequence(subtraction_set: tuple[int, ...], count: int) -> list[int]:
    """``G(0), ..., G(count - 1)`` of NIM(A), directly from the recurrence."""
    values: list[int] = []
    for n in range(count):
        seen = {values[n - a] for a in subtraction_set if a <= n}
        g = 0
        while g in seen:
            g += 1
        values.append(g)
    return values


@lru_cache(maxsize=256)
def proven_period(subtraction_set: tuple[int, ...]) -> tuple[list[int], int, int, str] | None:
    """``(prefix, preperiod, period, proof)`` once the period is proven, else ``None``."""
    from nimlab.research.periodicity import find_periodicity

    if len(subtraction_set) > MAX_SET or subtraction_set[-1] * 4 > PREFIXES[-1]:
        return None
    window = subtraction_set[-1]
    for count in PREFIXES:
        if count < 4 * window:
            continue
        values = nim_sequence(subtraction_set, count)
        found = find_periodicity(values, window=window, max_period=count // 2,
                                 arithmetic=False)
        if found.status == "proven":
            return values, found.preperiod, found.period, found.proof
    return None


class PeriodStrategy(Strategy):
    name = "proven period"
    method = "proven period"

    def _period(self, game: SubtractionNim):
        return proven_period(game.set)

    def applies(self, game: SubtractionNim, position) -> bool:
        return self._period(game) is not None

    def closed_value(self, game: SubtractionNim, position: int) -> int:
        values, q, p, _ = self._period(game)
        n = position
        return values[n] if n < len(values) else values[q + (n - q) % p]

    def verdict(self, game: SubtractionNim, position: int) -> Verdict | None:
        found = self._period(game)
        if found is None:
            return None
        _, q, p, proof = found
        g = self.closed_value(game, position)
        sets = ",".join(map(str, game.set))
        source = (f"proven period of NIM({sets}): preperiod {q}, period {p} "
                  "(recurrence of memory max(A))")
        where = (f"{position} = {q} + {(position - q) // p} x {p} + {(position - q) % p}"
                 if position >= q else f"{position} < the preperiod {q}")
        reason = f"G({position}) = {g} by the proven period ({where}; {proof})"
        if g == 0:
            return Verdict(True, reason, source)
        return Verdict(False, reason, source)

    def candidates(self, game: SubtractionNim, position: int):
        return [Take(None, a, "stones") for a in game.removals(position)]

    def value_is_cheap(self, game: SubtractionNim, position) -> bool:
        return position <= 100_000
