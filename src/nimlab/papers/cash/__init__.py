"""Gasarch and Purtilo, "NIM with Cash" (2015), claim ids ``cash.*``.

* :mod:`.formulas` - the paper's closed forms and definitions (Def 4.1, Def 6.1, the winners
  Theorems 4.5, 6.7, 6.9 and 6.10 predict, the Appendix program), coded from its statements;
* :mod:`.game` - the computed side: the game's own winner tables, its cash function ``f`` of
  Def 7.1 and the normal and miserly strategies of Def 2.2, all from the rules alone;
* :mod:`.common` - what the claim and artifact modules share (labels, the state-grid check, the
  printed data expanded into cases);
* ``claims_sec1_3``, ``claims_sec4_5``, ``claims_sec6``, ``claims_sec7`` - the claim rows;
* :mod:`.artifacts` - the tables, lists and grids regenerated and compared with the print.
"""
