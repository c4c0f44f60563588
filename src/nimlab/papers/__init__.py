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

from nimlab.references import PAPERS as _REFERENCES

#: Paper key -> its heading: author-year and the title (the data are in :mod:`nimlab.references`).
PAPERS = {key: f"{p.short}: {p.title}" for key, p in _REFERENCES.items()}

#: Paper key -> the subpackage holding it.
PACKAGES = {"sharing": "sharing", "fibonacci": "fibonacci", "end-nim": "endnim", "cash": "cash"}

#: Paper key -> the prefix of its claim ids.
ID_PREFIX = {"sharing": "sharing.", "fibonacci": "fib.", "end-nim": "endnim.", "cash": "cash."}
