"""A third set of ten create prompts, written after the composer changes that followed the
first two held-out sets and run once, untouched since: the composer is not changed for them.
Same shape and vocabulary as tests/support/ai_prompts_held_out.py: (prompt, needs); text in
double quotes is copy the prompt gives for the screen."""

from __future__ import annotations

HELD_OUT_3: list[tuple[str, tuple[str, ...]]] = [
    ("A warm welcome for new library card holders: how many books they can borrow at once, "
     "the date their card expires, a photo of the reading room and a link to browse the "
     "catalog", ("count", "date", "photo", "cta")),
    ("Quarterly dividend report for shareholders: dividend per share in dollars, total return "
     "as a percentage, how the stock did against the market, and a quote from our CEO",
     ("money", "percent", "comparison", "quote")),
    ("Fitness challenge results for our gym, make it energetic: total steps walked, calories "
     "burned, their rank on the team leaderboard and a badge for finishing the challenge",
     ("count", "count", "rank", "badge")),
    ("An end of season video for youth soccer players: goals scored, minutes played, the top 3 "
     "moments of the season, a team photo, and a message from the coach",
     ("count", "duration", "top", "photo", "quote")),
    ("Energy savings report for homeowners: how much they saved on their bill in pounds, how "
     "that compares with last winter, the percentage of power from their solar panels, and a "
     "button to book a service visit", ("money:£", "comparison", "percent", "cta")),
    ("Birthday greeting from a wine club with the headline \"Cheers to you, [name]\": bottles "
     "tasted this year, their favourite region on a map, and a voucher button for a free "
     "tasting", ("count", "map", "cta")),
    ("Project wrap-up for a construction client in Dubai: the completion date, the final "
     "budget, days ahead of schedule, and a timeline of the build",
     ("date", "money", "duration", "timeline")),
    ("Thank each conference speaker: how many people attended their session, the percentage "
     "who rated it excellent, photos from the stage, and a quote from an attendee",
     ("count", "percent", "photo", "quote")),
    ("A sober annual giving statement for church members: total given this year, the number of "
     "gifts, the date of their last gift, and where the funds went",
     ("money", "count", "date", "breakdown")),
    ("Celebrate a rider's 100th trip with our scooter app: how many rides they took this year, "
     "their longest ride in minutes, how much they saved compared with taking a taxi, and how "
     "they rank among riders in their city", ("count", "duration", "money", "rank")),
]  # fmt: skip
