"""Taverna's rules text of every card and item with an effect, in English, French or Dutch.

:func:`card_texts` renders each spell, royal favour, dignitary level, people-track bonus
and royal scoring of a rule set with the op texts of its vocabulary, naming peoples and
guild symbols in the chosen language (:func:`taverna_rules.rules_text.card_texts`
is the entry point for every game).

>>> import taverna_rules as tr
>>> texts = card_texts(tr.load_rules(), "fr")
>>> next(t.text for t in texts if t.id == "ale_blessing")
'Coût 1. Votre tour. Gagnez 3 sous.'
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Literal

from taverna_rules.content.model import Names, Provenance
from taverna_rules.core.card_texts import PROVENANCE_WORDS, CardText, RulesText, sentence
from taverna_rules.dsl.nodes import Node
from taverna_rules.dsl.text import Text
from taverna_rules.games.taverna.ruleset import RuleSet, Trigger
from taverna_rules.games.taverna.vocabulary import check_language, render

__all__ = ["CARD_KINDS", "RULES_TEXT", "CardKind", "card_texts"]

#: What a :class:`CardText` describes.
CardKind = Literal["spell", "favour", "dignitary", "track", "royal_scoring"]

#: The kinds of :class:`CardText`, in the order :func:`card_texts` lists them.
CARD_KINDS: tuple[CardKind, ...] = ("spell", "favour", "dignitary", "track", "royal_scoring")


# The words of the listing around the effects' text.
#: A spell's trigger: the lead, then for each event its clause when the owner acts (``you``)
#: and when someone else does (``{who}``), then who that someone is.
_TRIGGER_LEAD = Text(
    en="Stays in play once cast. Whenever {clause}: {effect}",
    fr="Reste en jeu une fois lancé. Chaque fois {clause} : {effect}",
    nl="Blijft in het spel na het uitspreken. Telkens als {clause}: {effect}",
)
_TRIGGER_CLAUSES: Mapping[str, tuple[Text, Text]] = {
    "customer_seated": (
        Text(
            en="you seat a customer{of}{at}",
            fr="que vous installez un client{of}{at}",
            nl="je een klant{of}{at} plaatst",
        ),
        Text(
            en="{who} seats a customer{of}{at}",
            fr="qu'{who} installe un client{of}{at}",
            nl="{who} een klant{of}{at} plaatst",
        ),
    ),
    "track_advanced": (
        Text(
            en="you advance on a track{of}",
            fr="que vous progressez sur une piste{of}",
            nl="je op een spoor{of} vooruitgaat",
        ),
        Text(
            en="{who} advances on a track{of}",
            fr="qu'{who} progresse sur une piste{of}",
            nl="{who} op een spoor{of} vooruitgaat",
        ),
    ),
    "deed_bought": (
        Text(
            en="you buy a property deed{at}",
            fr="que vous achetez un titre de propriété{at}",
            nl="je een eigendomstitel{at} koopt",
        ),
        Text(
            en="{who} buys a property deed{at}",
            fr="qu'{who} achète un titre de propriété{at}",
            nl="{who} een eigendomstitel{at} koopt",
        ),
    ),
    "spell_cast": (
        Text(
            en="you cast another spell",
            fr="que vous lancez un autre sort",
            nl="je een andere spreuk uitspreekt",
        ),
        Text(en="{who} casts a spell", fr="qu'{who} lance un sort", nl="{who} een spreuk uitspreekt"),
    ),
}
_TRIGGER_WHO: Mapping[str, Text] = {
    "opponent": Text(en="an opponent", fr="un adversaire", nl="een tegenstander"),
    "any": Text(en="a player", fr="un joueur", nl="een speler"),
}
_TRIGGER_PEOPLE = Text(en=" ({people})", fr=" ({people})", nl=" ({people})")
_TRIGGER_TAVERN = Text(en=" in the {tavern}", fr=" dans la taverne {tavern}", nl=" in de {tavern}")

_WORDS: Mapping[str, Text] = {
    "cost": Text(en="Cost {cost}.", fr="Coût {cost}.", nl="Kosten {cost}."),
    "own_turn": Text(en="Your turn.", fr="Votre tour.", nl="Eigen beurt."),
    "any_turn": Text(en="Any turn.", fr="N'importe quel tour.", nl="Elke beurt."),
    "curse": Text(
        en="Applies when drawn.",
        fr="S'applique dès que la carte est piochée.",
        nl="Werkt zodra de kaart getrokken wordt.",
    ),
    "level": Text(en="Level {position}.", fr="Niveau {position}.", nl="Niveau {position}."),
    **PROVENANCE_WORDS,
}

_HEADINGS: Mapping[str, Text] = {
    "spell": Text(en="Spells", fr="Sorts", nl="Toverspreuken"),
    "favour": Text(en="Royal favours", fr="Faveurs royales", nl="Koninklijke gunsten"),
    "dignitary": Text(en="Dignitaries", fr="Notables", nl="Notabelen"),
    "track": Text(
        en="People track bonuses", fr="Bonus des échelles peuple", nl="Bonussen van de volkerensporen"
    ),
    "royal_scoring": Text(en="Royal scoring", fr="Décompte royal", nl="Koninklijke waardering"),
}


def card_texts(rules: RuleSet, lang: str = "en") -> tuple[CardText, ...]:
    """The rules text of every item of ``rules`` with an effect, in ``lang``.

    In the order of :data:`CARD_KINDS`, then of the content: every spell (its cost and
    when it is cast, or, for the Curse, that it applies when drawn), royal favour,
    dignitary level (its cost), people-track bonus (its level) and royal scoring. Each
    text is one or more sentences, for example ``Cost 1. Your turn. Gain 3 coin(s).``
    Peoples and guild symbols are named in ``lang``. A language not in
    :data:`taverna_rules.games.taverna.vocabulary.LANGUAGES` raises :exc:`ValueError`.
    """
    check_language(lang)
    writer = _Writer(rules, lang)
    return tuple(text for kind in CARD_KINDS for text in _BY_KIND[kind](writer))


class _Writer:
    """Writes the texts of one rule set in one language, its names looked up once."""

    def __init__(self, rules: RuleSet, lang: str) -> None:
        self.rules, self.lang = rules, lang
        self.peoples = {p.id: p.name.get(lang) for p in rules.peoples}
        self.symbols = {s.id: s.name.get(lang) for s in rules.symbols}
        self.options = {o.id: o.name.get(lang) for o in rules.options if o.name is not None}
        self.taverns = {t.id: t.name.get(lang) for t in rules.taverns}

    def plain(self, node: Node) -> str:
        """An effect in words, peoples, symbols and options named in the language."""
        return render(
            node,
            lambda p: self.peoples.get(p, p),
            self.lang,
            symbol_name=lambda s: self.symbols.get(s, s),
            option_name=lambda o: self.options.get(o, o),
        )

    def effect(self, node: Node) -> str:
        """An effect as a sentence."""
        return sentence(self.plain(node))

    def word(self, key: str, **fields: int) -> str:
        """One of the listing's own words (a cost, a level, when a spell is cast)."""
        return _WORDS[key].get(self.lang).format(**fields)

    def card(
        self,
        kind: CardKind,
        item_id: str,
        name: Names,
        *parts: str,
        provenance: Provenance | None = None,
        cost: int | None = None,
        position: int | None = None,
    ) -> CardText:
        """The text of one item: its sentences joined."""
        text = " ".join(parts)
        return CardText(
            kind, item_id, name.get(self.lang), text, self.lang, provenance, cost, position, self.rules.game
        )

    def trigger(self, trigger: Trigger) -> str:
        """A spell's trigger: whenever who does what (of which people, at which tavern), its effect."""
        when, lang = trigger.when, self.lang
        own, other = _TRIGGER_CLAUSES[when.event]
        template = own if when.player == "you" else other
        who = _TRIGGER_WHO[when.player].get(lang) if when.player != "you" else ""
        people = self.peoples.get(when.people, when.people) if when.people else ""
        tavern = self.taverns.get(when.tavern, when.tavern) if when.tavern else ""
        clause = template.get(lang).format(
            who=who,
            of=_TRIGGER_PEOPLE.get(lang).format(people=people) if when.people else "",
            at=_TRIGGER_TAVERN.get(lang).format(tavern=tavern) if when.tavern else "",
        )
        return sentence(_TRIGGER_LEAD.get(lang).format(clause=clause, effect=self.plain(trigger.effect)))


def _spells(w: _Writer) -> Iterator[CardText]:
    for spell in w.rules.spells:
        if spell.curse:
            if spell.effect is not None:  # a Curse is never cast: a trigger on it never acts
                curse = w.word("curse")
                yield w.card(
                    "spell", spell.id, spell.name, curse, w.effect(spell.effect), provenance=spell.provenance
                )
        elif spell.effect is not None or spell.trigger is not None:
            yield w.card(
                "spell",
                spell.id,
                spell.name,
                w.word("cost", cost=spell.cost),
                w.word("any_turn" if spell.timing == "any_turn" else "own_turn"),
                *([w.effect(spell.effect)] if spell.effect is not None else []),
                *([w.trigger(spell.trigger)] if spell.trigger is not None else []),
                provenance=spell.provenance,
                cost=spell.cost,
            )


def _favours(w: _Writer) -> Iterator[CardText]:
    for favour in w.rules.favours:
        if favour.effect is not None:
            yield w.card(
                "favour", favour.id, favour.name, w.effect(favour.effect), provenance=favour.provenance
            )


def _dignitaries(w: _Writer) -> Iterator[CardText]:
    for dignitary in w.rules.dignitaries:
        for level in dignitary.levels:
            yield w.card(
                "dignitary",
                dignitary.id,
                dignitary.name,
                w.word("cost", cost=level.cost),
                w.effect(level.effect),
                cost=level.cost,
                provenance=dignitary.provenance,
            )


def _tracks(w: _Writer) -> Iterator[CardText]:
    people_names = {p.id: p.name for p in w.rules.peoples}
    for track in w.rules.tracks:
        name = people_names.get(track.people, Names(track.people, track.people, track.people))
        for position, bonus in sorted(track.bonuses, key=lambda pair: pair[0]):
            yield w.card(
                "track",
                track.people,
                name,
                w.word("level", position=position),
                w.effect(bonus),
                position=position,
                provenance=track.provenance,
            )


def _royal_scorings(w: _Writer) -> Iterator[CardText]:
    for scoring in w.rules.royal_scorings:
        yield w.card(
            "royal_scoring", scoring.id, scoring.name, w.effect(scoring.effect), provenance=scoring.provenance
        )


#: The texts of each kind, in the content's order.
_BY_KIND: Mapping[CardKind, Callable[[_Writer], Iterator[CardText]]] = {
    "spell": _spells,
    "favour": _favours,
    "dignitary": _dignitaries,
    "track": _tracks,
    "royal_scoring": _royal_scorings,
}


RULES_TEXT = RulesText(CARD_KINDS, _HEADINGS, card_texts)
