"""``nimlab record``: a record table (Sharing Nim, Wythoff, an octal game's nim-sequence) computed
in a resumable directory."""

from __future__ import annotations

import signal
import sys
import time
from pathlib import Path

import click

from nimlab.cli import common
from nimlab.cli.common import emit_json, json_option


def _duration(seconds: float) -> str:
    seconds = int(seconds)
    hours, rest = divmod(seconds, 3600)
    return f"{hours}h{rest // 60:02d}m" if hours else f"{rest // 60}m{rest % 60:02d}s"


class Status:
    """One status line on stderr: share of the work, elapsed time and ETA (from the work done
    in this session, so a resumed run is not flattered by the part done before)."""

    def __init__(self, label: str, enabled: bool):
        self.label, self.enabled = label, enabled
        self.began = time.monotonic()
        self.first: int | None = None
        self.shown = 0.0
        self.tty = sys.stderr.isatty()

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled:
            return
        now = time.monotonic()
        if self.first is None:
            self.first, self.began = done, now
        if now - self.shown < (1 if self.tty else 30) and done < total:
            return
        self.shown = now
        share = done / max(total, 1)
        gained = (done - self.first) / max(total, 1)
        elapsed = now - self.began
        eta = "-" if gained <= 0 else _duration(elapsed * (1 - share) / gained)
        line = (f"{self.label}: {100 * share:5.1f}% of the work, {_duration(elapsed)} this "
                f"session, about {eta} to go")
        end = "\r" if self.tty and done < total else "\n"
        print(line, end=end, file=sys.stderr, flush=True)


def _terminate(signum, frame):  # SIGTERM / SIGHUP end like Ctrl-C: checkpoint, then stop
    raise KeyboardInterrupt


@click.command("record")
@click.argument("game", metavar="GAME", type=click.Choice(["sharing", "wythoff", "octal"]))
@click.option("--max", "bound", type=click.IntRange(min=0), required=True,
              help="sharing: the largest pile b; wythoff: both piles; octal: the largest heap.")
@click.option("--code", default=None, help="octal: the game's code, e.g. 0.1777.")
@click.option("--dir", "directory", type=common.Path(file_okay=False), required=True,
              help="Directory of the run: values.bin and record.json (a checkpoint).")
@click.option("--checkpoint", "checkpoint_seconds", type=common.Seconds(min=0), default=60,
              show_default=True, metavar="SECONDS", help="Checkpoint at least this often.")
@click.option("--threads/--one-thread", default=True, show_default=True,
              help="Use every core while that is faster than one (measured as it runs).")
@click.option("--quiet", is_flag=True, help="No status line.")
@json_option
def command(game: str, bound: int, code: str | None, directory: str, checkpoint_seconds: float,
            threads: bool, quiet: bool, as_json: bool) -> None:
    """Compute a record table of GAME up to --max in --dir, resumably.

    Only the half the kernel computes is written (sharing: column b, a = 0..b/2; wythoff: row
    a, b = a..N) to DIR/values.bin; DIR/record.json is the checkpoint.  Ctrl-C or SIGTERM
    checkpoints and stops; the same command later continues where it stopped, and a killed run
    continues from its last checkpoint.  See docs/RECORDS.md.

    octal: the nim-sequence G(0..N) of the game --code, by the sparse-space kernel, as int32 in
    DIR/values.bin; at the end record.json holds the verdict of the octal periodicity theorem
    on the whole sequence (period, preperiod, proven or not).

    \b
    nimlab record sharing --max 100000 --dir records/sharing-100000
    nimlab record octal --code 0.1777 --max 443139469 --dir records/0.1777
    """
    from nimlab.errors import InputError
    from nimlab.kernels import check_memory
    from nimlab.research import records

    if (code is None) != (game != "octal"):
        raise InputError("--code is for octal records, which need it" if game == "octal"
                         else f"--code is for octal records, not {game}")
    need = (records.octal_record_bytes(bound) if game == "octal"
            else records.record_bytes(game, bound))["memory"]
    what = f"the octal record of {code} up to {bound}" if code else f"the {game} record up to " \
        f"{bound}"
    check_memory(need, what)
    for signum in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, _terminate)
    status = Status(f"{game} {code} up to {bound}" if code else f"{game} up to {bound}",
                    not quiet and not as_json)
    unit = "heaps" if code else "lines"
    try:
        if code:
            result = records.run_octal_record(code, bound, directory, progress=status,
                                              threads=threads,
                                              checkpoint_seconds=checkpoint_seconds)
        else:
            result = records.run_record(game, bound, directory, progress=status,
                                        parallel=threads, checkpoint_seconds=checkpoint_seconds)
    except KeyboardInterrupt:
        state = records.read_state(Path(directory)) or {}
        click.echo(f"nimlab: interrupted; {state.get('done', 0):,} of {bound + 1:,} {unit} are "
                   f"kept in {directory}; run the same command to continue", err=True)
        sys.exit(130)
    if as_json:
        emit_json(result.to_json())
        return
    state = result.state
    if code:
        click.echo(f"octal game {state['code']} up to heap {bound:,}: finished, "
                   f"{state['bytes']:,} bytes in {directory}/values.bin, sha256 "
                   f"{state['sha256']}, {state['seconds']:,.1f} s of computation in all; largest "
                   f"value {state['largest']:,}; {state['verdict']}")
        if state["period"].get("proof"):
            click.echo(f"proof: {state['period']['proof']}")
        return
    click.echo(f"{game} record up to {bound}: finished, {state['bytes']:,} bytes in "
               f"{directory}/values.bin, sha256 {state['sha256']}, "
               f"{state['seconds']:,.1f} s of computation in all")
