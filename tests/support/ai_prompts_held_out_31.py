"""A thirty-first set of ten create prompts, written and committed after the fixes for the
thirtieth held-out set and before any composer change that follows them, without reading how
the composer handles them; run once, never tuned on. Same shape and vocabulary as
tests/support/ai_prompts_held_out.py: (prompt, needs); text in double quotes is copy the
prompt gives for the screen. "money:X" asks for X in the amount's prefix: the symbol people of
that currency read, or its ISO code (Cambodian riel "៛" or "KHR"; West African CFA francs
"CFA" or "XOF"; Botswana pula "P" or "BWP"; Trinidad and Tobago dollars "TT$" or "TTD";
Nepalese rupees "रू", "Rs" or "NPR"; Kuwaiti dinars "KD", "KWD" or "د.ك"; Guatemalan quetzales
"Q" or "GTQ"; US dollars "$"; Zambian kwacha "K" or "ZMW"); an amount whose currency the prompt
does not name is "money". A measure in a unit of length or weight (kilometres, metres, kilos)
is a count: a number with the unit in its label. A time (years, weeks, days, nights, hours) is
a duration. Things someone did, handled or was taken on ("game drives they went out on",
"suspension bridges were crossed") are counts; where someone or their band placed among
others is a rank."""

from __future__ import annotations

HELD_OUT_31: list[tuple[str, tuple[str, ...]]] = [
    ("Year-in-review for the tuk-tuk drivers on our ride-hailing app in Phnom Penh, headline "
     "\"Thank you for keeping the city moving\": trips completed, kilometres driven, what they "
     "earned in riel, their busiest day of the year, where they placed among all drivers in "
     "the city, and a photo of them with their tuk-tuk",
     ("count", "count", "money:៛|KHR", "date", "rank", "photo")),
    ("Harvest statement for the growers in our cashew cooperative near Korhogo, Côte d'Ivoire. "
     "Keep it plain and warm. Kilos of raw nuts they delivered, the price per kilo and the "
     "bonus they're owed, both in CFA francs, the share of their nuts graded premium (%), the "
     "day payments go out, and a message from the cooperative's president",
     ("count", "money:CFA|XOF", "money:CFA|XOF", "percent", "date", "quote")),
    ("Trip keepsake from our safari lodge in the Okavango Delta, Botswana 🐘 game drives they "
     "went out on, how many of the Big Five they spotted, nights spent at the lodge, how much "
     "they gave to the rhino conservation fund in pula, a map of the channels they were poled "
     "through by mokoro, and a photo of their best sighting",
     ("count", "count", "duration", "money:P|BWP", "map", "photo")),
    ("Carnival is over! A video for everyone who played mas with our band in Port of Spain: "
     "the hours they chipped down the road on Carnival Tuesday, what their costume set them "
     "back in TT dollars, the band's placing in Band of the Year, a photo from J'ouvert "
     "morning, and the closing line \"See you on the road next year!\"",
     ("duration", "money:TT$|TTD", "rank", "photo")),
    ("Namaste 🙏 A keepsake for trekkers who reached Everest Base Camp with our agency in "
     "Kathmandu. The highest point they climbed to in metres, the number of days the trek "
     "took, how many suspension bridges were crossed along the way, the tips they left for "
     "their porters in Nepalese rupees, their top 3 teahouses, and a few words from their "
     "Sherpa guide",
     ("count", "duration", "count", "money:रू|Rs|NPR", "top", "quote")),
    ("Monthly recap for members of our gaming lounge in Kuwait City 🎮\n- hours played\n"
     "- matches won and matches lost\n- their win rate\n"
     "- where they're sitting in the member leaderboard\n- their top 5 games\n"
     "- how much they've topped up in Kuwaiti dinars this month",
     ("duration", "count", "count", "percent", "rank", "top", "money:KD|KWD|د.ك")),
    ("Season thank-you for subscribers of our symphony orchestra in Cardiff, warm but "
     "elegant: concerts they attended, how much they saved over buying single tickets, how "
     "long they've been subscribing (in years), a quote from our principal conductor, and the "
     "date booking opens for next season",
     ("count", "money", "duration", "quote", "date")),
    ("Graduation video for students of our Spanish school in Antigua, Guatemala: weeks of "
     "one-to-one classes they took, how many new words they've learned (the app keeps "
     "count!), what their homestay cost them per week in quetzales, the date of the volcano "
     "hike they signed up for, their final level as a badge and a group photo",
     ("duration", "count", "money:Q|GTQ", "date", "badge", "photo")),
    ("Post-sale report for consignors at our auction house in New York, crisp and "
     "professional. Lots consigned, lots sold, the sell-through rate, the hammer total in US "
     "dollars, what their best lot went for, and a comparison of the hammer prices against "
     "the low estimates",
     ("count", "count", "percent", "money:$", "money:$", "comparison")),
    ("Quarterly video for the agents in our mobile money network across Lusaka: deposits they "
     "handled, withdrawals they handled, the commission earned in kwacha, the share of "
     "customers who came back to them (as a percentage), how their volume stacks up against "
     "last quarter, the top 3 agents in their district, and a button to order more float",
     ("count", "count", "money:K|ZMW", "percent", "comparison", "top", "cta")),
]  # fmt: skip
