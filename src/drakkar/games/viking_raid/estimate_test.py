"""The chances a cut-short search reads (estimate.py): a raid's prospect, the softmax, the cut."""

from __future__ import annotations

import pytest

from drakkar.games.viking_raid.cards import CREW_BIT, ENCOUNTER_INDEX, VIKING_INDEX
from drakkar.games.viking_raid.estimate import (
    DIRECT,
    PILLAGE,
    RETURN,
    SURPRISE,
    VOYAGE,
    estimate,
    features,
    prospect,
    simulate_raid,
)
from drakkar.games.viking_raid.raid_test import HAND, start_raid
from drakkar.games.viking_raid.scenarios import CALM, deal, play

E = ENCOUNTER_INDEX
V = VIKING_INDEX


def deck(*names: str) -> list[int]:
    """Encounter cards in order, then calm ones (no effect anywhere but in Plunder)."""
    return [E[n] for n in names] + [E[c] for c in CALM] * 3


def test_the_rest_of_a_raid_sinks_on_a_second_rocks_unless_the_carpenter_is_ready() -> None:
    town = V["Village"]  # middle: 3 cards each way
    assert simulate_raid(deck("Rocks"), RETURN, town, 20, 0, 1, 0, SURPRISE) == (True, 0)
    carpenter = CREW_BIT[V["Carpenter"]]
    assert simulate_raid(deck("Rocks"), RETURN, town, 20, carpenter, 1, 0, SURPRISE)[0] is False


def test_a_lost_voyage_is_sailed_again_with_a_full_draw() -> None:
    village = V["Village"]
    # Lost after one card, then three calm cards: the voyage is done; then Pillage
    cards = deck("Livestock", "Lost", "Coins", "Coins", "Coins", "Storm", "Storm")
    sunk, _ = simulate_raid(cards, VOYAGE, village, 20, 0, 0, 0, SURPRISE)
    # the two Storms fall in the Pillage phase's draws: no effect there
    assert sunk is False


def test_pillage_surprise_far_and_direct_attack() -> None:
    village, far = V["Village"], V["Far Village"]
    knights = deck("Knights", "Knights")  # 15 kills each
    # 20 crew, a direct attack: 15 + 15 kills sink the ship
    assert simulate_raid(knights, PILLAGE, village, 20, 0, 0, 0, DIRECT) == (True, 0)
    # by surprise 5 are cancelled: 10 + 15 still sink it
    assert simulate_raid(knights, PILLAGE, village, 20, 0, 0, 0, SURPRISE)[0] is True
    # raiding Far, the first Defenders are ignored: 15 - 5 = 10 kills, 10 crew left
    assert simulate_raid(knights, PILLAGE, far, 20, 0, 0, 0, SURPRISE)[0] is False
    plunder = [E["Women Captives"]] * 2 + [E["Coins"]] + [E["Women Captives"]] * 9
    # size 2: Pillage takes 2 cards; Plunder 2 by surprise (Coins is the first), 1 directly
    assert simulate_raid(plunder, PILLAGE, village, 20, 0, 0, 0, SURPRISE) == (False, 12)
    assert simulate_raid(plunder, PILLAGE, village, 20, 0, 0, 0, DIRECT) == (False, 7)


def test_prospect_of_a_paused_raid_and_of_none() -> None:
    s = deal(HAND, draws=["Town"], encounters=["Livestock", "Coins"])
    assert prospect(s, 0) == (0.0, 0.0)  # no raid under way
    start_raid(s, dest="Village")
    assert s.view(0)["step"] == "tactics"
    sink, gold = prospect(s, 0)  # choosing tactics now: taken as a surprise attack
    assert 0.0 < sink < 0.5 and 2.0 < gold < 15.0
    play(s, "attack by surprise")  # the turn ends: the raid carries on at Pillage
    assert s.resume[0] == PILLAGE  # the same raid (sampled anew: about the same prospect)
    assert prospect(s, 0) == pytest.approx((sink, gold), abs=0.1 * (1 + gold))


def test_the_estimate_favours_gold_and_staying_in_and_sums_to_one() -> None:
    s = deal(HAND, players=3)
    s.gold = [10, 20, 10]
    e = estimate(s)
    assert sum(e) == pytest.approx(1.0)
    assert e[1] > e[0] == pytest.approx(e[2])
    s.out[2] = True
    e2 = estimate(s)
    assert e2[2] < e2[0]  # the same Gold, but out: no more raids to come
    assert [row[3] for row in features(s)] == [1.0, 1.0, 0.0]


def test_a_raid_under_way_counts_by_its_prospect() -> None:
    s = deal(HAND, draws=["Town"], encounters=["Livestock", "Coins"])
    start_raid(s, dest="Village")
    idle = s.clone()
    idle.ship[0] = idle.dest[0] = -1  # the same Gold, no raid under way
    assert prospect(idle, 0) == (0.0, 0.0) and estimate(s)[0] > estimate(idle)[0]


def test_settled_at_a_declaration_and_once_over_and_the_returns_then() -> None:
    s = deal(HAND, draws=["Town"], encounters=["Livestock", "Coins"])
    assert s.view(0)["step"] == "discard" and not s.settled()
    play(s, "discard Town")
    assert s.view(0)["step"] == "declare" and s.settled()
    play(s, "go raiding")
    assert not s.settled()
    s.over = True
    s.gold = [30, 10]
    assert s.settled() and s.estimate() == s.returns() == [1.0, 0.0]


def test_the_phase_and_attack_numbers_are_the_rules() -> None:
    # estimate.py repeats them (state.py imports it, so it cannot import state.py)
    from drakkar.games.viking_raid import estimate as e
    from drakkar.games.viking_raid import state as s

    assert (e.VOYAGE, e.TACTICS, e.PILLAGE, e.PLUNDER, e.RETURN, e.HOME) == (
        s.VOYAGE, s.TACTICS, s.PILLAGE, s.PLUNDER, s.RETURN, s.HOME,
    )  # fmt: skip
    assert (e.DIRECT, e.SURPRISE) == (s.DIRECT, s.SURPRISE)


def test_a_cut_short_search_reads_the_estimate_at_a_declaration(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from drakkar.agents.spec import make_agent
    from drakkar.games.viking_raid import GAME
    from drakkar.games.viking_raid.state import VikingRaidState

    read: list[str] = []
    real = VikingRaidState.estimate

    def spy(self: VikingRaidState) -> list[float]:
        read.append(self.view(None)["step"])
        return real(self)

    monkeypatch.setattr(VikingRaidState, "estimate", spy)
    s = GAME.new(4, 3)
    bot = make_agent("ismcts:iterations=60,depth=8,settle=200,estimate=1", GAME, 0)
    assert bot.act(s, s.current_player) in s.legal_actions()
    assert read and set(read) <= {"declare"}  # each cut read where the game settled
