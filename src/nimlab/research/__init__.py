"""Research tools: periodicity of sequences, sweeps over families of games (Dask), pictures.

* :mod:`nimlab.research.periodicity` - is a sequence ultimately (arithmetically) periodic, with
  the evidence, and a proof where one exists (NIM(A));
* :mod:`nimlab.research.sequences` - the sequences nimlab computes (rows of the Sharing Nim table,
  nim-sequences, P/N indicators, the cash function f(n));
* :mod:`nimlab.research.sweeps` - claim checks over families of games, one Dask job per member,
  results appended to a CSV file that a rerun extends;
* :mod:`nimlab.research.plots` - Matplotlib figures (PDF, PNG or SVG; the same bytes for the same command);
* :mod:`nimlab.research.records` - record tables (Sharing Nim, Wythoff) computed into a
  directory, resumable after an interruption, and their summaries (``nimlab record``).
"""
