"""Setting up a game: the board, the decks, the row, the chosen peoples and the deed draft.

All of a game's randomness is spent here, from the seed, and recorded in events
(deck orders, favour layout, dignitary placement); nothing after setup draws a number.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Mapping, Sequence
from typing import Any

from taverna_rules.content.model import RuleSet
from taverna_rules.content.problems import did_you_mean
from taverna_rules.errors import OptionError
from taverna_rules.kernel import events as ev
from taverna_rules.kernel.actions import BuyDeed, ChoosePeople
from taverna_rules.kernel.calendar import days_since, parse_day
from taverna_rules.kernel.engine import Engine, automatic, decision, run_flow
from taverna_rules.kernel.events import HIDDEN
from taverna_rules.kernel.evolve import evolve
from taverna_rules.kernel.state import GameState, Task, TavernState
from taverna_rules.kernel.tracks import draw_spells, seat_order

__all__ = ["resolve_options", "start_events"]


def resolve_options(rules: RuleSet, options: Mapping[str, Any] | None) -> tuple[tuple[str, Any], ...]:
    """Every rule option with its value: the defaults, overridden by ``options``."""
    given = dict(options or {})
    values: dict[str, Any] = {}
    for option in rules.options:
        value = given.pop(option.id, option.default)
        if option.type == "bool" and not isinstance(value, bool):
            raise OptionError(f"option {option.id!r} takes true or false, not {value!r}")
        if option.type == "int" and (isinstance(value, bool) or not isinstance(value, int)):
            raise OptionError(f"option {option.id!r} takes an integer, not {value!r}")
        if option.type == "choice" and value not in option.choices:
            raise OptionError(f"option {option.id!r} takes one of {list(option.choices)}, not {value!r}")
        values[option.id] = value
    if given:
        known = [o.id for o in rules.options]
        hints = [did_you_mean(name, known) for name in sorted(given)]
        hint = "; ".join(h for h in hints if h) or f"known: {', '.join(known)}"
        raise OptionError(f"unknown rule option(s) {sorted(given)!r} ({hint})")
    return tuple(sorted(values.items()))


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def start_events(
    rules: RuleSet,
    players: Sequence[str],
    seed: int,
    options: Mapping[str, Any] | None = None,
    first_player: int | None = None,
    birthdays: Sequence[str | None] | None = None,
    played_on: str | None = None,
) -> list[ev.Event]:
    """The events that open a game, up to its first decision."""
    counts = rules.supported_players()
    if isinstance(players, str):
        raise OptionError(f"players is a list of names, not the string {players!r}")
    if len(players) not in counts:
        contiguous = list(counts) == list(range(counts[0], counts[-1] + 1))
        shown = f"{counts[0]} to {counts[-1]}" if contiguous else ", ".join(map(str, counts))
        raise OptionError(f"these rules play with {shown} players, not {len(players)}")
    if len(set(players)) != len(players) or not all(
        isinstance(p, str) and p and p != HIDDEN for p in players
    ):
        raise OptionError(
            f"player names must be distinct non-empty strings other than {HIDDEN!r}: {list(players)!r}"
        )
    if not _is_int(seed):
        raise OptionError(f"the seed is an integer, not {seed!r}")
    if first_player is not None and not _is_int(first_player):
        raise OptionError(f"first_player is a seat number, not {first_player!r}")
    if options is not None and not isinstance(options, Mapping):
        raise OptionError(f"options is a mapping of option names to values, not {options!r}")
    if birthdays is not None and played_on is None:
        raise OptionError("birthdays need played_on (the day of the game, 'YYYY-MM-DD') to compare them")
    if birthdays is not None and len(birthdays) != len(players):
        raise OptionError(f"{len(birthdays)} birthdays for {len(players)} players")
    if birthdays is not None:
        for b in birthdays:
            if b is not None:
                parse_day(b)
    if played_on is not None:
        try:
            dt.date.fromisoformat(played_on)
        except ValueError:
            raise OptionError(f"played_on must be 'YYYY-MM-DD', not {played_on!r}") from None
    if first_player is None:
        first_player = 0
        if birthdays and played_on and all(b is not None for b in birthdays):
            today = dt.date.fromisoformat(played_on)
            since = [days_since(b, today) for b in birthdays if b is not None]
            first_player = since.index(min(since))
    if not 0 <= first_player < len(players):
        raise OptionError(f"first_player must be a seat from 0 to {len(players) - 1}, not {first_player}")
    started = ev.GameStarted(
        rules=rules.fingerprint,
        players=tuple(players),
        peoples=rules.people_ids(),
        seed=seed,
        side=rules.side_for(len(players)).id,
        first_player=first_player,
        options=resolve_options(rules, options),
        starting_coins=rules.constants.starting_coins,
        birthdays=tuple(birthdays) if birthdays is not None else (),
        played_on=played_on,
    )
    state = evolve(None, started)
    state = evolve(state, ev.FlowAdvanced((Task("setup"),)))
    return run_flow(rules, state, [started])


def _copies(kinds: Sequence[tuple[str, int]]) -> list[str]:
    """Card instance ids: ``eviction#1``, ``eviction#2``... (one copy: just the id)."""
    out = []
    for kind, copies in kinds:
        out.extend([kind] if copies == 1 else [f"{kind}#{n}" for n in range(1, copies + 1)])
    return out


@automatic("setup")
def _setup(engine: Engine, task: Task) -> None:
    rules, state = engine.rules, engine.state
    rng = random.Random(state.seed)
    n = len(state.players)
    side = rules.side_for(n)

    small = [t.id for t in rules.taverns if t.size == "small"]
    places = rng.sample(small, len(rules.dignitaries))
    dignitaries = {tavern: d.id for tavern, d in zip(places, rules.dignitaries, strict=True)}
    taverns = tuple(
        TavernState(
            t.id,
            tables=(None,) * len(side.layout(t.id).tables),
            deeds=(None,) * len(side.layout(t.id).deeds),
            privilege=True,
            dignitaries=(dignitaries[t.id],) if t.id in dignitaries else (),
        )
        for t in rules.taverns
    )
    engine.emit(
        ev.BoardPrepared(
            taverns,
            tiles=rules.tiles,
            guild_supply=rules.guild_tokens,
            privilege_supply=rules.privilege_tokens - len(taverns),
        )
    )

    favours = _copies([(f.id, f.copies) for f in rules.favours])
    rng.shuffle(favours)
    size = rules.constants.castle_size
    engine.emit(ev.FavoursShuffled(tuple(favours[:size]), tuple(favours[size:])))

    use_curse = bool(state.option("use_curse")) if "use_curse" in dict(state.options) else True
    spells = _copies([(s.id, s.copies) for s in rules.spells if use_curse or not s.curse])
    rng.shuffle(spells)
    engine.emit(ev.SpellDeckShuffled(tuple(spells)))

    cards = [c.id for c in rules.customers if c.players <= n]
    rng.shuffle(cards)
    engine.emit(ev.CustomerDeckShuffled(tuple(cards)))
    for _ in range(rules.constants.row_size):
        engine.emit(ev.CustomerRevealed(engine.state.customer_deck[0]))

    order = seat_order(state.first_player, n)
    draft = [Task("buy_deed", p) for p in (*order, *reversed(order))]
    first_card = rules.customer(engine.state.row[0])
    if n == 2:
        chosen = [Task("choose_people", order[0], "king"), Task("choose_people", order[1], "queen")]
    elif len(first_card.peoples) > 1:
        chosen = [Task("choose_people", order[0], "king")]
    else:
        engine.emit(ev.ChosenPeople("king", first_card.peoples[0]))
        chosen = []
    engine.push(*chosen, *draft, Task("turn", order[0]))
    # Deal last: a Curse drawn now pushes its effect on top, to resolve before the rest.
    for player in order:
        draw_spells(engine, player, rules.constants.spell_hand)


# ----------------------------------------------------------------------------- decisions
def _people_choices(rules: RuleSet, state: GameState, task: Task) -> tuple[ChoosePeople, ...]:
    if task.ref == "queen":
        return tuple(ChoosePeople(p) for p in rules.people_ids() if p != state.king)
    first_card = rules.customer(state.row[0])
    peoples = first_card.peoples if len(state.players) > 2 else rules.people_ids()
    return tuple(ChoosePeople(p) for p in peoples)


def _people_prompt(rules: RuleSet, state: GameState, task: Task) -> str:
    if task.ref == "queen":
        return "choose the Queen's people (not the King's)"
    if len(state.players) == 2:
        return "choose the King's people"
    return "the first card shows two peoples: choose the King's people"


@decision("choose_people", _people_choices, _people_prompt)
def _choose_people(engine: Engine, task: Task, action: ChoosePeople) -> None:
    engine.emit(ev.ChosenPeople(task.ref, action.people, task.player))


def _deed_choices(rules: RuleSet, state: GameState, task: Task) -> tuple[BuyDeed, ...]:
    side = rules.side_for(len(state.players))
    coins = state.players[task.player].coins
    out = []
    for tavern in state.taverns:
        if task.player in tavern.deeds:
            continue  # one deed per player per tavern
        for space, (owner, deed) in enumerate(zip(tavern.deeds, side.layout(tavern.id).deeds, strict=True)):
            if owner is None and deed.price <= coins:
                out.append(BuyDeed(tavern.id, space))
    return tuple(out)


def _deed_refusal(rules: RuleSet, state: GameState, task: Task, action: BuyDeed) -> str:
    ids = [t.id for t in state.taverns]
    if action.tavern not in ids:
        return f"there is no tavern {action.tavern!r} (taverns: {', '.join(ids)})"
    tavern = state.tavern(action.tavern)
    if not 0 <= action.space < len(tavern.deeds):
        return f"{action.tavern!r} has deed spaces 0 to {len(tavern.deeds) - 1}"
    if task.player in tavern.deeds:
        return f"you already own a deed in {action.tavern!r} (one per tavern)"
    owner = tavern.deeds[action.space]
    if owner is not None:
        return f"that deed belongs to {state.players[owner].name}"
    price = rules.side_for(len(state.players)).layout(action.tavern).deeds[action.space].price
    return f"it costs {price} coins and you have {state.players[task.player].coins}"


@decision(
    "buy_deed",
    _deed_choices,
    lambda r, s, t: "buy a property deed (one per tavern)",
    _deed_refusal,
    (BuyDeed,),
)
def _buy_deed(engine: Engine, task: Task, action: BuyDeed) -> None:
    side = engine.rules.side_for(len(engine.state.players))
    deed = side.layout(action.tavern).deeds[action.space]
    engine.emit(ev.DeedBought(task.player, action.tavern, action.space, deed.price, deed.vp))
