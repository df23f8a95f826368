"""A twenty-seventh set of ten create prompts, written and committed after the fixes for the
twenty-sixth held-out set (tests/support/ai_prompts_held_out_26.py) and before any composer
change that follows them, without reading how the composer handles them; run once, never
tuned on. Same shape and vocabulary as tests/support/ai_prompts_held_out.py:
(prompt, needs); text in double quotes (or single quotes opened after a space) is copy the
prompt gives for the screen. "money:X" asks for X in the amount's prefix: the symbol people of
that currency read (British pounds "£", South African rand "R", Swiss francs "CHF", euros "€",
Czech crowns "Kč", Thai baht "฿", Mexican pesos "MX$", New Zealand dollars "NZ$", Polish złoty
"zł"). A measure in a unit of length, weight, volume or speed (metres, kilometres, kg,
millilitres, Mbps) is a count: a number with the unit in its label. A time (hours, days,
weeks, nights) is a duration. A single pick ("their cabin") names no need beyond its
number."""

from __future__ import annotations

HELD_OUT_27: list[tuple[str, tuple[str, ...]]] = [
    ("Your search, wrapped: a video for job seekers in Manchester who landed a job through "
     "our app, with the headline \"You're hired!\". Applications sent, interviews they went "
     "to, days from their first application to the offer, the date they start, their "
     "starting salary in pounds and a quote from their recruiter",
     ("count", "count", "duration", "date", "money:£", "quote")),
    ("A calm, sincere apology from our broadband company in Johannesburg to customers hit by "
     "last week's outage: how long they were offline, the credit we've added to their "
     "account in rand, their average download speed since the fix (Mbps), and a link to run "
     "a speed test",
     ("duration", "money:R", "count", "cta")),
    ("Annual letter for residents of our housing co-operative in Zurich, formal tone: the rent "
     "they paid this year in Swiss francs, repairs done in their flat, the share of the "
     "building's power that came from our solar roof as a percentage, a timeline of the "
     "courtyard renovation and a poll on which plants to put in it",
     ("money:CHF", "count", "percent", "timeline", "poll")),
    ("Perfume workshop in Grasse ✨ keepsake video for our guests: scents they tried, "
     "millilitres of their own perfume they bottled, hours in the atelier, a photo of their "
     "bottle, the top 3 notes in their blend and the price of our master class in euros",
     ("count", "count", "duration", "photo", "top", "money:€")),
    ("Our company's indoor rowing challenge is over! A video for every employee who took "
     "part: metres rowed, sessions logged, their place on the company leaderboard, how their "
     "total compares with their department's average, and the badge for finishing 100 km",
     ("count", "count", "rank", "comparison", "badge")),
    ("Thank-you video for passengers of our night train from Prague to Kraków: kilometres "
     "travelled while they slept, the date of their journey, a map of the route, a photo of "
     "the sleeper cabin, the price of a cabin on our new line to Budapest in Czech crowns "
     "and a button to book it",
     ("count", "date", "map", "photo", "money:Kč", "cta")),
    ("Muay Thai camp in Phuket 🥊 send-off video for fighters who trained with us: training "
     "sessions, rounds sparred, kg they lost, a chart of their skills (clinch, kicks, "
     "footwork, cardio), a photo with their trainer, and the price of a month at camp in "
     "Thai baht",
     ("count", "count", "count", "skills", "photo", "money:฿")),
    ("Homestay programme in Oaxaca, Mexico - goodbye video for our language students: weeks "
     "with their host family, Spanish classes taken, their score on the final test as a %, "
     "a few words from their host mum, and what next summer's programme costs in Mexican "
     "pesos",
     ("duration", "count", "percent", "quote", "money:MX$")),
    ("Welcome video from Hamilton City Council for new residents, friendly tone: the date "
     "their rubbish collection starts, how many parks are within a 10 minute walk, a map of "
     "the nearest libraries, this year's rates for their property in NZ dollars and a poll "
     "on what they'd like more of in the city",
     ("date", "count", "map", "money:NZ$", "poll")),
    ("monthly recap for sitters on our pet sitting app in Kraków 🐾 pets they looked after, "
     "dog walks, nights of overnight care, what they earned in złoty, their top 3 breeds, "
     "repeat bookings as a % and the Super Sitter badge",
     ("count", "count", "duration", "money:zł", "top", "percent", "badge")),
]  # fmt: skip
