"""A thirty-fourth set of ten create prompts, written and committed after the fixes for the
thirty-third held-out set and before any composer change that follows them, without reading how
the composer handles them; run once, never tuned on. Same shape and vocabulary as
tests/support/ai_prompts_held_out.py: (prompt, needs); text in double quotes (or in single
quotes opened after a space) is copy the prompt gives for the screen. "money:X" asks for X in
the amount's prefix: the symbol people of that currency read, or its ISO code (Malawian kwacha
"MK" or "MWK"; Macedonian denars "ден" or "MKD"; Samoan tālā "WS$", "SAT", "T" or "WST";
Vanuatu vatu "VT" or "VUV"; Gambian dalasi "D" or "GMD"; Sierra Leonean leones "Le", "NLe",
"SLE" or "SLL"; Belize dollars "BZ$" or "BZD"; Aruban florins "Afl.", "Afl", "ƒ" or "AWG";
Seychellois rupees "SR", "Rs" or "SCR"; Lesotho maloti "M", "L" or "LSL"). A measure in a unit
of length, weight, speed or temperature (metres, kilograms, pounds of a catch, knots, °C) is a
count: a number with the unit in its label. A time (hours, days, nights, weeks, a finishing
time) is a duration. Things someone did, sold, landed or counted are counts; where someone or
their boat places among others, overall or in a group, is a rank; a rate, or a share of
something, is a percent; the day something is paid, closes or is held next is a date."""

from __future__ import annotations

HELD_OUT_34: list[tuple[str, tuple[str, ...]]] = [
    ("Season-end message for the tea pluckers on our estate in Thyolo, Malawi. Simple English "
     "and a proud tone please. How many kilograms of green leaf each of them plucked, the days "
     "they worked this season, their bonus in kwacha, their attendance rate, how they placed "
     "among the estate's 400 pluckers, and when the next bonus gets paid out",
     ("count", "duration", "money:MK|MWK", "percent", "rank", "date")),
    ("Finisher video for everyone who swam the Ohrid lake marathon this summer, headline "
     "\"You swam Ohrid!\" 🏊 their finishing time, their position overall and in their age "
     "group, the water temperature on race day in °C, the entry fee they paid in Macedonian "
     "denars, the course on a map and a photo of them coming out of the water",
     ("duration", "rank", "rank", "count", "money:ден|MKD", "map", "photo")),
    ("Talofa! We're a family-run beach fale resort at Lalomanu in Samoa and would love a "
     "goodbye video for our guests. Nights they spent in the fale, how many times they went "
     "snorkelling on the reef, what their stay cost in tala, a poll on their favourite dish "
     "from Sunday's umu, a few words from our family, and a button to leave us a review",
     ("duration", "count", "money:WS$|SAT|T|WST", "poll", "quote", "cta")),
    ("Night tour to Mount Yasur on Tanna, Vanuatu - souvenir video for our guests\n"
     "- eruptions they counted at the crater rim\n- how long the 4x4 ride up took (hours)\n"
     "- the tour price in vatu\n- how close to the crater they stood, in metres\n- a timeline "
     "of the night\n- a photo of the lava",
     ("count", "duration", "money:VT|VUV", "count", "timeline", "photo")),
    ("Monthly recap for the women in our batik and tie-dye cooperative in Serekunda, The "
     "Gambia, who sell through our online shop: pieces sold, metres of cloth dyed, what they "
     "earned in dalasi, the 3 colours buyers picked most, the percentage of orders shipped "
     "abroad, and the date of the next craft market",
     ("count", "count", "money:D|GMD", "top", "percent", "date")),
    ("We finance keke (tricycle taxis) in Freetown, Sierra Leone on a hire-purchase plan. "
     "Make a progress video for each driver: repayments made so far, the total they've paid "
     "in leones, what percent of their keke they now own, weeks left until it's fully theirs, "
     "the date of their final payment, and where they rank among our drivers for paying on "
     "time",
     ("count", "money:Le|NLe|SLE|SLL", "percent", "duration", "date", "rank")),
    ("Season report for the members of our fishing co-op on Caye Caulker, Belize 🦞 lobster "
     "tails landed (in pounds), trips out to the reef, the average price per pound in Belize "
     "dollars, how this season's catch compares with last season, their boat's rank in the "
     "co-op, and the date the lobster season closes",
     ("count", "count", "money:BZ$|BZD", "comparison", "rank", "date")),
    ("End-of-holiday video for students of our windsurfing school on Aruba: hours on the "
     "water, lessons taken, their top speed in knots, what the lesson package cost in Aruban "
     "florins, the level they reached as a badge, and a photo of them on the board",
     ("duration", "count", "count", "money:Afl.|Afl|ƒ|AWG", "badge", "photo")),
    ("Adoption update for people who adopted a giant tortoise at our sanctuary on Curieuse "
     "Island, Seychelles. Warm and a little funny. How much their tortoise weighs now (kg), "
     "the share of this year's hatchlings that survived, what their adoption raised for the "
     "sanctuary in Seychelles rupees, a map of where their tortoise roams, a photo of it, and "
     "a quote from our ranger",
     ("count", "percent", "money:SR|Rs|SCR", "map", "photo", "quote")),
    ("Auction statement for the farmers who sold their clip at our wool and mohair sale in "
     "Maseru, Lesotho. Kilograms of mohair sold, the price per kilo they got in maloti, a "
     "breakdown of their clip by grade, how their earnings compare with last year, the "
     "percentage of their bales sold on the first day, and the date of the next sale",
     ("count", "money:M|L|LSL", "breakdown", "comparison", "percent", "date")),
]  # fmt: skip
