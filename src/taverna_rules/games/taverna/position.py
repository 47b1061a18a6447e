"""Taverna's position documents: a game state written by hand, in YAML or JSON (like FEN
for chess). The generic facade (:mod:`taverna_rules.position`) reads and writes the text;
this module turns a Taverna state into the document's data and back.

A position names players by name, tracks by people, taverns by id, and leaves out what
it does not need: missing fields take the values of a fresh game of that size, except the
customer deck, which holds every customer card of the game the document does not place
in the row or in a player's cards (so a hand-written position plays to its end). Dumping
writes every field, so ``load_position(rules, dump_position(state)) == state``.

An example is in :mod:`taverna_rules.position`; ``stack`` lists the steps still to come,
the next one first.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from taverna_rules._records import field_names, record_fields
from taverna_rules._shown import shown
from taverna_rules.core.position_data import (
    INTEGER_SCHEMA,
    NAME_SCHEMA,
    SCALAR_SCHEMA,
    STACK_SCHEMA,
    check_keys,
    converter,
    document_schema,
    dump_stack,
    left_out_defaults,
    listed,
    load_stack,
    mapping,
    players_schema,
    read_state,
    seat_of,
)
from taverna_rules.core.positions import PositionFormat
from taverna_rules.games.taverna.ruleset import RuleSet
from taverna_rules.games.taverna.setup import name_problem, resolve_options
from taverna_rules.games.taverna.state import GameState, PlayerState, TavernState, TurnState

__all__ = ["FORMAT", "POSITIONS", "dump", "load", "schema"]

FORMAT = "taverna-position/1"
_STATE_FIELDS = set(field_names(GameState))
_PLAYER_FIELDS = set(field_names(PlayerState))
_TAVERN_FIELDS = set(field_names(TavernState))
_TURN_FIELDS = set(field_names(TurnState))
_FRIENDLY = {
    "players",
    "taverns",
    "tiles",
    "tiles_removed",
    "guild_supply",
    "options",
    "royal_used",
    "stack",
    "turn",
}


def dump(state: GameState) -> dict[str, Any]:
    """``state`` as the plain data of a position document (names, not seats)."""
    json_converter = converter()
    names = [p.name for p in state.players]
    data: dict[str, Any] = {"format": FORMAT}
    plain = json_converter.unstructure(state)
    for key in field_names(GameState):
        if key not in _FRIENDLY:
            data[key] = plain[key]
    data["players"] = [
        {
            **{k: v for k, v in json_converter.unstructure(p).items() if k not in ("tracks", "vp")},
            "tracks": dict(zip(state.peoples, p.tracks, strict=True)),
            "vp": dict(p.vp),
        }
        for p in state.players
    ]
    data["taverns"] = {
        t.id: {
            "tables": list(t.tables),
            "deeds": [None if o is None else names[o] for o in t.deeds],
            "privilege": t.privilege,
            "guild_tokens": list(t.guild_tokens),
            "dignitaries": list(t.dignitaries),
        }
        for t in state.taverns
    }
    for key in ("tiles", "tiles_removed", "guild_supply", "options"):
        data[key] = dict(getattr(state, key))
    data["royal_used"] = [[scoring, names[p]] for scoring, p in state.royal_used]
    # A document lists the steps to come in the order they run: the top of the stack first.
    data["stack"] = dump_stack(state.stack, names)
    data["turn"] = (
        None
        if state.turn is None
        else {**json_converter.unstructure(state.turn), "player": names[state.turn.player]}
    )
    result: dict[str, Any] = json.loads(json.dumps(data))  # tuples to lists
    return left_out_defaults(result)


def load(rules: RuleSet, data: dict[str, Any]) -> GameState:
    """The state the data of a position document describes, for ``rules`` (its ``format``
    checked by the facade; its steps are not run yet: the facade resumes it)."""
    state: GameState = read_state(rules, data, GameState, _build)
    return state


def _build(rules: RuleSet, data: dict[str, Any]) -> dict[str, Any]:
    """The fields of the state ``data`` describes, in the shape of ``GameState``."""
    raw_players = listed("'players'", data.get("players"))
    if not raw_players:
        raise ValueError("'players' must list the players")
    for index, p in enumerate(raw_players):
        check_keys(f"player {index}", p, _PLAYER_FIELDS)
    names = [p.get("name") for p in raw_players]
    for index, name in enumerate(names):
        problem = name_problem(name)
        if problem:
            raise ValueError(f"player {index}: {problem}")
    n = len(names)
    if n not in rules.constants.player_counts:
        raise ValueError(f"{n} player(s): the rules are for {list(rules.constants.player_counts)}")
    side_id = data.get("side") or rules.side_for(n).id
    side = next((s for s in rules.sides if s.id == side_id), None)
    if side is None:
        raise ValueError(f"unknown board side {shown(side_id)}; known: {[s.id for s in rules.sides]}")
    peoples = rules.people_ids()
    if data.get("peoples", list(peoples)) != list(peoples):
        raise ValueError(f"peoples {shown(data.get('peoples'))} are not the rules' {list(peoples)}")
    players = [_player(rules, p, peoples) for p in raw_players]
    state: dict[str, Any] = {k: v for k, v in data.items() if k in _STATE_FIELDS and k not in _FRIENDLY}
    state.update(
        rules=rules.fingerprint,
        side=side.id,
        peoples=list(peoples),
        players=players,
        taverns=_taverns(rules, side, data.get("taverns", {}), names),
        tiles=_counts(data, "tiles", rules.tiles),
        tiles_removed=_counts(data, "tiles_removed", tuple((k, 0) for k, _ in rules.tiles)),
        guild_supply=_counts(data, "guild_supply", rules.guild_tokens),
        options=list(resolve_options(rules, data.get("options"))),
        royal_used=[
            [s, seat_of(names, p, "royal_used")] for s, p in _pairs("royal_used", data.get("royal_used", []))
        ],
        stack=load_stack(data.get("stack", []), names),
    )
    state.setdefault("privilege_supply", rules.privilege_tokens - len(rules.taverns))
    if "customer_deck" not in data:
        state["customer_deck"] = _the_rest(rules, n, data.get("row", []), raw_players)
    turn = data.get("turn")
    if turn is not None:
        turn = check_keys("turn", turn, _TURN_FIELDS)
        state["turn"] = {**turn, "player": seat_of(names, turn.get("player"), "turn")}
    return state


def _the_rest(rules: RuleSet, n: int, row: Any, players: list[Any]) -> list[str]:
    """The customer deck a document leaves out: every card of the game for ``n`` players
    that it places nowhere else (in the row, in a player's cards), sorted."""
    held = [c for p in players for c in listed(f"player {p['name']!r} cards", p.get("cards", []))]
    placed = {c for c in (*listed("'row'", row), *held) if isinstance(c, str)}  # the rest is refused later
    return [c.id for c in rules.customers if c.players <= n and c.id not in placed]


def _player(rules: RuleSet, p: dict[str, Any], peoples: tuple[Any, ...]) -> dict[str, Any]:
    where = f"player {p['name']!r}"
    tracks = p.get("tracks", {})
    if isinstance(tracks, dict):
        bad = sorted(map(str, set(tracks) - set(peoples)))
        if bad:
            raise ValueError(f"{where}: unknown people {shown(bad)}")
        tracks = [tracks.get(people, 0) for people in peoples]
    vp = p.get("vp", {})
    vp = [list(pair) for pair in sorted(vp.items(), key=str)] if isinstance(vp, dict) else vp
    coins = p.get("coins", rules.constants.starting_coins)
    return {**p, "tracks": tracks, "vp": vp, "coins": coins}


def _taverns(rules: RuleSet, side: Any, given_in: Any, names: list[str]) -> list[dict[str, Any]]:
    if isinstance(given_in, list):
        given_in = dict(_listed_tavern(t) for t in given_in)
    given_in = mapping("'taverns'", given_in)
    unknown = sorted(map(str, set(given_in) - {t.id for t in rules.taverns}))
    if unknown:
        raise ValueError(f"unknown tavern(s) {shown(unknown)}")
    taverns = []
    for tavern in rules.taverns:
        layout = side.layout(tavern.id)
        given = check_keys(f"tavern {tavern.id}", given_in.get(tavern.id, {}), _TAVERN_FIELDS)
        tables = listed(f"tavern {tavern.id} tables", given.get("tables", [None] * len(layout.tables)))
        deeds = [
            None if o is None else seat_of(names, o, f"tavern {tavern.id}")
            for o in listed(f"tavern {tavern.id} deeds", given.get("deeds", [None] * len(layout.deeds)))
        ]
        if len(tables) != len(layout.tables) or len(deeds) != len(layout.deeds):
            raise ValueError(
                f"tavern {tavern.id!r} has {len(layout.tables)} tables and "
                f"{len(layout.deeds)} deed spaces on side {side.id!r}"
            )
        taverns.append(
            {
                "id": tavern.id,
                "tables": tables,
                "deeds": deeds,
                "privilege": given.get("privilege", True),
                "guild_tokens": given.get("guild_tokens", []),
                "dignitaries": given.get("dignitaries", []),
            }
        )
    return taverns


def _listed_tavern(raw: Any) -> tuple[str, dict[str, Any]]:
    """A tavern written as an item of a list: its ``id`` and its other fields."""
    tavern = mapping("a tavern", raw)
    if not isinstance(tavern.get("id"), str):
        raise ValueError(f"a tavern in a list has an 'id': {shown(raw)}")
    return tavern["id"], {k: v for k, v in tavern.items() if k != "id"}


def _counts(data: dict[str, Any], key: str, defaults: tuple[tuple[str, int], ...]) -> list[list[Any]]:
    """Counts by kind in the rule set's order; kinds left out keep their default."""
    given = mapping(f"{key!r}", data.get(key, {}))
    unknown = sorted(map(str, set(given) - {k for k, _ in defaults}))
    if unknown:
        raise ValueError(f"{key}: unknown kind(s) {shown(unknown)}")
    return [[k, given.get(k, n)] for k, n in defaults]


def _pairs(where: str, value: Any) -> list[tuple[Any, Any]]:
    """``{a: b}`` or ``[[a, b], ...]`` (order kept) as pairs."""
    if isinstance(value, dict):
        return list(value.items())
    pairs = listed(where, value)
    if not all(isinstance(pair, list) and len(pair) == 2 for pair in pairs):
        raise ValueError(f"{where} lists pairs [a, b], not {shown(value)}")
    return [(a, b) for a, b in pairs]


def schema(of: Callable[[Any], dict[str, Any]]) -> dict[str, Any]:
    """The dict[str, Any] Schema of the document :func:`dump` writes (``of(type)``: the schema of a
    state field's type); :func:`load` also reads YAML, leaves out fields (a fresh game's
    values), and pairs written as lists."""
    name = NAME_SCHEMA
    counts: dict[str, Any] = {"type": "object", "additionalProperties": INTEGER_SCHEMA}
    player = {f.name: of(f.type) for f in record_fields(PlayerState)}
    player.update(name=name, tracks=counts, vp=counts)
    tavern = {f.name: of(f.type) for f in record_fields(TavernState) if f.name != "id"}
    tavern["deeds"] = {"type": "array", "items": {"anyOf": [name, {"type": "null"}]}}
    turn = {f.name: of(f.type) for f in record_fields(TurnState)}
    turn["player"] = name
    friendly: dict[str, Any] = {
        "players": players_schema(player),
        "taverns": {
            "type": "object",
            "additionalProperties": {"type": "object", "properties": tavern, "additionalProperties": False},
        },
        "tiles": counts,
        "tiles_removed": counts,
        "guild_supply": counts,
        "options": {"type": "object", "additionalProperties": SCALAR_SCHEMA},
        "royal_used": {
            "type": "array",
            "items": {
                "type": "array",
                "prefixItems": [{"type": "string"}, name],
                "items": False,
                "minItems": 2,
            },
        },
        "stack": STACK_SCHEMA,
        "turn": {
            "anyOf": [{"type": "null"}, {"type": "object", "properties": turn, "additionalProperties": False}]
        },
    }
    return document_schema("taverna-position/1", GameState, of, friendly)


POSITIONS = PositionFormat(FORMAT, dump, load, schema)
