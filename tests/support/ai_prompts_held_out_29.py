"""A twenty-ninth set of ten create prompts, written and committed after the fixes for the
twenty-seventh held-out set and before any composer change that follows the twenty-eighth set's
first run, without reading how the composer handles them; run once, never tuned on. Same shape
and vocabulary as tests/support/ai_prompts_held_out.py: (prompt, needs); text in double quotes
is copy the prompt gives for the screen. "money:X" asks for X in the amount's prefix: the
symbol people of that currency read (Canadian dollars "C$" or their code "CAD"; Argentine pesos
"AR$" or their code "ARS", a bare "$" not telling them from dollars; euros "€"; Swiss francs
"CHF"); "money" alone, an amount in no currency named. A measure in a unit of length or energy
(kilometres, metres, kWh) is a count: a number with the unit in its label. A time (hours,
minutes, weeks, nights) is a duration. Things someone did or people who came ("projects they
created", "teammates invited") are counts."""

from __future__ import annotations

HELD_OUT_29: list[tuple[str, tuple[str, ...]]] = [
    ("Quarterly driving report for customers of our pay-how-you-drive car insurance in "
     "Ontario: kilometres driven this quarter, trips taken after midnight, their safe driving "
     "score as a percentage, where their score ranks among Ontario drivers and the discount "
     "they've earned on their premium in Canadian dollars",
     ("count", "count", "percent", "rank", "money:C$|CAD")),
    ("Invitation video for students who registered interest in our university in Edinburgh: "
     "the date of the open day, how many subject talks they can join, a timeline of the day "
     "from the welcome talk to the campus tour, a quote from a current student, a poll asking "
     "which subject they're most curious about and a button to book their place",
     ("date", "count", "timeline", "quote", "poll", "cta")),
    ("A gentle six-month check-in from our hearing clinic in Brisbane for people with new "
     "hearing aids: the average hours a day they wear them, appointments kept so far, the date "
     "their warranty ends and a button to book a free clean and check",
     ("duration", "count", "date", "cta")),
    ("Adopt-a-vine harvest video for supporters of our family winery in Mendoza, Argentina 🍇 "
     "kilos of grapes picked from their vine's row, the date of this year's harvest, bottles "
     "we'll ship them, a photo of their vine and the price to adopt it again next year in "
     "Argentine pesos",
     ("count", "date", "count", "photo", "money:AR$|ARS")),
    ("Our project management tool's free trial is ending for some teams — a friendly nudge "
     "video: the date their trial ends, projects they created during the trial, teammates "
     "invited, a comparison of the free plan and the pro plan and a button to upgrade",
     ("date", "count", "count", "comparison", "cta")),
    ("Thank-you video for the foster carers of our animal shelter in Leeds, warm and gentle: "
     "kittens fostered this year, nights they had animals staying in their home, how many of "
     "their fosters found a forever home, a photo of one of their kittens and a few words from "
     "a family who adopted one",
     ("count", "duration", "count", "photo", "quote")),
    ("Annual service video for customers of our heat pump installation company in Freiburg: "
     "the date of their next service visit, kWh of heat their pump produced this year, how "
     "much they saved on heating in euros and a chart comparing this winter's running costs "
     "with last winter's",
     ("date", "count", "money:€", "comparison")),
    ("Arrivederci! A farewell video for exchange students who spent a semester at our "
     "university in Bologna: weeks in Italy, credits earned, the cities they travelled to on a "
     "map, a photo with their classmates and a message from their Italian professor",
     ("duration", "count", "map", "photo", "quote")),
    ("Paragliding school in Interlaken 🪂 end of course video for our pilots: flights made, "
     "total airtime in minutes, the top 3 launch sites they flew from, a photo from a flight, "
     "a badge for their first solo flight and the price of a tandem flight voucher for a "
     "friend in Swiss francs",
     ("count", "duration", "top", "photo", "badge", "money:CHF")),
    ("Eid thank-you from our mosque in Birmingham for everyone who volunteered at our "
     "Ramadan iftars, warm and humble: meals served, hours spent serving, families who broke "
     "their fast with us, a photo from the community iftar and a few words from our imam",
     ("count", "duration", "count", "photo", "quote")),
]  # fmt: skip
