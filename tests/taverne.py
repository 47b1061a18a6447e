"""Positions of Taverne written for a test: a table of players, each with a fresh
Comptoir unless told otherwise, and the steps to run from."""

from __future__ import annotations

import json
import random
from typing import Any

import taverna_rules as tr

RULES = tr.load_rules("taverne")


def comptoir(name: str, seat: int, character: str, **changes: Any) -> dict[str, Any]:
    """A player as set up (l.84-89): 1 pint, 30 Energy, the small weapons in hand, the 6 on
    the pile, 7 to 9 under it; ``changes`` override (``dodges=[4]`` takes the 4 from the
    hand, ``hand`` and ``pile`` may be given by value)."""
    player: dict[str, Any] = {
        "name": name,
        "character": character,
        "pints": 1,
        "energy": 30,
        "butin": 0,
        "hand": [1, 2, 3, 4, 5],
        "top": 6,
        "pile": [7, 8, 9],
        "dodges": [],
    }
    player.update(changes)
    for weapon in player["dodges"]:
        if weapon in player["hand"]:
            player["hand"].remove(weapon)
    for key in ("hand", "pile", "dodges"):
        player[key] = [w if isinstance(w, str) else f"{w}#{seat + 1}" for w in player[key]]
    if isinstance(player["top"], int):
        player["top"] = f"{player['top']}#{seat + 1}" if player["top"] else ""
    return player


def table(*players: dict[str, Any], **state: Any) -> tr.Game:
    """A game from a position: these players seated in this order, the Pilier the first of
    them unless ``pilier`` says, every unused Character and Specialty of the boxes in play
    (two with the option ``double``) in its pile."""
    boxes = [b.id for b in RULES.boxes[: 2 if state.get("options", {}).get("double") else 1]]
    used = {p.get("character", "") for p in players} | set(state.get("ko", []))
    held = {c for p in players for key in ("specialties", "atouts", "suffers") for c in p.get(key, [])}
    held |= {card for _, card in state.get("crasses", [])}
    document: dict[str, Any] = {
        "format": "taverne-position/1",
        "players": list(players),
        "turn": 1,
        "pilier": 0,
        "table": list(range(len(players))),
        "characters": [c.id for c in RULES.characters if c.id not in used and c.box in boxes],
        "specialty_deck": sorted(s.id for s in RULES.specialties if s.id not in held and s.box in boxes),
        **state,
    }
    return tr.Game.from_position(RULES, tr.load_position(RULES, json.dumps(document)))


def play(game: tr.Game, *actions: tr.Action) -> None:
    """Each action by the seat the pending decision asks (the first asked at a
    simultaneous one)."""
    for action in actions:
        game.apply(action, player=game.decisions[0].player)


def until(game: tr.Game, kind: str, choose: Any = None, call: int = 0) -> None:
    """Play on until a decision of ``kind`` is pending (or, with ``call``, until the Pilier
    has announced that call of this turn, or any call of a later turn): each seat takes its
    last legal action (a pass where there is one), or what ``choose(decision)`` gives."""
    start = game.state.turn
    for _ in range(500):
        pending = game.decisions
        reached = (game.state.turn, game.state.call) >= (start, call)
        if not pending or pending[0].kind == kind or (call and reached):
            return
        decision = pending[0]
        action = choose(decision) if choose else None
        game.apply(action or decision.actions[-1], player=decision.player)
    raise AssertionError(f"no {kind!r} decision in 500 actions")


def play_randomly(game: tr.Game, seed: int) -> None:
    """Play random legal actions to the end (the first seat asked each time), then check
    the game ended and its log replays to the same state."""
    rng = random.Random(seed)
    while game.decisions:
        decision = game.decisions[0]
        game.apply(rng.choice(decision.actions), player=decision.player)
    assert game.result is not None
    assert tr.replay(game.rules, game.events).state == game.state
