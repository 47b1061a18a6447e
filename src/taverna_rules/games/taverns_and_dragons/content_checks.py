"""Taverns & Dragons' semantic content checks: what the schemas cannot say, each
problem located in the file an author must change. The map is checked as a graph (every
region reached from the city gates and leading back to them, no dead end, every location
space adjacent to a region), the numbers against each other (the bank, the days track, the
dragons' grids against the damage markers), the references by id, and the counts against
the most players."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import get_args

from taverna_rules.content.merged import Located
from taverna_rules.content.problems import Problem, Severity, did_you_mean
from taverna_rules.content.spec import Built
from taverna_rules.content.yaml_source import PathItem
from taverna_rules.core.board_map import MapProblemCode, map_problems
from taverna_rules.games.taverns_and_dragons.ruleset import INGREDIENTS, RuleSet

__all__ = ["checks", "first_game_doc"]


def first_game_doc(built: Built) -> Located | None:
    """The last ``locations`` file that lists the first game's locations (a pack's list
    replaces the base game's)."""
    found = [d for d in built.docs if d.kind == "locations" and "first_game" in d.data]
    return found[-1] if found else None


class _At:
    """Problems located in one singleton file (``game`` or ``map``)."""

    def __init__(self, built: Built, kind: str) -> None:
        self.source = built.merged.singles[kind].source
        self.problems: list[Problem] = []

    def add(
        self,
        code: str,
        message: str,
        path: Sequence[PathItem],
        hint: str = "",
        severity: Severity = "error",
    ) -> None:
        self.problems.append(
            self.source.problem(code, message, self.source.existing(path), hint, severity=severity)
        )

    def unknown(self, what: str, value: str, known: Sequence[str], path: Sequence[PathItem]) -> None:
        hint = did_you_mean(value, known) or f"known: {', '.join(known)}"
        self.add("unknown-reference", f"unknown {what} {value!r}", path, hint)


def checks(rules: RuleSet, built: Built, complete: bool) -> list[Problem]:
    """Every semantic problem of the content (the counts only when it is complete)."""
    problems = [*_game_checks(rules, built), *_map_checks(rules, built), *_item_checks(rules, built)]
    if complete:
        problems += _count_checks(rules)
    return problems


def _game_checks(rules: RuleSet, built: Built) -> list[Problem]:
    at = _At(built, "game")
    c = rules.constants
    kinds = [i.id for i in rules.ingredients]
    for kind in INGREDIENTS:
        if kinds.count(kind) != 1:
            at.add(
                "table-shape",
                f"the ingredient {kind!r} is declared {kinds.count(kind)} times, not once",
                ("ingredients",),
            )
    counts = {i.id: i.count for i in rules.ingredients}
    for kind, n in rules.bag:
        if n > counts.get(kind, 0):
            at.add(
                "table-shape",
                f"the bag takes {n} {kind} tokens, the box has {counts.get(kind, 0)}",
                ("bag", kind),
            )
    symbols = [s.id for s in rules.symbols]
    for index, face in enumerate(rules.hunting_die):
        for symbol in face:
            if symbol not in symbols:
                at.unknown("hunting symbol", symbol, symbols, ("hunting_die", "faces", index))
    for index, sbire in enumerate(rules.sbires):
        if sbire.ignores and sbire.ignores not in symbols:
            at.unknown("hunting symbol", sbire.ignores, symbols, ("sbires", index, "ignores"))
    faces = set(rules.action_die)
    for index, space in enumerate(rules.bank):
        if space.die and space.die not in faces:
            at.add(
                "table-shape",
                f"the bank space for a {space.die} takes no face of the action die {sorted(faces)}",
                ("bank", "spaces", index, "die"),
            )
        if not space.die and index != len(rules.bank) - 1:
            at.add(
                "table-order",
                "only the last space of the bank takes any die (l.212)",
                ("bank", "spaces", index),
            )
    seen: set[int] = set()
    for index, day in enumerate(rules.days):
        path = ("days", "rounds", index)
        if day.round > c.rounds or day.round in seen:
            at.add(
                "table-order",
                f"round {day.round} is not a round of 1 to {c.rounds} the track names once",
                (*path, "round"),
            )
        seen.add(day.round)
        if ("event" in day.icons) != bool(day.event):
            at.add(
                "table-shape", "an event icon says which effect applies (event: a or b), and only it", path
            )
    woken = sum("dragon" in day.icons for day in rules.days)
    if woken > c.dragons:
        at.add(
            "table-shape",
            f"the days track wakes {woken} dragons; a game has {c.dragons} dragon boards (l.155)",
            ("days", "rounds"),
        )
    return at.problems


def _map_checks(rules: RuleSet, built: Built) -> list[Problem]:
    at = _At(built, "map")
    ids = [r.id for r in rules.regions]
    for index, ident in enumerate(ids):
        if ids.index(ident) != index:
            at.add("duplicate-id", f"the region {ident!r} is declared twice", ("regions", index, "id"))
    for key, value in (("gates", rules.gates), ("runes", rules.runes)):
        if value not in ids:
            at.unknown("region", value, ids, (key,))
    start = rules.gates if rules.gates in ids else None
    for problem in map_problems(rules.board, start):
        index = ids.index(problem.region) if problem.region in ids else 0
        code = _MAP_CODES[problem.code]
        path: tuple[PathItem, ...] = (
            ("regions", index) if code == "map-unreachable" else ("regions", index, "next")
        )
        at.add(code, problem.message, path, _MAP_HINTS.get(code, ""))
    for index, region in enumerate(rules.regions):
        for letter in region.letters:
            if letter not in rules.spaces:
                at.unknown("location space", letter, rules.spaces, ("regions", index, "letters"))
    for index, space in enumerate(rules.spaces):
        if not any(space in r.letters for r in rules.regions):
            at.add(
                "map-unreachable",
                f"no region is adjacent to the location space {space!r}",
                ("spaces", index),
                _MAP_HINTS["map-unreachable"],
            )
    tokens = sum(r.token for r in rules.regions)
    drawn = sum(n for _, n in rules.bag)
    if tokens > drawn:
        at.add(
            "table-shape",
            f"the map has {tokens} token spaces and a refresh draws {drawn} tokens: some stay empty",
            ("regions",),
            "give the bag as many tokens as there are token spaces (l.162)",
            severity="warning",
        )
    return at.problems


#: The codes of the core's map problems (:data:`~taverna_rules.core.board_map.MapProblemCode`,
#: in its order) in this game's reports: the schema gives every region a next one, so a
#: dead end can only be a way with no return.
_MAP_CODES = dict(
    zip(
        get_args(MapProblemCode),
        (
            "duplicate-id",
            "unknown-reference",
            "table-shape",
            "map-no-way-back",
            "map-unreachable",
            "map-no-way-back",
        ),
        strict=True,
    )
)
_MAP_HINTS = {
    "map-unreachable": "link it into the path from the city gates, or remove it",
    "map-no-way-back": "every region leads back to the city gates, where goods are dropped",
}


def _item_checks(rules: RuleSet, built: Built) -> list[Problem]:
    where = built.where
    problems: list[Problem] = []
    c = rules.constants
    for location in rules.locations:
        if len(location.places) != c.places:
            problems.append(
                where.problem(
                    "locations",
                    location.id,
                    "table-shape",
                    f"{location.id!r} has {len(location.places)} places, not {c.places} (l.287)",
                    ("places",),
                )
            )
    for tile, n in Counter(loc.tile for loc in rules.locations).items():
        if n > 2:
            faces = [loc.id for loc in rules.locations if loc.tile == tile]
            problems.append(
                where.problem(
                    "locations",
                    faces[-1],
                    "table-shape",
                    f"tile {tile} has {n} faces: {', '.join(faces)}",
                    ("tile",),
                )
            )
    problems += _first_game_checks(rules, built)
    symbols = {s.id for s in rules.symbols if s.role == "attack"}
    for dragon in rules.dragons:
        if dragon.location not in rules.spaces:
            problems.append(
                where.problem(
                    "dragons",
                    dragon.id,
                    "unknown-reference",
                    f"unknown location space {dragon.location!r}",
                    ("location",),
                    f"known: {', '.join(rules.spaces)}",
                )
            )
        total = sum(len(row.symbols) for row in dragon.grid)
        if total > c.damage_markers:
            problems.append(
                where.problem(
                    "dragons",
                    dragon.id,
                    "table-shape",
                    f"the grid of {dragon.id!r} holds {total} symbols; "
                    f"there are {c.damage_markers} damage markers (l.65)",
                    ("grid",),
                )
            )
        for index, row in enumerate(dragon.grid):
            for symbol in row.symbols:
                if symbol not in symbols:
                    problems.append(
                        where.problem(
                            "dragons",
                            dragon.id,
                            "unknown-reference",
                            f"{symbol!r} is no attack symbol",
                            ("grid", index, "symbols"),
                            f"known: {', '.join(sorted(symbols))}",
                        )
                    )
    return problems


def _first_game_checks(rules: RuleSet, built: Built) -> list[Problem]:
    doc = first_game_doc(built)
    if doc is None:
        return []
    source = doc.source
    known = [loc.id for loc in rules.locations]
    problems: list[Problem] = []
    for index, ident in enumerate(rules.first_game):
        if ident not in known:
            hint = did_you_mean(ident, known) or f"known: {', '.join(known)}"
            problems.append(
                source.problem(
                    "unknown-reference", f"unknown location {ident!r}", ("first_game", index), hint
                )
            )
    tiles = [rules.location(i).tile for i in rules.first_game if i in known]
    if len(rules.first_game) != len(rules.spaces) or len(set(tiles)) != len(tiles):
        message = (
            f"the first game lays {len(rules.spaces)} locations of different tiles, one per space (l.157)"
        )
        problems.append(source.problem("table-shape", message, ("first_game",)))
    return problems


def _count_checks(rules: RuleSet) -> list[Problem]:
    c = rules.constants
    most = max(rules.supported_players(), default=max(c.player_counts))
    revealed = sum("event" in d.icons for d in rules.days)
    needs: list[tuple[int, int, str, Severity]] = [
        (len(rules.taverns), most, f"{len(rules.taverns)} tavern boards for {most} players", "error"),
        (len(rules.heroes), c.market, f"{len(rules.heroes)} heroes for a market of {c.market}", "error"),
        (
            len(rules.recipes),
            len(rules.recipe_bonuses),
            f"{len(rules.recipes)} recipes for a row of {len(rules.recipe_bonuses)}",
            "error",
        ),
        (
            len(rules.dragons),
            c.dragons,
            f"{len(rules.dragons)} dragons for {c.dragons} in a game (l.155)",
            "error",
        ),
        (len(rules.trophies), c.dragons, f"{len(rules.trophies)} trophies for {c.dragons} dragons", "error"),
        (
            len({loc.tile for loc in rules.locations}),
            c.locations,
            f"{len({loc.tile for loc in rules.locations})} location tiles for {c.locations} spaces (l.157)",
            "error",
        ),
        (len(rules.dungeon), 1, "no Dungeon token", "error"),
        (len(rules.forge), 1, "no Forge token", "error"),
        (
            len(rules.missions),
            1 + c.missions_dealt * most,
            f"{len(rules.missions)} missions cannot show one and deal {c.missions_dealt} "
            f"to {most} players (the missions module)",
            "warning",
        ),
        (
            len(rules.events),
            revealed,
            f"{len(rules.events)} events for the {revealed} the days track reveals (the events module)",
            "warning",
        ),
    ]
    problems = [
        Problem("too-few-cards", message, severity=severity)
        for have, need, message, severity in needs
        if have < need
    ]
    if len(rules.spaces) != c.locations:
        problems.append(
            Problem(
                "table-shape",
                f"the map has {len(rules.spaces)} location spaces for {c.locations} tiles (l.157)",
            )
        )
    return problems
