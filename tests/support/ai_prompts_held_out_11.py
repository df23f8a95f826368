"""An eleventh set of ten create prompts, written and committed before any composer change
that follows the tenth held-out set (tests/support/ai_prompts_held_out_10.py); run once, never
tuned on. Same shape and vocabulary as tests/support/ai_prompts_held_out.py: (prompt, needs);
text in double quotes (or single quotes opened after a space) is copy the prompt gives for the
screen."""

from __future__ import annotations

HELD_OUT_11: list[tuple[str, tuple[str, ...]]] = [
    ("hey!! we're a scuba diving centre in Bali, can u make a end of trip video for our divers "
     "- number of dives logged, deepest dive (metres), total time underwater, the dive sites "
     "they visited on a map and a underwater photo. thx",
     ("count", "count", "duration", "map", "photo")),
    ("Chess club yearly recap. games played, win %, where they rank among club members, top 3 "
     "openings, longest win streak (games).",
     ("count", "percent", "rank", "top", "count")),
    ("Quarterly earnings statement for hosts on our holiday rental platform in Australia. "
     "Include payouts in AUD, nights booked, occupancy rate, the average nightly price "
     "compared with similar listings nearby, a guest review quote and a button to update "
     "their calendar.", ("money:$", "duration", "percent", "comparison", "quote", "cta")),
    ("Make a grading video for kids at our karate dojo with the title 'Osu!'. Show classes "
     "attended since their last grading, the new belt they earned as a badge, their next "
     "grading date, and a few words from their sensei", ("count", "badge", "date", "quote")),
    ("Savings app year in review (Swiss users, amounts in CHF): how much they put aside this "
     "year, how many savings goals they reached, interest earned, a breakdown of their "
     "spending by category and how their savings rate compares to last year",
     ("money:CHF", "count", "money", "breakdown", "comparison")),
    ("Cinema loyalty recap for members of Starlight Cinemas:\n- films watched this year\n- how "
     "many hours they spent in our seats\n- their top 5 films\n- popcorn spend in £\n- poll: "
     "which classic should we bring back?\nend with \"See you at the movies\"",
     ("count", "duration", "top", "money:£", "poll")),
    ("Digital subscription anniversary video for readers of our newspaper in India: articles "
     "read, avg reading time per day in minutes, their top 3 sections, the date their plan "
     "renews and the renewal price (₹). Add a Renew now button",
     ("count", "duration", "top", "date", "money:₹", "cta")),
    ("City zoo membership renewal reminder. number of visits this year, the animal they "
     "visited most with a photo of it, the day their membership expires, the discount they "
     "get for renewing early (%) and a renew button", ("count", "photo", "date", "percent",
                                                       "cta", "text")),
    ("Send every team from our 48-hour hackathon a wrap-up video: commits pushed, their "
     "team's final placing out of all teams, the prize money they won in euros, a photo of "
     "the team on stage, and a quote from the judges",
     ("count", "rank", "money:€", "photo", "quote")),
    ("Hello! Could you make an end-of-season video for our tennis club members? I'd like: "
     "matches won vs matches lost, their position on the club ladder, court hours booked, "
     "how long they've been a member, and a poll about indoor courts for winter. Thanks a "
     "lot", ("comparison", "rank", "duration", "duration", "poll")),
]  # fmt: skip
