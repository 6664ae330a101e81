"""What each recipient may see of a game: the one filter every message about its state passes.

`message_for(table, seat)` builds the state message for a seat (None: a spectator) from
`state.view(seat)` and `state.events_for(seat)`; `replay_message` does the same for a finished
game stepped back to a move, naming the next move only to the seat that makes it. Nothing else
in the server decides what a recipient sees.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from drakkar.engine.state import State

if TYPE_CHECKING:
    from drakkar.server.tables import Table


def message_for(table: Table, seat: int | None) -> dict[str, Any]:
    """The state message for `seat` (None: a spectator). The one filter for every recipient."""
    state = table.state
    over = state.is_terminal()
    to_move = state.current_player
    legal: list[dict[str, Any]] = []
    if seat is not None and seat == to_move:
        legal = [{"action": a, "label": state.action_label(a)} for a in state.legal_actions()]
    return {
        "type": "state",
        "game_id": table.id,
        "game": table.game.name,
        "title": table.game.title,
        "players": state.num_players,
        "seat": seat,
        "seats": [s.public() for s in table.seats],
        "moves": table.moves,
        "to_move": to_move,
        "view": state.view(seat),
        "log": state.events_for(seat),
        "legal": legal,
        "deadline": table.deadline,
        "over": over,
        "scores": state.scores() if over else None,
        "returns": state.returns() if over else None,
    }


def replay_message(
    table: Table, seat: int | None, steps: int, next_action: int | None
) -> dict[str, Any]:
    """`message_for` a finished game's `table` stepped back to a move, of `steps` in all, with no
    legal moves; `next_action` (None at the end) is named only to the seat that makes it: another
    seat's move may name a card hidden from the viewer ("discard Far Village"), as it was in
    play."""
    state = table.state
    mover = state.current_player
    return message_for(table, seat) | {
        "type": "replay",
        "legal": [],
        "step": len(state.history),
        "steps": steps,
        "played": state.action_label(next_action)
        if next_action is not None and seat is not None and seat == mover
        else None,
        "played_by": mover,
    }


def public_options(state: State) -> dict[str, Any]:
    """The options anyone may know; a stacked deck (a testing option) is a secret."""
    return {k: v for k, v in state.options.to_dict().items() if "stack" not in k}
