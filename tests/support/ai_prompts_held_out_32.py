"""A thirty-second set of ten create prompts, written and committed after the fixes for the
thirty-first held-out set and before any composer change that follows them, without reading how
the composer handles them; run once, never tuned on. Same shape and vocabulary as
tests/support/ai_prompts_held_out.py: (prompt, needs); text in double quotes is copy the
prompt gives for the screen. "money:X" asks for X in the amount's prefix: the symbol people of
that currency read, or its ISO code (Tunisian dinars "DT", "TND" or "د.ت"; Macanese patacas
"MOP$" or "MOP"; Mozambican meticais "MT" or "MZN"; Honduran lempiras "L" or "HNL"; Papua New
Guinean kina "K" or "PGK"; Uzbek som "so'm", "soʻm", "сўм", "сум" or "UZS"; Maldivian rufiyaa
"Rf", "ރ." or "MVR"; Omani rials "RO", "ر.ع." or "OMR"; Mauritian rupees "Rs" or "MUR"; euros
"€"). A measure in a unit of length, weight or speed (kilometres, metres, litres, km/h) is a
count: a number with the unit in its label. A time (weeks, months, nights, hours, seconds) is
a duration. Things someone did, went through or was booked into ("pools they swam through",
"treatments they were booked into") are counts; how someone ranks among others, or where their
group finished, is a rank; a share of something or a rate is a percent."""

from __future__ import annotations

HELD_OUT_32: list[tuple[str, tuple[str, ...]]] = [
    ("Stay memories for guests of our thalasso spa on Djerba, Tunisia, soothing and "
     "unhurried: the treatments they were booked into, hours they spent in the seawater "
     "pools, how much they put towards their spa package in Tunisian dinars, the day they "
     "checked out, their three favourite treatments ranked, and a few kind words from our "
     "head therapist",
     ("count", "duration", "money:DT|TND|د.ت", "date", "top", "quote")),
    ("Race weekend wrap for fans who watched the Macau Grand Prix from our grandstand, "
     "headline \"Until next November!\": laps they saw from their seat, the winner's fastest "
     "lap in seconds, how this year's lap record compares with last year's, what their "
     "grandstand pass cost in patacas, the corner they were seated at on a map, and a link to "
     "reserve seats for next year",
     ("count", "duration", "comparison", "money:MOP$|MOP", "map", "cta")),
    ("Progress update for the chapa drivers buying their minibus through our lease-to-own "
     "scheme in Maputo, Mozambique. Simple and encouraging. Passengers carried this month, "
     "how much of the minibus has been paid off so far as a percentage, repayments made in "
     "meticais, the number of weeks still to go, the date the minibus becomes theirs, and a "
     "button to message their loan officer",
     ("count", "percent", "money:MT|MZN", "duration", "date", "cta")),
    ("Frequent rider recap for passengers of our intercity bus line between Tegucigalpa and "
     "San Pedro Sula 🚌 trips taken this year, the hours they've spent on board, the lempiras "
     "they've saved with their rider card, the route they've ridden most often shown on a "
     "map, how they rank among all our riders, and a quick poll on which city we should add "
     "next",
     ("count", "duration", "money:L|HNL", "map", "rank", "poll")),
    ("Term update for parents saving for school fees with our bank in Port Moresby, Papua New "
     "Guinea. Plain and respectful, please. How much they've set aside this term and the "
     "interest it has earned (both in kina), deposits made, how far along they are towards "
     "the year's fees (%), the date next term's fees fall due, a breakdown of the fees by "
     "school item, and a call to set up automatic deposits",
     ("money:K|PGK", "money:K|PGK", "count", "percent", "date", "breakdown", "cta")),
    ("Souvenir video for travellers on our Silk Road train tour from Tashkent to Khiva, "
     "stopping in Samarkand and Bukhara: the cities they stayed in on a map, kilometres "
     "covered by rail, how many madrasas they walked through, a day-by-day timeline of the "
     "trip, what they spent at the bazaars in Uzbek som, their top 3 dishes, and their best "
     "snap from the Registan",
     ("map", "count", "count", "timeline", "money:UZS|so'm|soʻm|сўм|сум", "top", "photo")),
    ("Reef update for guests who adopted a coral frame at our resort's restoration project in "
     "the Maldives 🪸\n• fragments growing on their frame\n• the survival rate since planting"
     "\n• the date their frame was lowered into the lagoon\n• months it's been underwater\n"
     "• how much they've donated, in rufiyaa\n• a photo of the frame taken by our marine "
     "biologist\n• a link to adopt a second one",
     ("count", "percent", "date", "duration", "money:MVR|Rf|ރ.", "photo", "cta")),
    ("Adventure recap for guests who went canyoning with us in Wadi Shab, Oman: 1) the number "
     "of pools they swam through 2) the highest jump they made, in metres 3) hours spent in "
     "the wadi 4) how much the day cost them in Omani rials 5) where their group finished in "
     "our canyon challenge 6) a quote from their guide",
     ("count", "count", "duration", "money:OMR|RO|ر.ع.", "rank", "quote")),
    ("End-of-course video for kitesurfers who learned with our school at Le Morne, Mauritius, "
     "with the headline \"Ride the wind\": sessions out on the water, the longest they stayed "
     "up on the board without falling (in seconds), their top speed in km/h, the course fee "
     "in Mauritian rupees, the level they reached as a badge, and a photo of them up on the "
     "board",
     ("count", "duration", "count", "money:Rs|MUR", "badge", "photo")),
    ("Season summary for yacht owners berthed at our marina in Tivat, Montenegro, formal tone "
     "please. Nights their yacht was berthed with us, the fuel taken on in litres, what they "
     "were charged for berthing in euros, the share of the season their yacht spent out "
     "cruising, the date their berth contract renews, and their top 5 anchorages of the "
     "summer",
     ("duration", "count", "money:€", "percent", "date", "top")),
]  # fmt: skip
