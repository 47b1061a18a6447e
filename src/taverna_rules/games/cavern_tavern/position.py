"""Cavern Tavern's position documents: a game state written by hand, in YAML or JSON.
The generic facade (:mod:`taverna_rules.position`) reads and writes the text; this module
turns a state into the document's data and back.

A document names players by name (the first player, the placements, the steps) and
writes VP by category as a mapping. Fields it leaves out take the values of a fresh game,
except the decks and the Cellar's supply: left out, each holds every card or ingredient
of the game that the document does not place elsewhere, so a hand-written position only
lists what is on the table and in the players' hands. Dumping writes every field, so
``load_position(rules, dump_position(state)) == state``. For example:

.. code-block:: yaml

    format: cavern-tavern-position/1
    round: 3
    tables: [thunder_smoke, elven_dew, "", "", "", ""]
    players:
      - {name: Ann, dice: [1, 3, 6, 6], ingredients: [beer, wine], order: goblin_grog}
      - {name: Bob, dice: [2, 2, 5, 5], kitchen: 3, vp: {orders: 12}}
    stack: [{kind: turn, player: Ann}]
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from taverna_rules._records import field_names, record_fields
from taverna_rules.core.arguments import name_problem, resolve_options
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
    players_schema,
    read_state,
    seat_of,
)
from taverna_rules.core.positions import PositionFormat
from taverna_rules.games.cavern_tavern.integrity import expected, whereabouts
from taverna_rules.games.cavern_tavern.ruleset import RuleSet
from taverna_rules.games.cavern_tavern.state import GameState, Player

__all__ = ["FORMAT", "POSITIONS", "dump", "load", "schema"]

FORMAT = "cavern-tavern-position/1"
_STATE_FIELDS = set(field_names(GameState))
_PLAYER_FIELDS = set(field_names(Player))
#: Where each kind of card or ingredient lies when a document leaves it out: the rest.
_REST = {
    "order_deck": "orders",
    "item_deck": "items",
    "nasty_deck": "nasty",
    "secret_box": "secrets",
    "supply": "ingredients",
}


def dump(state: GameState) -> dict[str, Any]:
    """``state`` as the plain data of a position document (names, not seats)."""
    plain = converter().unstructure(state)
    names = [p.name for p in state.players]
    data: dict[str, Any] = {key: plain[key] for key in field_names(GameState)}
    data["players"] = [
        {**player, "vp": dict(p.vp)} for player, p in zip(plain["players"], state.players, strict=True)
    ]
    data["first"] = names[state.first] if 0 <= state.first < len(names) else state.first
    data["options"] = dict(state.options)
    data["placements"] = [[place, names[seat], dice] for place, seat, dice in state.placements]
    data["stack"] = dump_stack(state.stack, names)
    result: dict[str, Any] = json.loads(json.dumps(data))  # tuples to lists
    return left_out_defaults(result)


def load(rules: RuleSet, data: dict[str, Any]) -> GameState:
    """The state the data of a position document describes, for ``rules`` (its ``format``
    checked by the facade; its steps are not run yet: the facade resumes it)."""
    state: GameState = read_state(rules, data, GameState, _build)
    return _with_the_rest(rules, state, set(data))


def _build(rules: RuleSet, data: dict[str, Any]) -> dict[str, Any]:
    """The fields of the state ``data`` describes, in the shape of ``GameState``."""
    raw_players = listed("'players'", data.get("players"))
    if len(raw_players) not in rules.supported_players():
        raise ValueError(
            f"{len(raw_players)} player(s): the rules play with {list(rules.supported_players())}"
        )
    players = [check_keys(f"player {seat}", p, _PLAYER_FIELDS) for seat, p in enumerate(raw_players)]
    names: list[Any] = [p.get("name") for p in players]
    for seat, name in enumerate(names):
        problem = name_problem(name)
        if problem:
            raise ValueError(f"player {seat}: {problem}")
    state = {k: v for k, v in data.items() if k in _STATE_FIELDS}
    state.update(
        rules=rules.fingerprint,
        players=[{**p, "vp": _vp(f"player {p['name']!r}", p.get("vp", {}))} for p in players],
        first=seat_of(names, data.get("first", 0), "'first'"),
        options=[list(pair) for pair in resolve_options(rules, data.get("options"))],
        tables=listed("'tables'", data.get("tables", [""] * rules.constants.tables)),
        placements=[_placement(names, p) for p in listed("'placements'", data.get("placements", []))],
        stack=load_stack(data.get("stack", []), names),
    )
    return state


def _vp(where: str, vp: Any) -> Any:
    """VP by category, from a mapping (sorted as the state keeps them) or pairs."""
    if isinstance(vp, dict):
        return [[category, amount] for category, amount in sorted(vp.items(), key=str)]
    return listed(f"{where} vp", vp)


def _placement(names: list[str], raw: Any) -> list[Any]:
    where = "a placement"
    group = listed(where, raw)
    if len(group) != 3:
        raise ValueError(f"{where} is [place, player, dice], not {raw!r}")
    place, who, dice = group
    return [place, seat_of(names, who, where), dice]


def _with_the_rest(rules: RuleSet, state: GameState, given: set[str]) -> GameState:
    """``state`` with each deck or supply the document left out holding what is nowhere
    else (see :func:`~taverna_rules.games.cavern_tavern.integrity.expected`)."""
    missing = [field for field in _REST if field not in given]
    if not missing:
        return state
    emptied: dict[str, Any] = dict.fromkeys(missing, ())
    found, wanted = whereabouts(rules, state.replace(**emptied)), expected(rules)
    rest: dict[str, Any] = {
        field: tuple(sorted((wanted[_REST[field]] - found[_REST[field]]).elements())) for field in missing
    }
    return state.replace(**rest)


def schema(of: Callable[[Any], dict[str, Any]]) -> dict[str, Any]:
    """The JSON Schema of the document :func:`dump` writes (``of(type)``: the schema of a
    state field's type); :func:`load` also reads YAML, leaves out fields (a fresh game's
    values, the rest of the cards in the decks), and VP written as pairs."""
    player = {f.name: of(f.type) for f in record_fields(Player)}
    player.update(name=NAME_SCHEMA, vp={"type": "object", "additionalProperties": INTEGER_SCHEMA})
    friendly: dict[str, Any] = {
        "players": players_schema(player),
        "first": {"anyOf": [NAME_SCHEMA, INTEGER_SCHEMA]},
        "options": {"type": "object", "additionalProperties": SCALAR_SCHEMA},
        "placements": {
            "type": "array",
            "items": {
                "type": "array",
                "prefixItems": [{"type": "string"}, NAME_SCHEMA, {"type": "string"}],
                "items": False,
                "minItems": 3,
            },
        },
        "stack": STACK_SCHEMA,
    }
    return document_schema(FORMAT, GameState, of, friendly)


POSITIONS = PositionFormat(FORMAT, dump, load, schema)
