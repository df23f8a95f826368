"""A twentieth set of ten create prompts, written and committed before any composer change
that follows the nineteenth held-out set (tests/support/ai_prompts_held_out_19.py); run once,
never tuned on. Same shape and vocabulary as tests/support/ai_prompts_held_out.py: (prompt,
needs); text in double quotes (or single quotes opened after a space) is copy the prompt gives
for the screen. "money:X" asks for X in the amount's prefix: the symbol people of that
currency read (Philippine pesos "₱", euros "€", Argentine pesos "$" as in "ARS$"), or the ISO
code the prompt writes when the sign is not read beyond its country (Moroccan dirhams written
"MAD": "MAD", Egyptian pounds written "EGP": "EGP"); "money" alone where the prompt names no
currency. A measure in a unit of length, weight or concentration (kilometres, kilos, mmol/L)
is a count: a number with the unit in its label. Nights and days of something are a duration.
A single pick ("their best piece") names no need."""

from __future__ import annotations

HELD_OUT_20: list[tuple[str, tuple[str, ...]]] = [
    ("sleep tracker monthly report vid 😴 nights tracked, avg sleep per night (hrs), % of "
     "nights they hit their sleep goal, their longest streak of nights on target and a badge "
     "for anyone who tracked all 30 nights",
     ("duration", "duration", "percent", "duration", "badge")),
    ("Hey y'all! We own a recording studio in Nashville and want a year-end video for the "
     "artists who tracked with us. Hours in the studio, songs recorded, how much they spent on "
     "sessions, the date of their first session, a quote from our head engineer and a button "
     "that says \"Book 2027 studio time\".",
     ("duration", "count", "money", "date", "quote", "cta")),
    ("Souvenir video for travellers on our Sahara desert tours from Marrakech. Nights under "
     "the stars, kilometres by camel, what they paid for the tour in MAD, a map of the stops "
     "along their route, a photo on the dunes, and a poll asking which trip they'd like to do "
     "next.",
     ("duration", "count", "money:MAD", "map", "photo", "poll")),
    ("Please prepare a formal update for residents of Ghent who voted in this year's "
     "participatory budget. It should state the turnout in their district as a percentage, "
     "the number of projects that will be funded, the total budget allocated (€), a timeline "
     "of when the projects will be built, the funded projects on a map and a link to propose "
     "a project for next year.",
     ("percent", "count", "money:€", "timeline", "map", "cta")),
    ("Graduation video for the pups finishing our puppy training course!! 🐶 Classes "
     "attended, how many commands they learned, their longest 'stay' in seconds, the "
     "graduation date, a photo of them with their certificate and a button 'Sign up for "
     "Advanced Manners'",
     ("count", "count", "duration", "date", "photo", "cta")),
    ("Quarterly check-in for people using our diabetes app, calm and encouraging please. Days "
     "with readings logged, their time in range as a percent, average glucose in mmol/L, how "
     "many hypos they had, the date of their next HbA1c check and a few words from their "
     "diabetes nurse.",
     ("duration", "percent", "count", "count", "date", "quote")),
    ("Harvest's done! 🍇 thank-you video for the pickers who joined us at our vineyard in "
     "Mendoza: days in the rows, kilos of grapes picked, their pay in pesos, the top 3 grape "
     "varieties they picked, a photo from the last day and a button to sign up for next "
     "year's harvest",
     ("duration", "count", "money:$", "top", "photo", "cta")),
    ("laser tag arena in manila - monthly leaderboard video for our regulars!! games played, "
     "total tags, accuracy %, their spot on this month's leaderboard, how much they loaded on "
     "their play card (₱) and a 'Bring your squad' button",
     ("count", "count", "percent", "rank", "money:₱", "cta")),
    ("Hello! We teach Arabic calligraphy in Cairo and would love an end-of-term video for our "
     "students. Lessons attended, hours of practice, pieces they finished, next term's fee in "
     "EGP, the date of our student exhibition, a photo of their best piece and a quote from "
     "their teacher.",
     ("count", "duration", "count", "money:EGP", "date", "photo", "quote")),
    ("Year in puzzles for subscribers of our daily crossword app, with the headline \"Clued "
     "in\": crosswords solved, their fastest solve in minutes, the percentage they finished "
     "without a single hint, their top 5 puzzle themes, and a button to challenge a friend.",
     ("count", "duration", "percent", "top", "cta")),
]  # fmt: skip
