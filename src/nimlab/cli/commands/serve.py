"""``nimlab serve``: the web lab (play, explore, claims) on a local web server."""

from __future__ import annotations

import json
import socket
import sys

import click

from nimlab.cli.common import Seconds
from nimlab.errors import InputError
from nimlab.provenance import made_by


def _check_address(host: str, port: int) -> None:
    """Refuse in one line an address that cannot be bound (in use, or not this machine's)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as problem:
        raise InputError(f"cannot serve on {host}: {problem.strerror}; try --host 127.0.0.1")\
            from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as problem:
            raise InputError(f"cannot serve on {host}:{port}: {problem.strerror or problem}; "
                             "choose another --port (0 picks a free one)") from None


def _loopback(host: str) -> bool:
    import ipaddress

    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on; the default serves this machine only.")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True)
@click.option("--workers", type=click.IntRange(1, 32), default=2, show_default=True,
              help="Worker processes that solve requests.")
@click.option("--time-limit", type=Seconds(0.1, 3600), default=20.0, show_default=True,
              help="Seconds a request may take; its worker is then replaced.")
@click.option("--max-states", type=click.IntRange(min=1), default=2_000_000, show_default=True,
              help="Largest --max-states a request may use.")
@click.option("--claims", "claim_ids", multiple=True, metavar="ID",
              help="Check only these claims (id or prefix) on the claims page.")
@click.option("--claims-paper", default=None, help="Check only this paper's claims.")
@click.option("--claims-bound", type=click.IntRange(min=0), default=None,
              help="Box bound for every claim (default: each claim's own).")
@click.option("--allow-host", "allow_hosts", multiple=True, metavar="NAME",
              help="Also answer requests for this host name (IP addresses and localhost always "
                   "are; '*' allows any name, which opens the lab to DNS rebinding).")
@click.option("--queue", type=click.IntRange(0, 1000), default=16, show_default=True,
              help="Slow requests that may wait for a worker; more are refused (503).")
@click.option("--memory-limit", type=click.IntRange(64, 1_000_000), default=2048,
              show_default=True, help="MB a worker may hold while answering; it is then "
                                      "replaced and the request refused.")
@click.option("--json", "as_json", is_flag=True,
              help="Print the address as one JSON line when the server is ready.")
def command(host: str, port: int, workers: int, time_limit: float, max_states: int,
            claim_ids: tuple[str, ...], claims_paper: str | None, claims_bound: int | None,
            allow_hosts: tuple[str, ...], queue: int, memory_limit: int, as_json: bool) -> None:
    """Serve the web lab: play every game, explore tables as heatmaps, browse the claims.

    Open http://127.0.0.1:8000/ (the default).  Ctrl-C stops the server.
    """
    try:
        import uvicorn

        from nimlab.web.app import Settings, create_app
    except ImportError as missing:
        raise InputError(f"the web lab needs {missing.name}; install nimlab with pip "
                         "install . (it brings starlette and uvicorn)") from None
    _check_address(host, port)
    from nimlab.cli import ClosedOutput

    if isinstance(sys.stdout, ClosedOutput):  # its address could be told to no one
        raise InputError("standard output is closed: nimlab serve says its address there; "
                         "start it with an output (a terminal, a file or a pipe)")
    if not _loopback(host):
        click.echo(f"nimlab: warning: serving on {host}: the web lab has no authentication; "
                   "anyone who can reach this address can use it", err=True)
    settings = Settings(workers=workers, time_limit=time_limit, max_states=max_states,
                        claim_ids=claim_ids, claim_paper=claims_paper,
                        claim_bound=claims_bound, allowed_hosts=(host, *allow_hosts),
                        queue=queue, memory_limit=memory_limit)
    app = create_app(settings)
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", access_log=False,
                            lifespan="on")
    server = uvicorn.Server(config)

    original = server.startup

    async def startup(sockets=None):
        await original(sockets=sockets)
        if server.started:
            bound = server.servers[0].sockets[0].getsockname() if server.servers else (host,
                                                                                       port)
            url = f"http://{bound[0]}:{bound[1]}/"
            if as_json:
                click.echo(json.dumps({"url": url, "host": bound[0], "port": bound[1],
                                       "made_by": made_by()}))
            else:
                click.echo(f"nimlab web lab: {url}  (Ctrl-C stops)")

    server.startup = startup
    try:
        server.run()
    except SystemExit:
        raise InputError(f"the server could not start on {host}:{port}; choose another --port "
                         "or --host") from None
    except OSError as problem:
        raise InputError(f"cannot serve on {host}:{port}: {problem.strerror or problem}; "
                         "choose another --port") from None
    if not server.started:
        raise InputError(f"the server did not start on {host}:{port} (is the port in use?); "
                         "choose another --port")
