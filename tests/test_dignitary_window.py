"""Turn step 4: which dignitaries the window offers (their effects come with issue #3)."""

from __future__ import annotations

import taverna_rules as tr
from scenario import RULES
from taverna_rules.games.taverna.dignitaries import DignitaryWindow, dignitary_window

POSITION = """
format: taverna-position/1
king: orc
players:
  - {{name: Ann, privileges: {privileges}}}
  - {{name: Bob}}
taverns:
  tankard: {{dignitaries: [notary], tables: [human, null, null]}}
  grimoire: {{dignitaries: [gobtrotter, princess]}}
  silver_lyre: {{dignitaries: [ambassador], tables: [orc, null, null]}}
turn: {{player: Ann, card: c01, people: human, symbols: {symbols}, tavern: {tavern}, table: 0,
       dignitaries_used: {used}}}
"""


def window(
    privileges: int = 0, symbols: str = "[beer]", tavern: str = "tankard", used: str = "[]"
) -> DignitaryWindow:
    state = tr.load_position(
        RULES, POSITION.format(privileges=privileges, symbols=symbols, tavern=tavern, used=used)
    )
    return dignitary_window(RULES, state, regular_used=False)


def test_only_the_dignitary_where_the_customer_sits() -> None:
    """ "You may activate the skill of a dignitary who is in the tavern where you just
    placed a customer tile"."""
    w = window()
    assert w.regular == ("notary",) and w.with_privileges == () and not w.influence


def test_influence_opens_every_tavern() -> None:
    """Influence: a lyre on the card and on the tavern lets you use any dignitary."""
    w = window(symbols="[lyre]", tavern="silver_lyre")
    assert w.influence
    assert sorted(w.regular) == ["ambassador", "gobtrotter", "notary", "princess"]
    # A lyre on the card alone is not Influence.
    assert window(symbols="[lyre]").regular == ("notary",)


def test_two_privileges_open_another_but_never_the_same_twice() -> None:
    """ "Activate one more dignitary in any tavern by discarding two privilege tokens";
    "not allowed to activate the same dignitary twice during a turn"."""
    assert window(privileges=1).with_privileges == ()
    w = window(privileges=2, used="[notary]")
    assert w.regular == ()
    assert sorted(w.with_privileges) == ["ambassador", "gobtrotter", "princess"]
