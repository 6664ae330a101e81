"""Two studies side by side: did a change (a retune, a new bot, other options) move the rates?

`compare(a, b)` sets the analyses of two studies of one game row by row, for every agent,
seat and label (Captain) either study has: each rate in A and in B, the change B - A, and its
95% interval (Newcombe's hybrid score interval from the two Wilson intervals). A change whose
interval leaves out 0 is marked: with many rows, about one in twenty is so marked by chance.

The two studies are taken as independent samples. Two studies with the same seed play the
same deals, so their games are related and the interval is then on the cautious side.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.table import Table

from drakkar.sim.analysis import Analysis, Rate
from drakkar.sim.report import pct, show_value
from drakkar.sim.stats import describe, newcombe
from drakkar.sim.study import StudyError


@dataclass(frozen=True)
class Change:
    """One row: the same agent, seat or label in study A and study B."""

    name: str
    a: Rate | None  # None: the row is only in the other study
    b: Rate | None

    @property
    def difference(self) -> float | None:
        if self.a is None or self.b is None or not self.a.n or not self.b.n:
            return None
        return self.b.rate - self.a.rate

    @property
    def interval(self) -> tuple[float, float] | None:
        if self.difference is None:
            return None
        assert self.a is not None and self.b is not None
        return newcombe(self.a.wins, self.a.n, self.b.wins, self.b.n)

    @property
    def significant(self) -> bool:
        ci = self.interval
        return ci is not None and (ci[0] > 0 or ci[1] < 0)


@dataclass
class Comparison:
    a: Analysis
    b: Analysis
    groups: dict[str, list[Change]]  # "agent", "seat", then each label key -> its rows

    def significant(self) -> list[tuple[str, Change]]:
        return [(g, c) for g, rows in self.groups.items() for c in rows if c.significant]

    def rows(self) -> int:
        return sum(len(v) for v in self.groups.values())


def pair_rows(a: Sequence[Rate], b: Sequence[Rate]) -> list[Change]:
    """Rows by name, in A's order, then those only B has."""
    in_b = {r.name: r for r in b}
    in_a = {r.name: r for r in a}
    rows = [Change(r.name, r, in_b.get(r.name)) for r in a]
    rows += [Change(r.name, None, r) for r in b if r.name not in in_a]
    return rows


def compare(a: Analysis, b: Analysis) -> Comparison:
    """Refuses two different games (nothing to compare); other differences are reported."""
    if a.study.game != b.study.game:
        raise StudyError(
            f"study A is of {a.study.game} and study B of {b.study.game}: "
            "a comparison needs two studies of one game"
        )
    groups = {
        "agent": pair_rows(a.by_agent, b.by_agent),
        "seat": pair_rows(a.by_seat, b.by_seat),
    }
    for key in dict.fromkeys([*a.labels, *b.labels]):
        groups[key] = pair_rows(a.labels.get(key, []), b.labels.get(key, []))
    return Comparison(a, b, groups)


def setting_differences(c: Comparison) -> list[str]:
    """What differs between the two studies' settings, in words (empty: nothing)."""
    sa, sb = c.a.study, c.b.study
    out = []
    if sa.players != sb.players:
        out.append(f"players: {sa.players} in A, {sb.players} in B (fair shares differ)")
    if sa.agents != sb.agents:
        out.append(f"agents: {', '.join(sa.agents)} in A; {', '.join(sb.agents)} in B")
    if sa.rules_version != sb.rules_version:
        out.append(f"rules version: {sa.rules_version} in A, {sb.rules_version} in B")
    for key in dict.fromkeys([*sa.options, *sb.options]):
        va, vb = sa.options.get(key), sb.options.get(key)
        if va != vb:
            out.append(f"option {key}: {show_value(va)} in A, {show_value(vb)} in B")
    return out


def points(x: float) -> str:
    """A change of rate in percentage points, signed."""
    return f"{100 * x:+.1f}"


def change_text(ch: Change) -> tuple[str, str]:
    """(the change, its interval) as the table shows them."""
    ci = ch.interval
    if ch.difference is None or ci is None:
        return "–", "only in " + ("B" if ch.a is None or not ch.a.n else "A")
    return points(ch.difference), f"{points(ci[0])} to {points(ci[1])}"


def headline(c: Comparison, names: tuple[str, str] = ("A", "B")) -> list[str]:
    """The findings in sentences; `names` say where each study is (its directory)."""
    sa, sb = c.a.study, c.b.study
    lines = [
        f"{side}: {x.games:,} games of {s.game}, {s.players} players, seed {s.seed}"
        + (f" ({name})." if name != side else ".")
        for side, name, x, s in (("A", names[0], c.a, sa), ("B", names[1], c.b, sb))
    ]
    diffs = setting_differences(c)
    lines.append(
        "They differ in " + "; ".join(diffs) + "." if diffs else "Their settings are the same."
    )
    if sa.seed == sb.seed:
        lines.append(
            "Both use one seed: the same deals, so the intervals are on the cautious side."
        )
    la, lb = describe(c.a.lengths), describe(c.b.lengths)
    rounds = ""
    if len(c.a.rounds) and len(c.b.rounds) and c.a.round_word == c.b.round_word:
        ra, rb = describe(c.a.rounds), describe(c.b.rounds)
        rounds = f", {ra['median']:g} and {rb['median']:g} {c.a.round_word}s"
    lines.append(
        f"A game takes {la['median']:g} actions in A and {lb['median']:g} in B{rounds} (medians)."
    )
    ma, mb = describe(c.a.margins), describe(c.b.margins)
    lines.append(
        f"The winner leads the next best by {ma['median']:g} in A and {mb['median']:g} in B "
        f"(medians); shared wins {pct(c.a.shared / c.a.games)} and "
        f"{pct(c.b.shared / c.b.games)}."
    )
    marked = c.significant()
    if marked:
        parts = [f"{_row_name(g, ch)} {change_text(ch)[0]} points" for g, ch in marked]
        lines.append(
            f"Changes whose 95% interval leaves out 0 ({len(marked)} of {c.rows()} rows; by "
            "chance alone about 1 in 20 would): " + ", ".join(parts) + "."
        )
    else:
        lines.append(f"No change's 95% interval leaves out 0 ({c.rows()} rows).")
    return lines


def _row_name(group: str, ch: Change) -> str:
    """ "agent heuristic", "captain Glamr the Undead"; a seat's row names itself ("seat 0")."""
    return ch.name if ch.name.startswith(f"{group} ") else f"{group} {ch.name}"


def endings_rows(c: Comparison) -> list[list[str]]:
    """How games ended: each ending's share in A and in B."""
    names = list(dict.fromkeys([*c.a.endings, *c.b.endings]))
    return [
        [
            name,
            pct(c.a.endings.get(name, 0) / c.a.games),
            pct(c.b.endings.get(name, 0) / c.b.games),
        ]
        for name in names
    ]


def tables(c: Comparison) -> list[Table]:
    out = []
    for group, rows in c.groups.items():
        t = Table(title=f"Win rate per {group}: A, B, and the change B - A (points)")
        t.add_column(group)
        for col in ("A", "B", "change", "95% CI of the change"):
            t.add_column(col, justify="right")
        for ch in rows:
            change, ci = change_text(ch)
            t.add_row(
                ch.name,
                pct(ch.a.rate) if ch.a else "–",
                pct(ch.b.rate) if ch.b else "–",
                change,
                ci,
                style="bold" if ch.significant else None,
            )
        out.append(t)
    ends = endings_rows(c)
    if ends:
        t = Table(title="How games ended")
        t.add_column("ended by")
        t.add_column("A", justify="right")
        t.add_column("B", justify="right")
        for row in ends:
            t.add_row(*row)
        out.append(t)
    return out
