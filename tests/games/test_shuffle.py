"""The games' shuffle deals exactly what `random.Random.shuffle` deals: a saved game's seed must
give the same cards whichever of the two dealt it."""

import random

from bot.games.contract import seeded_rng, shuffle


def test_the_shuffle_gives_random_shuffles_order_and_leaves_the_generator_alike() -> None:
    for seed in range(2_000):
        items = list(range(seed % 110))
        expected, ours = list(items), list(items)
        theirs_rng, our_rng = seeded_rng(seed, "shuffle:0"), seeded_rng(seed, "shuffle:0")
        theirs_rng.shuffle(expected)
        shuffle(ours, our_rng)
        assert ours == expected
        assert our_rng.getstate() == theirs_rng.getstate()


def test_the_shuffle_follows_a_generator_already_drawn_from() -> None:
    for seed in range(200):
        theirs_rng, our_rng = random.Random(seed), random.Random(seed)
        for rng in (theirs_rng, our_rng):
            rng.random()
        expected, ours = list("abcdefghijklmnopqrstuvwxyz"), list("abcdefghijklmnopqrstuvwxyz")
        theirs_rng.shuffle(expected)
        shuffle(ours, our_rng)
        assert ours == expected
