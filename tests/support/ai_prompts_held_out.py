"""Ten create prompts written for issue 31 and kept apart: the built-in composer is never tuned
on them. The prompt-video quality suite runs them beside the tuned prompts and reports their
pass rates on their own.

Each case is (prompt, needs): what the prompt names that the video must show, one entry per
thing named (an entry may repeat). The vocabulary:

- quantities, each a typed slot shown by a scene:
  `money` (a number slot shown with a currency symbol; `money:€` names the symbol,
  `money:N$|NAD` accepts either),
  `count` (a number of things), `percent` (shown with %), `duration` (a number slot of time,
  shown with its unit), `date` (a date slot), `rank` (where the recipient ranks: a rank or
  percentile slot), `top` (a ranked list, the top N: an array slot shown as ranked bars);
- content kinds, each a scene of that kind showing its slot: `map`, `quote`, `photo`,
  `timeline`, `breakdown`, `comparison`, `books`, `badge`, `poll`, `cta`, `brand`, `skills`.

Text in double quotes in a prompt is copy the prompt gives for the screen.
"""

from __future__ import annotations

HELD_OUT: list[tuple[str, tuple[str, ...]]] = [
    ("A 45 second year-end video for our volunteers: how many hours each of them gave, the "
     "number of meals we served together, a photo from the food drive and a thank-you from "
     "our director", ("duration", "count", "photo", "quote")),
    ("Monthly statement video for a freelancer: how much they earned this month, invoices "
     "paid, the percentage paid on time, and a button to download the report",
     ("money", "count", "percent", "cta")),
    ("Loyalty program update for coffee shop members: points balance, how many visits this "
     "year, the date their reward expires and a call to redeem it",
     ("count", "count", "date", "cta")),
    ("Send each student a semester report: their grade average as a percentage, class rank, "
     "hours studied, and their top 3 subjects", ("percent", "rank", "duration", "top")),
    ("Market update from a real estate agent to homeowners in Madrid: the estimated value of "
     "their home in euros, how much it rose since last year in percent, how many homes sold "
     "nearby, and a link to book a free valuation", ("money:€", "percent", "count", "cta")),
    ("Celebrate a customer's 5 year anniversary with us: the date they joined, how many orders "
     "they placed, how much they saved with their membership, and a special badge",
     ("date", "count", "money", "badge")),
    ("A travel recap for a tour company's guests: the countries they visited on a map, "
     "kilometers traveled, photos of the trip and a quote from their guide, with the headline "
     "\"Until the next adventure\"", ("map", "count", "photo", "quote")),
    ("Weekly sales leaderboard for our reps: top 5 reps by deals closed, each rep's revenue "
     "versus target, and their win rate", ("top", "money", "comparison", "percent")),
    ("Patient reminder from a dental clinic: the date of their next checkup, how many days "
     "since the last visit, and a button to reschedule; calm and friendly",
     ("date", "duration", "cta")),
    ("A streaming service's year recap: minutes watched, top 5 genres, the percentage of shows "
     "finished, your favourite show's poster, and how you compare to other viewers",
     ("duration", "top", "percent", "photo", "rank")),
]  # fmt: skip
