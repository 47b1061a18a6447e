"""Per-player views: what one player (or a spectator) may see of a state or a log.

Hidden: other players' spell hands, the order of every deck, the face-down favour
reserve, the cards others sold or exchanged face down, and the seed. Folding the
redacted events of a log gives exactly the redacted state.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from taverna_rules.kernel.engine import Decision
from taverna_rules.kernel.events import HIDDEN, Event
from taverna_rules.kernel.state import GameState

__all__ = ["hidden_cards", "is_view", "redact_decision", "redact_events", "redact_state"]


def _hide(cards: tuple[str, ...]) -> tuple[str, ...]:
    return (HIDDEN,) * len(cards)


def hidden_cards(state: GameState, viewer: int | None) -> set[str]:
    """The card ids ``viewer`` (``None``: a spectator) must never see in ``state``: the
    decks, the face-down favour reserve, the other players' hands and the spells they
    discarded face down. A view of the state or of the log names none of them."""
    secret = {*state.customer_deck, *state.spell_deck, *state.favour_reserve}
    for seat, player in enumerate(state.players):
        if seat != viewer:
            secret.update(player.hand)
    secret.update(card for seat, card in state.spell_discard if seat != viewer)
    secret.discard(HIDDEN)
    return secret


def is_view(state: GameState) -> bool:
    """True for a state seen by one player or a spectator (folded from a redacted log):
    some card in it is the hidden mark. Such a state shows, but cannot be played on: the
    next draw is unknown."""
    return (
        HIDDEN in state.customer_deck
        or HIDDEN in state.spell_deck
        or HIDDEN in state.favour_reserve
        or any(HIDDEN in p.hand for p in state.players)
        or any(card == HIDDEN for _, card in state.spell_discard)
    )


def redact_state(state: GameState, viewer: int | None) -> GameState:
    """``state`` as seen by player ``viewer`` (``None``: a spectator who sees no hand)."""
    return attrs.evolve(
        state,
        seed=0,
        players=tuple(
            p if i == viewer else attrs.evolve(p, hand=_hide(p.hand)) for i, p in enumerate(state.players)
        ),
        customer_deck=_hide(state.customer_deck),
        spell_deck=_hide(state.spell_deck),
        favour_reserve=_hide(state.favour_reserve),
        spell_discard=tuple((p, card if p == viewer else HIDDEN) for p, card in state.spell_discard),
    )


def redact_events(events: Iterable[Event], viewer: int | None) -> list[Event]:
    """The log as ``viewer`` may see it."""
    return [event.redacted(viewer) for event in events]


def redact_decision(decision: Decision, viewer: int | None) -> Decision:
    """The pending decision as ``viewer`` sees it: who decides and what about, and the
    actions only for the deciding player (they can name cards in a hidden hand)."""
    if viewer == decision.player:
        return decision
    return attrs.evolve(decision, actions=())
