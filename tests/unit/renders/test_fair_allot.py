"""queue.allot: the fair-dispatch rule (docs/api/rendering.md, "Fair queuing") as a pure
function."""

from __future__ import annotations

import math
import random

from app.renders.queue import allot


def test_an_account_waiting_alone_fills_every_free_slot():
    assert allot(8, 0.5, {}, {"a": 100}) == {"a": 8}
    assert allot(8, 0.5, {"a": 3, "b": 2}, {"a": 100}) == {"a": 3}


def test_accounts_waiting_together_get_their_share_each():
    assert allot(8, 0.5, {}, {"heavy": 100, "light": 100}) == {"heavy": 4, "light": 4}
    # heavy already holds its share: only light is topped up.
    assert allot(8, 0.5, {"heavy": 4}, {"heavy": 96, "light": 100}) == {"light": 4}


def test_what_the_shares_leave_free_goes_to_whoever_waits():
    # Share 0.25 of 8 = 2 each; the other 4 slots are not left idle.
    assert allot(8, 0.25, {}, {"a": 100, "b": 100}) == {"a": 4, "b": 4}
    # light wants only one job: heavy gets the rest of the capacity.
    assert allot(8, 0.5, {}, {"heavy": 100, "light": 1}) == {"heavy": 7, "light": 1}


def test_an_account_with_nothing_in_flight_is_always_next_in_line():
    # Capacity full of heavy's jobs: light still gets one queued (a worker takes it next).
    assert allot(4, 0.5, {"heavy": 4}, {"heavy": 50, "light": 3}) == {"light": 1}
    # No live worker yet: one job per waiting account is ready for the first one.
    assert allot(0, 0.5, {}, {"a": 5, "b": 5}) == {"a": 1, "b": 1}


def test_the_share_is_at_least_one_job():
    assert allot(1, 0.5, {}, {"a": 5, "b": 5}) == {"a": 1, "b": 1}
    assert allot(3, 0.1, {"a": 1}, {"a": 5, "b": 5}) == {"b": 1, "a": 1}


def test_never_idle_and_never_over_share_while_others_wait_on_random_states():
    rng = random.Random(11)
    for _ in range(2000):
        capacity = rng.randint(0, 12)
        share = rng.choice([0.25, 0.5, 0.75, 1.0])
        accounts = [f"a{i}" for i in range(rng.randint(1, 5))]
        in_flight = {a: rng.randint(0, 4) for a in accounts if rng.random() < 0.6}
        waiting = {a: rng.randint(0, 30) for a in accounts}
        given = allot(capacity, share, in_flight, waiting)
        held = {a: in_flight.get(a, 0) + given.get(a, 0) for a in accounts}
        waiting_accounts = [a for a in accounts if waiting[a]]
        # Never gives more than waits.
        assert all(given.get(a, 0) <= waiting[a] for a in accounts)
        # Work-conserving: free capacity and waiting work never both remain.
        left = sum(waiting.values()) - sum(given.values())
        assert left == 0 or sum(held.values()) >= capacity, (capacity, in_flight, waiting)
        # Everyone waiting has something in flight afterwards.
        assert all(held[a] >= 1 for a in waiting_accounts)
        # While several accounts still wait, nobody is topped up beyond the share unless
        # every other waiting account is satisfied or at the share too.
        if len(waiting_accounts) > 1:
            cap = max(1, math.ceil(share * capacity))
            for a in waiting_accounts:
                if given.get(a, 0) and held[a] > max(cap, 1):
                    others = [b for b in waiting_accounts if b != a]
                    assert all(held[b] >= cap or given.get(b, 0) == waiting[b] for b in others), (
                        capacity,
                        share,
                        in_flight,
                        waiting,
                        given,
                    )
