"""The papers' statements from Python: :func:`verify` (``nimlab verify``), :func:`prove`
(``nimlab prove``), :func:`reproduce` (``nimlab reproduce``).

>>> report = verify("sharing.thm1", bound=30)
>>> report["sharing.thm1"].status
'holds'
>>> prove("nim", piles=2, p_positions="p1 = p2").status
'proven'
"""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any, Sequence

from nimlab import __version__, fileio
from nimlab.errors import InputError
from nimlab.lab.inputs import budget, option_text, progress_of, whole
from nimlab.results.claims import ClaimCheck, ProofReport, ProofResult, ReproduceReport, \
    VerifyReport

__all__ = ["verify", "claim_rows", "prove", "reproduce", "check_claims", "output_directory"]


def a_wythoff(game: str | None, a: Any, tool: str) -> int | None:
    """``--a`` of ``prove``/``discover``: Wythoff's game only; ``a = 1`` is Wythoff's game
    itself (nothing to pass on: ``None``); ``a >= 2`` is returned, to pass on: both tools read
    it in the Ostrowski numeration of its Beatty pairs (``ost[][A]``)."""
    if a is None:
        return None
    from nimlab.games.nim import parse_a

    value = parse_a(a)
    if game != "wythoff":
        raise InputError(f"--a applies to wythoff only (Fraenkel's a-Wythoff game), not to "
                         f"{game or 'claims'} ({tool})")
    return None if value == 1 else value


def _ids(ids: Sequence[str]) -> tuple[str, ...]:
    for claim_id in ids:
        if not isinstance(claim_id, str):
            raise InputError(f"claims: give claim ids as strings, not {claim_id!r}")
    return tuple(ids)


def check_claims(claims, bound: int | None, progress: Any = None) -> list:
    """Run each claim's check (the computation), reporting ``progress(done, total)``."""
    claims = list(claims)
    if bound is not None:
        for claim in claims:  # every refusal before any work
            claim.check_bound(bound)
    return [claim.run(bound) for claim in counted(claims, progress_of(progress, "verifying"))]


def counted(items: Sequence, update) -> Any:
    """``items`` one by one, reporting ``update(done, total)`` before each and at the end."""
    for done, item in enumerate(items):
        update(done, len(items))
        yield item
    update(len(items), len(items))


def claim_rows(*ids: str, paper: str | None = None) -> list[dict]:
    """The claims selected, without checking them (``nimlab verify --list --json``)."""
    # The claims and the registered proofs are imported by the calls that use them only, so
    # that `nimlab prove GAME ...` starts fast.
    from nimlab.claims import select

    chosen = select(_ids(ids), paper)
    if not chosen:
        raise InputError("no claims selected")
    return [{"id": c.id, "paper": c.paper, "place": c.place, "kind": c.kind,
             "statement": c.statement, "default_bound": c.default_bound,
             "bound_help": c.bound_help, "corrects": c.corrects} for c in chosen]


def verify(*ids: str, paper: str | None = None, bound: int | None = None, prove: bool = False,
           progress: Any = None) -> VerifyReport:
    """Check the papers' claims (all, one ``paper``'s, or the ``ids`` given by id or prefix)
    against exhaustive computation up to each claim's box (or ``bound``); proofs for all
    positions already recorded are attached (``prove=True`` runs them first)."""
    from nimlab.claims import select
    from nimlab.prove.registered import attach_proofs

    chosen = select(_ids(ids), paper)
    if not chosen:
        raise InputError("no claims selected")
    results = check_claims(chosen, whole(bound, "bound"), progress)
    attach_proofs(results, prove=[c.id for c in chosen] if prove else ())
    return VerifyReport(tuple(ClaimCheck(r) for r in results))


def _game_proof(game: str, piles, options: dict, base, p_positions, value, given, holds,
                max_states, time_limit, update, automata=None) -> ProofResult:
    from nimlab.prove.games import game_formula
    from nimlab.prove.procedure import run

    chosen = [x for x in (p_positions, value, holds) if x]
    if len(chosen) != 1:
        raise InputError(f"`nimlab prove {game}` needs exactly one of --p-positions FORMULA, "
                         "--value G FORMULA (with --given) or --holds FORMULA")
    gf = game_formula(game, piles, **options)
    if base:
        gf.base = base
    if p_positions:
        result = run(gf, "p-positions", p_positions, max_states=max_states,
                     time_limit=time_limit, progress=update, automata=automata)
        title = f"the P-positions of {gf.describe()} are exactly {{{p_positions}}}"
    elif value:
        g, formula = value
        if isinstance(given, str):
            given = given.split(";")
        given_list = [t.strip() for t in (given or ()) if t.strip()]
        result = run(gf, "value", formula, value=g, given=given_list, max_states=max_states,
                     time_limit=time_limit, progress=update, automata=automata)
        title = f"the positions of value {g} of {gf.describe()} are exactly {{{formula}}}"
    else:
        result = run(gf, "sentence", holds, max_states=max_states, time_limit=time_limit,
                     progress=update, automata=automata)
        title = f"{{{holds}}} holds at every position of {gf.describe()}"
    return ProofResult(result, title)


def _automata(given: Any):
    """``automata=`` of :func:`prove`: ``None``, a mapping, or directories of saved automata."""
    from collections.abc import Mapping

    if given is None or isinstance(given, Mapping):
        return given
    from nimlab.prove.library import Directories

    if isinstance(given, (str, Path)):
        given = [given]
    return Directories(list(given))


def prove(*targets: str, p_positions: str | None = None, value: tuple[int, str] | None = None,
          given: Any = None, holds: str | None = None, piles: int | None = None,
          base: str | None = None, paper: str | None = None, list: bool = False,
          max_states: int = 200_000, time_limit: float = 600.0, progress: Any = None,
          automata: Any = None, **options: Any) -> ProofResult | ProofReport:
    """Decide a statement for ALL positions with automata (``nimlab prove``).

    ``prove("nim", piles=3, p_positions="p1 ^ p2 = p3")`` decides a formula about a game (one of
    ``p_positions``, ``value=(g, formula)`` with ``given``, ``holds``) and returns a
    :class:`~nimlab.results.ProofResult`; ``prove("sharing.thm2")`` or ``prove(paper="all")``
    proves registered claims (:class:`~nimlab.results.ProofReport`); ``list=True`` lists them.
    ``automata`` resolves the atoms ``$name(...)``: a mapping ``name -> (DFA, base)`` or a list
    of directories holding ``name.txt`` in Walnut's format (:mod:`nimlab.prove.library`).

    About a game (``targets`` is its name), one statement:

    * ``p_positions="p1 ^ p2 = p3"``: the P-positions are exactly the positions of the formula;
    * ``value=(1, "formula")``: the positions of value 1 are exactly those of the formula,
      ``given`` the formulas of the smaller values (a list, value 0 first);
    * ``holds="A p1 ..."``: a sentence about the game is true;

    with ``piles`` (the number of piles), ``base`` (a numeration: ``"2"``, ``"fib"``, ``"3"``,
    ``"fib3"``, ... - see :mod:`nimlab.prove.numerations`), the game's options
    (``variant``, ``set``, ``edges``, ``factor``; ``a``: Fraenkel's a-Wythoff game, read in
    the Ostrowski numeration of ``[0; a, a, ...]`` by default).  Registered
    claims: their ids as ``targets``, or ``paper=`` a paper or ``"all"``.  Budget:
    ``max_states`` (automaton states) and ``time_limit`` (seconds); ``progress=True`` shows a
    bar.
    """
    from nimlab.prove.games import GAME_NAMES

    targets = _ids(targets)
    for name in options:
        if name not in ("variant", "set", "edges", "factor", "code", "a"):
            raise InputError(f"unknown option {name!r} for nimlab.prove; the options are: "
                             "p_positions, value, given, holds, piles, base, paper, list, "
                             "max_states, time_limit, progress, automata, variant, set, edges, "
                             "factor, code, a")
    options = {k: option_text(k, v) for k, v in options.items()}
    a = a_wythoff(targets[0] if targets else None, options.pop("a", None), "prove")
    if a is not None:
        options["a"] = a
    states, seconds = whole(max_states, "max_states", 10), budget(None, time_limit).time_limit
    update = progress_of(progress, "proving")
    if base is not None:
        from nimlab.prove.numerations import get
        base = get(str(base)).name  # a one-line error for an unknown numeration
    if targets:
        from nimlab.games.registry import needs_formula, user_games
        from nimlab.prove.games import game_formula

        if targets[0] == "octal":
            game_formula("octal")  # its refusal, with the tool that answers
        needs_formula(targets[0], "prove")
    if targets and (targets[0] in GAME_NAMES or targets[0] in user_games()):
        if len(targets) > 1:
            raise InputError(f"`nimlab prove {targets[0]}` takes no further arguments; give the "
                             "statement with --p-positions, --value or --holds")

        def progress_of_proof(done, total):
            update(done, total or None)
        return _game_proof(targets[0], whole(piles, "piles", 1), options,
                           None if base is None else str(base), p_positions, value, given,
                           holds, states, seconds, progress_of_proof, _automata(automata))
    if p_positions or value or holds or automata or \
            any(v is not None for v in options.values()):
        raise InputError("--p-positions, --value, --holds, --automata and game options need a "
                         "game first: "
                         f"nimlab prove GAME ... (games: {', '.join(GAME_NAMES)})")
    if not targets and not paper and not list:
        raise InputError("give a game (nimlab prove nim --piles 3 --p-positions FORMULA), claim "
                         "ids (nimlab prove sharing.thm2) or --paper all")
    from nimlab.prove.registered import prove_claim, select as select_registered

    claims = select_registered(targets or None, paper)
    if list:
        return ProofReport([{"id": c.id, "paper": c.paper, "game": c.game_formula().describe(),
                             "kind": c.kind, "formula": c.formula, "proves": c.proves,
                             "scope": c.scope, "requires": [*c.requires]} for c in claims], True)
    results = [prove_claim(claim, states, seconds) for claim in counted(claims, update)]
    return ProofReport({"claims": results,
                        "proven": sum(r["status"] == "proven" for r in results),
                        "disproven": sum(r["status"] == "disproven" for r in results)})


def output_directory(path: Any, force: bool = False, create: bool = True) -> Path:
    """``out``, created now if missing and ``create`` (its parent must exist; nothing else is
    created).  A directory that already holds files is refused unless ``force``: a second run
    never replaces the first one's reports silently."""
    directory = fileio.named(path, "output directory")
    if directory.exists() and not directory.is_dir():
        raise InputError(f"--out {path}: this is a file, not a directory")
    if directory.is_dir():
        held = sorted(p.name for p in directory.iterdir())
        if held and not force:
            shown = ", ".join(held[:3]) + (f" and {len(held) - 3} more" if len(held) > 3 else "")
            what = ("give --force to replace its reports" if REPORTS & set(held) else
                    "it holds no reports of nimlab; give --force to write into it anyway")
            raise InputError(f"--out {path} is not empty ({shown}): nothing was overwritten; "
                             f"{what}, or choose a new --out")
        return directory
    fileio.check_target(directory)  # its parent exists (nothing is created above it)
    if create:
        directory.mkdir(exist_ok=True)
    return directory


#: The reports ``nimlab reproduce`` writes into its --out directory.
REPORTS = {"report.md", "report.json", "errata.md"}


def reproduce(*artifacts: str, out: Any, claims: bool = True, force: bool = False,
              progress: Any = None) -> ReproduceReport:
    """Regenerate the papers' tables, lists and figures (``artifacts``: ids, a paper, or all)
    into the directory ``out`` and compare them with the papers; writes report.md, report.json
    and errata.md there (``nimlab reproduce``).  A non-empty ``out`` is refused unless
    ``force`` (the report's ``replaced`` says whether earlier reports were replaced).

    ``claims``: check the claims too, for the report and the errata: every claim of a paper
    whose artifacts are all reproduced, else only those stated at the chosen artifacts' places
    (:func:`~nimlab.claims.artifacts.claims_of`)."""
    from nimlab.claims.artifacts import claims_of, select_artifacts
    from nimlab.claims.report import (errata_markdown, errata_proof_ids, report_markdown,
                                       run_facts)
    from nimlab.prove.registered import attach_proofs

    chosen = select_artifacts(_ids(artifacts))  # an unknown id fails before out is created
    replaced = Path(out).is_dir() and any(Path(out).iterdir())
    directory = output_directory(out, force, create=False)
    # Everything is made in a directory beside ``out`` and moved in at the end: an interrupted
    # run (Ctrl-C, SIGTERM, a full disk) leaves no file, and a rerun finds ``out`` as it was.
    with fileio.staged_directory(directory) as staging:
        update = progress_of(progress, "reproducing")
        steps = len(chosen) + (1 if claims else 0)  # the claims' check is the last step
        done = []
        for number, item in enumerate(chosen):
            update(number, steps)
            done.append(item.run(staging))
        update(len(chosen), steps)
        checked, scope = claims_of(chosen) if claims else ([], "Claims not checked.")
        results = check_claims(checked, None)
        update(steps, steps)
        # The errata cite a corrected statement as proven only from a proof run now.
        attach_proofs(results, prove=errata_proof_ids(results))
        command = "nimlab reproduce " + (" ".join(_ids(artifacts)) or "all")
        facts = run_facts(command)
        fileio.write_text(staging / "report.md", report_markdown(results, done, scope, facts))
        fileio.write_json(staging / "report.json",
                          {"made_by": facts, "artifacts": done,
                           "claims": [r.to_dict() for r in results]}, indent=1)
        stamp = datetime.datetime.now(datetime.timezone.utc).date().isoformat()
        fileio.write_text(staging / "errata.md",
                          errata_markdown(results, done, __version__, stamp, command))
    summary = {"out": str(directory), "artifacts": len(done),
               "matching": sum(a["matches"] for a in done), "claims": len(results),
               "failing": sum(r.status in ("fails", "refuted") for r in results)}
    return ReproduceReport(summary, tuple(done), tuple(ClaimCheck(r) for r in results),
                           tuple((a.id, a.description) for a in chosen), replaced)


def errata(*ids: str, paper: str | None = None) -> "Errata":
    """The papers' errata (``nimlab errata``): each statement that fails and each printed datum
    that differs, with what the paper says, what is true, the smallest counterexamples and the
    correction with its status (a :class:`~nimlab.results.errata.Errata`).

    ``ids`` (claim or artifact ids, or their beginnings: ``"cash.thm6"``) and ``paper``
    (sharing, fibonacci, end-nim, cash or all) choose entries.  Read from the errata page that
    ``nimlab reproduce all`` writes (docs/ERRATA.md, the web lab's errata page): instant, and
    the same everywhere; ``nimlab verify ID`` checks one again."""
    from importlib import resources

    from nimlab.claims.report import errata_stamp, read_errata
    from nimlab.papers import PAPERS
    from nimlab.results.errata import Errata, truth

    ids = _ids(ids)
    if paper is not None and paper != "all" and paper not in PAPERS:
        raise InputError(f"unknown paper {paper!r}; the papers: {', '.join(PAPERS)} or all")
    text = (resources.files("nimlab") / "web" / "ERRATA.md").read_text(encoding="utf-8")
    version, date = errata_stamp(text) or ("unknown", "unknown")
    entries = [{**e, "true": truth(e)} for e in read_errata(text)
               if paper in (None, "all") or e["paper"] == paper]
    if ids:
        def chosen(entry_id: str, wanted: str) -> bool:
            """An id or a prefix of ids, as `nimlab verify` reads them (``cash.thm``)."""
            return entry_id.startswith(wanted)

        for wanted in ids:
            if not any(chosen(e["id"], wanted) for e in entries):
                raise InputError(f"no erratum {wanted!r}" + (f" of the paper {paper}" if paper
                                                             else "")
                                 + "; `nimlab errata` lists them all (a claim that holds has "
                                   "none: `nimlab verify ID`)")
        entries = [e for e in entries if any(chosen(e["id"], w) for w in ids)]
    return Errata(version, date, tuple(entries))
