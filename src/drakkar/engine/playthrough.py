"""Playthroughs: one recorded game with every state written out, as OpenSpiel's are.

A playthrough file (JSON) holds the record and, for every state from the deal to the end, the
player to move, the public view, the mover's own view and the legal labels. The tests replay
each checked-in file and compare state by state, so any change in the rules shows as a diff.
Files live in `games/<game>/playthroughs/<n>p.json`; make one with

    python -m drakkar.engine.playthrough viking-raid 4 --seed 1 --agents heuristic

After a deliberate change to what a state shows (a view's field, a label, a log line), write
the states again from the file's own record, so the game stays the same one:

    python -m drakkar.engine.playthrough --refresh src/drakkar/games/knarr/playthroughs/3p.json
"""

from __future__ import annotations

import argparse
import importlib
import json
from pathlib import Path
from typing import Any

from drakkar.engine.record import Record
from drakkar.engine.registry import load
from drakkar.engine.state import State


def snapshot(state: State) -> dict[str, Any]:
    p = state.current_player
    return {
        "step": len(state.history),
        "to_move": p,
        "public_view": state.view(None),
        "mover_view": None if p is None else state.view(p),
        "legal": [state.action_label(a) for a in state.legal_actions()],
        "returns": state.returns() if state.is_terminal() else None,
    }


def make(game_name: str, players: int, seed: int, agents: str = "heuristic") -> dict[str, Any]:
    from drakkar.agents.spec import make_agent

    game = load(game_name)
    state = game.new(players, seed)
    bots = [make_agent(agents, game, seed + i) for i in range(players)]
    states = [snapshot(state)]
    while not state.is_terminal():
        p = state.current_player
        assert p is not None
        state.apply(bots[p].act(state, p))
        states.append(snapshot(state))
    record = Record.from_state(state, seats=tuple([agents] * players))
    return {"record": record.to_dict(labels=True), "states": states}


def refresh(data: dict[str, Any]) -> dict[str, Any]:
    """The playthrough of `data`'s own record (the same actions), its states written anew."""
    record = Record.from_dict(data["record"])
    state = record.new_state()
    states = [snapshot(state)]
    for action in record.actions:
        state.apply(action)
        states.append(snapshot(state))
    again = Record.from_state(state, seats=record.seats)
    return {"record": again.to_dict(labels=True), "states": states}


def check(data: dict[str, Any]) -> None:
    """Replay a playthrough; raise AssertionError at the first state that differs."""
    record = Record.from_dict(data["record"])
    state = record.new_state()
    expected = data["states"]
    assert len(expected) == len(record.actions) + 1, "one state per action, plus the deal"
    for i, want in enumerate(expected):
        got = json.loads(json.dumps(snapshot(state)))
        if got != want:
            keys = [k for k in want if got.get(k) != want.get(k)]
            raise AssertionError(f"{record.game} playthrough differs at step {i} in {keys}")
        if i < len(record.actions):
            state.apply(record.actions[i])


def files() -> list[Path]:
    """Every checked-in playthrough of every registered game."""
    pkg = importlib.import_module("drakkar.games")

    root = Path(pkg.__path__[0])
    return sorted(root.glob("*/playthroughs/*.json"))


def main() -> None:
    ap = argparse.ArgumentParser(description="Record a playthrough file.")
    ap.add_argument("game", nargs="?")
    ap.add_argument("players", type=int, nargs="?")
    ap.add_argument("--refresh", type=Path, help="write this file's states again from its record")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--agents", default="heuristic")
    ap.add_argument("--out", type=Path, help="default: games/<game>/playthroughs/<n>p.json")
    args = ap.parse_args()
    if args.refresh is not None:
        data = refresh(json.loads(args.refresh.read_text()))
        args.refresh.write_text(json.dumps(data, indent=None, separators=(",", ":")) + "\n")
        print(f"wrote {args.refresh} ({len(data['states'])} states)")
        return
    if args.game is None or args.players is None:
        ap.error("name a game and a player count, or --refresh a file")
    game = load(args.game)
    data = make(game.name, args.players, args.seed, args.agents)
    out = args.out
    if out is None:
        pkg = importlib.import_module("drakkar.games")

        pkgdir = Path(pkg.__path__[0]) / game.name.replace("-", "_")
        out = pkgdir / "playthroughs" / f"{args.players}p.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(data, indent=None, separators=(",", ":")) + "\n")
    print(f"wrote {out} ({len(data['states'])} states)")


if __name__ == "__main__":
    main()
