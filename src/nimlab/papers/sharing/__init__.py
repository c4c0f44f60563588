"""N. B. Ho, "Three-pile Sharing Nim" (2015), and its Graph Nim remarks (Section 7).

* :mod:`.formulas` - the paper's closed forms and definitions (Theorems 2 and 4, Remark 4's
  P-test, Remark 5's moves, the cases of Theorem 4's proof), coded from its statements;
* :mod:`.computed` - the computed side: the kernel's table ``G(0, a, b)`` and what the claims
  read from it;
* ``claims_sec*`` - the paper's checkable statements, by section, as declarative rows;
* :mod:`.artifacts` - Tables 1-3, the lists of Section 6, Figures 4-5 and Proposition 1's counts.

Positions ``(0, a, b)`` with ``a <= b`` stand for every translate ``(c, a + c, b + c)``
(Lemma 1); bounds are on ``b`` (the largest pile minus the smallest) unless a claim says
otherwise.
"""
