"""The game-agnostic core: the State protocol, options, records, events, errors, the registry.

Nothing here knows any game. A game is a package under `drakkar.games` that exposes `GAME`, an
instance of `Game`; the registry finds it by itself, so registering a game edits no shared file.
"""
