"""A twenty-sixth set of ten create prompts, written and committed before any composer change
that follows the twenty-fifth held-out set (tests/support/ai_prompts_held_out_25.py); run
once, never tuned on. Same shape and vocabulary as tests/support/ai_prompts_held_out.py:
(prompt, needs); text in double quotes (or single quotes opened after a space) is copy the
prompt gives for the screen. "money:X" asks for X in the amount's prefix: the symbol people of
that currency read (Armenian drams "֏", Paraguayan guaraníes "₲", Lao kip "₭", Namibian
dollars "N$", Azerbaijani manat "₼", Bulgarian leva "лв", Sri Lankan rupees "Rs", Qatari
riyals "QR", Serbian dinars "RSD"). A measure in a unit of length, weight or volume (metres,
kilograms, millilitres, kilometres) is a count: a number with the unit in its label. A time
(hours, nights, days) is a duration. A single pick ("their favourite mural") names no need
beyond its number.

Changed after its first run, in the cycle that followed it: the Namibian dollar's amount is
also accepted in "NAD", its ISO code ("money:N$|NAD"). CLDR gives the currency no sign of its
own (Namibia writes a bare "$"), and no rule derives "N$" without making up wrong signs for
other dollars ("S$" for Suriname's, Singapore's sign); the code names it without doubt and is
how Namibian price lists, banks and lodges quote it beside "N$"."""

from __future__ import annotations

HELD_OUT_26: list[tuple[str, tuple[str, ...]]] = [
    ("Summer recap for families who picked fruit at our apricot orchard outside Yerevan, "
     "Armenia: kilograms of apricots picked, hours in the orchard, a photo from the trees, "
     "the date we open next June, the price of a box of dried apricots in Armenian drams and "
     "a few words from the farmer",
     ("count", "duration", "photo", "date", "money:֏", "quote")),
    ("Harp school in Asunción, Paraguay 🎶 end-of-year video for our pupils: lessons taken, "
     "pieces learned, their top 3 pieces, a chart of their skills (reading music, rhythm, "
     "technique), the fee for the summer course in guaraníes and a button to enrol",
     ("count", "count", "top", "skills", "money:₲", "cta")),
    ("yearly video for the weavers of our silk cooperative in Luang Prabang, Laos - metres "
     "of silk woven, scarves sold, the share of sales made online as a %, a map of the "
     "villages where our weavers live, what they earned in kip, and a poll on which pattern "
     "we should weave next",
     ("count", "count", "percent", "map", "money:₭", "poll")),
    ("Stargazing trip memories for guests of our desert lodge in Namibia: nights under the "
     "stars, constellations they spotted, a photo of the Milky Way above the dunes, a "
     "timeline of the trip, the price of our next eclipse trip in Namibian dollars and a "
     "button to reserve a place",
     ("duration", "count", "photo", "timeline", "money:N$|NAD", "cta")),
    ("Jazz club in Baku, Azerbaijan: a membership anniversary video, smoky and stylish. "
     "Concerts attended, hours of live music, their favourite band, how many concerts they "
     "went to compared with other members, the date of the next jam session and the price of "
     "an annual membership in Azerbaijani manat",
     ("count", "duration", "comparison", "date", "money:₼", "text")),
    ("Thank-you video for pickers at our rose oil distillery near Kazanlak, Bulgaria, with "
     "the headline \"Thank you for the roses\": kilograms of petals picked, millilitres of "
     "rose oil distilled from them, days in the rose fields, a photo at sunrise, the badge "
     "for pickers who came every day and the price of a bottle of rose oil in Bulgarian leva",
     ("count", "count", "duration", "photo", "badge", "money:лв")),
    ("Whale watching recap 🐋 for passengers on our boat from Mirissa, Sri Lanka: whales "
     "spotted, hours at sea, a photo of a blue whale, a map of the route we sailed, the "
     "price of a sunrise tour in Sri Lankan rupees and a link to book another trip",
     ("count", "duration", "photo", "map", "money:Rs", "cta")),
    ("Padel club season video for members in Doha, Qatar: matches played, their win rate as "
     "a percentage, their rank on the club ladder, a breakdown of their wins by court "
     "(indoor, outdoor), the entry fee for the spring league in Qatari riyals and a button "
     "to sign up",
     ("count", "percent", "rank", "breakdown", "money:QR", "cta")),
    ("cheese making course recap for students at our dairy in Zlatibor, Serbia: wheels of "
     "cheese they made, litres of milk they used, a photo of their first cheese, the date of "
     "the advanced course, its price in Serbian dinars and a quote from our cheesemaker",
     ("count", "count", "photo", "date", "money:RSD", "quote")),
    ("Street art walking tour in Valparaíso, Chile - a souvenir video for our guests with "
     "murals seen, steps climbed up the hills, kilometres walked, a map of the route, their "
     "favourite mural, a top 5 of the artists we met and a link to book the night tour",
     ("count", "count", "count", "map", "top", "cta", "text")),
]  # fmt: skip
