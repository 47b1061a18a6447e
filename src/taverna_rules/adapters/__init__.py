"""Adapters to AI frameworks: OpenSpiel (:mod:`~taverna_rules.adapters.openspiel`) and
PettingZoo (:mod:`~taverna_rules.adapters.pettingzoo`), each behind its extra. They import
the facade, never the other way round."""
