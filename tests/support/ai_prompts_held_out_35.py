"""A thirty-fifth set of ten create prompts, written and committed after the fixes for the
thirty-fourth held-out set and before any composer change that follows them, without reading
how the composer handles them; run once, never tuned on. Same shape and vocabulary as
tests/support/ai_prompts_held_out.py: (prompt, needs); text in double quotes (or in single
quotes opened after a space) is copy the prompt gives for the screen. "money:X" asks for X in
the amount's prefix: the symbol people of that currency read, or its ISO code (Haitian gourdes
"G" or "HTG"; Swazi emalangeni "E" or "SZL"; Solomon Islands dollars "SI$" or "SBD"; Moldovan
lei "L" or "MDL"; Tajikistani somoni "SM", "ЅМ" or "TJS"; Bahamian dollars "B$" or "BSD";
Algerian dinars "DA", "د.ج" or "DZD"; Burundian francs "FBu" or "BIF"; Comorian francs "CF" or
"KMF"; Djiboutian francs "Fdj" or "DJF"). A measure in a unit of length, weight or volume
(metres, kilometres, pounds of a fish, kilograms of flowers, litres) is a count: a number with
the unit in its label. A time (minutes, hours, days, weeks until something) is a duration.
Things someone did, played, caught, picked or counted are counts; where someone places among
others is a rank; a rate, a score out of a hundred or a share of something is a percent; the
day something is held or collected next is a date."""

from __future__ import annotations

HELD_OUT_35: list[tuple[str, tuple[str, ...]]] = [
    ("Our women's savings group in Jacmel, Haiti meets every Saturday. Make a mid-year video "
     "for each member: the weekly contributions she has made, her savings so far in gourdes, "
     "the interest rate on her group loan, how many weeks until her turn to receive the pot, "
     "the date of our next meeting, and a photo of the group",
     ("count", "money:G|HTG", "percent", "duration", "date", "photo")),
    ("Festival recap 🎶 for everyone who came to our music festival in Malkerns, Eswatini! "
     "Headline \"Sawubona, see you next year\" - acts they saw, hours of live music, what they "
     "spent at the food stalls in emalangeni, the 5 most played songs, a poll for next year's "
     "headliner and a button to get early-bird tickets",
     ("count", "duration", "money:E|SZL", "top", "poll", "cta")),
    ("Dive log video for guests of our resort in Munda, Solomon Islands. Wrecks they dived, "
     "their deepest dive in metres, total minutes underwater, what the dive package cost in "
     "Solomon Islands dollars, a map of the dive sites around the lagoon and a photo from the "
     "Toa Maru wreck",
     ("count", "count", "duration", "money:SI$|SBD", "map", "photo")),
    ("Wine club statement for members of our family winery near Cricova, Moldova: bottles "
     "they took home this year, litres left in their reserved barrel, their membership fee in "
     "Moldovan lei, their discount rate on the next order, the top 3 wines they rated, and the "
     "date of the harvest festival 🍇",
     ("count", "count", "money:L|MDL", "percent", "top", "date")),
    ("Pamir Highway bike tour (Tajikistan) - a video for each rider:\n1. days on the road\n"
     "2. kilometres ridden\n3. the highest pass they crossed, in metres\n4. the tour price in "
     "somoni\n5. where they finished in the group's climbing challenge\n6. a timeline of the "
     "trip from Dushanbe to Khorog",
     ("duration", "count", "count", "money:SM|ЅМ|TJS", "rank", "timeline")),
    ("Trip summary for anglers at our bonefishing lodge on Andros, Bahamas. Bonefish caught "
     "and released, the weight of their biggest fish in lbs, days out on the flats, the "
     "guide tips they left in Bahamian dollars, how this trip compares with their last visit, "
     "and a quote from their guide",
     ("count", "count", "duration", "money:B$|BSD", "comparison", "quote")),
    ("Course completion video for learners at our Arabic language school in Algiers. "
     "Encouraging but not cheesy. Lessons attended, hours of speaking practice, the course fee "
     "in Algerian dinars, their final exam score as a percentage, where they placed in their "
     "class, and the level they reached as a badge",
     ("count", "duration", "money:DA|د.ج|DZD", "percent", "rank", "badge")),
    ("Visitor video, Gishora drum sanctuary (Burundi) 🥁\n• drums they played\n• minutes they "
     "danced with the drummers\n• their donation in Burundian francs\n• the share of "
     "donations that goes to the drummers' school\n• a photo with the drummers\n• a map of "
     "how to find us",
     ("count", "duration", "money:FBu|BIF", "percent", "photo", "map")),
    ("Harvest statement for the growers who bring ylang-ylang flowers to our distillery on "
     "Anjouan, Comoros: kilograms of flowers picked, litres of oil distilled from them, what "
     "they were paid in Comorian francs, the percentage graded 'extra', a breakdown of their "
     "oil by grade, and the date of the next collection",
     ("count", "count", "money:CF|KMF", "percent", "breakdown", "date")),
    ("\"You swam with giants\" - souvenir video for guests of our whale shark boat trips in "
     "the Gulf of Tadjourah, Djibouti. Whale sharks they swam with, how long they were in the "
     "water, the length of the biggest shark in metres, what the trip cost in Djiboutian "
     "francs, a photo of them in the water, and a few words from our captain",
     ("count", "duration", "count", "money:Fdj|DJF", "photo", "quote")),
]  # fmt: skip
