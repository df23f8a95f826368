"""A ninth set of ten create prompts, written and committed after the composer changes that
followed the eighth held-out set (tests/support/ai_prompts_held_out_8.py) and before any
change that follows it; run once, never tuned on. Same shape and vocabulary as
tests/support/ai_prompts_held_out.py: (prompt, needs); text in double quotes is copy the
prompt gives for the screen."""

from __future__ import annotations

HELD_OUT_9: list[tuple[str, tuple[str, ...]]] = [
    ("Annual mortgage statement video for our borrowers: remaining balance on the loan, "
     "interest paid this year, their current interest rate, the date of their next rate "
     "review and a button to book a call with an adviser",
     ("money", "money", "percent", "date", "cta")),
    ("hey! we run a summer camp for kids 8-14 and want a goodbye video for parents. nights at "
     "camp, activities they tried, photos from the week, a note from their counsellor + the "
     "early bird deadline for next summer", ("duration", "count", "photo", "quote", "date")),
    ("Year-end summary for our law firm's clients (formal tone please) — billable hours on "
     "their matters, total fees in USD, number of documents reviewed, and a link to the client "
     "portal", ("duration", "money:$", "count", "cta")),
    ("Bon voyage recap for passengers on our Mediterranean cruise: the ports they visited on "
     "a map, nautical miles sailed, onboard spending in euros, a photo from the captain's "
     "dinner and a button to book their next cruise",
     ("map", "count", "money:€", "photo", "cta")),
    ("Progress video from a physiotherapy clinic to patients: sessions completed so far, "
     "improvement in range of motion (%), their pain score now compared to the first visit, "
     "and the date of their next appointment", ("count", "percent", "comparison", "date")),
    ("Bowling league end of season video!! Show each bowler their average score, strikes "
     "thrown, where their team finished in the league standings, and a team photo",
     ("count", "count", "rank", "photo")),
    ("Thank-you video for contributors to our open source project: pull requests merged, "
     "issues closed, their top 3 repos, how they rank among all contributors this year, and "
     "a quote from one of the maintainers", ("count", "count", "top", "rank", "quote")),
    ("Monthly receipt for parking app users - total hours parked, amount charged in pounds, "
     "the car park they used most on a map, how much they saved compared with drive-up rates",
     ("duration", "money:£", "map", "money")),
    ("One year anniversary video for couples we photographed, romantic tone, with the "
     "headline \"One year of forever\": their wedding date, number of photos delivered, a "
     "slideshow of their favourites and a line from their vows",
     ("date", "count", "photo", "quote")),
    ("co-op grocery annual member letter. dividend earned this year, number of shopping "
     "trips, % of their spend on local produce, and a poll asking what we should stock next. "
     "end with \"See you at the till!\"", ("money", "count", "percent", "poll")),
]  # fmt: skip
