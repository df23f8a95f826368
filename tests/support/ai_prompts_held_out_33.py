"""A thirty-third set of ten create prompts, written and committed after the fixes for the
thirty-second held-out set and before any composer change that follows them, without reading how
the composer handles them; run once, never tuned on. Same shape and vocabulary as
tests/support/ai_prompts_held_out.py: (prompt, needs); text in double quotes (or in single
quotes opened after a space) is copy the prompt gives for the screen. "money:X" asks for X in
the amount's prefix: the symbol people of that currency read, or its ISO code (Rwandan francs
"RF", "FRw" or "RWF"; Bosnia and Herzegovina convertible marks "KM" or "BAM"; Albanian lekë
"Lekë", "Lek" or "ALL"; Bahraini dinars "BD", "د.ب" or "BHD"; Tongan paʻanga "T$" or "TOP";
Kyrgyz som "сом", "som" or "KGS"; Bhutanese ngultrum "Nu." or "BTN"; East Caribbean dollars
"EC$" or "XCD"; Angolan kwanzas "Kz" or "AOA"; Cape Verdean escudos "Esc" or "CVE"). A measure
in a unit of length or weight (kilometres, metres, kilos, grams) is a count: a number with the
unit in its label. A time (seconds, minutes, hours, days, nights) is a duration. Things someone
did, brought up, handed back or was given are counts; how someone or their neighbourhood ranks
among others is a rank; a share of something, or a saving as a %, is a percent; the day of the
month something peaked is a date."""

from __future__ import annotations

HELD_OUT_33: list[tuple[str, tuple[str, ...]]] = [
    ("Monthly rider report for moto taxi drivers on our electric motorbike battery-swap "
     "network in Kigali, Rwanda. Upbeat but short! Batteries swapped this month, kilometres "
     "ridden on electric power, what they saved on petrol in Rwandan francs, their quickest "
     "swap in seconds, where they place among all riders in Kigali, and the date their bike's "
     "next free check-up is due",
     ("count", "count", "money:RF|FRw|RWF", "duration", "rank", "date")),
    ("Thank-you video for accredited guests of our film festival in Sarajevo, with the "
     "headline \"See you in August\": screenings they attended, hours of cinema watched, what "
     "their festival pass cost in convertible marks, their 3 favourite films of the week, a "
     "line from our festival director, and a button to pre-register for next year",
     ("count", "duration", "money:KM|BAM", "top", "quote", "cta")),
    ("Aftercare video for patients who travelled to our dental clinic in Tirana, Albania for "
     "treatment, warm and reassuring: implants placed, the number of days they stayed in "
     "Tirana, what their treatment came to in lekë, how much they saved compared with the "
     "quote they got at home (%), the date of their 6-month check-up, and a before-and-after "
     "photo of their smile",
     ("count", "duration", "money:Lekë|Lek|ALL", "percent", "date", "photo")),
    ("Souvenir video for guests who went pearl diving with us off Muharraq, Bahrain 🦪 "
     "oysters they brought up, their deepest dive in metres, the longest they held their "
     "breath (seconds), pearls found in their oysters, their trip fee in Bahraini dinars, the "
     "dive sites on a map, and a photo of their best pearl",
     ("count", "count", "duration", "count", "money:BD|د.ب|BHD", "map", "photo")),
    ("Season statement for the growers in our vanilla cooperative on Vava'u, Tonga. Plain "
     "words please, many of our growers read English as a second language. Kilos of green "
     "beans delivered, the share graded as first class, what they were paid per kilo and "
     "their total for the season (both in pa'anga), how this season's harvest compares with "
     "last season's, and the date of the first buying day next season",
     ("count", "percent", "money:T$|TOP", "money:T$|TOP", "comparison", "date")),
    ("Goodbye video for guests of our yurt camp on the shore of Song-Kul lake in Kyrgyzstan, "
     "cosy and a bit poetic: nights they slept in a yurt, hours spent on horseback, how many "
     "bowls of kymyz they dared to try, what they paid for the stay in Kyrgyz som, a timeline "
     "of their days at the lake, and a few words from their host family",
     ("duration", "duration", "count", "money:сом|som|KGS", "timeline", "quote")),
    ("Keepsake for travellers who joined our festival tour to the Paro Tshechu in Bhutan 🙏\n"
     "1. days in the kingdom\n2. dzongs visited\n3. the masked dances they watched\n4. what "
     "they spent on handwoven textiles in ngultrum\n5. the climb to Tiger's Nest in hours\n"
     "6. the valleys they travelled through on a map\n7. their favourite moment as a photo",
     ("duration", "count", "count", "money:Nu.|BTN", "duration", "map", "photo")),
    ("Hi! We run a bean-to-bar chocolate factory on a cocoa estate in Grenada and want a "
     "souvenir video for everyone who did our chocolate-making workshop: bars they moulded, "
     "the cocoa percentage of their darkest bar, minutes they spent tempering, the workshop "
     "price in EC dollars, a poll on which flavour we should try next, and a link to order "
     "their bars online",
     ("count", "percent", "duration", "money:EC$|XCD", "poll", "cta")),
    ("Monthly recap for the street traders using our mobile point-of-sale app in Luanda, "
     "Angola\n- sales rung up\n- how much they took through the app in kwanzas\n- their five "
     "best sellers\n- the percentage of customers who paid by phone\n- the day of the month "
     "they sold the most\n- how they rank among traders in their market",
     ("count", "money:Kz|AOA", "top", "percent", "date", "rank")),
    ("Year-in-review for households in Mindelo, Cape Verde, that return bottles through our "
     "deposit scheme ♻️ bottles and cans handed back, the deposits refunded to them in "
     "escudos, kilos of plastic kept off the beaches, how their neighbourhood ranks across "
     "the island, the date of the next collection day, and a thank-you quote from our "
     "founder",
     ("count", "money:Esc|CVE", "count", "rank", "date", "quote")),
]  # fmt: skip
