"""The game server: FastAPI + WebSockets, authoritative, event-sourced storage (docs/server.md).

`create_app(games, database_url)` builds the app; `drakkar serve` runs it under uvicorn.
"""

from drakkar.server.app import create_app

__all__ = ["create_app"]
