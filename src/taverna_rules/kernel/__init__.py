"""The rules kernel: state, actions, events, decide and evolve.

Importing the package registers every step of the game with the engine.
"""

from taverna_rules.kernel import dignitaries, effects, endgame, favours, setup, spells, turn

__all__ = ["dignitaries", "effects", "endgame", "favours", "setup", "spells", "turn"]
