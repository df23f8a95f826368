"""A fifteenth set of ten create prompts, written and committed before any composer change
that follows the fourteenth held-out set (tests/support/ai_prompts_held_out_14.py); run once,
never tuned on. Same shape and vocabulary as tests/support/ai_prompts_held_out.py: (prompt,
needs); text in double quotes (or single quotes opened after a space) is copy the prompt gives
for the screen. "money:X" asks for X in the amount's prefix: the symbol people of that
currency read (pesos "MX$", New Zealand dollars "NZ$", dollars "$", pounds "£", euros "€");
"money" alone where the prompt names no currency."""

from __future__ import annotations

HELD_OUT_15: list[tuple[str, tuple[str, ...]]] = [
    ("Hey! We run a makerspace in Wellington. Can you make a one-year membership video for our "
     "members? Hours booked on the laser cutter, 3D prints completed, workshops they've "
     "attended, what they've paid in membership fees (NZD), and a photo of something they made",
     ("duration", "count", "count", "money:NZ$", "photo")),
    ("cricket club season wrap for our players. runs scored, wickets taken, catches held, "
     "batting average, where they finished in the club's run-scoring "
     "table, and a poll on who should be player of the year",
     ("count", "count", "count", "count", "rank", "poll")),
    ("Yearly recap for members of our birdwatching society. Species spotted, field trips "
     "joined, the date of their first sighting of the year, a map of the reserves they "
     "visited, and a few words from our chairperson. Gentle and calm please.",
     ("count", "count", "date", "map", "quote")),
    ("Monthly summary for users of our laundromat app in Mexico City — loads washed, kilos of "
     "laundry, how much they spent (pesos), how long they waited for a free machine on average, "
     "and a button to book a machine for next week",
     ("count", "count", "money:MX$", "duration", "cta")),
    ("End of season video for members of our beekeeping association 🐝 hives looked after, "
     "kg of honey harvested, the date of their first harvest, a photo of their hives, a "
     "breakdown of the honey types they produced and a badge for anyone who harvested over "
     "50 kg",
     ("count", "count", "date", "photo", "breakdown", "badge")),
    ("Could you make a 2-year anniversary video for our tea subscription customers? Boxes "
     "delivered, different teas tried, their top 3 teas, how much they've saved compared "
     "with buying in store ($), and a button to claim 10% off their next box. Headline: "
     "\"Steeped in gratitude\"",
     ("count", "count", "top", "money:$", "cta")),
    ("Ice rink season pass recap. sessions skated, total hours on the ice, their fastest lap "
     "time, how their visits compare with the average pass holder, and a photo from the rink",
     ("count", "duration", "duration", "comparison", "photo")),
    ("Service reminder from our bike repair shop in Leeds: date of the last service, miles "
     "ridden since then, what the last service cost (£), the number of days until the next "
     "one is due, and a button to book it",
     ("date", "count", "money:£", "duration", "cta")),
    ("Hi! We're a scout group and we'd love an end-of-year video for each scout. Badges "
     "earned, nights spent camping, km hiked, a timeline of next year's camps, a photo from "
     "summer camp and a message from their scout leader",
     ("count", "duration", "count", "timeline", "photo", "quote")),
    ("Annual statement for policyholders of our travel insurance in Ireland, amounts in "
     "euros. Formal tone. Trips covered this year, claims made, how much we reimbursed them, "
     "their premium for next year, the renewal date, and a link to update their details",
     ("count", "count", "money:€", "money:€", "date", "cta")),
]  # fmt: skip
