"""A fourth set of ten create prompts, written before the composer changes that followed the
third held-out set (tests/support/ai_prompts_held_out_3.py) and run once after them, never
tuned on. Same shape and vocabulary as tests/support/ai_prompts_held_out.py: (prompt, needs);
text in double quotes is copy the prompt gives for the screen."""

from __future__ import annotations

HELD_OUT_4: list[tuple[str, tuple[str, ...]]] = [
    ("A thank-you from a Tokyo language school to graduating students: tuition paid in yen, "
     "hours of classes attended, their final test score as a percentage, and a message from "
     "their teacher", ("money:¥", "duration", "percent", "quote")),
    ("Year-end recap for our ride-share drivers: trips completed, how much they earned in tips, "
     "their average rating compared with other drivers in the city, and a photo of their car",
     ("count", "money", "rank", "photo")),
    ("Subscription anniversary for a meal-kit customer: the date of their first box, boxes "
     "delivered, their top 5 recipes, and a button to pause or skip a week",
     ("date", "count", "top", "cta")),
    ("Show each donor to our city food bank where their money went: the amount donated, a "
     "breakdown by program, the neighborhoods we served on a map, and a call to give again in "
     "the spring", ("money", "breakdown", "map", "cta")),
    ("A playful streak reminder for a language app: days in a row practiced, words learned "
     "this month, and how they compare to friends; end with the closing message \"See you "
     "tomorrow\"", ("duration", "count", "rank")),
    ("Quarterly review for a cloud hosting client: uptime as a percent, support tickets opened, "
     "their bill versus last quarter, and a link to upgrade their plan",
     ("percent", "count", "money", "comparison", "cta")),
    ("A museum membership renewal note: visits this year, exhibitions seen, the date their "
     "membership ends, a photo from the new wing and a button to renew",
     ("count", "count", "date", "photo", "cta")),
    ("Send each swimmer in our club their season summary with the headline \"What a season\": "
     "races entered, medals won, their rank in the region, and a team photo",
     ("count", "count", "rank", "photo")),
    ("A corporate wellness report for employees: average steps per day, the percentage of the "
     "team that joined the challenge, hours of sleep tracked, and a poll about next quarter's "
     "challenge", ("count", "percent", "duration", "poll")),
    ("An apology and update from an airline to a delayed passenger, calm and sincere: how long "
     "the flight was delayed in hours, the compensation in euros they will receive, and a "
     "button to claim it", ("duration", "money:€", "cta")),
]  # fmt: skip
