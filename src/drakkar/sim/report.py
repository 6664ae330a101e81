"""What a study found, in words: win rates with 95% Wilson intervals, seat advantage, lengths.

`drakkar.sim.analysis` counts (`study_analysis(DIR)` gives an `Analysis`); `headline` and
`tables(analysis)` give the sentences and Rich tables the terminal prints;
`drakkar.sim.html.write_report` draws the plots and the page.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.table import Table

from drakkar.sim.analysis import Analysis, Rate
from drakkar.sim.stats import ChiSquare, chi_square_rates, describe


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
    if len(a.rounds):
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
    rows: list[tuple[str, Any]] = [("actions", a.lengths)]
    if len(a.rounds):
        rows.append((f"{a.round_word}s", a.rounds))
    rows.append(("winning margin", a.margins))
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
