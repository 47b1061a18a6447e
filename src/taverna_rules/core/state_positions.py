"""Position documents for a game that writes none of its own: read from the structure of
its state.

:func:`state_positions` gives a :class:`~taverna_rules.core.positions.PositionFormat`
whose document is the state's own fields (JSON types), with three things written for
people: the players as a list of their records (each with its ``name``, the other fields
left out take a fresh player's values), the rule options as a mapping (left out: their
defaults), and the steps of the stack with players by name. Fields a document leaves out
take a fresh game's values. :func:`resuming` gives the ``resume`` hook that plays such a
position from the game's own event holding a state. A game declares both::

    GAME = GameModule(..., positions=state_positions("my_game", GameState, Player),
                      resume=resuming(PositionLoaded))

A game with decks, or with seats named in its fields, writes its own format when it wants
documents that leave the decks out or name players there (see Cavern Tavern's).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from taverna_rules._records import field_names, record_fields
from taverna_rules.core.arguments import name_problem, resolve_options
from taverna_rules.core.contract import RuleSetLike, StateLike
from taverna_rules.core.game_modules import game_module
from taverna_rules.core.position_data import (
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
)
from taverna_rules.core.positions import PositionFormat
from taverna_rules.core.records import Event
from taverna_rules.core.resume import resume_state

__all__ = ["resuming", "state_positions"]


def state_positions(game: str, state_type: type, player_type: type) -> PositionFormat:
    """The position documents of ``game`` (format ``<game>-position/1``) read from the
    fields of its ``state_type`` and of its ``player_type`` (the records of
    ``state.players``)."""
    state_fields = set(field_names(state_type))
    player_fields = set(field_names(player_type))

    def dump(state: Any) -> dict[str, Any]:  # Any: it reads state.options (no Protocol has them)
        plain = converter().unstructure(state)
        data: dict[str, Any] = {key: plain[key] for key in field_names(state_type)}
        data["options"] = dict(state.options)
        data["stack"] = dump_stack(state.stack, [p.name for p in state.players])
        result: dict[str, Any] = json.loads(json.dumps(data))  # tuples to lists
        return left_out_defaults(result)

    def build(rules: RuleSetLike, data: dict[str, Any]) -> dict[str, Any]:
        raw = listed("'players'", data.get("players"))
        counts = game_module(game).player_counts(rules)
        if len(raw) not in counts:
            raise ValueError(f"{len(raw)} player(s): the rules play with {list(counts)}")
        players = [check_keys(f"player {seat}", p, player_fields) for seat, p in enumerate(raw)]
        names: list[Any] = [p.get("name") for p in players]
        for seat, name in enumerate(names):
            problem = name_problem(name)
            if problem:
                raise ValueError(f"player {seat}: {problem}")
        fields = {key: value for key, value in data.items() if key in state_fields}
        fields.update(
            rules=rules.fingerprint,
            players=players,
            options=[list(pair) for pair in resolve_options(rules, data.get("options"))],
            stack=load_stack(data.get("stack", []), names),
        )
        return fields

    def load(rules: RuleSetLike, data: dict[str, Any]) -> Any:
        return read_state(rules, data, state_type, build)

    def schema(of: Callable[[Any], dict[str, Any]]) -> dict[str, Any]:
        player = {f.name: of(f.type) for f in record_fields(player_type)}
        player["name"] = NAME_SCHEMA
        friendly: dict[str, Any] = {
            "players": players_schema(player),
            "options": {"type": "object", "additionalProperties": SCALAR_SCHEMA},
            "stack": STACK_SCHEMA,
        }
        return document_schema(f"{game}-position/1", state_type, of, friendly)

    return PositionFormat(f"{game}-position/1", dump, load, schema)


def resuming(loaded: Callable[[Any], Event]) -> Callable[[Any, Any], list[Event]]:
    """The ``resume`` hook of a game whose event ``loaded(state)`` holds a whole state (its
    ``PositionLoaded``): the state checked by the game's integrity, loaded, and its
    automatic steps run up to the first decision
    (:func:`~taverna_rules.core.resume.resume_state`)."""

    def resume(rules: RuleSetLike, state: StateLike) -> list[Event]:
        module = game_module(rules.game)
        event = loaded(state)
        return resume_state(rules, module.evolve(None, event), event, module.integrity(rules, state))

    return resume
