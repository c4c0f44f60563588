"""C. Zhou, "Computer Implementation of Multiple Fibonacci Nim" (2005).

A position ``(a_1, ..., a_n; x)`` lists the piles and the previous removal ``x`` (``x = 0``: the
first move, which may not take a whole pile).

* :mod:`.formulas` - the paper's definitions and the conditions of its theorems (those that
  speak of followers take the outcome function ``P(piles, x)`` as an argument);
* :mod:`.algorithms` - the paper's algorithms (PPos1, PPos2, PPos3, Mult2FibGame, mFib3Win),
  written in Python from their descriptions;
* :mod:`.computed` - the computed side: the generic solver on
  :class:`nimlab.games.FibonacciNim` (factor 2), the Fibonacci kernel's tables, the boxes;
* ``claims_sec1`` to ``claims_sec4`` - the claims, by section;
* :mod:`.artifacts` - the one-, two- and three-pile P-position lists.
"""
