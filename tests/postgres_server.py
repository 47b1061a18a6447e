"""A real PostgreSQL server for the store's tests, started from the machine's binaries.

``.ci/run`` installs Debian's ``postgresql``; the server is started once per test session
in a temporary folder (``initdb``, then ``pg_ctl start`` on a free port of loopback),
and stopped at the end. As root (PostgreSQL refuses to run as root) both run as the
``postgres`` user. Where no binary exists the tests that need it are skipped, saying so.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

__all__ = ["PostgresServer", "find_binaries", "running_server"]


def find_binaries() -> Path | None:
    """The folder of ``initdb`` and ``pg_ctl``: Debian's newest, else the PATH's."""
    debian = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    if debian:
        return Path(debian[-1]).parent
    found = shutil.which("initdb")
    return Path(found).resolve().parent if found else None


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class PostgresServer:
    """A running server: :meth:`database` makes a new empty database and gives its URL."""

    def __init__(self, port: int) -> None:
        self.port = port
        self._count = 0

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def database(self) -> str:
        import psycopg

        self._count += 1
        name = f"taverna_test_{os.getpid()}_{self._count}"
        with psycopg.connect(self.url(), autocommit=True) as db:
            db.execute(f"CREATE DATABASE {name}")
        return self.url(name)


@contextlib.contextmanager
def running_server(binaries: Path) -> Iterator[PostgresServer]:
    """Start a server from ``binaries`` in a new folder; stop it and remove the folder after."""
    root = Path(tempfile.mkdtemp(prefix="taverna-pg-"))
    data = root / "data"
    as_user: list[str] = []
    if os.geteuid() == 0:
        user = pwd.getpwnam("postgres")
        os.chown(root, user.pw_uid, user.pw_gid)
        as_user = ["runuser", "-u", "postgres", "--"]
    port = _free_port()

    def run(program: str, *args: str, check: bool = True) -> None:
        subprocess.run(
            [*as_user, str(binaries / program), *args], check=check, capture_output=True, timeout=120
        )

    run("initdb", "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8")
    # fsync off: a test server need not survive a power cut, and it starts faster.
    options = f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60"
    run("pg_ctl", "-D", str(data), "-o", options, "-l", str(root / "log"), "-w", "start")
    try:
        yield PostgresServer(port)
    finally:
        run("pg_ctl", "-D", str(data), "-m", "fast", "-w", "stop", check=False)
        shutil.rmtree(root, ignore_errors=True)
