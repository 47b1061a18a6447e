"""Taverne's rules text, in English and French: each Character's power and each Specialty,
rendered from its YAML through the game's vocabulary
(:func:`taverna_rules.rules_text.card_texts` is the entry point for every game).

>>> import taverna_rules as tr
>>> texts = card_texts(tr.load_rules("taverne"))
>>> next(t.text for t in texts if t.id == "chope_porte_bonheur")
'The Crypt. Atout. At the start of the turn: gain 1 Butin.'
"""

from __future__ import annotations

from collections.abc import Mapping

from taverna_rules.core.card_texts import CardText, RulesText, sentence
from taverna_rules.dsl.text import Text
from taverna_rules.games.taverne.ruleset import Character, Power, RuleSet, Specialty
from taverna_rules.games.taverne.vocabulary import VOCABULARY

__all__ = ["CARD_KINDS", "RULES_TEXT", "card_texts", "power_text"]

#: The kinds of Taverne's card texts, in the order :func:`card_texts` lists them.
CARD_KINDS = ("character", "atout", "crasse", "sort")
_HEADINGS: Mapping[str, Text] = {
    "character": Text(en="Characters", fr="Personnages"),
    "atout": Text(en="Atouts", fr="Atouts"),
    "crasse": Text(en="Crasses", fr="Crasses"),
    "sort": Text(en="Sorts (spells)", fr="Sorts"),
}
_KIND: Mapping[str, Text] = {
    "atout": Text(en="Atout.", fr="Atout."),
    "crasse": Text(en="Crasse.", fr="Crasse."),
    "sort": Text(en="Sort: cast at any call.", fr="Sort : se lance à tout appel."),
}
_WHEN: Mapping[str, Text] = {
    "turn_start": Text(en="At the start of the turn", fr="Au début du tour"),
    "turn_end": Text(en="At the end of the turn", fr="À la fin du tour"),
    "attack_hits": Text(en="When your attack hits", fr="Quand votre attaque touche"),
    "attack_dodged": Text(en="When your attack is dodged", fr="Quand votre attaque est esquivée"),
    "hit_taken": Text(en="When an attack hits you", fr="Quand une attaque vous touche"),
    "dodged": Text(en="When you dodge an attack", fr="Quand vous esquivez une attaque"),
}
_MODIFIES: Mapping[str, Text] = {
    "dodges": Text(en="dodges you may set aside", fr="esquives que vous pouvez préparer"),
    "dodges_per_attack": Text(en="dodges on one attack", fr="esquives contre une attaque"),
    "spells": Text(en="spells a turn", fr="sorts par tour"),
    "damage_taken": Text(en="Energy an attack takes from you", fr="Énergie qu'une attaque vous prend"),
    "attack_butin": Text(en="Butin your attack wins", fr="Butin que rapporte votre attaque"),
}


def power_text(power: Power, lang: str = "en") -> str:
    """A power in words: the numbers it changes, then what it does and when."""
    parts = [f"{n:+d} {_MODIFIES[name].get(lang)}" for name, n in power.modifies]
    if power.effect is not None:
        said = VOCABULARY.render(power.effect, lang)
        colon = " : " if lang == "fr" else ": "  # French sets a space before a colon
        parts.append(f"{_WHEN[power.when].get(lang)}{colon}{said}" if power.when else said)
    return " ".join(sentence(part) for part in parts)


def card_texts(rules: RuleSet, lang: str = "en") -> tuple[CardText, ...]:
    """The rules text of every Character and Specialty of ``rules``, in the order of
    :data:`CARD_KINDS`, then of the content."""
    VOCABULARY.check_language(lang)

    def box(card: Character | Specialty) -> str:
        # with several boxes, each card says which it comes from (Double Taverne, l.319)
        return f"{rules.box(card.box).name.get(lang)}. " if len(rules.boxes) > 1 else ""

    out = [
        CardText(
            "character",
            c.id,
            c.name.get(lang),
            f"{box(c)}{c.butin} Butin. {power_text(c.power, lang)}".strip(),
            lang,
            c.provenance,
            game=rules.game,
        )
        for c in rules.characters
    ]
    for kind in ("atout", "crasse", "sort"):
        out += [
            CardText(
                kind,
                s.id,
                s.name.get(lang),
                f"{box(s)}{_KIND[kind].get(lang)} {power_text(s.power, lang)}",
                lang,
                s.provenance,
                game=rules.game,
            )
            for s in rules.specialties
            if s.kind == kind
        ]
    return tuple(out)


RULES_TEXT = RulesText(CARD_KINDS, _HEADINGS, card_texts)
