"""Tavern Crawl: the example game of the author guide (docs/writing_a_game.rst), a
package of its own registered through the ``taverna_rules.games`` entry point.

>>> import taverna_rules as tr
>>> game = tr.new_game(tr.load_rules("tavern_crawl"), ["Ann", "Bob"], seed=1)
>>> game.decision.kind
'go_in'
"""

from __future__ import annotations

from tavern_crawl.play import (
    ACTIONS,
    EVENTS,
    EXECUTORS,
    FLOW,
    OPENING,
    Crawler,
    Enter,
    Loaded,
    State,
    WalkOn,
    evolve,
)
from tavern_crawl.rules import CONTENT, GAME_ID, VOCABULARY, RuleSet
from taverna_rules import GameModule, Names
from taverna_rules.core import ChooseOption
from taverna_rules.core.state_positions import resuming, state_positions

__all__ = ["GAME"]


def _actions_of(rules: RuleSet) -> tuple[object, ...]:
    """Every action a decision can offer, in a stable order (the numbering of frameworks)."""
    most = max((len(t.effect.children) for t in rules.taverns if t.effect.op == "choose"), default=0)
    return (Enter(), WalkOn(), *(ChooseOption(i) for i in range(most)))


GAME = GameModule(
    id=GAME_ID,
    name=Names(en="Tavern Crawl"),
    actions=ACTIONS,
    events=EVENTS,
    evolve=evolve,
    flow=FLOW,
    opener=OPENING,
    rules_type=RuleSet,
    state_type=State,
    content=CONTENT,
    vocabulary=VOCABULARY,
    ops=EXECUTORS,
    resolve=lambda rules, ref: next(t.effect for t in rules.taverns if t.id == ref),
    player_counts=lambda rules: rules.supported_players(),
    positions=state_positions(GAME_ID, State, Crawler),
    resume=resuming(Loaded),
    actions_of=_actions_of,
    # Each round asks each player one choice, and a card's choice at most.
    max_decisions=lambda rules, players, options: rules.rounds * players * 2,
    max_chance_outcomes=lambda rules, players: 6,
)
