"""The `drakkar` command: one Typer app, Rich output. Each command is a module of its own."""

from __future__ import annotations

import importlib

from drakkar.cli.app import app

# Each module adds its commands to `app` on import.
COMMANDS = [
    "games",
    "play",
    "replay",
    "rules",
    "bench",
    "simulate",
    "report",
    "compare",
    "cards",
    "serve",
]
for _name in COMMANDS:
    importlib.import_module(f"drakkar.cli.{_name}")

__all__ = ["app"]
