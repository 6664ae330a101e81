"""Interfaces for researchers: PettingZoo, Gymnasium and OpenSpiel (the `research` extra).

    drakkar.adapters.pettingzoo.env("knarr", players=3)     an AEC environment
    drakkar.adapters.gymnasium.DrakkarEnv("knarr", ...)     one seat, the others played by bots
    drakkar.adapters.openspiel.register()                   "drakkar_knarr" etc. in pyspiel

Observations come from `drakkar.adapters.encoding`, one encoder per game (see
docs/research.md for the field tables).
"""
