"""The harness's websocket reader: events sent at once reach the bot a socket read at a time."""

import asyncio

import pytest

from tests.harness.gateway_reader import READ_BYTES, GatewayReader


async def test_events_sent_at_once_are_read_together_in_order() -> None:
    reader, read, turns = GatewayReader(), [], []
    loop_turn = 0

    async def count_turns() -> None:
        nonlocal loop_turn
        while True:
            loop_turn += 1
            await asyncio.sleep(0)

    counter = asyncio.ensure_future(count_turns())
    await asyncio.gather(
        *(
            reader.send(f'{{"n": {n}}}', lambda text: (read.append(text), turns.append(loop_turn)))
            for n in range(50)
        )
    )
    counter.cancel()
    await reader.close()
    assert read == [f'{{"n": {n}}}' for n in range(50)], "in the order sent"
    assert len(set(turns)) == 1, "small events fit one read: one turn of the loop"


async def test_a_read_holds_at_most_a_sockets_worth() -> None:
    reader = GatewayReader()
    big = "x" * (READ_BYTES // 3)
    batches: list[list[int]] = [[]]

    async def next_turn() -> None:
        while True:
            await asyncio.sleep(0)
            if batches[-1]:
                batches.append([])

    turner = asyncio.ensure_future(next_turn())
    await asyncio.gather(
        *(reader.send(big, lambda text: batches[-1].append(len(text))) for _ in range(7))
    )
    turner.cancel()
    await reader.close()
    filled = [batch for batch in batches if batch]
    assert [len(batch) for batch in filled] == [3, 3, 1], "three a turn, then the rest"
    sizes = [sum(batch) for batch in filled]
    assert max(sizes) <= READ_BYTES


async def test_what_the_bot_raises_reaches_the_sender() -> None:
    reader = GatewayReader()

    def broken(text: str) -> None:
        raise ValueError(text)

    with pytest.raises(ValueError, match="bad"):
        await reader.send("bad", broken)
    await reader.send("good", lambda text: None)  # the reader goes on
    await reader.close()


async def test_a_sender_that_gives_up_does_not_stop_the_reader() -> None:
    reader, read = GatewayReader(), []
    waiting = asyncio.ensure_future(reader.send("first", read.append))
    await asyncio.sleep(0)  # sent, and waiting for the reader's turn
    waiting.cancel()
    await reader.send("second", read.append)
    await reader.close()
    assert read == ["first", "second"], "Discord sent the first all the same"
