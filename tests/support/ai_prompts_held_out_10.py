"""A tenth set of ten create prompts, written and committed after the composer changes that
followed the ninth held-out set (tests/support/ai_prompts_held_out_9.py: the general readings
by a phrase's head noun, app/ai/heads.py) and before any change that follows it; run once,
never tuned on. Same shape and vocabulary as tests/support/ai_prompts_held_out.py: (prompt,
needs); text in double quotes is copy the prompt gives for the screen."""

from __future__ import annotations

HELD_OUT_10: list[tuple[str, tuple[str, ...]]] = [
    ("Refill reminder from our pharmacy: the date their prescription runs out, how many "
     "refills they have left, and a button to order the next one online",
     ("date", "count", "cta")),
    ("hi there, we're a dog grooming salon and want a cute birthday video for our furry "
     "clients! grooms this year, their favourite treat, a before & after photo and a button "
     "to book their next appointment", ("count", "photo", "cta", "text")),
    ("Car wash membership recap — washes this month, money saved vs paying per wash, their "
     "most-used location on a map. Upgrade to Platinum button at the end",
     ("count", "money", "map", "cta")),
    ("Recital video for our dance studio students with the headline \"Take a bow\": classes "
     "attended this season, hours of rehearsal, a photo from the recital and a message from "
     "their teacher", ("count", "duration", "photo", "quote")),
    ("Season pass recap for Splash Kingdom theme park: visits, total time spent in queues, "
     "rides ridden, their favourite ride, and how their visits compare to last summer",
     ("count", "duration", "count", "comparison", "text")),
    ("Annual pension statement for scheme members. Please keep it formal. Show the current "
     "value of their pot in GBP, contributions made this year, investment growth as a "
     "percentage, their expected retirement date and a link to update their beneficiaries",
     ("money:£", "money", "percent", "date", "cta")),
    ("Eye test reminder from an optician's practice: months since their last eye test, when "
     "their next test is due, a picture of the frames they bought last time, book now button",
     ("duration", "date", "photo", "cta")),
    ("Quarterly owner report for landlords whose properties we manage; rent collected, "
     "occupancy rate, maintenance costs, the date the current lease ends and a breakdown of "
     "expenses by category", ("money", "percent", "money", "date", "breakdown")),
    ("Flower subscription anniversary video!!! bouquets delivered, their most loved flower, "
     "total saved with the subscription, a photo of their first bouquet, and end with "
     "\"Bloom on!\"", ("count", "money", "photo")),
    ("Fan club recap for supporters of our esports team: matches they watched live, the "
     "team's win rate this split, how the team placed in the regional league, top 3 players "
     "by MVP votes and a poll on next season's jersey",
     ("count", "percent", "rank", "top", "poll")),
]  # fmt: skip
