"""Taverns & Dragons' step kinds, each declared once: the flow's automatic steps and
decisions are registered under these names and every task names its step through them.
Logs and positions write them as the strings they are."""

from __future__ import annotations

from typing import Final

# setup.py
SETUP: Final = "setup"
KEEP_MISSION: Final = "keep_mission"

# rounds.py
ROUND_START: Final = "round_start"
NEXT_TURN: Final = "next_turn"
PLACE_DIE: Final = "place_die"
TURN_FREE: Final = "turn_free"
AFTER_DIE: Final = "after_die"
TURN_END: Final = "turn_end"

# activation.py
ACTIVATION: Final = "activation"
ACTIVATION_END: Final = "activation_end"
RESUME: Final = "resume_activation"

# hunt.py
HUNT_WINDOW: Final = "hunt_window"
STRIKE: Final = "strike"
PLACE_DAMAGE: Final = "place_damage"
COUNTER_ATTACK: Final = "counter_attack"
SPECIAL_ATTACK: Final = "special_attack"
HUNT_END: Final = "hunt_end"

# effects.py: the choices effects ask for
PICK: Final = "pick"
CHOOSE_PLAYER: Final = "choose_player"
REROLL_DICE: Final = "reroll_dice"
DUNGEON: Final = "dungeon"
WOUND: Final = "wound"
WOUND_DISCARD: Final = "wound_discard"

# upkeep.py
UPKEEP: Final = "upkeep"
DAY: Final = "day"
END_GAME: Final = "end_game"
