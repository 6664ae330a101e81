"""The card set: dice, helmets, Regions, Captains, Locations, Warriors and Asgard cards, read
from TOML files (`data/*.toml` ships the project's own set) and checked against the schema in
docs/rules/villainous-vikings.md. Any mistake is a `CardError` naming the file, card and field.

`load_set(path)` reads a file or a folder (every `*.toml` in it, merged); `None` is the shipped
set. Sets are cached by path: a loaded `CardSet` is immutable and shared by every state.
"""

from __future__ import annotations

import hashlib
import tomllib
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

from drakkar.engine.errors import InvalidOptions, shown
from drakkar.games.villainous_vikings import effects as fx
from drakkar.games.villainous_vikings.effects import Effect

DATA = Path(__file__).parent / "data"
COLOURS = ("white", "grey", "red")
FACES = {  # face -> (swords, shields, hammer)
    "blank": (0, 0, False),
    "sword": (1, 0, False),
    "swords2": (2, 0, False),
    "shield": (0, 1, False),
    "sword_shield": (1, 1, False),
    "hammer": (0, 0, True),
}
#: a face as the log and the terminal write it
FACE_WORDS = {
    "blank": "blank",
    "sword": "sword",
    "swords2": "2 swords",
    "shield": "shield",
    "sword_shield": "sword and shield",
    "hammer": "hammer",
}
KINDS = ("hero", "mercenary", "sovereign", "draugr")
MAX_LOCATIONS, MAX_WARRIORS, MAX_ASGARD, MAX_REGIONS = 64, 32, 16, 10


class CardError(InvalidOptions):
    """A card set that breaks the schema; the message names the file, the card and the field."""

    def __init__(self, message: str) -> None:
        super().__init__("cards", message)


class Captain(NamedTuple):
    id: str
    name: str
    static: tuple[Effect, ...]
    hammer: tuple[tuple[Effect, ...], ...]  # by colour index


class Warrior(NamedTuple):
    id: str
    name: str
    kind: str
    cost: int
    vp: int
    static: tuple[Effect, ...]
    hammer: tuple[tuple[Effect, ...], ...]
    sacrifice: tuple[Effect, ...]


class Location(NamedTuple):
    id: str
    name: str
    region: int
    age: int
    dice: tuple[int, ...]  # colour indices
    gold: int
    vp: int
    warrior: int  # -1: none
    sacrifice: tuple[Effect, ...]


class Asgard(NamedTuple):
    id: str
    name: str
    age: int
    vp: int
    sacrifice: tuple[Effect, ...]
    use: tuple[Effect, ...]
    dice: tuple[int, ...]
    reward: tuple[Effect, ...]


class CardSet(NamedTuple):
    source: str
    dice: tuple[tuple[tuple[int, int, bool], ...], ...]  # colour -> six faces
    face_names: tuple[tuple[str, ...], ...]
    helmets: tuple[int, int, int]
    regions: tuple[str, ...]  # index 0 is the home (the Northlands)
    captains: tuple[Captain, ...]
    locations: tuple[Location, ...]
    warriors: tuple[Warrior, ...]
    asgard: tuple[Asgard, ...]


class _Reader:
    """Checks one table's fields, naming file, card and field in every error."""

    def __init__(self, file: str, card: str, table: dict[str, Any]) -> None:
        self.file, self.card, self.table = file, card, table
        self.used: set[str] = set()

    def fail(self, field: str, why: str) -> CardError:
        return CardError(f"{self.file}: {self.card}: field {field!r}: {why}")

    def get(self, field: str, typ: type, default: Any = ...) -> Any:
        self.used.add(field)
        if field not in self.table:
            if default is ...:
                raise self.fail(field, "missing")
            return default
        value = self.table[field]
        if typ is int and isinstance(value, bool) or not isinstance(value, typ):
            raise self.fail(field, f"expected {typ.__name__}, got {value!r}")
        return value

    def count(self, field: str, default: Any = ..., low: int = 0, high: int = 60) -> int:
        v = self.get(field, int, default)
        if not low <= v <= high:
            raise self.fail(field, f"{v} is outside {low}..{high}")
        return int(v)

    def colours(self, field: str, default: Any = ...) -> tuple[int, ...]:
        raw = self.get(field, list, default)
        out = []
        for c in raw:
            if c not in COLOURS:
                raise self.fail(field, f"unknown die colour {c!r} (colours: {', '.join(COLOURS)})")
            out.append(COLOURS.index(c))
        return tuple(out)

    def effects(self, field: str, place: str, required: bool = False) -> tuple[Effect, ...]:
        raw = self.get(field, list, ... if required else [])
        return tuple(self._effect(field, place, i, e) for i, e in enumerate(raw))

    def _effect(self, field: str, place: str, i: int, e: Any) -> Effect:
        where = f"{field}[{i}]"
        if not isinstance(e, dict):
            raise self.fail(where, f'expected a table like {{effect = "swords"}}, got {e!r}')
        extra = set(e) - {"effect", "amount", "when"}
        if extra:
            raise self.fail(where, f"unknown key {sorted(extra)[0]!r}")
        kind = e.get("effect")
        if kind not in fx.ALL_KINDS:
            raise self.fail(
                where, f"unknown effect {kind!r} (effects: {', '.join(sorted(fx.ALL_KINDS))})"
            )
        if kind not in fx.PLACES[place]:
            allowed = ", ".join(sorted(fx.PLACES[place]))
            raise self.fail(where, f"effect {kind!r} cannot be a {place} ability ({allowed})")
        amount = e.get("amount", 1)
        if isinstance(amount, bool) or not isinstance(amount, int) or not -9 <= amount <= 30:
            raise self.fail(where, f"amount must be a whole number -9..30, got {amount!r}")
        if kind != fx.POOL and amount < 0:
            raise self.fail(where, f"amount of {kind!r} cannot be negative")
        mask = 0
        when = e.get("when", [])
        if not isinstance(when, list):
            raise self.fail(where, f"'when' must be a list of conditions, got {when!r}")
        if when and place in ("use", "reward"):  # carried out outside any battle's context
            raise self.fail(where, "conditions ('when') belong to static, hammer and sacrifice")
        for cond in when:
            if cond not in fx.CONDITIONS:
                raise self.fail(
                    where, f"unknown condition {cond!r} (conditions: {', '.join(fx.CONDITIONS)})"
                )
            mask |= fx.CONDITIONS[cond]
        return Effect(kind, amount, mask)

    def hammer(self, required: bool) -> tuple[tuple[Effect, ...], ...]:
        raw = self.get("hammer", dict, ... if required else {})
        bad = set(raw) - set(COLOURS)
        if bad:
            raise self.fail("hammer", f"unknown die colour {sorted(bad)[0]!r}")
        out = []
        for c in COLOURS:
            if required and c not in raw:
                raise self.fail(f"hammer.{c}", "missing")
            sub = _Reader(self.file, self.card, {"hammer." + c: raw.get(c, [])})
            out.append(sub.effects("hammer." + c, "hammer"))
        return tuple(out)

    def done(self) -> None:
        extra = set(self.table) - self.used
        if extra:
            raise self.fail(sorted(extra)[0], "unknown field")


def _files(path: Path) -> list[Path]:
    if path.is_dir():
        found = sorted(path.glob("*.toml"))
        if not found:
            raise CardError(f"{shown(str(path))}: no .toml files in this folder")
        return found
    if not path.is_file():
        raise CardError(f"{shown(str(path))}: no such file or folder")
    return [path]


def _read(files: list[Path]) -> dict[str, list[tuple[str, Any]]]:
    """Every top-level table, tagged with the file it came from."""
    merged: dict[str, list[tuple[str, Any]]] = {}
    for f in files:
        try:
            data = tomllib.loads(f.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as e:
            raise CardError(f"{f.name}: not valid TOML: {e}") from None
        except UnicodeDecodeError:
            raise CardError(f"{f.name}: not text (UTF-8)") from None
        except OSError as e:
            raise CardError(f"{f.name}: cannot be read: {e.strerror}") from None
        for key, value in data.items():
            if key not in ("dice", "helmets", "region", "captain", "location", "warrior", "asgard"):
                raise CardError(f"{f.name}: unknown table {key!r}")
            items = value if isinstance(value, list) else [value]
            merged.setdefault(key, []).extend((f.name, v) for v in items)
    return merged


def _single(merged: dict[str, list[tuple[str, Any]]], key: str) -> tuple[str, dict[str, Any]]:
    found = merged.get(key, [])
    if len(found) != 1 or not isinstance(found[0][1], dict):
        raise CardError(f"the set needs exactly one [{key}] table, found {len(found)}")
    return found[0]


def _cards(
    merged: dict[str, list[tuple[str, Any]]], key: str
) -> list[tuple[str, str, dict[str, Any]]]:
    out = []
    seen: dict[str, str] = {}
    for n, (file, table) in enumerate(merged.get(key, [])):
        if not isinstance(table, dict):
            raise CardError(f"{file}: [[{key}]] #{n + 1} is not a table")
        cid = table.get("id")
        if not isinstance(cid, str) or not cid:
            raise CardError(f"{file}: {key} #{n + 1}: field 'id': missing or not text")
        if cid in seen:
            raise CardError(f"{file}: {key} {cid!r}: field 'id': duplicate (also in {seen[cid]})")
        seen[cid] = file
        out.append((file, f"{key} {cid!r}", table))
    return out


def digest(cs: CardSet) -> str:
    """What a card set says, as 16 hex digits: the same for the same cards (whatever the files'
    layout, comments or path), different when any card, die or count changes."""
    return hashlib.sha256(repr(cs[1:]).encode()).hexdigest()[:16]  # (cs[0] is its path)


def load_set(path: str | Path | None = None) -> CardSet:
    """Read and check a card set: a file, a folder of files, or None for the shipped set."""
    if not path:
        return _load_cached("")
    try:
        if not Path(path).is_absolute() and not Path(path).exists():
            # (a study or record names the path it was given: say where it was looked for)
            raise CardError(f"{shown(str(path))}: no such file or folder in {Path.cwd()}")
        key = Path(path).resolve()
        key.exists()  # (asked here, where a name no file can have is refused as such)
    except (OSError, ValueError) as e:  # a name too long, a NUL byte: no path this machine has
        why = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        raise CardError(f"{shown(str(path))}: not a file or folder here ({why})") from None
    return _load_cached(str(key))


@cache
def _load_cached(key: str) -> CardSet:
    merged = _read(_files(Path(key) if key else DATA))
    f, dice_t = _single(merged, "dice")
    r = _Reader(f, "[dice]", dice_t)
    dice, names = [], []
    for c in COLOURS:
        faces = r.get(c, list)
        if len(faces) != 6 or any(x not in FACES for x in faces):
            raise r.fail(c, f"needs six faces from {', '.join(FACES)}, got {faces!r}")
        dice.append(tuple(FACES[x] for x in faces))
        names.append(tuple(faces))
    r.done()
    f, helm_t = _single(merged, "helmets")
    r = _Reader(f, "[helmets]", helm_t)
    helmets = (
        r.count("white", low=1, high=9),
        r.count("grey", low=1, high=9),
        r.count("red", low=1, high=9),
    )
    r.done()
    regions, region_ids, home = [], [], None
    for file, card, t in _cards(merged, "region"):
        r = _Reader(file, card, t)
        region_ids.append(r.get("id", str))
        regions.append(r.get("name", str))
        if r.get("home", bool, False):
            if home is not None:
                raise r.fail("home", "only one Region can be the home")
            home = len(regions) - 1
        r.done()
    if home is None:
        raise CardError("regions: no Region is marked home = true (the Northlands)")
    if not 2 <= len(regions) <= MAX_REGIONS:
        raise CardError(f"regions: need 2..{MAX_REGIONS} Regions, found {len(regions)}")
    order = [home] + [i for i in range(len(regions)) if i != home]
    region_ids = [region_ids[i] for i in order]
    regions = [regions[i] for i in order]
    warriors, warrior_ids = _warriors(merged)
    locations = _locations(merged, region_ids, warrior_ids, warriors)
    captains = _captains(merged)
    asgard = _asgard(merged)
    _check_names("location", [c.name for c in locations])
    _check_names("warrior", [c.name for c in warriors])
    _check_names("asgard", [c.name for c in asgard])
    _check_names("captain", [c.name for c in captains])
    for name, cards, top in (
        ("location", locations, MAX_LOCATIONS),
        ("warrior", warriors, MAX_WARRIORS),
        ("asgard", asgard, MAX_ASGARD),
    ):
        if len(cards) > top:
            raise CardError(f"at most {top} {name} cards, found {len(cards)}")
    if len(captains) < 5:
        raise CardError(f"need at least 5 captains (one per seat), found {len(captains)}")
    return CardSet(
        key or str(DATA),
        tuple(dice),
        tuple(names),
        helmets,
        tuple(regions),
        captains,
        locations,
        warriors,
        asgard,
    )


def _check_names(kind: str, names: list[str]) -> None:
    seen = set()
    for n in names:
        if n.lower() in seen:
            raise CardError(f"{kind} {n!r}: field 'name': duplicate name")
        seen.add(n.lower())


def _warriors(merged: dict[str, Any]) -> tuple[tuple[Warrior, ...], list[str]]:
    out, ids = [], []
    for file, card, t in _cards(merged, "warrior"):
        r = _Reader(file, card, t)
        kind = r.get("kind", str)
        if kind not in KINDS:
            raise r.fail("kind", f"{kind!r} is not one of {', '.join(KINDS)}")
        cost = r.count("cost", ... if kind == "mercenary" else 0, low=0, high=60)
        vp = r.count("vp", ... if kind == "sovereign" else 0, low=0, high=20)
        w = Warrior(
            r.get("id", str),
            r.get("name", str),
            kind,
            cost,
            vp,
            r.effects("static", "static"),
            r.hammer(False),
            r.effects("sacrifice", "sacrifice"),
        )
        if kind != "sovereign" and any(w.hammer):
            raise r.fail("hammer", "only a Sovereign calls forth Heathen Hammer abilities")
        r.done()
        out.append(w)
        ids.append(w.id)
    return tuple(out), ids


def _locations(
    merged: dict[str, Any],
    region_ids: list[str],
    warrior_ids: list[str],
    warriors: tuple[Warrior, ...],
) -> tuple[Location, ...]:
    out: list[Location] = []
    owner: dict[int, str] = {}
    for file, card, t in _cards(merged, "location"):
        r = _Reader(file, card, t)
        region = r.get("region", str)
        if region not in region_ids or region == region_ids[0]:
            raise r.fail(
                "region",
                f"no such Region {region!r}"
                if region not in region_ids
                else "the home Region holds no Locations",
            )
        wid = r.get("warrior", str, "")
        w = -1
        if wid:
            if wid not in warrior_ids:
                raise r.fail("warrior", f"no Warrior with id {wid!r}")
            w = warrior_ids.index(wid)
            if warriors[w].kind == "draugr":
                raise r.fail("warrior", f"{wid!r} is a Draugr: Draugr belong to no Location")
            if w in owner:
                raise r.fail("warrior", f"{wid!r} already belongs to {owner[w]}")
            owner[w] = r.card
        dice = r.colours("dice")
        if not 1 <= len(dice) <= 6:
            raise r.fail("dice", "a Location rolls 1 to 6 dice")
        out.append(
            Location(
                r.get("id", str),
                r.get("name", str),
                region_ids.index(region),
                r.count("age", low=1, high=3),
                dice,
                r.count("gold", high=30),
                r.count("vp", high=20),
                w,
                r.effects("sacrifice", "sacrifice", True),
            )
        )
        if not out[-1].sacrifice:  # the rulebook: "Every Location card has a Sacrifice Ability"
            raise r.fail("sacrifice", "every Location has a sacrifice ability")
        r.done()
    for i, war in enumerate(warriors):
        if war.kind != "draugr" and i not in owner:
            raise CardError(
                f"warrior {war.id!r}: field 'kind': a {war.kind} must belong to a Location"
            )
    return tuple(out)


def _captains(merged: dict[str, Any]) -> tuple[Captain, ...]:
    out = []
    for file, card, t in _cards(merged, "captain"):
        r = _Reader(file, card, t)
        out.append(
            Captain(
                r.get("id", str),
                r.get("name", str),
                r.effects("static", "static", True),
                r.hammer(True),
            )
        )
        # the rulebook: "Each Captain has 4 different abilities", a static and three hammers
        if not out[-1].static:
            raise r.fail("static", "a Captain has a static ability")
        for colour, ability in zip(COLOURS, out[-1].hammer, strict=True):
            if not ability:
                raise r.fail(
                    f"hammer.{colour}", "a Captain has a Heathen Hammer ability for each colour"
                )
        r.done()
    return tuple(out)


def _asgard(merged: dict[str, Any]) -> tuple[Asgard, ...]:
    out = []
    for file, card, t in _cards(merged, "asgard"):
        r = _Reader(file, card, t)
        use = r.effects("use", "use", True)
        kinds = {e.kind for e in use}
        for e in use[:-1]:
            if e.kind in (fx.RECRUIT_DISCARDED, fx.BATTLE_GODS, fx.DUEL):
                raise r.fail(
                    "use", f"{e.kind!r} decides what becomes of the card: it must come last"
                )
        last = use[-1].kind if use else ""
        if last in (fx.RECRUIT_DISCARDED, fx.BATTLE_GODS, fx.DUEL) and fx.KEEP in kinds:
            raise r.fail("use", f"{last!r} decides what becomes of the card: no 'keep'")
        dice = r.colours("dice", [])
        if fx.BATTLE_GODS in kinds and not dice:
            raise r.fail("dice", "a card that battles the Gods needs the Gods' dice")
        a = Asgard(
            r.get("id", str),
            r.get("name", str),
            r.count("age", low=1, high=3),
            r.count("vp", high=20),
            r.effects("sacrifice", "sacrifice"),
            use,
            dice,
            r.effects("reward", "reward"),
        )
        r.done()
        out.append(a)
    return tuple(out)


def _row(kind: str, card_id: str, name: str, abilities: str, **columns: str) -> dict[str, str]:
    """A row of `drakkar cards`: the columns a card type has not, blank."""
    blank = dict.fromkeys(("age", "region", "dice", "gold", "vp"), "")
    return {"type": kind, "id": card_id, "name": name, **blank, **columns, "abilities": abilities}


def _hammers(hammer: tuple[tuple[Effect, ...], ...], skip_empty: bool = False) -> str:
    return ", ".join(
        f"{col}: {fx.describe(h)}"
        for col, h in zip(COLOURS, hammer, strict=True)
        if h or not skip_empty
    )


def table_rows(path: str | Path | None = None) -> list[dict[str, str]]:
    """Validate a set and return one row per card, for `drakkar cards villainous-vikings`."""
    cs = load_set(path)
    rows = [
        _row(
            "Captain",
            c.id,
            c.name,
            f"static: {fx.describe(c.static)}; hammers: {_hammers(c.hammer)}",
        )
        for c in cs.captains
    ]
    for loc in cs.locations:
        war = cs.warriors[loc.warrior].name if loc.warrior >= 0 else ""
        abilities = f"sacrifice: {fx.describe(loc.sacrifice)}" + (
            f"; warrior: {war}" if war else ""
        )
        rows.append(
            _row(
                "Location",
                loc.id,
                loc.name,
                abilities,
                age=str(loc.age),
                region=cs.regions[loc.region],
                dice=" ".join(COLOURS[d] for d in loc.dice),
                gold=str(loc.gold),
                vp=str(loc.vp),
            )  # fmt: skip
        )
    for w in cs.warriors:
        parts = [f"static: {fx.describe(w.static)}"]
        if any(w.hammer):
            parts.append("hammers: " + _hammers(w.hammer, skip_empty=True))
        if w.sacrifice:
            parts.append(f"sacrifice: {fx.describe(w.sacrifice)}")
        gold = str(w.cost) if w.kind == "mercenary" else ""
        rows.append(
            _row(
                w.kind.capitalize(),
                w.id,
                w.name,
                "; ".join(parts),
                gold=gold,
                vp=str(w.vp) if w.vp else "",
            )  # fmt: skip
        )
    for a in cs.asgard:
        parts = [f"use: {fx.describe(a.use)}"]
        if a.reward:
            parts.append(f"reward: {fx.describe(a.reward)}")
        parts.append(f"sacrifice: {fx.describe(a.sacrifice)}")
        rows.append(
            _row(
                "Asgard",
                a.id,
                a.name,
                "; ".join(parts),
                age=str(a.age),
                dice=" ".join(COLOURS[d] for d in a.dice),
                vp=str(a.vp),
            )  # fmt: skip
        )
    return rows
