"""What a study found, in numbers: win rates per agent, seat and label, lengths, scores, margins.

A `Tally` takes the games one at a time, in any order (the results file holds them in the
order they finished), and keeps only what the analysis needs, as NumPy columns: about 100
bytes a game at 4 players, where a parsed line took some 3 kB. `study_analysis(DIR)` reads
the results file once into a tally, so a study of a million games is analysed in a few
hundred MB. The sums are then made in game-index order, one game after another, as a loop
over the games sorted by index adds them: the figures do not depend on the order games
finished in, to the last digit.

A win counts its share: a shared win between two seats gives each 0.5 (the game's `returns`).
An agent that holds several seats in each game ("random" against one "heuristic") is counted
once per seat it held, so its rate is per seat and its fair share is 1/players, like anyone's.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from drakkar.sim.results import each_result, read_results
from drakkar.sim.stats import ChiSquare, chi_square_uniform, wilson
from drakkar.sim.study import Study, StudyError

_CHUNK = 1 << 16  # values a column gathers in a Python list before packing them into NumPy


@dataclass(frozen=True)
class Rate:
    """A win rate: `wins` (shares summed) over `n` seats played, and its 95% interval."""

    name: str
    n: int
    wins: float

    @property
    def rate(self) -> float:
        return self.wins / self.n if self.n else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.n)


def _empty() -> NDArray[Any]:
    return np.empty(0)


@dataclass
class Analysis:
    """The columns (lengths, scores, ...) are NumPy arrays in game-index order."""

    study: Study
    games: int  # games finished (may be fewer than study.games while a study runs)
    by_agent: list[Rate]
    by_seat: list[Rate]
    agent_seat: dict[str, list[Rate]]  # agent -> its rate in each seat
    seat_test: ChiSquare
    lengths: NDArray[np.int64]
    scores_by_agent: dict[str, NDArray[np.float64]]
    scores_by_seat: list[NDArray[np.float64]]
    labels: dict[str, list[Rate]] = field(default_factory=dict)  # e.g. "captains" -> per captain
    rounds: NDArray[Any] = field(default_factory=_empty)  # rounds a game, when every game says
    round_word: str = "round"  # what the game calls a round ("raid" in Gone Viking!)
    endings: dict[str, int] = field(default_factory=dict)  # how games ended -> games, most first
    margins: NDArray[Any] = field(default_factory=_empty)  # winner's score - the next best's
    shared: int = 0  # games won by more than one seat
    first: Rate | None = None  # the first player's wins, when every game says who moved first
    first_seats: dict[int, int] = field(default_factory=dict)  # seat -> games it moved first

    @property
    def fair_share(self) -> float:
        return 1.0 / self.study.players


def study_analysis(directory: Path, study: Study | None = None) -> Analysis:
    """The study in `directory` (`study` if given), analysed from one pass over its results
    file (the lines checked as `read_results` checks them); StudyError if no game is finished."""
    study = study or Study.load(Path(directory))
    tally = Tally(study)
    each_result(Path(directory), study, tally.add)
    return tally.analysis()


def load_study(directory: Path, records: bool = True) -> tuple[Study, list[dict[str, Any]]]:
    """The study in `directory` and its finished games' lines, by index (each one a dict:
    for a small study; `study_analysis` reads a large one)."""
    study = Study.load(Path(directory))
    done = read_results(Path(directory), study, records=records)
    return study, [done[i] for i in sorted(done)]


def analyse(study: Study, results: Iterable[dict[str, Any]]) -> Analysis:
    """The analysis of result lines (dicts) already in memory."""
    tally = Tally(study)
    for r in results:
        tally.add(r)
    return tally.analysis()


class _Column:
    """A value per game (or `width` values: one per seat), gathered into NumPy chunks."""

    def __init__(self, dtype: type, width: int | None = None) -> None:
        self.dtype, self.width = dtype, width
        self._chunks: list[NDArray[Any]] = []
        self._pending: list[Any] = []

    def add(self, value: Any) -> None:
        self._pending.append(value)
        if len(self._pending) >= _CHUNK:
            self._pack()

    def extend(self, values: Sequence[Any]) -> None:
        self._pending.extend(values)
        if len(self._pending) >= _CHUNK:
            self._pack()

    def _pack(self) -> None:
        if self._pending:
            self._chunks.append(np.array(self._pending, dtype=self.dtype))
            self._pending = []

    def take(self, order: NDArray[np.intp] | None = None) -> NDArray[Any]:
        """The values (in `order`; a row per game when per seat); the column is emptied."""
        self._pack()
        flat = np.concatenate(self._chunks) if self._chunks else np.empty(0, self.dtype)
        self._chunks = []
        if self.width is not None:
            flat = flat.reshape(-1, self.width)
        return flat if order is None else flat[order]


def _sums(codes: NDArray[Any], values: NDArray[Any], k: int) -> list[float]:
    """`values` summed per code 0..k-1, one after another in their order, as `+=` in a loop
    adds them (np.sum adds pairwise: its last digit can differ)."""
    out = np.zeros(k)
    np.add.at(out, codes.ravel(), values.ravel())
    return [float(x) for x in out]


def _in_order_of_first(codes: NDArray[Any]) -> list[tuple[int, int]]:
    """(code, how many) for each code, in the order the codes first occur."""
    found, first, counts = np.unique(codes, return_index=True, return_counts=True)
    return [(int(found[k]), int(counts[k])) for k in np.argsort(first, kind="stable")]


def _margin(returns: Sequence[float], scores: Sequence[float]) -> float:
    """How far the winner's score (the lowest of winners who share) leads the next best seat's:
    0 for a shared win or a win on a tie-break, and 0 when every seat won."""
    best = max(returns)
    won = [s for s, r in zip(scores, returns, strict=True) if r == best]
    lost = [s for s, r in zip(scores, returns, strict=True) if r != best]
    return min(won) - max(lost) if lost else 0.0


class Tally:
    """What the analysis needs of each game of `study`, kept as compact columns."""

    def __init__(self, study: Study) -> None:
        self.study = study
        self.names = list(dict.fromkeys(study.agents))
        self._agent_code = {a: k for k, a in enumerate(self.names)}
        p = study.players
        self._index = _Column(np.int64)
        self._agents = _Column(np.int16, p)
        self._returns = _Column(np.float64, p)
        self._scores = _Column(np.float64, p)
        self._lengths = _Column(np.int64)
        self._margins = _Column(np.float64)
        self._first = _Column(np.int16)  # the seat that moved first; -1: the game did not say
        self._rounds = _Column(np.int64)
        self._round_words: set[str | None] = set()  # None: a game that did not count rounds
        self._ended = _Column(np.int32)  # a code in _endings; -1: the game did not say
        self._endings: dict[str, int] = {}
        self._shared = 0
        self.labels = Labels()

    def add(self, r: dict[str, Any]) -> None:
        """Count one game's result line."""
        returns, scores = r["returns"], r["scores"]
        self._index.add(r["index"])
        self._agents.extend([self._agent_code[a] for a in r["agents"]])
        self._returns.extend(returns)
        self._scores.extend(scores)
        self._lengths.add(r["length"])
        self._margins.add(_margin(returns, scores))
        self._shared += returns.count(max(returns)) > 1
        self._first.add(r.get("first", -1))
        word = r.get("round_word") if "rounds" in r else None
        self._round_words.add(word)
        self._rounds.add(r.get("rounds", 0))
        ended = r.get("ended_by")
        self._ended.add(self._endings.setdefault(ended, len(self._endings)) if ended else -1)
        self.labels.add(r["index"], r.get("labels", {}))

    def analysis(self) -> Analysis:
        index = self._index.take()
        if not len(index):
            raise StudyError("the study has no finished games yet: nothing to report")
        order = np.argsort(index, kind="stable")
        games, p, k = len(index), self.study.players, len(self.names)
        agents = self._agents.take(order)
        returns = self._returns.take(order)
        scores = self._scores.take(order)
        cells = agents * p + np.arange(p, dtype=agents.dtype)  # agent c in seat s: c * p + s
        agent_n = np.bincount(agents.ravel(), minlength=k)
        cell_n = np.bincount(cells.ravel(), minlength=k * p)
        agent_w = _sums(agents, returns, k)
        cell_w = _sums(cells, returns, k * p)
        del cells
        seat_w = [float(np.cumsum(returns[:, s])[-1]) for s in range(p)]  # added in turn
        return Analysis(
            study=self.study,
            games=games,
            by_agent=[Rate(a, int(agent_n[c]), agent_w[c]) for c, a in enumerate(self.names)],
            by_seat=[Rate(f"seat {s}", games, seat_w[s]) for s in range(p)],
            agent_seat={
                a: [Rate(f"seat {s}", int(cell_n[c * p + s]), cell_w[c * p + s]) for s in range(p)]
                for c, a in enumerate(self.names)
            },
            seat_test=chi_square_uniform(seat_w),
            lengths=self._lengths.take(order),
            scores_by_agent={a: scores[agents == c] for c, a in enumerate(self.names)},
            scores_by_seat=[scores[:, s] for s in range(p)],
            labels=self.labels.rates(order, returns),
            endings=self._ending_counts(order),
            margins=self._margins.take(order),
            shared=self._shared,
            **self._rounds_said(order),
            **self._first_said(order, returns),
        )

    def _ending_counts(self, order: NDArray[np.intp]) -> dict[str, int]:
        """How many games ended each way, most first (a tie: the one that came first)."""
        ended = self._ended.take(order)
        names = {code: name for name, code in self._endings.items()}
        found = _in_order_of_first(ended[ended >= 0])
        return {names[c]: n for c, n in sorted(found, key=lambda cn: -cn[1])}

    def _rounds_said(self, order: NDArray[np.intp]) -> dict[str, Any]:
        """The rounds of every game and their word, if every game counted them in one word
        (results written before games counted rounds do not)."""
        rounds = self._rounds.take(order)
        if len(self._round_words) != 1 or None in self._round_words:
            return {}
        return {"rounds": rounds, "round_word": next(iter(self._round_words))}

    def _first_said(self, order: NDArray[np.intp], returns: NDArray[Any]) -> dict[str, Any]:
        """The first player's win rate and which seats moved first, if every game says (results
        written before games said do not)."""
        first = self._first.take(order)
        if (first < 0).any():
            return {}
        won = returns[np.arange(len(first)), first].tolist()
        seats = dict(_in_order_of_first(first))
        return {"first": Rate("first player", len(first), sum(won)), "first_seats": seats}


class Labels:
    """Each game's per-seat labels (a Captain per seat) as codes, for the keys every game has.

    Which keys are worth a table (`keys`): left out are the game's `log` (its last lines, one
    per seat at 6 players in Viking Raid); a key whose label is always the same in some seat
    ("Player 1": the seat table says it all; Knarr's Artifacts in play, the Mead Cup always
    first, follow the position, not the player); and a key that is one-to-one with a key
    before it (a captain's id or ability text beside the captain's name).
    """

    def __init__(self) -> None:
        self._games = 0
        self._first: tuple[int, list[str]] | None = None  # the lowest index, its keys in order
        self._codes: dict[str, dict[str, int]] = {}  # key -> label -> code
        self._columns: dict[str, _Column] = {}  # the keys every game so far has had

    def add(self, index: int, labels: dict[str, list[str]]) -> None:
        keys = [k for k in labels if k != "log"]
        if self._first is None or index < self._first[0]:
            self._first = (index, keys)
        if not self._games:
            self._columns = {k: _Column(np.int32, len(labels[k])) for k in keys}
        for key in [k for k in self._columns if k not in labels]:
            del self._columns[key]  # a list one game lacks (a discard pile) is no label
        for key, column in self._columns.items():
            codes = self._codes.setdefault(key, {})
            column.extend([codes.setdefault(v, len(codes)) for v in labels[key]])
        self._games += 1

    def keys(self, order: NDArray[np.intp]) -> dict[str, NDArray[Any]]:
        """The keys worth a table, in the order the game shows them, with their codes in
        `order` (a row of seats per game)."""
        kept: dict[str, NDArray[Any]] = {}
        for key in self._first[1] if self._first else []:
            if key not in self._columns:
                continue
            codes = self._columns[key].take(order)
            if any((codes[:, s] == codes[0, s]).all() for s in range(codes.shape[1])):
                continue
            if any(_one_to_one(codes, other) for other in kept.values()):
                continue
            kept[key] = codes
        return kept

    def rates(self, order: NDArray[np.intp], returns: NDArray[Any]) -> dict[str, list[Rate]]:
        """For each key worth it, in words ("turn order"), each label's win rate, best first."""
        out: dict[str, list[Rate]] = {}
        for key, codes in self.keys(order).items():
            names = list(self._codes[key])
            n = np.bincount(codes.ravel(), minlength=len(names))
            w = _sums(codes, returns, len(names))
            rates = [Rate(names[c], int(n[c]), w[c]) for c in range(len(names)) if n[c]]
            out[key.replace("_", " ")] = sorted(rates, key=lambda x: (-x.rate, x.name))
        return out


def _one_to_one(a: NDArray[Any], b: NDArray[Any]) -> bool:
    pairs = a.astype(np.int64) * (int(b.max()) + 1) + b
    return len(np.unique(a)) == len(np.unique(b)) == len(np.unique(pairs))


def label_keys(results: Sequence[dict[str, Any]]) -> list[str]:
    """The per-seat label keys of result lines worth a table (see `Labels`)."""
    labels = Labels()
    for i, r in enumerate(results):
        labels.add(i, r.get("labels", {}))
    return list(labels.keys(np.arange(len(results))))
