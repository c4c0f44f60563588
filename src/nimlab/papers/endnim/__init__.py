"""G. Cairns and N. B. Ho, "Some Remarks on End-Nim" (2011).

* :mod:`.formulas` - the functions l, r, r_m, r_o of Section 2 and the conditions of Theorems
  2.1-2.3, Corollary 2.4 and Theorems 5.1-5.4, coded from the statements;
* :mod:`.computed` - the computed side: the End-Nim kernel's 2- and 3-pile tables (through
  :func:`nimlab.tables.endnim_table`), the generic solver for other rows, the boxes of rows;
* ``claims_sec1_3``, ``claims_sec4``, ``claims_sec5``, ``claims_sec6`` - the claims, by section;
* :mod:`.artifacts` - the 3-pile rows of value 0, 1 and 2.

Misere End-Nim follows nimlab's convention (normal play without the moves that end the game),
which is the one under which the paper's misere values hold.  Rows are written with
``a_1 <= a_k`` where a statement assumes it (reverse the row otherwise).
"""
