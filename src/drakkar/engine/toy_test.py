import random

from drakkar.engine.toy import HIGH_CARD


def test_two_deals_a_seat_cannot_tell_apart_re_deal_alike() -> None:
    # the guide's rule for redeterminize (docs/architecture.md, step 5), which the toy shows:
    # the unseen cards are gathered in a fixed order, so the hidden deck order cannot leak
    stack = {"stack": (9, 8, 7, 1, 2, 3)}  # seat 0 holds 7-9, seat 1 holds 1-3
    worlds = []
    for seed in range(1, 40):
        state = HIGH_CARD.new(2, seed=seed, options=stack)
        assert state.view(0) == HIGH_CARD.new(2, seed=1, options=stack).view(0)
        state.redeterminize(0, random.Random(5))
        worlds.append((state.deck, state.hands))
    assert len({repr(w) for w in worlds}) == 1
