"""The games: one package each, found by the registry through its `GAME`."""
