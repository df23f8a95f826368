"""Inside one worker process, a render someone is waiting for goes first: other captures pause
between frames while it runs (worker/render/turns.py), within their pause budget."""

from __future__ import annotations

import asyncio

from worker.render.turns import Turns, interactive_running, render_turn


async def capture(frames: int, done: list[int], turns: Turns) -> None:
    """A stand-in for the capture loop's frame steps (the real loop calls wait_turn per frame)."""
    for i in range(frames):
        await turns.wait_turn()
        done.append(i)
        await asyncio.sleep(0.01)


async def test_bulk_captures_pause_while_an_interactive_render_runs() -> None:
    bulk: list[int] = []
    task = asyncio.create_task(capture(1000, bulk, Turns()))
    await asyncio.sleep(0.1)
    assert bulk  # running
    with render_turn(True):
        assert interactive_running() == 1
        await asyncio.sleep(0.05)
        paused_at = len(bulk)
        mine: list[int] = []
        await capture(10, mine, Turns())  # the interactive capture itself never waits
        assert mine == list(range(10))
        assert len(bulk) <= paused_at + 1  # at most the frame it was on
    await asyncio.sleep(0.2)
    assert interactive_running() == 0 and len(bulk) > paused_at + 3  # resumed
    task.cancel()


async def test_a_pause_ends_at_its_budget_and_plain_renders_do_not_pause() -> None:
    turns = Turns(budget_s=0.2)
    with render_turn(True):
        waited = asyncio.get_running_loop().time()
        # a task started inside an interactive block is interactive too (context copied)
        assert await asyncio.create_task(_no_wait())
        with render_turn(False):
            await turns.wait_turn()  # a bulk capture: waits, but only its budget
        assert 0.15 < asyncio.get_running_loop().time() - waited < 1.0
        assert turns.left_s <= 0.05
        before = asyncio.get_running_loop().time()
        with render_turn(False):
            await turns.wait_turn()  # budget spent: goes on sharing
        assert asyncio.get_running_loop().time() - before < 0.05
    with render_turn(False):
        before = asyncio.get_running_loop().time()
        await Turns().wait_turn()  # nothing interactive runs
        assert asyncio.get_running_loop().time() - before < 0.05


async def _no_wait() -> bool:
    start = asyncio.get_running_loop().time()
    await Turns(budget_s=1.0).wait_turn()
    return asyncio.get_running_loop().time() - start < 0.05
