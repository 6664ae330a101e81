"""What a study found: win rates with 95% Wilson intervals, seat advantage, lengths, scores.

`analyse(study, results)` turns result lines into an `Analysis`; `tables(analysis)` gives the
Rich tables the terminal prints; `drakkar.sim.html.write_report` draws the plots and the page.

A win counts its share: a shared win between two seats gives each 0.5 (the game's `returns`).
An agent that holds several seats in each game ("random" against one "heuristic") is counted
once per seat it held, so its rate is per seat and its fair share is 1/players, like anyone's.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.table import Table

from drakkar.sim.results import read_results
from drakkar.sim.stats import ChiSquare, chi_square_rates, chi_square_uniform, describe, wilson
from drakkar.sim.study import Study, StudyError


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


@dataclass
class Analysis:
    study: Study
    games: int  # games finished (may be fewer than study.games while a study runs)
    by_agent: list[Rate]
    by_seat: list[Rate]
    agent_seat: dict[str, list[Rate]]  # agent -> its rate in each seat
    seat_test: ChiSquare
    lengths: list[int]
    scores_by_agent: dict[str, list[float]]
    scores_by_seat: list[list[float]]
    labels: dict[str, list[Rate]] = field(default_factory=dict)  # e.g. "captains" -> per captain
    rounds: list[int] = field(default_factory=list)  # rounds a game, when every game says
    round_word: str = "round"  # what the game calls a round ("raid" in Gone Viking!)
    endings: dict[str, int] = field(default_factory=dict)  # how games ended -> games, most first
    margins: list[float] = field(default_factory=list)  # winner's score - the next best's
    shared: int = 0  # games won by more than one seat
    first: Rate | None = None  # the first player's wins, when every game says who moved first
    first_seats: dict[int, int] = field(default_factory=dict)  # seat -> games it moved first

    @property
    def fair_share(self) -> float:
        return 1.0 / self.study.players


def load_study(directory: Path, records: bool = True) -> tuple[Study, list[dict[str, Any]]]:
    """The study in `directory` and its finished games, by index; StudyError if none.

    `records=False` leaves out each game's record, which `analyse` does not read (a tenth of
    the memory: what a study of a million games needs)."""
    study = Study.load(Path(directory))
    done = read_results(Path(directory), study, records=records)
    return study, [done[i] for i in sorted(done)]


def analyse(study: Study, results: Sequence[dict[str, Any]]) -> Analysis:
    if not results:
        raise StudyError("the study has no finished games yet: nothing to report")
    p = study.players
    names = list(dict.fromkeys(study.agents))
    agent_n: dict[str, int] = defaultdict(int)
    agent_w: dict[str, float] = defaultdict(float)
    cell_n: dict[tuple[str, int], int] = defaultdict(int)
    cell_w: dict[tuple[str, int], float] = defaultdict(float)
    seat_w = [0.0] * p
    scores_by_agent: dict[str, list[float]] = {a: [] for a in names}
    scores_by_seat: list[list[float]] = [[] for _ in range(p)]
    for r in results:
        for seat, (agent, ret, score) in enumerate(
            zip(r["agents"], r["returns"], r["scores"], strict=True)
        ):
            agent_n[agent] += 1
            agent_w[agent] += ret
            cell_n[agent, seat] += 1
            cell_w[agent, seat] += ret
            seat_w[seat] += ret
            scores_by_agent[agent].append(score)
            scores_by_seat[seat].append(score)
    games = len(results)
    return Analysis(
        study=study,
        games=games,
        by_agent=[Rate(a, agent_n[a], agent_w[a]) for a in names],
        by_seat=[Rate(f"seat {s}", games, seat_w[s]) for s in range(p)],
        agent_seat={
            a: [Rate(f"seat {s}", cell_n[a, s], cell_w[a, s]) for s in range(p)] for a in names
        },
        seat_test=chi_square_uniform(seat_w),
        lengths=[r["length"] for r in results],
        scores_by_agent=scores_by_agent,
        scores_by_seat=scores_by_seat,
        labels=label_rates(results),
        endings=dict(Counter(r["ended_by"] for r in results if r.get("ended_by")).most_common()),
        margins=[_margin(r["returns"], r["scores"]) for r in results],
        shared=sum(r["returns"].count(max(r["returns"])) > 1 for r in results),
        **_rounds(results),
        **_first(results),
    )


def _first(results: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The first player's win rate and which seats moved first, if every game says (results
    written before games said do not)."""
    if not all("first" in r for r in results):
        return {}
    wins = sum(r["returns"][r["first"]] for r in results)
    seats = Counter(r["first"] for r in results)
    return {"first": Rate("first player", len(results), wins), "first_seats": dict(seats)}


def _margin(returns: Sequence[float], scores: Sequence[float]) -> float:
    """How far the winner's score (the lowest of winners who share) leads the next best seat's:
    0 for a shared win or a win on a tie-break, and 0 when every seat won."""
    best = max(returns)
    won = [s for s, r in zip(scores, returns, strict=True) if r == best]
    lost = [s for s, r in zip(scores, returns, strict=True) if r != best]
    return min(won) - max(lost) if lost else 0.0


def _rounds(results: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The rounds of every game and their word, if every game counted them in one word
    (results written before games counted rounds do not)."""
    words = {r.get("round_word") for r in results}
    if len(words) != 1 or None in words:
        return {}
    return {"rounds": [r["rounds"] for r in results], "round_word": words.pop()}


def label_keys(results: Iterable[dict[str, Any]]) -> list[str]:
    """The per-seat label keys worth a table, in the order the game shows them.

    Left out: a key missing from some game (a list that happened to hold one entry per seat
    once, such as a discard pile, is no per-seat label); the game's `log` (its last lines, one
    per seat at 6 players in Viking Raid); a key whose label is always the same in some seat
    ("Player 1": the seat table says it all; Knarr's Artifacts in play, the Mead Cup always
    first, follow the position, not the player); and a key that is one-to-one with a key
    before it (a captain's id or ability text beside the captain's name).
    """
    results = list(results)
    keys = list(dict.fromkeys(k for r in results for k in r.get("labels", {})))
    keys = [k for k in keys if k != "log" and all(k in r.get("labels", {}) for r in results)]
    seen: dict[str, dict[int, set[str]]] = {k: defaultdict(set) for k in keys}
    pairs: dict[str, list[str]] = {k: [] for k in keys}  # every label, game by game, seat by seat
    for r in results:
        labels = r.get("labels", {})
        for key in keys:
            values = labels.get(key, [""] * len(r["returns"]))
            pairs[key].extend(values)
            for seat, v in enumerate(values):
                seen[key][seat].add(v)
    kept: list[str] = []
    for key, per_seat in seen.items():
        if any(len(v) == 1 for v in per_seat.values()):
            continue
        if any(_one_to_one(pairs[k], pairs[key]) for k in kept):
            continue
        kept.append(key)
    return kept


def _one_to_one(a: list[str], b: list[str]) -> bool:
    if len(a) != len(b):
        return False
    return len(set(a)) == len(set(b)) == len(set(zip(a, b, strict=True)))


def label_rates(results: Sequence[dict[str, Any]]) -> dict[str, list[Rate]]:
    """For each label key worth it, in words ("turn order"), each label's win rate, best first."""
    out: dict[str, list[Rate]] = {}
    for key in label_keys(results):
        n: dict[str, int] = defaultdict(int)
        w: dict[str, float] = defaultdict(float)
        for r in results:
            values = r.get("labels", {}).get(key)
            if values is None:
                continue
            for label, ret in zip(values, r["returns"], strict=True):
                n[label] += 1
                w[label] += ret
        rates = sorted((Rate(k, n[k], w[k]) for k in n), key=lambda x: (-x.rate, x.name))
        out[key.replace("_", " ")] = rates
    return out


def label_test(rates: Sequence[Rate]) -> ChiSquare:
    """Do the labels (Captains) share one win rate? Pearson's chi-square on wins and losses."""
    return chi_square_rates([r.wins for r in rates], [r.n for r in rates])


# -- words and tables ------------------------------------------------------------------------


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def num(x: float) -> str:
    """A whole number without decimals, anything else with one."""
    return f"{x:.0f}" if float(x).is_integer() else f"{x:.1f}"


def show_value(value: Any) -> str:
    """An option's value as it is typed after `-o key=` (an empty one: "(default)")."""
    if value in ("", (), [], None):
        return "(default)"
    if isinstance(value, list | tuple):
        return ",".join(map(str, value))
    return str(value)


def _share(n: int, games: int) -> str:
    """n games as a share; a few that round to 0.0% are counted, so they do not read as none."""
    shown = pct(n / games)
    if shown != "0.0%":
        return shown
    return f"{n:,} game{'s' if n != 1 else ''} ({shown})"


def interval_text(rate: Rate) -> str:
    lo, hi = rate.interval
    return f"{pct(lo)} – {pct(hi)}"


def p_text(p: float) -> str:
    return "p < 0.001" if p < 0.001 else f"p = {p:.3f}"


def seat_verdict(a: Analysis) -> str:
    t = a.seat_test
    best = max(a.by_seat, key=lambda r: r.rate)
    worst = min(a.by_seat, key=lambda r: r.rate)
    stat = f"χ² = {t.statistic:.2f}, df = {t.df}, {p_text(t.p_value)}"
    if t.p_value < 0.05:
        return (
            f"Seats are not equal ({stat}): {best.name} wins {pct(best.rate)}, "
            f"{worst.name} {pct(worst.rate)}, against a fair share of {pct(a.fair_share)}."
        )
    return (
        f"No significant seat advantage ({stat}): seats win between {pct(worst.rate)} and "
        f"{pct(best.rate)}, against a fair share of {pct(a.fair_share)}."
    )


def first_player_sentence(a: Analysis) -> str:
    """How the first player did: seat 0 in most games, drawn in Knarr's."""
    assert a.first is not None
    won = f"won {pct(a.first.rate)} (95% CI {interval_text(a.first)})"
    if len(a.first_seats) == 1:
        (seat,) = a.first_seats
        return f"Seat {seat} moved first in every game and {won}."
    seats = sorted(a.first_seats.items())
    (s0, n0), rest = seats[0], seats[1:]
    which = ", ".join([f"seat {s0} in {n0:,} games", *(f"seat {s} in {n:,}" for s, n in rest)])
    return f"The first player ({which}) {won}."


def headline(a: Analysis) -> list[str]:
    """The findings in sentences, for the top of the terminal report and the page."""
    s = a.study
    best = max(a.by_agent, key=lambda r: r.rate)
    lines = [
        f"{a.games:,} of {s.games:,} games of {s.game}, {s.players} players, seed {s.seed}.",
    ]
    if len(a.by_agent) > 1:
        lines.append(
            f"{best.name} wins {pct(best.rate)} of its seats (95% CI {interval_text(best)}), "
            f"against a fair share of {pct(a.fair_share)}."
        )
    lines.append(seat_verdict(a))
    if a.first is not None:
        lines[-1] += " " + first_player_sentence(a)
    if len(a.by_agent) > 1:  # a strong agent wins in every seat: the seats' rates even out
        lines[-1] += (
            " The agents differ, which hides much of a seat's edge: for the game's own seat "
            "advantage, give every seat one agent."
        )
    d = describe(a.lengths)
    lines.append(
        f"A game takes {num(d['median'])} actions (median; middle half {num(d['q1'])} to "
        f"{num(d['q3'])}, range {num(d['min'])} to {num(d['max'])})."
    )
    if a.rounds:
        r = describe(a.rounds)
        lines[-1] = lines[-1][:-1] + (
            f" and {num(r['median'])} {a.round_word}s (middle half {num(r['q1'])} to "
            f"{num(r['q3'])}, range {num(r['min'])} to {num(r['max'])})."
        )
    m = describe(a.margins)
    shared = "game (x) was a shared win" if a.shared == 1 else "games (x) were shared wins"
    lines.append(
        f"The winner scores {num(m['median'])} more than the next best (median; middle half "
        f"{num(m['q1'])} to {num(m['q3'])}, range {num(m['min'])} to {num(m['max'])}); "
        f"{a.shared:,} {shared.replace('x', pct(a.shared / a.games))}."
    )
    if a.endings:
        parts = [f"{name} {_share(n, a.games)}" for name, n in a.endings.items()]
        lines.append(f"Games ended by {', '.join(parts)}.")
    for key, rates in a.labels.items():
        if len(rates) > 1:
            top, low = rates[0], rates[-1]
            t = label_test(rates)
            verdict = "differ" if t.p_value < 0.05 else "do not differ significantly"
            lines.append(
                f"By {key}: {top.name} wins {pct(top.rate)} ({interval_text(top)}), "
                f"{low.name} {pct(low.rate)} ({interval_text(low)}); win rates {verdict} "
                f"(χ² = {t.statistic:.2f}, df = {t.df}, {p_text(t.p_value)})."
            )
    return lines


def rate_table(title: str, rates: Sequence[Rate], first: str = "agent") -> Table:
    t = Table(title=title)
    t.add_column(first)
    t.add_column("played", justify="right")
    t.add_column("wins", justify="right")
    t.add_column("win rate", justify="right")
    t.add_column("95% CI (Wilson)", justify="right")
    for r in rates:
        t.add_row(r.name, f"{r.n:,}", f"{r.wins:,.1f}", pct(r.rate), interval_text(r))
    return t


def agent_seat_rows(a: Analysis) -> tuple[list[str], list[list[str]]]:
    """(headers, rows) of each agent's win rate in each seat, then any agent's (the seat's)."""
    headers = ["agent", *(f"seat {s}" for s in range(a.study.players)), "all seats"]
    rows = [
        [rate.name, *(pct(c.rate) if c.n else "–" for c in a.agent_seat[rate.name]), pct(rate.rate)]
        for rate in a.by_agent
    ]
    rows.append(["any", *(pct(r.rate) for r in a.by_seat), pct(a.fair_share)])
    return headers, rows


def agent_seat_table(a: Analysis) -> Table:
    headers, rows = agent_seat_rows(a)
    t = Table(title="Win rate per agent and seat")
    t.add_column(headers[0])
    for h in headers[1:]:
        t.add_column(h, justify="right")
    for row in rows[:-1]:
        t.add_row(*row)
    t.add_row(*rows[-1], style="bold")
    return t


DISTRIBUTION_HEADERS = ("", "mean", "sd", "min", "q1", "median", "q3", "max")


def distribution_rows(a: Analysis) -> list[list[str]]:
    """Game length in actions (and rounds, when the game counts them), then the winning
    margin and scores by agent and by seat: mean, sd and quartiles."""
    rows: list[tuple[str, list[float]]] = [("actions", [float(x) for x in a.lengths])]
    if a.rounds:
        rows.append((f"{a.round_word}s", [float(x) for x in a.rounds]))
    rows.append(("winning margin", [float(x) for x in a.margins]))
    rows += [(f"score: {name}", v) for name, v in a.scores_by_agent.items()]
    rows += [(f"score: seat {s}", v) for s, v in enumerate(a.scores_by_seat)]
    out = []
    for name, values in rows:
        d = describe(values)
        out.append([name, *(f"{d[k]:.1f}" for k in DISTRIBUTION_HEADERS[1:])])
    return out


def distribution_table(a: Analysis) -> Table:
    t = Table(title="Game length and scores")
    for col in DISTRIBUTION_HEADERS:
        t.add_column(col, justify="left" if not col else "right")
    for row in distribution_rows(a):
        t.add_row(*row)
    return t


def summary_tables(a: Analysis) -> list[Table]:
    """What `drakkar simulate` prints when done: per agent, per seat, and both."""
    return [
        rate_table("Win rate per agent", a.by_agent),
        rate_table("Win rate per seat", a.by_seat, first="seat"),
        agent_seat_table(a),
    ]


def tables(a: Analysis) -> list[Table]:
    """Everything `drakkar report` prints."""
    out = summary_tables(a) + [distribution_table(a)]
    for key, rates in a.labels.items():
        out.append(rate_table(f"Win rate per {key}", rates, first=key))
    return out
