"""A player's history, read from their results: newest first, paged, one entry per game
however many seats they held, of one server (and one game, where asked). On both stores."""

from storage import GameStatus, PlayerSeat, ResultRow, open_store

ALICE, BOB = 42, 43


async def finished(store, game: str, players: list[PlayerSeat], scores: list[int], guild: int):
    record = await store.create_game(
        game=game,
        variant="classic",
        guild_id=guild,
        channel_id=9000 + guild,
        owner_id=players[0].user_id,
        players=players,
        seed=5,
        state="{}",
        narration="[]",
    )
    rows = {}
    for player, score in zip(players, scores, strict=True):  # a person's first seat counts
        rows.setdefault(
            player.user_id,
            ResultRow(
                user_id=player.user_id,
                display_name=player.display_name,
                outcome="won" if score > 0 else "lost",
                score=score,
                turns=3,
            ),
        )
    return await store.commit_action(
        record.id,
        0,
        user_id=players[0].user_id,
        action="x",
        state="{}",
        narration="[]",
        status=GameStatus.FINISHED,
        results=list(rows.values()),
    )


async def test_history_pages_newest_first_one_entry_a_game(url: str) -> None:
    store = await open_store(url)
    try:
        alice = PlayerSeat(seat=0, user_id=ALICE, display_name="alice")
        bob = PlayerSeat(seat=1, user_id=BOB, display_name="bob")
        ids = []
        for n in range(4):
            ids.append((await finished(store, "scoundrel", [alice], [n + 1], guild=1)).id)
        two_seats = [alice, bob, alice.model_copy(update={"seat": 2})]
        duel = await finished(store, "dragons", two_seats, [7, -2, 9], guild=1)
        ids.append(duel.id)
        await finished(store, "scoundrel", [alice], [99], guild=2)  # another server

        first = await store.history(1, ALICE, None, 0, 3)
        assert first.total == 5
        assert [e.game_id for e in first.entries] == ids[::-1][:3]
        top = first.entries[0]
        assert (top.game, top.score, top.outcome, top.seats) == ("dragons", 7, "won", 3)
        rest = await store.history(1, ALICE, None, 3, 3)
        assert [e.game_id for e in rest.entries] == ids[::-1][3:]

        only = await store.history(1, ALICE, "scoundrel", 0, 10)
        assert only.total == 4 and [e.score for e in only.entries] == [4, 3, 2, 1]
        assert (await store.history(1, BOB, None)).total == 1
        assert (await store.history(3, ALICE, None)).entries == []
    finally:
        await store.close()
