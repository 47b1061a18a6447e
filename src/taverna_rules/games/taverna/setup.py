"""Setting up a game: the board, the decks, the row, the chosen peoples and the deed draft.

All of a game's randomness is spent here, from the seed, and recorded in events
(deck orders, favour layout, dignitary placement); nothing after setup draws a number.

:func:`start_events` checks every argument of a new game before anything happens; the
checks of a player name, a birthday and a day of play are shared with position documents
(:mod:`taverna_rules.games.taverna.integrity`), so whatever a new game accepts, a position
accepts too.
"""

from __future__ import annotations

import datetime as dt
import random
import re
from collections.abc import Mapping, Sequence
from typing import Any

from taverna_rules._shown import shown
from taverna_rules._version import VERSION
from taverna_rules.core.arguments import (
    INT_BOUND,
    MAX_NAME,
    check_chance,
    check_first_player,
    check_players,
    check_seed,
    name_problem,
    resolve_options,
    sequence,
)
from taverna_rules.core.chance import arrangement
from taverna_rules.core.decide import run_flow
from taverna_rules.core.engine import Engine
from taverna_rules.core.prompts import asked
from taverna_rules.dsl.text import Text
from taverna_rules.errors import OptionError
from taverna_rules.games.taverna import events as ev
from taverna_rules.games.taverna.actions import BuyDeed, ChoosePeople
from taverna_rules.games.taverna.calendar import days_since, parse_day
from taverna_rules.games.taverna.evolve import evolve
from taverna_rules.games.taverna.flow import automatic, decision
from taverna_rules.games.taverna.ruleset import RuleSet
from taverna_rules.games.taverna.state import GameState, Task, TavernState
from taverna_rules.games.taverna.tracks import draw_spells, refill_castle, seat_order

__all__ = [
    "INT_BOUND",
    "MAX_NAME",
    "birthday_problem",
    "name_problem",
    "played_on_problem",
    "resolve_options",
    "start_events",
]

_BIRTHDAY = re.compile(r"(?:[0-9]{4}-)?[0-9]{2}-[0-9]{2}")
_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def birthday_problem(birthday: object) -> str | None:
    """Why ``birthday`` is not a birthday (``None``, ``'MM-DD'`` or ``'YYYY-MM-DD'``), or ``None``."""
    if birthday is None:
        return None
    if isinstance(birthday, str) and _BIRTHDAY.fullmatch(birthday):
        try:
            parse_day(birthday)
            return None
        except OptionError:
            pass
    return f"a birthday is 'MM-DD' (or 'YYYY-MM-DD') or None, not {shown(birthday)}"


def played_on_problem(played_on: object) -> str | None:
    """Why ``played_on`` is not the day of a game (``None`` or ``'YYYY-MM-DD'``), or ``None``."""
    if played_on is None:
        return None
    if isinstance(played_on, str) and _DAY.fullmatch(played_on):
        try:
            dt.date.fromisoformat(played_on)
            return None
        except ValueError:
            pass
    return f"played_on is a day 'YYYY-MM-DD' (or a datetime.date), not {shown(played_on)}"


def _played_on(played_on: object) -> str | None:
    """The day as ``'YYYY-MM-DD'``: a ``datetime.date`` is written so (a ``datetime`` is
    refused: its day depends on a time zone)."""
    if isinstance(played_on, dt.date) and not isinstance(played_on, dt.datetime):
        return played_on.isoformat()
    problem = played_on_problem(played_on)
    if problem:
        raise OptionError(problem)
    return played_on if isinstance(played_on, str) else None


def _birthdays(birthdays: object, count: int) -> tuple[str | None, ...] | None:
    if birthdays is None:
        return None
    seq = sequence(birthdays, "birthdays (one per player, 'MM-DD' or None)")
    if len(seq) != count:
        raise OptionError(f"{len(seq)} birthdays for {count} players")
    for birthday in seq:
        problem = birthday_problem(birthday)
        if problem:
            raise OptionError(problem)
    return tuple(b if isinstance(b, str) else None for b in seq)


def start_events(
    rules: RuleSet,
    players: Sequence[str],
    seed: int,
    options: Mapping[str, Any] | None = None,
    first_player: int | None = None,
    birthdays: Sequence[str | None] | None = None,
    played_on: str | dt.date | None = None,
    chance: str = "sampled",
) -> list[ev.Event]:
    """The events that open a game, up to its first decision.

    Every argument is checked first, by type and value; anything else than the documented
    types and values raises :class:`OptionError` (see :func:`taverna_rules.new_game`).
    """
    if not isinstance(rules, RuleSet):
        raise OptionError(f"rules is a RuleSet (from load_rules()), not {shown(rules)}")
    names = check_players(rules.supported_players(), players)
    seed_value = check_seed(seed)
    mode = check_chance(chance)
    resolved = resolve_options(rules, options)
    seat = check_first_player(first_player, len(names))
    days = _birthdays(birthdays, len(names))
    day = _played_on(played_on)
    if days is not None and day is None:
        raise OptionError("birthdays need played_on (the day of the game, 'YYYY-MM-DD') to compare them")
    if seat is None:
        seat = 0
        if days and day and all(b is not None for b in days):
            today = dt.date.fromisoformat(day)
            since = [days_since(b, today) for b in days if b is not None]
            seat = since.index(min(since))
    started = ev.GameStarted(
        rules=rules.fingerprint,
        players=names,
        peoples=rules.people_ids(),
        seed=seed_value,
        side=rules.side_for(len(names)).id,
        first_player=seat,
        options=resolved,
        starting_coins=rules.constants.starting_coins,
        birthdays=days if days is not None else (),
        played_on=day,
        chance=mode,
        game=rules.game,
        engine=VERSION,
        packs=tuple((pack.id, pack.version) for pack in rules.packs),
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

    def board(places: tuple[str, ...]) -> ev.BoardPrepared:
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
        return ev.BoardPrepared(
            taverns,
            tiles=rules.tiles,
            guild_supply=rules.guild_tokens,
            privilege_supply=rules.privilege_tokens - len(taverns),
        )

    engine.draw(arrangement(small, len(rules.dignitaries), board), rng)

    # In explicit chance mode the decks stay unordered and the cards laid out at setup
    # are draws, as during play; a shuffled castle is already full.
    favours = engine.shuffled(_copies([(f.id, f.copies) for f in rules.favours]), rng)
    castle = () if engine.explicit else favours[: rules.constants.castle_size]
    engine.emit(ev.FavoursShuffled(castle, favours[len(castle) :]))
    refill_castle(engine)

    use_curse = bool(state.option("use_curse")) if "use_curse" in dict(state.options) else True
    spells = _copies([(s.id, s.copies) for s in rules.spells if use_curse or not s.curse])
    engine.emit(ev.SpellDeckShuffled(engine.shuffled(spells, rng)))

    cards = [c.id for c in rules.customers if c.players <= n]
    engine.emit(ev.CustomerDeckShuffled(engine.shuffled(cards, rng)))
    for _ in range(rules.constants.row_size):
        engine.draw_card(engine.state.customer_deck, ev.CustomerRevealed)

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


_PEOPLE_PROMPTS = {
    "queen": Text(
        en="choose the Queen's people (not the King's)",
        fr="choisissez le peuple de la Reine (pas celui du Roy)",
        nl="kies het volk van de Koningin (niet dat van de Koning)",
    ),
    "king": Text(
        en="choose the King's people",
        fr="choisissez le peuple du Roy",
        nl="kies het volk van de Koning",
    ),
    "first_card": Text(
        en="the first card shows two peoples: choose the King's people",
        fr="la première carte montre deux peuples : choisissez le peuple du Roy",
        nl="de eerste kaart toont twee volken: kies het volk van de Koning",
    ),
}


def _people_prompt(rules: RuleSet, state: GameState, task: Task, lang: str = "en") -> str:
    # With two players the King's people is any (the first card does not choose it).
    which = "queen" if task.ref == "queen" else "king" if len(state.players) == 2 else "first_card"
    return _PEOPLE_PROMPTS[which].get(lang)


@decision("choose_people", _people_choices, _people_prompt, takes=(ChoosePeople,))
def _choose_people(engine: Engine, task: Task, action: ChoosePeople) -> None:
    """Setup: the people the King favours, chosen from the two peoples of the first card
    drawn (with two players, from every people, then the Queen's from the others)."""
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
    asked(
        Text(
            en="buy a property deed (one per tavern)",
            fr="achetez un acte (un par taverne)",
            nl="koop een akte (één per taverne)",
        )
    ),
    _deed_refusal,
    (BuyDeed,),
)
def _buy_deed(engine: Engine, task: Task, action: BuyDeed) -> None:
    """Setup's deed draft: each player in turn buys a property deed they can afford, one
    per tavern, paying its price; the rounds go on until everyone holds their deeds."""
    side = engine.rules.side_for(len(engine.state.players))
    deed = side.layout(action.tavern).deeds[action.space]
    engine.emit(ev.DeedBought(task.player, action.tavern, action.space, deed.price, deed.vp))
