"""Position documents: a game state written by hand, in YAML or JSON (like FEN for chess).

A position names players by name, tracks by people, taverns by id, and leaves out what
it does not need: missing fields take the values of a fresh game of that size. Dumping
writes every field, so ``load_position(rules, dump_position(state)) == state``.

.. code-block:: yaml

    format: taverna-position/1
    king: elf
    players:
      - {name: Karl, coins: 4, tracks: {human: 7, elf: 4, dwarf: 0, orc: 1}}
      - {name: Fred, coins: 10, privileges: 1}
    taverns:
      tankard: {deeds: [Karl, Fred, null]}
    stack: [end_game]

``stack`` lists the steps still to come, the next one first.
"""

from __future__ import annotations

import io
import json
from typing import Any

import attrs
import cattrs
from ruamel.yaml import YAML

from taverna_rules.content.checks import did_you_mean
from taverna_rules.content.model import RuleSet
from taverna_rules.content.yaml_source import load_yaml_text, to_plain
from taverna_rules.errors import OptionError, PositionError
from taverna_rules.kernel.integrity import state_problems
from taverna_rules.kernel.serialize import CONVERTER
from taverna_rules.kernel.setup import resolve_options
from taverna_rules.kernel.state import GameState, PlayerState, Task, TavernState, TurnState

__all__ = ["FORMAT", "dump_position", "load_position"]

FORMAT = "taverna-position/1"
_STATE_FIELDS = {f.name for f in attrs.fields(GameState)}
_PLAYER_FIELDS = {f.name for f in attrs.fields(PlayerState)}
_TAVERN_FIELDS = {f.name for f in attrs.fields(TavernState)}
_TURN_FIELDS = {f.name for f in attrs.fields(TurnState)}
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


def dump_position(state: GameState, fmt: str = "yaml") -> str:
    """``state`` as a position document (``fmt``: ``yaml`` or ``json``)."""
    names = [p.name for p in state.players]
    data: dict[str, Any] = {"format": FORMAT}
    plain = CONVERTER.unstructure(state)
    for key in (f.name for f in attrs.fields(GameState)):
        if key not in _FRIENDLY:
            data[key] = plain[key]
    data["players"] = [
        {
            **{k: v for k, v in CONVERTER.unstructure(p).items() if k not in ("tracks", "vp")},
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
    data["stack"] = [_dump_task(task, names) for task in reversed(state.stack)]
    data["turn"] = (
        None
        if state.turn is None
        else {**CONVERTER.unstructure(state.turn), "player": names[state.turn.player]}
    )
    data = json.loads(json.dumps(data))  # tuples to lists
    if fmt == "json":
        return json.dumps(data, indent=2, ensure_ascii=False)
    out = io.StringIO()
    yaml = YAML(typ="safe", pure=True)
    yaml.default_flow_style = None
    yaml.representer.sort_base_mapping_type_on_output = False  # keep the document's order
    yaml.dump(data, out)
    return out.getvalue()


def _dump_task(task: Task, names: list[str]) -> Any:
    out: dict[str, Any] = {"kind": task.kind}
    if task.player >= 0:
        out["player"] = names[task.player]
    if task.ref:
        out["ref"] = task.ref
    if task.path:
        out["path"] = list(task.path)
    if task.args:
        out["args"] = list(task.args)
    return out if len(out) > 1 else task.kind


def load_position(rules: RuleSet, text: str) -> GameState:
    """The state a position document (YAML or JSON text) describes, for ``rules``."""
    doc, problems = load_yaml_text(text, "<position>")
    if doc is None:
        raise PositionError("; ".join(str(p) for p in problems))
    data = to_plain(doc.data)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise PositionError(f"a position document starts with 'format: {FORMAT}'")
    unknown = sorted(set(data) - _STATE_FIELDS - {"format"})
    if unknown:
        hint = did_you_mean(unknown[0], sorted(_STATE_FIELDS))
        raise PositionError(
            f"unknown position field(s) {unknown}"
            + (f" ({hint})" if hint else f"; known: {sorted(_STATE_FIELDS)}")
        )
    given_rules = data.get("rules")
    if given_rules is not None and given_rules != rules.fingerprint:
        raise PositionError(
            f"the position is for rules {str(given_rules)[:12]}..., these are {rules.fingerprint[:12]}..."
        )
    try:
        state = _build(rules, data)
    except (KeyError, ValueError, TypeError, IndexError, OptionError) as exc:
        raise PositionError(f"bad position: {exc}") from None
    except cattrs.BaseValidationError as exc:
        raise PositionError("bad position: " + "; ".join(cattrs.transform_error(exc))) from None
    inconsistent = state_problems(rules, state)
    if inconsistent:
        raise PositionError("bad position: " + "; ".join(inconsistent))
    return state


def _check_keys(where: str, given: Any, allowed: set[str]) -> None:
    if not isinstance(given, dict):
        raise ValueError(f"{where} must be a mapping, not {given!r}")
    unknown = sorted(set(given) - allowed)
    if unknown:
        hint = did_you_mean(unknown[0], sorted(allowed))
        raise ValueError(f"{where}: unknown field(s) {unknown}" + (f" ({hint})" if hint else ""))


def _index(names: list[str], who: Any, where: str) -> int:
    if isinstance(who, int) and 0 <= who < len(names):
        return who
    if who in names:
        return names.index(who)
    raise ValueError(f"{where}: unknown player {who!r} (players: {names})")


def _build(rules: RuleSet, data: dict[str, Any]) -> GameState:
    raw_players = data.get("players")
    if not isinstance(raw_players, list) or not raw_players:
        raise ValueError("'players' must list the players")
    for index, p in enumerate(raw_players):
        _check_keys(f"player {index}", p, _PLAYER_FIELDS)
    names = [str(p.get("name")) for p in raw_players]
    n = len(names)
    if n not in rules.constants.player_counts:
        raise ValueError(f"{n} player(s): the rules are for {list(rules.constants.player_counts)}")
    side_id = data.get("side") or rules.side_for(n).id
    side = next((s for s in rules.sides if s.id == side_id), None)
    if side is None:
        raise ValueError(f"unknown board side {side_id!r}; known: {[s.id for s in rules.sides]}")
    peoples = tuple(data.get("peoples") or rules.people_ids())
    players = []
    for p in raw_players:
        tracks = p.get("tracks", {})
        if isinstance(tracks, dict):
            bad = sorted(set(tracks) - set(peoples))
            if bad:
                raise ValueError(f"player {p.get('name')!r}: unknown people {bad}")
            tracks = [int(tracks.get(people, 0)) for people in peoples]
        vp = p.get("vp", {})
        vp = sorted(vp.items()) if isinstance(vp, dict) else vp
        coins = p.get("coins", rules.constants.starting_coins)
        players.append({**p, "tracks": tracks, "vp": vp, "coins": coins})
    taverns_in = data.get("taverns", {})
    if isinstance(taverns_in, list):
        taverns_in = {t["id"]: t for t in taverns_in}
    unknown = sorted(set(taverns_in) - {t.id for t in rules.taverns})
    if unknown:
        raise ValueError(f"unknown tavern(s) {unknown}")
    taverns = []
    for tavern in rules.taverns:
        layout = side.layout(tavern.id)
        given = taverns_in.get(tavern.id, {})
        _check_keys(f"tavern {tavern.id}", given, _TAVERN_FIELDS)
        tables = given.get("tables", [None] * len(layout.tables))
        deeds = [
            None if o is None else _index(names, o, f"tavern {tavern.id}")
            for o in given.get("deeds", [None] * len(layout.deeds))
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
    state: dict[str, Any] = {k: v for k, v in data.items() if k in _STATE_FIELDS and k not in _FRIENDLY}
    state.update(
        rules=rules.fingerprint,
        side=side.id,
        peoples=list(peoples),
        players=players,
        taverns=taverns,
        tiles=_counts(data, "tiles", rules.tiles),
        tiles_removed=_counts(data, "tiles_removed", tuple((k, 0) for k, _ in rules.tiles)),
        guild_supply=_counts(data, "guild_supply", rules.guild_tokens),
        options=list(resolve_options(rules, data.get("options"))),
        royal_used=[[s, _index(names, p, "royal_used")] for s, p in _pairs(data.get("royal_used", []))],
        stack=[_load_task(t, names) for t in reversed(data.get("stack", []))],
    )
    state.setdefault("privilege_supply", rules.privilege_tokens - len(rules.taverns))
    turn = data.get("turn")
    if turn is not None:
        _check_keys("turn", turn, _TURN_FIELDS)
        state["turn"] = {**turn, "player": _index(names, turn.get("player"), "turn")}
    return CONVERTER.structure(state, GameState)


def _counts(data: dict[str, Any], key: str, defaults: tuple[tuple[str, int], ...]) -> list[tuple[str, int]]:
    """Counts by kind in the rule set's order; kinds left out keep their default."""
    given = data.get(key, {})
    unknown = sorted(set(given) - {k for k, _ in defaults})
    if unknown:
        raise ValueError(f"{key}: unknown kind(s) {unknown}")
    return [(k, int(given.get(k, n))) for k, n in defaults]


def _pairs(value: Any) -> list[tuple[Any, Any]]:
    """``{a: b}`` or ``[[a, b], ...]`` (order kept) as pairs."""
    if isinstance(value, dict):
        return list(value.items())
    return [(a, b) for a, b in value]


def _load_task(raw: Any, names: list[str]) -> dict[str, Any]:
    if isinstance(raw, str):
        return {"kind": raw}
    _check_keys("a stack step", raw, {"kind", "player", "ref", "path", "args"})
    out = dict(raw)
    if "player" in out:
        out["player"] = _index(names, out["player"], f"task {raw.get('kind')!r}")
    return out
