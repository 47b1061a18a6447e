"""What one player (or a spectator) may see: a game's visibility model, by zones.

A game declares its hidden things as :class:`Zone` objects, each a place in the state
with a :data:`Policy`:

``public``
    everyone sees it;
``owner``
    its owner sees it, the others see how many things it holds (each reads
    :data:`~taverna_rules.core.records.HIDDEN`);
``count``
    everyone sees how many things it holds, nobody what they are (a deck's order);
``hidden``
    nobody sees anything of it (the seed reads ``0``).

A zone's ``path`` is a state field (``"customer_deck"``), a field of every player
(``"players.hand"``: the owner is the seat), or, with ``pairs``, a field holding
``(seat, thing)`` pairs (``"spell_discard"``: the owner of each thing is its seat).
Events name the zone of each field they carry (:attr:`Event.ZONES
<taverna_rules.core.records.Event.ZONES>`), so the state view, the event redaction, the
pending decision's redaction and the list of what a viewer must never see all come from
one declaration (:class:`Visibility`). Folding a log's redacted events gives exactly the
redacted state.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, Literal

import attrs

from taverna_rules._records import evolve, field_names
from taverna_rules.core.chance import CHANCE_STEP, waits_for_chance
from taverna_rules.core.contract import StateLike
from taverna_rules.core.records import HIDDEN, Event, FlowAdvanced, Task

__all__ = ["POLICIES", "STATE_ZONE", "Policy", "Visibility", "Zone", "redact_decision"]

Policy = Literal["public", "owner", "count", "hidden"]
POLICIES: tuple[Policy, ...] = ("public", "owner", "count", "hidden")
#: An event field of this zone holds a whole state (a loaded position): it is redacted
#: as a state.
STATE_ZONE = "*state"


def _blank(value: Any) -> Any:
    """What a ``hidden`` zone reads as: nothing of the same type."""
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return 0
    if isinstance(value, str):
        return ""
    if isinstance(value, tuple):
        return ()
    return None


def _holds(value: Any) -> bool:
    """True when a zone's place holds a thing (an empty slot holds none)."""
    if isinstance(value, tuple):
        return bool(value)
    return value is not None and value != ""


def _masked(value: Any) -> Any:
    """What a ``count`` zone reads as: as many hidden marks as it holds things."""
    if isinstance(value, tuple):
        return (HIDDEN,) * len(value)
    if isinstance(value, str):
        return HIDDEN if value else value  # an empty slot hides nothing
    return None


@attrs.frozen
class Zone:
    """A place in the state whose content not everyone may see.

    ``path`` is a state field (``"deck"``), or ``"players.<field>"`` for a field of every
    player (its owner is the seat). With ``pairs``, the field holds ``(seat, thing)``
    pairs, each thing owned by its seat (the commits of a simultaneous decision, the cards
    players put away face down). ``policy`` is one of :data:`POLICIES` (see the module
    documentation). Things in a zone that is not public should be distinct texts (card
    instance ids such as ``"eviction#2"``): a text that also names something a viewer may
    see (a kind shared by a hidden and a visible card) cannot be told apart in a search
    for leaks.
    """

    name: str
    path: str
    policy: Policy
    #: The field holds ``(seat, thing)`` pairs, each thing owned by its seat.
    pairs: bool = False
    #: Which zones' hidden things may trade places when a state is determinized
    #: (:func:`~taverna_rules.core.determinize.determinize`): zones of one ``pool`` hold
    #: things of one kind (a deck, the hands it deals, its face-down discards). ``""``
    #: (the default): the zone is a pool of its own; ``None``: its hidden things cannot be
    #: redealt (sealed choices), and a state with some cannot be determinized.
    pool: str | None = ""
    #: The hidden things of this zone are redealt only among places of the same seat (a
    #: player's own cards: his hand and his pile hold his set, never another's): the pool
    #: is split by owner.
    per_seat: bool = False

    def __attrs_post_init__(self) -> None:
        if self.policy not in POLICIES:
            raise ValueError(f"zone {self.name!r}: policy {self.policy!r} is not one of {POLICIES}")

    @property
    def kind(self) -> str | None:
        """The pool its hidden things are redealt in: :attr:`pool`, else its name."""
        return self.name if self.pool == "" else self.pool

    @property
    def per_player(self) -> bool:
        """True for a field of every player (``players.hand``)."""
        return self.path.startswith("players.")

    @property
    def field(self) -> str:
        """The field's name in the state (or in each player)."""
        return self.path.rpartition(".")[2]

    def sees(self, owner: int | None, viewer: int | None) -> bool:
        """True when ``viewer`` sees a thing of this zone owned by ``owner``."""
        return self.policy == "public" or (self.policy == "owner" and viewer is not None and owner == viewer)

    def redact(self, value: Any, owner: int | None, viewer: int | None) -> Any:
        """``value``, held in this zone by ``owner``, as ``viewer`` sees it."""
        if self.pairs:
            return tuple(
                (seat, thing if self.sees(seat, viewer) else self.hide(thing)) for seat, thing in value
            )
        return value if self.sees(owner, viewer) else self.hide(value)

    def hide(self, value: Any) -> Any:
        """``value`` as someone who may not see it sees it."""
        return _blank(value) if self.policy == "hidden" else _masked(value)

    def values(self, value: Any, owner: int | None, viewer: int | None) -> Iterator[Any]:
        """The things of ``value`` (held by ``owner``) that ``viewer`` may not see."""
        if self.pairs:
            yield from (thing for seat, thing in value if not self.sees(seat, viewer))
        elif not self.sees(owner, viewer):
            yield from (value if isinstance(value, tuple) else (value,))


@attrs.frozen
class Visibility:
    """A game's zones, and everything a view is made of from them: the redacted state
    (:meth:`redact_state`), events (:meth:`redact_event`), the texts a viewer must not
    see (:meth:`hidden`), and whether a state is someone's view (:meth:`is_view`). A game
    with simultaneous decisions declares ``Zone("commits", "commits", "owner",
    pairs=True)``; every zone an event names must be declared (the
    :class:`~taverna_rules.GameModule` checks both)."""

    zones: tuple[Zone, ...] = ()
    # The zones that hide what a seat holds, looked at for every decision.
    _held: tuple[Zone, ...] = attrs.field(init=False, repr=False, eq=False)
    # Where a seat may hold what another seat cannot see: (field, per player) of every zone
    # that is not public and is a field of every player or of (seat, thing) pairs.
    _kept: tuple[tuple[str, bool], ...] = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        held = tuple(zone for zone in self.zones if zone.policy == "owner" and zone.per_player)
        object.__setattr__(self, "_held", held)
        kept = tuple(
            (zone.field, zone.per_player)
            for zone in self.zones
            if zone.policy != "public" and (zone.per_player or zone.pairs)
        )
        object.__setattr__(self, "_kept", kept)

    def holds_hidden(self, state: StateLike, seat: int) -> bool:
        """True when ``seat`` holds a thing some other seat cannot see: in a zone of every
        player (a hand) or among a pairs zone's things (a card put away face down)."""
        players = state.players
        if not 0 <= seat < len(players) or len(players) < 2:
            return False
        for field, per_player in self._kept:
            if per_player:
                if _holds(getattr(players[seat], field)):
                    return True
            elif any(owner == seat for owner, _ in getattr(state, field)):
                return True
        return False

    def zone(self, name: str) -> Zone:
        """The zone ``name``; ``KeyError`` when the game declares none."""
        for zone in self.zones:
            if zone.name == name:
                return zone
        raise KeyError(name)

    def redact_state(self, state: StateLike, viewer: int | None) -> Any:
        """``state`` as seen by ``viewer`` (a seat; ``None``: a spectator)."""
        changes: dict[str, Any] = {}
        players = list(getattr(state, "players", ()))
        for zone in self.zones:
            if zone.per_player:
                for seat, player in enumerate(players):
                    field = zone.field
                    players[seat] = evolve(
                        player, **{field: zone.redact(getattr(player, field), seat, viewer)}
                    )
            else:
                changes[zone.field] = zone.redact(getattr(state, zone.field), None, viewer)
        if any(zone.per_player for zone in self.zones):
            changes["players"] = tuple(players)
        if waits_for_chance(state):
            changes["stack"] = _chance_hidden(state.stack, viewer)
        return evolve(state, **changes)

    def redact_event(self, event: Event, viewer: int | None) -> Event:
        """``event`` as ``viewer`` sees it: each field of a zone redacted by its policy, the
        event's ``player`` owning what it carries."""
        fields = type(event).ZONES
        if not fields:
            if isinstance(event, FlowAdvanced) and waits_for_chance(event):
                return FlowAdvanced(_chance_hidden(event.stack, viewer))
            return event
        owner = getattr(event, "player", None)
        changes = {}
        for field, name in fields.items():
            value = getattr(event, field)
            if name == STATE_ZONE:
                changes[field] = self.redact_state(value, viewer)
            else:
                # An event carries one thing of the zone (a card drawn, a choice made), or
                # several, all the event's player's: a pairs zone's owner is that player.
                zone = self.zone(name)
                if zone.pairs and owner is None:
                    # (seat, thing) pairs of several seats: each thing its seat's.
                    changes[field] = zone.redact(value, None, viewer)
                else:
                    changes[field] = value if zone.sees(owner, viewer) else zone.hide(value)
        new: Event = evolve(event, **changes)
        return new

    def redact_events(self, events: Iterable[Event], viewer: int | None) -> list[Event]:
        """The log as ``viewer`` may see it."""
        return [self.redact_event(event, viewer) for event in events]

    def hidden(self, state: StateLike, viewer: int | None) -> set[str]:
        """The texts ``viewer`` must never see in ``state`` (the ids of the cards in the
        decks and in the others' hands, say), less the hidden mark: a view of the state or
        of the log names none of them, and neither may a refusal sent to that viewer.
        Hidden things that are not texts (the seed, a committed action) are hidden by their
        zones all the same, but a text cannot be searched for them, so they are not
        listed."""
        return {thing for thing in self._hidden_things(state, viewer) if isinstance(thing, str)}

    def _hidden_things(
        self, state: Any, viewer: int | None, zones: tuple[Zone, ...] | None = None
    ) -> Counter[Any]:
        """Every thing of ``state`` (in ``zones``, by default all) that ``viewer`` may not
        see, with how many places hold it; an empty slot and the hidden mark are no
        things."""
        things: Counter[Any] = Counter()
        for zone in self.zones if zones is None else zones:
            if zone.per_player:
                for seat, player in enumerate(state.players):
                    things.update(zone.values(getattr(player, zone.field), seat, viewer))
            else:
                things.update(zone.values(getattr(state, zone.field), None, viewer))
        for blank in _NO_THINGS:
            things.pop(blank, None)
        return things

    def reveals(self, before: Any, after: Any, events: Iterable[Event] = ()) -> bool:
        """True when the step of play from ``before`` to ``after`` (an action and the
        automatic steps after it, which emitted ``events``) showed some viewer (a seat or
        the spectator) something that was hidden from them: what undo must not take back
        (see :meth:`Game.can_undo <taverna_rules.Game.can_undo>`).

        A step reveals when

        - it drew by chance: the draw counter (``draws``) moved, or ``before`` waited on a
          chance decision (an outcome was picked). The outcome comes from the hidden seed
          (or, picked, from nobody yet), so a die rolled, a card drawn or a shuffle made
          counts even where nobody sees its result: taken back and played again, it would
          fall the same way;
        - a thing left places hidden from a viewer for places that viewer sees: fewer
          places hidden from them hold it, and more places they see (a card turned up
          from a deck, drawn into their hand, cast from another's hand). A card that
          leaves the game, or goes to another place hidden from them, shows nothing;
        - a thing that is not a text (a committed choice of a simultaneous decision, a
          hidden number) left a place hidden from a viewer: it cannot be followed, and
          such a thing is used as it leaves (the choices revealed), so it counts as shown
          (a hidden number that changes is a reveal: undo errs on the side of refusing);
        - one of ``events`` declares :attr:`Event.REVEALS
          <taverna_rules.core.records.Event.REVEALS>` (a reveal that moves nothing).

        Only the zones are read: a game lists no reveals of its own. The zones' contents
        are compared first; only when one changed are its hidden things counted, and only
        the parts of the states that differ searched for the texts that left.
        """
        if waits_for_chance(before) or getattr(before, "draws", 0) != getattr(after, "draws", 0):
            return True
        if any(type(event).REVEALS for event in events):
            return True
        contents = self._contents
        changed = tuple(
            zone for zone in self.zones if not _same(contents(zone, before), contents(zone, after))
        )
        if not changed:
            return False
        moves: list[tuple[Counter[Any], Counter[Any]]] = []
        for viewer in (*range(len(after.players)), None):
            hidden_before = self._hidden_things(before, viewer, changed)
            hidden_after = self._hidden_things(after, viewer, changed)
            gone = hidden_before - hidden_after
            if any(not isinstance(thing, str) for thing in gone):
                return True
            if gone:
                hidden_after.subtract(hidden_before)
                moves.append((gone, hidden_after))
        if not moves:
            return False
        held = _texts_added(before, after, {text for gone, _ in moves for text in gone})
        # Seen by a viewer = held anywhere less hidden from them: it grew when the places
        # holding the text grew by more than the places hiding it from them.
        return any(held[text] > hiding[text] for gone, hiding in moves for text in gone)

    def _contents(self, zone: Zone, state: Any) -> tuple[Any, ...]:
        """What ``zone`` holds in ``state``: its field, or that field of every player."""
        if zone.per_player:
            return tuple(getattr(player, zone.field) for player in state.players)
        return (getattr(state, zone.field),)

    def is_view(self, state: StateLike) -> bool:
        """True for a state seen by one player or a spectator (folded from a redacted log):
        a zone holds the hidden mark. Such a state shows, but cannot be played on."""
        return any(self._masked_in(zone, state, None) for zone in self.zones if zone.policy != "public")

    def blind(self, state: StateLike, seat: int) -> bool:
        """True when, in this state, what ``seat`` holds is hidden (another seat's view of
        their hand): the actions of ``seat``'s decision cannot be listed. Only zones of
        every player count (``players.hand``): what a seat put away face down decides
        nothing."""
        player = state.players[seat]
        return any(_holds_mark(getattr(player, zone.field)) for zone in self._held)

    @staticmethod
    def _masked_in(zone: Zone, state: StateLike, seat: int | None) -> bool:
        if zone.per_player:
            players = state.players if seat is None else state.players[seat : seat + 1]
            return any(_holds_mark(getattr(p, zone.field)) for p in players)
        value = getattr(state, zone.field)
        if zone.pairs:
            # A thing that is not a text (a committed action) reads None when hidden.
            return any(
                thing is None or _holds_mark(thing) for owner, thing in value if seat is None or owner == seat
            )
        return seat is None and _holds_mark(value)


def _chance_hidden(stack: tuple[Task, ...], viewer: int | None) -> tuple[Task, ...]:
    """The stack with its chance step blanked for ``viewer``: the step holds the action
    that is drawing, which only its seat is shown (it is not played out yet), and the
    outcomes picked so far in it (a card drawn into one seat's hand, say), shown to
    nobody."""
    task = stack[-1]
    actor = task.args[0] if task.args else ""
    ref = task.ref if viewer is not None and actor == str(viewer) else ""
    return (*stack[:-1], Task(CHANCE_STEP, task.player, ref, args=(HIDDEN,)))


#: What a zone's slot holds when it holds nothing (and the hidden mark of a view).
_NO_THINGS = ("", None, HIDDEN)


def _same(one: tuple[Any, ...], other: tuple[Any, ...]) -> bool:
    # Unchanged contents are most often the very same objects: no element is compared.
    return one is other or all(a is b or a == b for a, b in zip(one, other, strict=True))


def _count_texts(value: Any, texts: set[str], counts: Counter[str], sign: int) -> None:
    """Add ``sign`` to ``counts`` for each place of ``value`` (records, tuples, mappings)
    holding one of ``texts``."""
    todo = [value]
    while todo:
        item = todo.pop()
        if isinstance(item, str):
            if item in texts:
                counts[item] += sign
        elif isinstance(item, tuple | list | frozenset | set):
            todo.extend(item)
        elif isinstance(item, Mapping):
            todo.extend(item.keys())
            todo.extend(item.values())
        else:
            todo.extend(getattr(item, name) for name in field_names(type(item)))


def _texts_added(before: Any, after: Any, texts: set[str]) -> Counter[str]:
    """How many more places of ``after`` than of ``before`` hold each of ``texts``.
    States share what did not change (the very same objects), so only the parts that
    differ are searched."""
    added: Counter[str] = Counter()
    todo = [(before, after)]
    while todo:
        old, new = todo.pop()
        if old is new:
            continue
        kind = type(new)
        names = field_names(kind)
        if type(old) is kind and names:
            todo.extend((getattr(old, name), getattr(new, name)) for name in names)
        elif type(old) is kind is tuple and len(old) == len(new):
            todo.extend(zip(old, new, strict=True))
        else:
            _count_texts(new, texts, added, 1)
            _count_texts(old, texts, added, -1)
    return added


def _holds_mark(value: Any) -> bool:
    if isinstance(value, tuple):
        return HIDDEN in value
    return bool(value == HIDDEN)


def redact_decision(decision: Any, viewer: int | None) -> Any:
    """The pending decision as ``viewer`` sees it: who decides and what about, and the
    actions only for the deciding player (they can name cards in a hidden hand)."""
    if viewer == decision.player:
        return decision
    return decision.replace(actions=())
