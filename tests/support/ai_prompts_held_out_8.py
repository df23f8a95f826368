"""An eighth set of ten create prompts, written and committed after the composer changes that
followed the seventh held-out set (tests/support/ai_prompts_held_out_7.py) and before any
change that follows it; run once, never tuned on. Same shape and vocabulary as
tests/support/ai_prompts_held_out.py: (prompt, needs); text in double quotes is copy the
prompt gives for the screen."""

from __future__ import annotations

HELD_OUT_8: list[tuple[str, tuple[str, ...]]] = [
    ("Our golf club wants an end of season video for members - rounds played, their handicap "
     "now vs at the start of the season, longest drive in yards, and a photo from the "
     "clubhouse", ("count", "comparison", "count", "photo")),
    ("Monthly update for parents at Little Acorns nursery: days attended, naps taken, a "
     "gallery of photos from the month, a note from their key worker and the date of the "
     "next parents' evening", ("duration", "count", "photo", "quote", "date")),
    ("EV charging network yearly recap for drivers: charging sessions, kWh charged, how much "
     "they spent, the percentage of sessions at fast chargers, and a map of the stations they "
     "used most", ("count", "count", "money", "percent", "map")),
    ("Season ticket renewal for our theatre subscribers: shows seen this season, how many "
     "years they've been a subscriber, the renewal deadline, next season's price in pounds "
     "and a button to renew", ("count", "duration", "date", "money:£", "cta")),
    ("Make a season recap for players of our mobile game: matches played, win percentage, "
     "hours played, their final rank in the season ladder, and their top 5 heroes",
     ("count", "percent", "duration", "rank", "top")),
    ("A short, professional note from our tax prep firm to clients: the refund they're "
     "getting, the date it should arrive, how much they owe us for the service, and a link "
     "to leave a review", ("money", "date", "money", "cta")),
    ("Thank-you video after a car rental: trip length in days, miles driven, fuel cost in "
     "dollars, and a discount code button for their next rental, with the closing \"Drive "
     "safe!\"", ("duration", "count", "money:$", "cta")),
    ("city recycling program annual letter to households: kg of waste recycled, how that "
     "ranks against other neighbourhoods, collections missed, and a poll on adding a glass "
     "collection", ("count", "rank", "count", "poll")),
    ("birthday message from our hair salon to clients. their visit count this year, a photo "
     "of their favourite stylist, money saved with the loyalty card, and book-now button. "
     "headline: \"Happy birthday, gorgeous\"", ("count", "photo", "money", "cta")),
    ("Update for backers of our Kickstarter campaign: total pledged in euros, number of "
     "backers, percentage of the goal reached, the estimated shipping date, and a timeline of "
     "production", ("money:€", "count", "percent", "date", "timeline")),
]  # fmt: skip
