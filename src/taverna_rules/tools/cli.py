"""The ``taverna`` command: validate content, write the schemas, print rules text, check packs,
simulate bot games.

Every subcommand exits 0 when all is well, 1 when the content has errors (or a check
fails), and 2 on a usage error (argparse's convention).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from taverna_rules import __version__
from taverna_rules.content.schema_source import rendered_schemas
from taverna_rules.core.arguments import resolve_options
from taverna_rules.core.game_modules import DEFAULT_GAME, game_module, installed_games
from taverna_rules.core.serialize import read_json
from taverna_rules.errors import ContentError, GameModuleError, OptionError, ReplayError
from taverna_rules.rules import load_rules, validate
from taverna_rules.tools._exit import run
from taverna_rules.tools.cli_store import add_commands, export_command, replay_command, serve_command

__all__ = ["build_parser", "main", "main_exit"]

#: How many problems a text report writes out unless told otherwise.
SHOWN_PROBLEMS = 100


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="taverna",
        description="Validate, document and check content packs; simulate, replay, export and serve games.",
    )
    parser.add_argument("--version", action="version", version=f"taverna_rules {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    check = commands.add_parser(
        "validate",
        help="check content files, folders or packs and report every problem",
        description="Check packs, content files or folders on top of the base game: every schema "
        "and semantic problem, located by file, line and column.",
    )
    check.add_argument("paths", nargs="*", metavar="PATH", help="packs, YAML files or folders")
    _content_flags(check)
    # No game named: the game the packs' pack.yaml names (game: ...), else the default.
    check.set_defaults(game=None)
    check.add_argument("--format", choices=("text", "json"), default="text", help="output format")
    check.add_argument("--no-source", action="store_true", help="do not show the offending YAML lines")
    check.add_argument("--strict", action="store_true", help="warnings fail too (exit status 1)")
    check.add_argument(
        "--max-problems",
        type=_count,
        default=SHOWN_PROBLEMS,
        metavar="N",
        help=f"write out at most N problems in text (default: {SHOWN_PROBLEMS}; 0: all); "
        "the summary counts them all",
    )

    schema = commands.add_parser(
        "schema",
        help="write the JSON Schemas of the content files and of the wire objects",
        description="Write the JSON Schemas (Draft 2020-12) of every content kind, for editors "
        "and YAML language servers, and into wire/ those of the objects a frontend exchanges "
        "(action, event, decision, view, position).",
    )
    schema.add_argument("--out", type=Path, default=Path("schemas"), help="folder (default: ./schemas)")
    schema.add_argument(
        "--print",
        dest="show",
        metavar="KIND",
        help="print the schema of one kind instead (e.g. spells, action)",
    )
    schema.add_argument(
        "--game",
        default=DEFAULT_GAME,
        choices=installed_games(),
        help=f"the game whose content and wire schemas to write (default: {DEFAULT_GAME})",
    )

    text = commands.add_parser(
        "rules-text",
        help="print each card's rules text, rendered from its effect",
        description="Print the rules text of every card of a game (each kind of card its "
        "rules text covers, under a heading: Taverna's spells and favours, Taverne's Characters "
        "and Specialties ...), rendered from the DSL in a language the game is written in.",
    )
    text.add_argument("paths", nargs="*", metavar="PACK", help="packs to load on the base game")
    _content_flags(text)
    text.add_argument(
        "--lang", default="en", help="one of the game's languages (GameModule.languages; default: en)"
    )
    text.add_argument("--format", choices=("text", "json"), default="text", help="output format")

    kit = commands.add_parser(
        "check",
        help="run the conformance kit: random games, replay, round trips, views, coverage",
        description="Load the packs on the base game, validate them, then play random legal "
        "games for every player count and check replay, JSON round trips and view redaction; "
        "print a coverage table. A failure names the seed that reproduces it.",
    )
    kit.add_argument("paths", nargs="*", metavar="PACK", help="packs to load on the base game")
    _content_flags(kit)
    kit.add_argument("--games", type=_positive, default=20, help="games per player count (default: 20)")
    kit.add_argument("--seed", type=int, default=0, help="the first seed (default: 0)")
    kit.add_argument("--players", type=_counts, help="player counts, e.g. 2,3 (default: all supported)")
    kit.add_argument(
        "--option",
        action="append",
        default=[],
        type=_option,
        metavar="NAME=VALUE",
        help="a rule option for every game, e.g. use_curse=false (repeatable)",
    )
    kit.add_argument("--verbose", action="store_true", help="print a line as each game ends")
    kit.add_argument("--format", choices=("text", "json"), default="text", help="output format")

    sim = commands.add_parser(
        "simulate",
        help="play many bot games, in this process, on local processes or a Dask cluster",
        description="Play bot games with the seats rotating from game to game and report wins, "
        "win rates with 95% Wilson intervals (overall and by seat), mean VP by category and "
        "game lengths. The same seeds give the same report whatever runs the games. A bot is "
        "named by a spec: random, greedy, or NAME:KEY=VALUE,...",
    )
    sim.add_argument("paths", nargs="*", metavar="PACK", help="packs to load on the base game")
    sim.add_argument(
        "--game",
        default=DEFAULT_GAME,
        choices=installed_games(),
        help=f"the game to play (default: {DEFAULT_GAME})",
    )
    sim.add_argument(
        "--players", type=_positive, metavar="N", help="players a game (default: the fewest the game seats)"
    )
    sim.add_argument("--games", type=_positive, default=100, metavar="N", help="games to play (default: 100)")
    sim.add_argument(
        "--bots",
        nargs="+",
        default=["random", "greedy"],
        metavar="SPEC",
        help="the bots, seated in turn (default: random greedy)",
    )
    sim.add_argument("--seed", type=int, default=0, metavar="S", help="the first game's seed (default: 0)")
    sim.add_argument(
        "--workers", type=_positive, default=1, metavar="K", help="local processes to play on (default: 1)"
    )
    sim.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="a Dask scheduler to play on instead, e.g. tcp://host:8786 (needs taverna-rules[dask])",
    )
    sim.add_argument("--format", choices=("text", "json"), default="text", help="output format")
    sim.add_argument(
        "--no-progress", action="store_true", help="do not show the games played on standard error"
    )
    add_commands(commands)
    return parser


def _content_flags(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--no-base", action="store_true", help="do not load the bundled base game under the paths"
    )
    parser.add_argument(
        "--game",
        default=DEFAULT_GAME,
        choices=installed_games(),
        help=f"the game whose content this is (default: {DEFAULT_GAME})",
    )


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive number, not {text!r}")
    return value


def _count(text: str) -> int:
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a number of 0 or more, not {text!r}")
    return value


def _option(text: str) -> tuple[str, object]:
    name, sep, raw = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, not {text!r}")
    words = {"true": True, "false": False}
    try:
        value: object = words[raw.strip().lower()] if raw.strip().lower() in words else read_json(raw)
    except ReplayError:
        value = raw  # a choice, written bare (or no JSON at all: the option's check says why)
    return name.strip(), value


def _counts(text: str) -> tuple[int, ...]:
    try:
        return tuple(int(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected player counts like 2,3,4, not {text!r}") from None


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line; return the exit status."""
    stream = out if out is not None else sys.stdout
    args = build_parser().parse_args(argv)
    command = {
        "validate": _validate,
        "schema": _schema,
        "rules-text": _rules_text,
        "check": _check,
        "simulate": _simulate,
        "replay": replay_command,
        "export": export_command,
        "serve": serve_command,
    }[args.command]
    try:
        return command(args, stream)
    except GameModuleError as exc:  # a game without content, or one that fails to load
        stream.write(f"taverna {args.command}: {exc}\n")
        return 2


def _validate(args: argparse.Namespace, out: TextIO) -> int:
    report = validate(args.paths, base=not args.no_base, game=args.game)
    failed = not report.ok or (args.strict and bool(report.warnings))
    if args.format == "json":
        out.write(json.dumps(report.to_json(), indent=2, ensure_ascii=False) + "\n")
    else:
        out.write(report.format_text(show_source=not args.no_source, limit=args.max_problems or None) + "\n")
    return 1 if failed else 0


def _content_schemas(game: str) -> dict[str, str]:
    spec = game_module(game).content
    return rendered_schemas(spec) if spec is not None else {}


def _schema(args: argparse.Namespace, out: TextIO) -> int:
    from taverna_rules.wire_schemas import WIRE_KINDS, rendered_wire_schemas

    wire = rendered_wire_schemas(args.game)
    content = _content_schemas(args.game)
    if args.show:
        schemas = {**content, **wire}
        name = f"{args.show}.schema.json"
        if name not in schemas and args.show in WIRE_KINDS:
            out.write(f"taverna schema: game {args.game!r} has no {args.show} documents\n")
            return 1
        if name not in schemas:
            from taverna_rules.content.problems import did_you_mean

            kinds = sorted(n.removesuffix(".schema.json") for n in schemas)
            hint = did_you_mean(args.show, kinds) or f"one of {', '.join(kinds)}"
            out.write(f"taverna schema: no schema for kind {args.show!r} ({hint})\n")
            return 1
        out.write(schemas[name])
        return 0
    files = {**content, **{f"wire/{name}": text for name, text in wire.items()}}
    for name, text in files.items():
        path = args.out / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        out.write(f"{path}\n")
    return 0


def _load(args: argparse.Namespace, out: TextIO) -> object:
    try:
        return load_rules(*args.paths, base=not args.no_base, game=args.game)
    except ContentError as exc:
        if args.format == "json":
            report = validate(args.paths, base=not args.no_base, game=args.game)
            out.write(json.dumps({"ok": False, "validation": report.to_json()}, indent=2) + "\n")
        else:
            out.write(f"the content does not load; {exc}\n")
            out.write("run `taverna validate` on the same paths for the details\n")
        return None


def _rules_text(args: argparse.Namespace, out: TextIO) -> int:
    from taverna_rules.rules_text import card_texts, format_card_texts

    module = game_module(args.game)
    if args.lang not in module.languages:
        out.write(
            f"taverna rules-text: {module.name.get('en')} is written in "
            f"{', '.join(module.languages)}, not {args.lang!r}\n"
        )
        return 1
    rules = _load(args, out)
    if rules is None:
        return 1
    texts = card_texts(rules, args.lang)
    if args.format == "json":
        data = [
            {"kind": t.kind, "id": t.id, "name": t.name, "text": t.text, "provenance": t.provenance}
            for t in texts
        ]
        out.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    else:
        out.write(format_card_texts(texts) + "\n")
    return 0


def _check(args: argparse.Namespace, out: TextIO) -> int:
    from taverna_rules.tools.conformance import run_checks

    report = validate(args.paths, base=not args.no_base, game=args.game)
    if not report.ok:
        if args.format == "json":
            out.write(json.dumps({"ok": False, "validation": report.to_json()}, indent=2) + "\n")
        else:
            out.write(report.format_text(limit=SHOWN_PROBLEMS) + "\n")
        return 1
    rules: Any = _load(args, out)
    if rules is None:
        return 1
    options = dict(args.option)
    try:
        effective = resolve_options(rules, options)
    except OptionError as exc:
        out.write(f"taverna check: {exc}\n")
        return 1
    verbose = args.verbose and args.format == "text"
    progress = (lambda line: out.write(line + "\n")) if verbose else None
    supported = game_module(rules.game).player_counts(rules)
    counts = args.players or supported
    unsupported = sorted(set(counts) - set(supported))
    if unsupported:
        out.write(
            f"taverna check: the content does not support {unsupported} player(s); "
            f"it supports {list(supported)}\n"
        )
        return 1
    result = run_checks(
        rules, games=args.games, seed=args.seed, player_counts=counts, options=options, progress=progress
    )
    if args.format == "json":
        data = {"ok": result.ok, "validation": report.to_json(), "conformance": result.to_json()}
        out.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    else:
        if report.warnings:
            out.write(report.format_text(limit=SHOWN_PROBLEMS) + "\n\n")
        shown = ", ".join(f"{name}={json.dumps(value)}" for name, value in effective)
        out.write(f"rule options: {shown or 'none'}\n")
        out.write(result.format_text() + "\n")
    return 0 if result.ok else 1


def _simulate(args: argparse.Namespace, out: TextIO) -> int:
    from taverna_rules.tools.tournament import ProgressLine, simulate_games

    progress = None if args.no_progress else ProgressLine()
    try:
        report = simulate_games(
            args.game,
            args.players,
            args.games,
            args.bots,
            seed=args.seed,
            workers=args.workers,
            scheduler=args.scheduler,
            progress=progress,
            packs=args.paths,
        )
    except OptionError as exc:
        sys.stderr.write(f"taverna simulate: {exc}\n")
        return 2
    except ContentError as exc:
        out.write(f"the content does not load; {exc}\n")
        out.write("run `taverna validate` on the same paths for the details\n")
        return 1
    finally:
        if progress is not None:
            progress.close()
    if args.format == "json":
        out.write(json.dumps(report.as_dict(), indent=2, ensure_ascii=False) + "\n")
    else:
        out.write(report.format() + "\n")
    return 0


def main_exit() -> None:
    """The console-script entry point: run :func:`main` and exit with its status (quietly
    when the reader of its output has gone, as ``taverna schema | head`` does)."""
    run(main)


if __name__ == "__main__":  # pragma: no cover
    main_exit()
