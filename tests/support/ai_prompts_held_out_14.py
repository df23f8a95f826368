"""A fourteenth set of ten create prompts, written and committed before any composer change
that follows the thirteenth held-out set (tests/support/ai_prompts_held_out_13.py); run once,
never tuned on. Same shape and vocabulary as tests/support/ai_prompts_held_out.py: (prompt,
needs); text in double quotes (or single quotes opened after a space) is copy the prompt gives
for the screen. "money:X" asks for X in the amount's prefix: the symbol people of that
currency read (euros "€", pounds and "quid" "£", yen "¥", reais "R$", Danish kroner "kr", a
dollar of another country its own "C$"); "money" alone where the prompt names no currency."""

from __future__ import annotations

HELD_OUT_14: list[tuple[str, tuple[str, ...]]] = [
    ("Hi, we're a driving school in Dublin. Could we send each learner a 'you passed!' video? "
     "Lessons taken, hours behind the wheel, the date they passed their test, what they paid "
     "us in total (euros), a pic of them with their instructor, and a button to leave us a "
     "Google review",
     ("count", "duration", "date", "money:€", "photo", "cta")),
    ("surf camp goodbye vid!! waves caught, hours in the water, their longest ride in "
     "seconds, a photo from the last session and a quote from their coach 🤙",
     ("count", "duration", "duration", "photo", "quote")),
    ("End of season video for singers in our community choir. Please keep it warm. "
     "Rehearsals attended, concerts performed, their three most sung pieces, a timeline of "
     "next season's concerts, and a thank you from our musical director.",
     ("count", "count", "top", "timeline", "quote")),
    ("food truck punch card recap for our Toronto regulars — tacos ordered, how much they've "
     "spent in CAD, how many stamps till their next free meal, and a button to find where "
     "we're parked today",
     ("count", "money:C$", "count", "cta")),
    ("Year-end recap for members of our record shop in Osaka (amounts in yen): records "
     "bought, total spent, their 5 most-bought genres, how their spending compares with last "
     "year, and a poll asking which artist we should stock more of",
     ("count", "money:¥", "top", "comparison", "poll")),
    ("We run a dog walking app. Monthly recap for dog owners: walks booked, total km walked, "
     "a photo from a recent walk, a map of the parks their dog visited, and a note from "
     "their walker.",
     ("count", "count", "photo", "map", "quote")),
    ("fantasy football league end of season video for every manager. points scored, their "
     "final league position out of 12, transfers made, best gameweek score, the prize money "
     "they won in quid and a badge for the league winner",
     ("count", "rank", "count", "count", "money:£", "badge")),
    ("Annual membership review for our rowing club members (please keep it formal): outings "
     "on the water, kilometres rowed, their best 2k erg time (minutes), the percentage of "
     "training sessions attended, the subscription due in Danish kroner, and the date "
     "subscriptions are due.",
     ("count", "count", "duration", "percent", "money:kr", "date")),
    ("Oi! We're a cooking school in São Paulo. Certificate video for students finishing the "
     "pastry course: classes attended, recipes mastered, their final exam score %, a photo of "
     "their best bake, a breakdown of the cuisines they cooked, and the course fee paid in "
     "reais",
     ("count", "count", "percent", "photo", "breakdown", "money:R$")),
    ("Quarterly milk statement for the farmers supplying our dairy co-op. litres collected, "
     "the price we paid per litre, total payout this quarter, how their butterfat % compares "
     "with the co-op average, their rank among suppliers for milk quality and a link to the "
     "member portal",
     ("count", "money", "money", "comparison", "rank", "cta")),
]  # fmt: skip
