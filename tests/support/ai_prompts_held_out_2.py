"""A second set of ten create prompts kept apart from the composer's tuning, written before
the composer was changed after the first held-out set (tests/support/ai_prompts_held_out.py)
had been looked at. Same shape and vocabulary: (prompt, needs), one entry per thing the
prompt names that the video must show; text in double quotes is copy the prompt gives for
the screen."""

from __future__ import annotations

HELD_OUT_2: list[tuple[str, tuple[str, ...]]] = [
    ("A cheerful birthday video for our bakery's loyalty members: how many pastries they "
     "bought this year, how much they spent in pounds, their favourite branch on a map, and "
     "a button to claim a free cake", ("count", "money:£", "map", "cta")),
    ("Hotel stay summary for guests in Lisbon with the headline \"Obrigado for staying with "
     "us\": the check-in date, nights stayed, total spent in euros, and a button to leave a "
     "review", ("date", "duration", "money:€", "cta")),
    ("Send our podcast listeners their listening year: hours listened, episodes finished, "
     "their top 10 episodes, and where they rank among all listeners",
     ("duration", "count", "top", "rank")),
    ("Customer success recap for a logistics client, keep it formal: shipments delivered on "
     "time as a percentage, average delivery time in days, how much they saved versus last "
     "quarter, and a comparison with the industry average",
     ("percent", "duration", "money", "comparison")),
    ("Congratulate a marathon runner: their finishing time in minutes, their place in their "
     "age group, the date of the race, a photo at the finish line and a finisher badge",
     ("duration", "rank", "date", "photo", "badge")),
    ("Employee recognition for a support agent: tickets resolved this quarter, customer "
     "satisfaction as a percent, average response time in minutes, a quote from a happy "
     "customer, and the closing message \"You make our customers smile\"",
     ("count", "percent", "duration", "quote")),
    ("An investor update for our angel backers: monthly recurring revenue, how many new "
     "customers signed up, churn rate, runway in months and the top 3 markets by growth",
     ("money", "count", "percent", "duration", "top")),
    ("Remind parents about the school trip to Paris: the departure date, the amount still "
     "owed, how many spots are left, and a link to pay online", ("date", "money", "count", "cta")),
    ("A playful wrap-up for our book club members: books read this year, pages turned, their "
     "top 5 authors, a quote from the book of the month and a poll for next month's pick",
     ("count", "count", "top", "quote", "poll")),
    ("Heartfelt impact report for an environmental charity's supporters: trees planted, the "
     "percentage of donations spent on projects, the regions we restored on a map, and a "
     "thank-you from a local ranger", ("count", "percent", "map", "quote")),
]  # fmt: skip
