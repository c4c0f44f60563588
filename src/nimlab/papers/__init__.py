"""The four papers, one subpackage each.

Each paper ``nimlab.papers.<name>`` is split the same way:

* ``formulas`` - the paper's closed forms and definitions, coded from its statements.  They
  register nothing and import nothing from :mod:`nimlab.claims`, so the hints
  (:mod:`nimlab.strategy`) and the prover can use them freely;
* ``claims_*`` - the paper's checkable statements, one module per section (or group of sections),
  each a list ``CLAIMS`` of declarative :class:`nimlab.claims.Claim` rows;
* ``artifacts`` - the paper's tables, lists and figures, regenerated and compared with the print.

:func:`nimlab.claims.load_all` imports every ``claims_*`` and ``artifacts`` module.
"""

#: Paper key -> the file in ``shared/papers`` and its title.
PAPERS = {
    "sharing": "sharing-nim.txt (Ho, Three-pile Sharing Nim)",
    "fibonacci": "multiple-fibonacci-nim.txt (Zhou, Multiple Fibonacci Nim)",
    "end-nim": "end-nim.txt (Cairns and Ho, Some Remarks on End-Nim)",
    "cash": "nim-with-cash.txt (Gasarch and Purtilo, NIM with Cash)",
}

#: Paper key -> the subpackage holding it.
PACKAGES = {"sharing": "sharing", "fibonacci": "fibonacci", "end-nim": "endnim", "cash": "cash"}

#: Paper key -> the prefix of its claim ids.
ID_PREFIX = {"sharing": "sharing.", "fibonacci": "fib.", "end-nim": "endnim.", "cash": "cash."}
