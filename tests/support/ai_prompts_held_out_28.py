"""A twenty-eighth set of ten create prompts, written and committed after the fixes for the
twenty-sixth held-out set and before any composer change that follows the twenty-seventh set's
first run, without reading how the composer handles them; run once, never tuned on. Same shape
and vocabulary as tests/support/ai_prompts_held_out.py: (prompt, needs); text in double quotes
is copy the prompt gives for the screen. "money:X" asks for X in the amount's prefix: the
symbol people of that currency read (Ethiopian birr "Br", its code "ETB" or its own "ብር";
euros "€"; Colombian pesos "COL$" or their code "COP", a bare "$" not telling them from
dollars; Bolivian bolivianos "Bs"); "money" alone, an amount in no currency named. A measure
in a unit of length or energy (metres, kWh) is a count: a number with the unit in its label.
A time (hours, days, weeks, nights) is a duration. Things someone did or saw ("bugs they
reported", "the flamingos they spotted") are counts."""

from __future__ import annotations

HELD_OUT_28: list[tuple[str, tuple[str, ...]]] = [
    ("Graduation video for the students of our barista school in Addis Ababa ☕ shots pulled "
     "in practice, hours behind the bar, their latte art score as a %, a photo of their best "
     "pour and the price of our roasting course in Ethiopian birr",
     ("count", "duration", "percent", "photo", "money:Br|ETB|ብር")),
    ("We're launching the second version of our smart thermostat! A launch video for people "
     "who own the first one: the date the new model ships, how much energy theirs saved last "
     "winter in kWh, the early-bird price for existing owners, a photo of the new model and a "
     "button to pre-order",
     ("date", "count", "money", "photo", "cta")),
    ("A calm video from our home insurer in Halifax for policyholders whose storm damage claim "
     "has been paid: the date they reported the damage, how many days it took to settle, the "
     "amount we paid out, a timeline of their claim and a one-question survey on how we "
     "handled it",
     ("date", "duration", "money", "timeline", "poll")),
    ("Welcome to week one 👋 onboarding video for new staff at our distribution centre in "
     "Rotterdam, with the headline \"Glad you're here\": their first shift date, shifts booked "
     "this month, safety modules left to complete, a photo of their team and a button to open "
     "the staff app",
     ("date", "count", "count", "photo", "cta")),
    ("Exhibitor recap for companies that had a stand at our organic food trade fair in "
     "Cologne, keep it professional: visitors to their stand, leads scanned, meetings booked, "
     "how their visitor count compared with the fair's average stand, a breakdown of visitors "
     "by country (Germany, Netherlands, Poland, other) and the price to rebook the same stand "
     "in euros",
     ("count", "count", "count", "comparison", "breakdown", "money:€")),
    ("A 20 second reminder from our travel vaccination clinic: the date their next booster is "
     "due, how many vaccines they've had with us, weeks until their trip, a map of the "
     "countries they're travelling to and a button to book an appointment",
     ("date", "count", "duration", "map", "cta")),
    ("Thank-you video for the beta testers of our budgeting app: bugs they reported, surveys "
     "filled in, hours spent testing, where they rank among all testers, a few words from our "
     "lead developer and a poll asking which feature we should build next",
     ("count", "count", "duration", "rank", "quote", "poll")),
    ("salsa school in Cali, Colombia 💃 end of course vid for our dancers - classes danced, "
     "hours on the dance floor, the top 3 songs they danced to, a photo from the final show "
     "and the price of the next level in Colombian pesos",
     ("count", "duration", "top", "photo", "money:COL$|COP")),
    ("Souvenir video for travellers on our 3-day salt flat tour from Uyuni, Bolivia: nights in "
     "salt hotels, the highest point they reached in metres, a photo at the salt flats, the "
     "flamingos they spotted and the price of our Sucre extension in bolivianos",
     ("duration", "count", "photo", "count", "money:Bs")),
    ("End of campaign thank-you for the volunteers of our city council candidate, warm and "
     "hopeful: doors knocked, phone calls made, leaflets delivered, the hours they "
     "volunteered, the date of election day and a quote from the candidate",
     ("count", "count", "count", "duration", "date", "quote")),
]  # fmt: skip
