"""A fifth set of ten create prompts, written and committed before the composer changes that
followed the fourth held-out set (tests/support/ai_prompts_held_out_4.py), and run once after
them, never tuned on. Same shape and vocabulary as tests/support/ai_prompts_held_out.py:
(prompt, needs); text in double quotes is copy the prompt gives for the screen."""

from __future__ import annotations

HELD_OUT_5: list[tuple[str, tuple[str, ...]]] = [
    ("Birthday video for members of our climbing gym: number of sessions this year, the "
     "hardest route grade they sent, how they rank among members their age, and a coupon "
     "button for a free guest pass", ("count", "rank", "cta", "text")),
    ("A warm note from a veterinary clinic to pet owners: the date of their pet's next "
     "checkup, how many visits this year, what they spent on care in dollars, and a photo of "
     "their pet", ("date", "count", "money:$", "photo")),
    ("Send every student of our online course a completion video: lessons finished, total "
     "hours of video watched, their final grade as a percentage and a badge for completing "
     "the course", ("count", "duration", "percent", "badge")),
    ("Annual impact report for solar panel owners: kilowatt hours generated, money saved on "
     "electricity in pounds, tonnes of CO2 avoided, and a comparison with their neighbours",
     ("count", "money:£", "count", "comparison")),
    ("A bookstore loyalty recap: books bought this year, their top 3 genres, the author they "
     "read most, and a call to visit the store for the holiday sale",
     ("count", "top", "cta", "text")),
    ("Our marathon finishers each get a video with the headline \"You crossed the line\": "
     "their finish time, their position overall, their average pace, and a photo at the "
     "finish", ("duration", "rank", "photo")),
    ("Renewal reminder for a software license: the date the license expires, seats in use, "
     "the discount as a percentage if they renew early, and a button to renew now",
     ("date", "count", "percent", "cta")),
    ("A festive thank-you from a craft brewery to club members: beers tasted, the brewery "
     "events they attended, a quote from the head brewer, and a map of the taprooms they "
     "visited", ("count", "count", "quote", "map")),
    ("Quarterly video for investors in our fund: the value of their holdings in dollars, the "
     "return as a percent, a breakdown by sector, and a timeline of this quarter's events",
     ("money:$", "percent", "breakdown", "timeline")),
    ("A cheerful welcome for new gym members: the date they joined, classes booked for the "
     "first week, a poll about their fitness goal, and a button to book a personal trainer",
     ("date", "count", "poll", "cta")),
]  # fmt: skip
