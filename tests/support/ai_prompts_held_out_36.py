"""A thirty-sixth set of ten create prompts, written and committed after the fixes for the
thirty-fifth held-out set and before any composer change that follows them, without reading
how the composer handles them; run once, never tuned on. Same shape and vocabulary as
tests/support/ai_prompts_held_out.py: (prompt, needs); text in double quotes (or in single
quotes opened after a space) is copy the prompt gives for the screen. "money:X" asks for X in
the amount's prefix: the symbol people of that currency read, or its ISO code, as Babel's CLDR
data gives them (Barbadian dollars "Bds$" or "BBD": CLDR writes a bare "$" in Barbados and
"BBD" in English; Myanmar kyats "K" or "MMK"; Lebanese pounds "ل.ل.", "L£" or "LBP";
Congolese francs "FC" or "CDF"; Central African CFA francs "FCFA" or "XAF"; CFP francs
"FCFP", "CFPF" or "XPF"; Turkmenistani manat "TMT" or "ТМТ"; Pakistani rupees "Rs" or "PKR";
Chilean pesos "CLP$", "CL$" or "CLP": CLDR writes a bare "$" in Chile; São Tomé and Príncipe
dobras "Db" or "STN"). A measure in a unit of length, weight, speed or temperature (kilometres,
metres, grams, km/h, °C) is a count: a number with the unit in its label. A time (years,
nights, days, hours, a best time over a distance) is a duration. Things someone did, saw,
took, scored, opened or made are counts; where someone or their crew places among others is a
rank; a rate, or a share of something, is a percent; the day something is held or was done is
a date."""

from __future__ import annotations

HELD_OUT_36: list[tuple[str, tuple[str, ...]]] = [
    ("Year in rum 🥃 for the members of our rum club at the distillery in St. Lucy, Barbados. "
     "Show the tastings they joined, bottles waiting in their cellar locker, years as a "
     "member, what they spent in our shop this year in Barbadian dollars, the top 3 rums they "
     "voted for, and a button to book the blending masterclass",
     ("count", "count", "duration", "money:Bds$|BBD", "top", "cta")),
    ("can we do a trek video for everyone who walked Kalaw → Inle Lake with us (Myanmar)? "
     "stuff to show: km walked each day as a breakdown, the villages they slept in on a map, "
     "nights in monasteries and homestays, total trek price in kyat, and a group photo at the "
     "lake. keep it short pls",
     ("breakdown", "map", "duration", "money:K|MMK", "photo")),
    ("End-of-season video for the kids in our ski school at Mzaar, Lebanon. Headline: \"Yalla, "
     "see you on the slopes!\" Show days on skis, their fastest run in km/h, the level they "
     "passed as a badge, the season pass price in Lebanese pounds, and how they placed in the "
     "kids' slalom race",
     ("duration", "count", "badge", "money:ل.ل.|L£|LBP", "rank")),
    ("Rumba school Kinshasa 💃 - a certificate video for each student. Classes taken, hours on "
     "the dance floor, monthly fees paid in Congolese francs, the date of their recital, a "
     "quote from their teacher and a timeline from first class to the big night. Proud, "
     "festive tone",
     ("count", "duration", "money:FC|CDF", "date", "quote", "timeline")),
    ("Football academy in Douala, Cameroon. Parents should get a season report for their "
     "child: matches played, goals scored, assists, training attendance rate, the season's "
     "fees (FCFA), a comment from the coach, and a poll on which tournament we should enter "
     "next",
     ("count", "count", "count", "percent", "money:FCFA|XAF", "quote", "poll")),
    ("Va'a (outrigger canoe) club in Papeete, Tahiti - season video for our paddlers:\n"
     "- races paddled\n- total distance in km\n- best time over 500 m\n- club dues in CFP "
     "francs\n- where their crew finished at Hawaiki Nui\n- a photo of the crew",
     ("count", "count", "duration", "money:FCFP|CFPF|XPF", "rank", "photo")),
    ("We run overnight camps at the Darvaza gas crater in Turkmenistan. Souvenir video per "
     "guest: hours spent by the crater, km driven across the Karakum desert, the camp fee in "
     "Turkmen manat, a map of the route from Ashgabat, a photo of the crater at night and the "
     "date they stayed",
     ("duration", "count", "money:TMT|ТМТ", "map", "photo", "date")),
    ("Quarterly progress clip for junior cricketers at our academy in Lahore 🏏 Runs scored, "
     "wickets taken, the share of training sessions they attended, the coaching fee in "
     "Pakistani rupees, and the skills they've improved (batting, bowling, fielding). Use "
     "\"Shabash!\" as the headline",
     ("count", "count", "percent", "money:Rs|PKR", "skills")),
    ("Stargazing tour recap ✨ San Pedro de Atacama, Chile. For each guest: planets and "
     "galaxies they saw through our telescopes, the altitude of the observatory in metres, how "
     "cold it got (°C), the tour price in Chilean pesos, and a comparison of the sky at home vs "
     "the Atacama. Headline 'The clearest sky on Earth'",
     ("count", "count", "count", "money:CLP$|CL$|CLP", "comparison")),
    ("Guest video for our cocoa plantation homestay (a roça on São Tomé): nights they stayed, "
     "cocoa pods they opened at the workshop, grams of chocolate they made, their bill in "
     "dobras, how their stay compares with the average guest's, and a short thank-you from the "
     "family",
     ("duration", "count", "count", "money:Db|STN", "comparison", "quote")),
]  # fmt: skip
