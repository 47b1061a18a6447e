"""The ``taverna`` subcommands for stored games: ``replay``, ``export`` and ``serve``."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, TextIO

from taverna_rules._version import VERSION
from taverna_rules.core.game_modules import game_module
from taverna_rules.core.replay import find_divergence
from taverna_rules.core.serialize import action_to_dict, event_to_dict
from taverna_rules.errors import ContentError, OptionError, ReplayError, TavernaError
from taverna_rules.game import replay
from taverna_rules.rules import load_rules

__all__ = ["add_commands", "export_command", "replay_command", "serve_command"]

#: The store the commands use unless told: a SQLite file in the working folder.
DEFAULT_STORE = "taverna-games.db"


def add_commands(commands: Any) -> None:
    """Add ``replay``, ``export`` and ``serve`` to the ``taverna`` parser's subcommands."""
    rep = commands.add_parser(
        "replay",
        help="replay a stored or exported game under today's engine, and say where it diverges",
        description="Replay a game, checking every event (verified replay): from an export file or "
        "a JSON log, or from a store with --store. Exit 0 when the whole log follows from the rules, "
        "1 when it does not.",
    )
    rep.add_argument(
        "source", metavar="FILE_OR_GAME", help="an export file or JSON log; with --store, a game id"
    )
    rep.add_argument(
        "--store", metavar="URL", help="read the game from this store (a SQLite path or postgresql:// URL)"
    )
    rep.add_argument(
        "--pack", action="append", default=[], metavar="PATH", help="a pack the game was played with"
    )
    rep.add_argument(
        "--find-divergence",
        action="store_true",
        help="name the first event where the log and today's engine disagree, with both events",
    )
    rep.add_argument("--format", choices=("text", "json"), default="text", help="output format")

    exp = commands.add_parser(
        "export",
        help="write one file with everything needed to reproduce a stored game",
        description="Write a stored game's record (rules fingerprint, packs, options, engine "
        "version) and its whole log as one JSON file, for a bug report; `taverna replay FILE` reads it.",
    )
    exp.add_argument("game_id", metavar="GAME", help="the game's id in the store")
    exp.add_argument(
        "--store", default=DEFAULT_STORE, metavar="URL", help=f"the store (default: {DEFAULT_STORE})"
    )
    exp.add_argument(
        "-o", "--output", type=Path, metavar="FILE", help="write here (default: standard output)"
    )

    srv = commands.add_parser(
        "serve",
        help="host games: a server with a page to play in the browser (needs taverna-rules[server])",
        description="Serve the games of a store over HTTP: the page to play at /, the JSON API under "
        "/api (see /openapi.json). Games live in the store: a restarted server goes on with them.",
    )
    srv.add_argument(
        "--store", default=DEFAULT_STORE, metavar="URL", help=f"the store (default: {DEFAULT_STORE})"
    )
    srv.add_argument("--host", default="127.0.0.1", help="the address to listen on (default: 127.0.0.1)")
    srv.add_argument("--port", type=int, default=8000, help="the port (default: 8000)")
    srv.add_argument(
        "--bot-delay",
        type=float,
        default=0.4,
        metavar="SECONDS",
        help="time between two bot moves, so people can follow them (default: 0.4)",
    )
    srv.add_argument(
        "--creations-per-minute",
        type=int,
        default=120,
        metavar="N",
        help="games created at most N a minute by this process, in bursts of N (default: 120; 0: no limit)",
    )
    srv.add_argument(
        "--max-open-games",
        type=int,
        default=1000,
        metavar="N",
        help="no creation while the store holds N unfinished games (default: 1000; 0: no limit)",
    )


def _open(where: str) -> Any:
    from taverna_rules.store import open_store

    return open_store(where)


def serve_command(args: argparse.Namespace, out: TextIO) -> int:
    """``taverna serve``."""
    try:
        from taverna_rules.server import serve
    except ImportError as exc:
        sys.stderr.write(f"taverna serve: {exc}\n")
        return 2
    from taverna_rules.server import CreationLimits

    try:
        limits = CreationLimits(per_minute=args.creations_per_minute, open=args.max_open_games)
    except OptionError as exc:
        sys.stderr.write(f"taverna serve: {exc}\n")
        return 2
    serve(args.store, host=args.host, port=args.port, bot_delay=args.bot_delay, limits=limits, out=out)
    return 0


def export_command(args: argparse.Namespace, out: TextIO) -> int:
    """``taverna export``."""
    from taverna_rules.store.export import export_game

    try:
        store = _open(args.store)
        try:
            record = store.record(args.game_id)
            document = export_game(record, store.events(args.game_id))
        finally:
            store.close()
    except TavernaError as exc:
        sys.stderr.write(f"taverna export: {exc}\n")
        return 2
    text = json.dumps(document, indent=1, ensure_ascii=False) + "\n"
    if args.output is None:
        out.write(text)
    else:
        try:
            args.output.write_text(text, encoding="utf-8")
        except OSError as exc:
            sys.stderr.write(f"taverna export: cannot write {args.output}: {exc.strerror or exc}\n")
            return 2
        out.write(f"{args.output}: game {record.id!r}, {len(document['events'])} events\n")
    return 0


def replay_command(args: argparse.Namespace, out: TextIO) -> int:
    """``taverna replay``."""
    from taverna_rules.store.export import export_game, from_document, read_export

    try:
        if args.store is not None:
            store = _open(args.store)
            try:
                document = export_game(store.record(args.source), store.events(args.source))
                exported = from_document(document, f"game {args.source!r}")
            finally:
                store.close()
        else:
            exported = read_export(args.source)
        rules = load_rules(*args.pack, game=exported.game)
    except ContentError as exc:
        sys.stderr.write(f"taverna replay: the packs do not load; {exc}\n")
        return 2
    except TavernaError as exc:
        sys.stderr.write(f"taverna replay: {exc}\n")
        return 2
    report: dict[str, Any] = {
        "game": exported.game,
        "id": exported.id,
        "events": len(exported.events),
        "logged_rules": exported.rules,
        "rules": rules.fingerprint,
        "logged_engine": exported.engine,
        "engine": VERSION,
    }
    if exported.rules and exported.rules != rules.fingerprint:
        report["ok"] = False
        report["error"] = (
            f"the log was played under rules {exported.rules}; these rules are {rules.fingerprint} "
            "(give the packs it was played with: --pack PATH)"
        )
        return _report(report, args.format, out)
    if args.find_divergence:
        divergence = find_divergence(game_module(exported.game), rules, exported.events)
        report["ok"] = divergence is None
        if divergence is None:
            report["over"] = replay(rules, exported.events, verify=False).over
        if divergence is not None:
            report["divergence"] = {
                "index": divergence.index,
                "message": divergence.message,
                "logged": _event(divergence.logged, exported.game),
                "engine": _event(divergence.engine, exported.game),
                "action": action_to_dict(divergence.action) if divergence.action is not None else None,
                "decision": divergence.decision,
                "player": divergence.player,
            }
        return _report(report, args.format, out)
    try:
        game = replay(rules, exported.events)
    except ReplayError as exc:
        report["ok"] = False
        report["error"] = f"{exc} (--find-divergence shows both events)"
        return _report(report, args.format, out)
    report["ok"] = True
    report["over"] = game.over
    return _report(report, args.format, out)


def _event(event: Any, game: str) -> dict[str, Any] | None:
    return None if event is None else event_to_dict(event, game=game)


def _report(report: dict[str, Any], form: str, out: TextIO) -> int:
    if form == "json":
        out.write(json.dumps(report, indent=2, ensure_ascii=False) + "\n")
        return 0 if report["ok"] else 1
    name = f"game {report['id']!r}" if report["id"] else "the log"
    if report["ok"]:
        status = "over" if report.get("over") else "in progress"
        out.write(
            f"{name} ({report['game']}, {report['events']} events) replays under engine {VERSION}: {status}\n"
        )
        return 0
    if "divergence" in report:
        d = report["divergence"]
        out.write(f"{name} diverges at {d['message']}\n")
        out.write(f"  logged: {json.dumps(d['logged'], ensure_ascii=False)}\n")
        out.write(f"  engine: {json.dumps(d['engine'], ensure_ascii=False)}\n")
        logged = report["logged_engine"] or "an unknown engine"
        out.write(f"  (logged by {logged}; replayed by {VERSION})\n")
        return 1
    out.write(f"{name} does not replay: {report.get('error', 'it diverges')}\n")
    return 1
