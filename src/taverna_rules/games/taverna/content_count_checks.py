"""Whether Taverna's components keep every supported player count playable: enough
tables, cards, tiles, spells, royal scorings and deeds for each count, a track for each
people, a small tavern for each dignitary... the constraints any reconstruction of the
unpublished components must keep.

Each rule is a small function: :data:`PER_PLAYER_COUNT` runs for each player count the
constants list (on the board side that count plays on), then :data:`WHOLE_GAME` once.
A problem whose constants a pack changed says where it changed them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import attrs

from taverna_rules.content.problems import Problem
from taverna_rules.content.where import Where
from taverna_rules.games.taverna.ruleset import BoardSide, CustomerCard, RuleSet

__all__ = ["COUNT_INPUTS", "PER_PLAYER_COUNT", "WHOLE_GAME", "PlayerCount", "playability_problems"]

#: The constants each playability problem depends on.
COUNT_INPUTS: dict[str, tuple[str, ...]] = {
    "constants-coverage": ("turns", "income", "royal_scorings_per_player"),
    "side-coverage": ("turns",),
    "too-few-tables": ("turns",),
    "too-few-cards": ("turns", "row_size"),
    "too-few-tiles": ("turns",),
    "too-few-deeds": ("deeds_per_player",),
    "deed-unaffordable": ("starting_coins",),
    "too-few-spells": ("spell_hand",),
    "too-few-royal-scorings": ("royal_scorings_per_player",),
    "too-few-favours": ("castle_size",),
}

Singles = Mapping[str, Any]


def playability_problems(rules: RuleSet, where: Where, singles: Singles, complete: bool) -> list[Problem]:
    """The counts every supported player count needs, once the constants give a number
    for each of them. ``complete`` is false when items were left out for schema problems:
    the counts are then not checked, since they would count what is missing."""
    counted = _constants_coverage(rules, singles)
    if complete and not counted:
        counted.extend(_count_problems(rules, where, singles))
    return _blame_changed_constants(counted, where.constants_changed)


def _blame_changed_constants(problems: list[Problem], changed: dict[str, str]) -> list[Problem]:
    """Playability problems whose constants a pack changed say where it changed them: the
    file the problem points at is often the base game's, which the author did not touch."""
    out = []
    for problem in problems:
        inputs = COUNT_INPUTS.get(problem.code, ())
        causes = [f"{name} was changed at {changed[name]}" for name in inputs if name in changed]
        hint = "; ".join(filter(None, [problem.hint, *causes]))
        out.append(attrs.evolve(problem, hint=hint) if causes else problem)
    return out


def _constants_coverage(rules: RuleSet, singles: Singles) -> list[Problem]:
    """Every number given per player count covers the counts ``turns`` lists."""
    k = rules.constants
    counts = set(k.player_counts)
    out = []
    for name, pairs in (("income", k.income), ("royal_scorings_per_player", k.royal_scorings_per_player)):
        missing = sorted(counts - {n for n, _ in pairs})
        if missing:
            out.append(
                singles["game"].source.problem(
                    "constants-coverage",
                    f"{name} gives no number for {', '.join(map(str, missing))} players, which 'turns' lists",
                    ("constants", name),
                    "give each per-player-count constant the same player counts",
                )
            )
    return out


@attrs.frozen
class PlayerCount:
    """A supported player count and what a game of it plays with."""

    count: int
    #: The one board side for that count.
    side: BoardSide
    #: How many customers are seated in a game.
    seatings: int
    #: The customer cards in play (those marked for at most that many players).
    cards: tuple[CustomerCard, ...]


def _count_problems(rules: RuleSet, where: Where, singles: Singles) -> list[Problem]:
    """Whether the components keep every supported player count playable."""
    problems: list[Problem] = []
    k = rules.constants
    for count in k.player_counts:
        sides = [s for s in rules.sides if count in s.players]
        if len(sides) != 1:
            problems.append(
                Problem(
                    "side-coverage",
                    f"{len(sides)} board sides for {count} players (exactly one needed)",
                    hint="list each player count in one side's 'players'",
                )
            )
            continue
        cards = tuple(c for c in rules.customers if c.players <= count)
        game = PlayerCount(count, sides[0], count * k.turns_for(count), cards)
        for rule in PER_PLAYER_COUNT:
            problems.extend(rule(rules, where, singles, game))
    for whole in WHOLE_GAME:
        problems.extend(whole(rules, where, singles))
    return problems


# ----------------------------------------------------------------------------- per player count
def _tables(rules: RuleSet, where: Where, singles: Singles, game: PlayerCount) -> list[Problem]:
    if game.side.table_count >= game.seatings:
        return []
    message = f"{game.side.table_count} tables for {game.seatings} customers seated with {game.count} players"
    return [where.problem("sides", game.side.id, "too-few-tables", message, ("taverns",))]


def _cards(rules: RuleSet, where: Where, singles: Singles, game: PlayerCount) -> list[Problem]:
    needed = game.seatings + rules.constants.row_size - 1
    if len(game.cards) >= needed:
        return []
    message = (
        f"{len(game.cards)} customer cards for {game.count} players, {needed} needed "
        "(players x turns + row - 1)"
    )
    return [Problem("too-few-cards", message)]


def _tiles(rules: RuleSet, where: Where, singles: Singles, game: PlayerCount) -> list[Problem]:
    """Enough tiles of each people for the cards that could ask for one."""
    out = []
    tiles = dict(rules.tiles)
    for people in rules.people_ids():
        showing = sum(1 for c in game.cards if people in c.peoples)
        if tiles.get(people, 0) < min(showing, game.seatings):
            out.append(
                singles["components"].source.problem(
                    "too-few-tiles",
                    f"{tiles.get(people, 0)} {people} tiles, but {min(showing, game.seatings)} "
                    f"cards could ask for one with {game.count} players",
                    ("customer_tiles", people),
                    "add tiles or remove cards of that people",
                )
            )
    return out


def _spells(rules: RuleSet, where: Where, singles: Singles, game: PlayerCount) -> list[Problem]:
    hand, count = rules.constants.spell_hand, game.count
    deck = sum(s.copies for s in rules.spells if not s.curse)
    if count * hand <= deck:
        return []
    message = (
        f"{deck} spell cards (the Curse aside), {count * hand} needed to deal "
        f"{hand} to each of {count} players"
    )
    return [Problem("too-few-spells", message, hint="add spells or copies")]


def _royal_scorings(rules: RuleSet, where: Where, singles: Singles, game: PlayerCount) -> list[Problem]:
    picks = rules.constants.royal_picks_for(game.count)
    if len(rules.royal_scorings) >= game.count * picks:
        return []
    exist = len(rules.royal_scorings)
    message = f"{game.count} players choose {picks} royal scorings each, only {exist} exist"
    return [Problem("too-few-royal-scorings", message)]


def _deeds(rules: RuleSet, where: Where, singles: Singles, game: PlayerCount) -> list[Problem]:
    """The deed draft: two deeds in different taverns for each player."""
    side, count = game.side, game.count
    deed_spaces = sum(min(len(layout.deeds), count) for _, layout in side.layouts)
    if deed_spaces >= 2 * count and len(side.layouts) >= 2:
        return []
    message = f"the deed draft needs 2 deeds in different taverns for each of {count} players"
    return [where.problem("sides", side.id, "too-few-deeds", message)]


#: The rules checked for each player count, in the order their problems are reported.
PER_PLAYER_COUNT: tuple[Callable[[RuleSet, Where, Singles, PlayerCount], list[Problem]], ...] = (
    _tables,
    _cards,
    _tiles,
    _spells,
    _royal_scorings,
    _deeds,
)


# ----------------------------------------------------------------------------- the whole game
def _tracks(rules: RuleSet, where: Where, singles: Singles) -> list[Problem]:
    """Each people has its track."""
    out = []
    tracked = {t.people for t in rules.tracks}
    for index, people in enumerate(rules.people_ids()):
        if people in tracked:
            continue
        removal = where.removed.get(("tracks", people))
        if removal is not None:  # the pack that removed it is the one to fix
            source, path = removal
            hint = "every people needs its track: keep it, or replace it with 'merge: replace'"
        else:
            source, path = singles["game"].source, ("peoples", index, "id")
            hint = f"declare one in a tracks file: tracks: [{{people: {people}, bonuses: {{...}}}}]"
        out.append(source.problem("missing-track", f"no track for people {people!r}", path, hint))
    return out


def _dignitaries(rules: RuleSet, where: Where, singles: Singles) -> list[Problem]:
    """Each dignitary starts in a small tavern of its own."""
    small = sum(1 for t in rules.taverns if t.size == "small")
    if len(rules.dignitaries) <= small:
        return []
    return [
        where.problem(
            "dignitaries",
            len(rules.dignitaries) - 1,
            "too-many-dignitaries",
            f"{len(rules.dignitaries)} dignitaries for {small} small taverns: each starts in a "
            "small tavern of its own",
            ("id",),
            "add a small tavern in a board file (taverns: [{id: ..., size: small, name: ...}] "
            "and its layout on every side under layouts:; docs: authoring, Adding a tavern), "
            "or remove a dignitary",
        )
    ]


def _privileges(rules: RuleSet, where: Where, singles: Singles) -> list[Problem]:
    """Every tavern starts with a privilege token."""
    if rules.privilege_tokens >= len(rules.taverns):
        return []
    return [
        singles["components"].source.problem(
            "too-few-privileges",
            f"{rules.privilege_tokens} privilege tokens for {len(rules.taverns)} taverns",
            ("privilege_tokens",),
            "every tavern starts with a privilege token",
        )
    ]


def _favours(rules: RuleSet, where: Where, singles: Singles) -> list[Problem]:
    """The castle shows its royal favours."""
    castle = rules.constants.castle_size
    favour_tiles = sum(f.copies for f in rules.favours)
    if favour_tiles >= castle:
        return []
    return [
        Problem(
            "too-few-favours",
            f"the castle shows {castle} royal favours, but only {favour_tiles} favour tiles exist",
            hint="add favours or copies, or lower castle_size",
        )
    ]


def _curses(rules: RuleSet, where: Where, singles: Singles) -> list[Problem]:
    """At most one spell kind is the Curse."""
    curses = [n for n, s in enumerate(rules.spells) if s.curse]
    return [
        where.problem(
            "spells",
            n,
            "too-many-curses",
            f"{rules.spells[n].id!r} is a second Curse (the first is {rules.spells[curses[0]].id!r})",
            ("curse",),
            "at most one spell kind is the Curse",
        )
        for n in curses[1:]
    ]


#: The rules checked once for the whole game, after those of each player count.
WHOLE_GAME: tuple[Callable[[RuleSet, Where, Singles], list[Problem]], ...] = (
    _tracks,
    _dignitaries,
    _privileges,
    _favours,
    _curses,
)
