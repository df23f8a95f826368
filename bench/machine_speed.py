"""How fast this machine runs Python right now: a fixed single-threaded workload, in CPU ms.

    .venv/bin/python bench/machine_speed.py [--rounds 5]

The development machine is a virtual machine whose speed changes from one boot to the next
and within one boot (the same code's API CPU per answer has measured 0.7 and 1.9 ms on
different days, and 2.8 and 5.9 ms for a create an hour apart), so a figure of the API
benches means little without the speed of the machine it was taken on. This workload is what
an API answer is made of in Python — dicts, strings, JSON, a regular expression, a pydantic
model, SQLite — and nothing else: its median CPU time is the reference the benches print
beside their figures (bench/api_cost_bench.py, bench/load_bench.py, bench/track_bench.py),
and figures from two moments compare after dividing by it.
"""

from __future__ import annotations

import argparse
import json
import re
import sqlite3
import statistics
import time

from pydantic import BaseModel

WORD = re.compile(r"\[([a-z_]+)\]")


class Card(BaseModel):
    label: str
    value: int
    prefix: str = ""


def workload() -> int:
    """One round: about what a few hundred API answers do in Python, in one thread."""
    total = 0
    db = sqlite3.connect(":memory:")
    db.execute("create table t (id integer primary key, body text)")
    for i in range(2000):
        doc = {"id": f"job_{i}", "data": {"person_name": f"Ada {i}", "n": i}, "tags": ["a", "b"]}
        text = json.dumps(doc)
        total += len(json.loads(text)["data"]["person_name"])
        values = doc["data"]
        total += len(WORD.sub(lambda m, v=values: str(v.get(m.group(1), "")), "Hi [person_name]"))
        card = Card(label=f"Card {i}", value=i, prefix="$")
        total += len(card.model_dump_json())
        db.execute("insert into t (body) values (?)", (text,))
        total += len(db.execute("select body from t where id = ?", (i + 1,)).fetchone()[0])
    db.close()
    return total


def reference_ms(rounds: int = 5) -> float:
    """The median CPU ms of `rounds` rounds of the workload, after one round to warm up."""
    workload()
    times = []
    for _ in range(rounds):
        started = time.process_time()
        workload()
        times.append((time.process_time() - started) * 1000)
    return round(statistics.median(times), 1)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    print(json.dumps({"machine_reference_cpu_ms": reference_ms(parser.parse_args().rounds)}))
