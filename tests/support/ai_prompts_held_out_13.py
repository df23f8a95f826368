"""A thirteenth set of ten create prompts, written and committed before any composer change
that follows the twelfth held-out set (tests/support/ai_prompts_held_out_12.py); run once,
never tuned on. Same shape and vocabulary as tests/support/ai_prompts_held_out.py: (prompt,
needs); text in double quotes (or single quotes opened after a space) is copy the prompt gives
for the screen. "money:X" asks for X in the amount's prefix: the symbol people of that
currency read (pounds "£", euros "€", a dollar of another country its own "HK$", "NZ$", a
dollar named by slang "$"), or the ISO code the prompt writes when the currency has no symbol
known beyond its country ("CZK")."""

from __future__ import annotations

HELD_OUT_13: list[tuple[str, tuple[str, ...]]] = [
    ("Hey team! Our coding bootcamp cohort just graduated and we want a send-off video for "
     "each grad. Could it show how many coding challenges they solved, the hours they spent "
     "pair programming, their final project grade as a percentage, where they placed in the "
     "cohort, and a note their mentor left for them? Oh and a button to join our alumni "
     "Slack would be great 🙌",
     ("count", "duration", "percent", "rank", "quote", "cta")),
    ("Crypto exchange yearly wrap for our Hong Kong users, all amounts in HKD. trades made, "
     "total volume traded, biggest single gain, their top 5 coins by volume, % of days they "
     "were in profit",
     ("count", "money:HK$", "money:HK$", "top", "percent")),
    ("pottery studio end of term video for our students:\n- pieces thrown on the wheel\n- how "
     "many firings they had\n- the glaze they used the most\n- a pic of their best piece\n- "
     "kiln hours (approx)\nthx!!",
     ("count", "count", "photo", "duration")),
    ("Season wrap for our rugby club's players in Auckland, headline \"Kia kaha!\" — tries "
     "scored, tackles made, minutes on the pitch, the club's final position on the regional "
     "table, their subs paid this season in NZD and a team photo",
     ("count", "count", "duration", "rank", "money:NZ$", "photo")),
    ("We make a hiking app and want to send every user a 'your year on the trails' video. "
     "Show the number of hikes they logged, total elevation climbed in feet, their longest "
     "hike (hours), a map of the national parks they visited, and how their distance this "
     "year stacks up vs 2025. End with a poll asking which trail we should feature next.",
     ("count", "count", "duration", "map", "comparison", "poll")),
    ("tattoo studio client bday vid. sessions w/ us, total hrs in the chair, how much they've "
     "spent (£), date of their next appt, pic of their latest ink + a 'book a touch-up' "
     "button",
     ("count", "duration", "money:£", "date", "photo", "cta")),
    ("Annual travel summary for frequent passengers of our Greek island ferry line. Please "
     "keep it formal. Include: crossings made, nautical miles travelled, the three islands "
     "they sailed to most often, what they spent on tickets in euros, the percentage of their "
     "trips that left on time, and the date their loyalty card expires.",
     ("count", "count", "top", "money:€", "percent", "date")),
    ("End-of-season video for gardeners at our community allotments 🌱 How many kilos of veg "
     "they harvested, hours they volunteered at work days, a breakdown of what they grew, a "
     "badge for members who composted all season, and something nice a neighbour said about "
     "their plot",
     ("count", "duration", "breakdown", "badge", "quote")),
    ("Planetarium membership renewal for our members in Prague (prices in CZK): shows "
     "attended this year, their fav show, the membership fee for next year, a timeline of the "
     "events coming up this season, and a 'Renew my membership' button.",
     ("count", "money:CZK", "timeline", "cta", "text")),
    ("monthly earnings recap for photographers selling on our stock photo site. how many "
     "bucks they made this month, downloads, their 3 best-selling shots, their rank among all "
     "contributors, and earnings this month vs last month",
     ("money:$", "count", "top", "rank", "comparison")),
]  # fmt: skip
