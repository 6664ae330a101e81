"""The report page: matplotlib plots (PNG, Agg) and one HTML page that shows them.

A person would rather look than read, so every finding has a plot: win rates as bars with
their 95% intervals against the fair-share line, seats the same way with the test's verdict
in the title, game lengths as a histogram, scores as box plots, and per-label win rates
(Villainous Vikings' Captains) when the game shows them.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from pathlib import Path

from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from drakkar.engine.errors import DrakkarError
from drakkar.engine.registry import load
from drakkar.sim.analysis import Analysis, Rate
from drakkar.sim.report import (
    DISTRIBUTION_HEADERS,
    agent_seat_rows,
    distribution_rows,
    headline,
    interval_text,
    label_test,
    p_text,
    pct,
    show_value,
)
from drakkar.sim.stats import describe

REPORT_DIR = "report"
COLOURS = ("#2b6cb0", "#c05621", "#2f855a", "#b83280", "#6b46c1", "#b7791f", "#319795")


def _save(fig: Figure, path: Path) -> str:
    FigureCanvasAgg(fig)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    return path.name


def _tilt(ax: Axes, names: Sequence[str]) -> None:
    """Long names (agent specs with parameters) slant, so they do not run into each other."""
    if max((len(n) for n in names), default=0) > 12:
        for label in ax.get_xticklabels():
            label.set_rotation(20)
            label.set_horizontalalignment("right")


def _rate_bars(ax: Axes, rates: Sequence[Rate], fair: float, colours: Sequence[str]) -> None:
    names = [r.name for r in rates]
    values = [r.rate for r in rates]
    lows = [r.rate - r.interval[0] for r in rates]
    highs = [r.interval[1] - r.rate for r in rates]
    ax.bar(names, values, yerr=[lows, highs], capsize=6, color=colours, alpha=0.85)
    ax.axhline(fair, color="#444", linestyle="--", linewidth=1, label=f"fair share {pct(fair)}")
    for i, v in enumerate(values):
        ax.annotate(pct(v), (i, v), xytext=(8, 4), textcoords="offset points", fontsize=9)
    ax.set_ylabel("win rate (95% Wilson interval)")
    ax.set_ylim(0, min(1.0, max(r.interval[1] for r in rates) * 1.25 + 0.02))
    ax.legend(loc="upper right")
    ax.yaxis.set_major_formatter(lambda y, _: f"{100 * y:.0f}%")
    _tilt(ax, names)


def plot_agents(a: Analysis, path: Path) -> str:
    fig = Figure(figsize=(7, 4))
    ax = fig.add_subplot()
    colours = [COLOURS[i % len(COLOURS)] for i in range(len(a.by_agent))]
    _rate_bars(ax, a.by_agent, a.fair_share, colours)
    ax.set_title("Win rate per agent (per seat held)")
    return _save(fig, path)


def plot_seats(a: Analysis, path: Path) -> str:
    fig = Figure(figsize=(7, 4))
    ax = fig.add_subplot()
    _rate_bars(ax, a.by_seat, a.fair_share, ["#4a5568"] * len(a.by_seat))
    t = a.seat_test
    ax.set_title(f"Win rate per seat (χ² = {t.statistic:.2f}, df {t.df}, {p_text(t.p_value)})")
    return _save(fig, path)


def plot_agent_seat(a: Analysis, path: Path) -> str:
    fig = Figure(figsize=(8, 4))
    ax = fig.add_subplot()
    agents = [r.name for r in a.by_agent]
    p = a.study.players
    width = 0.8 / max(1, len(agents))
    for k, name in enumerate(agents):
        cells = a.agent_seat[name]
        xs = [s + (k - (len(agents) - 1) / 2) * width for s in range(p)]
        ys = [c.rate for c in cells]
        err = [[c.rate - c.interval[0] for c in cells], [c.interval[1] - c.rate for c in cells]]
        ax.bar(xs, ys, width, yerr=err, capsize=3, label=name, color=COLOURS[k % len(COLOURS)])
    ax.axhline(a.fair_share, color="#444", linestyle="--", linewidth=1)
    ax.set_xticks(range(p), [f"seat {s}" for s in range(p)])
    ax.set_ylabel("win rate")
    ax.yaxis.set_major_formatter(lambda y, _: f"{100 * y:.0f}%")
    ax.set_title("Each agent in each seat")
    # below the plot, where it cannot cover a bar
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.1), ncol=min(3, len(agents)))
    return _save(fig, path)


def plot_lengths(a: Analysis, path: Path) -> str:
    fig = Figure(figsize=(7, 4))
    ax = fig.add_subplot()
    lo, hi = int(a.lengths.min()), int(a.lengths.max())
    bins = min(60, hi - lo + 1)
    ax.hist(a.lengths, bins=bins, color="#2b6cb0", alpha=0.8)
    d = describe(a.lengths)
    ax.axvline(d["median"], color="#c05621", linewidth=2, label=f"median {d['median']:.0f}")
    ax.axvline(d["mean"], color="#2f855a", linestyle="--", label=f"mean {d['mean']:.1f}")
    ax.set_xlabel("actions in the game")
    ax.set_ylabel("games")
    ax.set_title("Game length")
    ax.legend()
    return _save(fig, path)


def plot_scores(a: Analysis, path: Path) -> str:
    fig = Figure(figsize=(8, 4))
    by_agent, by_seat = fig.subplots(1, 2, sharey=True)
    names = list(a.scores_by_agent)
    by_agent.boxplot([a.scores_by_agent[n] for n in names], tick_labels=names)
    _tilt(by_agent, names)
    by_agent.set_title("Final score per agent")
    p = a.study.players
    by_seat.boxplot(a.scores_by_seat, tick_labels=[f"seat {s}" for s in range(p)])
    by_seat.set_title("Final score per seat")
    by_agent.set_ylabel("score")
    return _save(fig, path)


def plot_labels(a: Analysis, key: str, path: Path) -> str:
    rates = a.labels[key]
    fig = Figure(figsize=(7, max(3.0, 0.4 * len(rates) + 1.5)))
    ax = fig.add_subplot()
    ys = range(len(rates))[::-1]
    err = [[r.rate - r.interval[0] for r in rates], [r.interval[1] - r.rate for r in rates]]
    ax.barh(list(ys), [r.rate for r in rates], xerr=err, capsize=4, color="#6b46c1", alpha=0.85)
    ax.set_yticks(list(ys), [r.name for r in rates])
    ax.axvline(a.fair_share, color="#444", linestyle="--", label=f"fair share {pct(a.fair_share)}")
    ax.xaxis.set_major_formatter(lambda x, _: f"{100 * x:.0f}%")
    ax.set_xlabel("win rate (95% Wilson interval)")
    t = label_test(rates)
    ax.set_title(f"Win rate per {key} (χ² = {t.statistic:.2f}, df {t.df}, {p_text(t.p_value)})")
    ax.legend(loc="lower right")
    return _save(fig, path)


def _table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _rate_rows(rates: Sequence[Rate]) -> list[list[str]]:
    return [[r.name, f"{r.n:,}", f"{r.wins:,.1f}", pct(r.rate), interval_text(r)] for r in rates]


RATE_HEADERS = ("", "played", "wins", "win rate", "95% CI (Wilson)")
STYLE = """
body { font: 15px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; color: #1a202c; }
h1 { margin-bottom: 0.2rem; } .lead { font-size: 1.05rem; }
img { max-width: 100%; display: block; margin: 0.5rem 0 1.5rem; }
table { border-collapse: collapse; margin: 0.5rem 0 1.5rem; }
th, td { padding: 0.2rem 0.7rem; border-bottom: 1px solid #e2e8f0; text-align: right; }
th:first-child, td:first-child { text-align: left; }
"""


def write_report(a: Analysis, directory: Path) -> Path:
    """Write DIR/report/index.html and its PNG plots; return the page's path."""
    out = Path(directory) / REPORT_DIR
    out.mkdir(parents=True, exist_ok=True)
    s = a.study
    parts = [
        f"<h1>{html.escape(_title(s.game))}: {s.players} players</h1>",
        "<p class=lead>" + "<br>".join(html.escape(line) for line in headline(a)) + "</p>",
        f"<p>Agents: {html.escape(', '.join(s.agents))}; seats rotated every game; options "
        f"{html.escape(', '.join(f'{k}={show_value(v)}' for k, v in s.options.items()))}.</p>",
    ]
    if len(a.by_agent) > 1:  # one agent in every seat wins its fair share by construction
        parts += [
            "<h2>Who wins</h2>",
            f"<img src='{plot_agents(a, out / 'agents.png')}' alt='win rate per agent'>",
            _table(RATE_HEADERS, _rate_rows(a.by_agent)),
        ]
    for i, key in enumerate(a.labels):
        img = plot_labels(a, key, out / f"labels-{i}.png")
        parts += [
            f"<h2>Win rate per {html.escape(key)}</h2>",
            f"<img src='{img}' alt='win rate per {html.escape(key)}'>",
            _table(RATE_HEADERS, _rate_rows(a.labels[key])),
        ]
    parts += [
        "<h2>Does the seat matter?</h2>",
        f"<p>{html.escape(_seat_sentence(a))}</p>",
        f"<img src='{plot_seats(a, out / 'seats.png')}' alt='win rate per seat'>",
        _table(RATE_HEADERS, _rate_rows(a.by_seat)),
    ]
    if len(a.by_agent) > 1:
        parts.append(f"<img src='{plot_agent_seat(a, out / 'agent_seat.png')}' alt='agent x seat'>")
        parts.append(_table(*agent_seat_rows(a)))
    rows = distribution_rows(a)
    length_rows = 2 if len(a.rounds) else 1  # actions, then rounds when the game counts them
    parts += [
        "<h2>How long a game takes</h2>",
        f"<img src='{plot_lengths(a, out / 'lengths.png')}' alt='game lengths'>",
        _table(DISTRIBUTION_HEADERS, rows[:length_rows]),
        "<h2>Scores</h2>",
        f"<img src='{plot_scores(a, out / 'scores.png')}' alt='scores'>",
        _table(DISTRIBUTION_HEADERS, rows[length_rows:]),
    ]
    page = out / "index.html"
    page.write_text(
        "<!doctype html><html><head><meta charset=utf-8>"
        f"<title>drakkar study: {html.escape(s.game)}</title><style>{STYLE}</style></head>"
        f"<body>{''.join(parts)}</body></html>\n"
    )
    return page


def _title(name: str) -> str:
    try:
        return load(name).title or name
    except DrakkarError:
        return name


def _seat_sentence(a: Analysis) -> str:
    return (
        "Seats are rotated, so every agent sits in every seat equally often and, were seats "
        "equal, each would win its fair share. Pearson's chi-square test on the wins per seat "
        f"gives χ² = {a.seat_test.statistic:.2f} with {a.seat_test.df} degrees of freedom, "
        f"{p_text(a.seat_test.p_value)}."
    )
