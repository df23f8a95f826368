"""A nineteenth set of ten create prompts, written and committed before any composer change
that follows the eighteenth held-out set (tests/support/ai_prompts_held_out_18.py); run once,
never tuned on. Same shape and vocabulary as tests/support/ai_prompts_held_out.py: (prompt,
needs); text in double quotes (or single quotes opened after a space) is copy the prompt gives
for the screen. "money:X" asks for X in the amount's prefix: the symbol people of that
currency read (Hungarian forint "Ft", euros "€"), or the ISO code the prompt writes when the
sign is not read beyond its country (Icelandic krónur written "ISK": "ISK"); "money" alone
where the prompt names no currency. A measure in a unit of length or weight (kilos, metres,
km, tonnes) is a count: a number with the unit in its label. A single pick ("their favourite
crop", "the tool they borrowed most often") names no need."""

from __future__ import annotations

HELD_OUT_19: list[tuple[str, tuple[str, ...]]] = [
    ("Hi! We run an archery club in Budapest and want a season video for our archers. Arrows "
     "shot this season, their best score out of 720, how many tournaments they entered, where "
     "they finished in the club championship, their membership fee for next year in forint, "
     "and a photo of them on the range.",
     ("count", "count", "count", "rank", "money:Ft", "photo")),
    ("quit smoking app milestone vid 🚭 days smoke-free, cigarettes not smoked, money saved, "
     "the date they quit, how many cravings they logged and a badge for hitting 100 days",
     ("duration", "count", "money", "date", "count", "badge")),
    ("End of summer thank-you for families with a season pass to our pick-your-own farm. "
     "Kilos of fruit picked, visits this summer, their favourite crop, a map of the fields "
     "they picked in, a photo from the pumpkin patch and a button to buy next year's pass "
     "early.",
     ("count", "count", "map", "photo", "cta", "text")),
    ("Membership renewal reminder for our aquarium members, friendly tone. How many times "
     "they visited this year, feeding talks attended, the date their membership lapses, a "
     "photo with the sea turtles, and a 'Renew today' button.",
     ("count", "count", "date", "photo", "cta")),
    ("Year in review for guests of our campsites across Iceland: nights camped, the campsites "
     "they stayed at on a map, kilometres driven between sites, how much they spent with us "
     "(ISK), a quote from a camp host, and a link to book summer 2027.",
     ("duration", "map", "count", "money:ISK", "quote", "cta")),
    ("Monthly recap for the couriers on our delivery app in Porto — deliveries completed, km "
     "cycled, average delivery time in minutes, tips earned (€), their rank among couriers in "
     "the city, and a badge for anyone who passed 500 deliveries",
     ("count", "count", "duration", "money:€", "rank", "badge")),
    ("Our yarn subscription box turns 2 this month! Please make an anniversary video for "
     "subscribers with: boxes received, metres of yarn we've sent them, their 3 most-loved "
     "colourways, a photo of something they knitted, and a poll asking what fibre we should "
     "try next.",
     ("count", "count", "top", "photo", "poll")),
    ("birthday vid for kids who come to our trampoline park - jump sessions this year, total "
     "minutes bounced, the most flips they landed in one session, a photo from their party "
     "and a button to book next year's party",
     ("count", "duration", "count", "photo", "cta")),
    ("Thank-you video for volunteers at our heritage steam railway with the headline \"Full "
     "steam ahead\". Shifts on the footplate, hours volunteered this year, tonnes of coal they "
     "shovelled, the date of their first turn as a guard, a timeline of the locomotive "
     "restoration, and a few words from our station master.",
     ("count", "duration", "count", "date", "timeline", "quote")),
    ("Dear team, kindly prepare an annual summary for members of our community tool library. "
     "It should show the number of tools borrowed, the tool they borrowed most often, how "
     "much they saved compared with buying those tools new, how many of their returns were "
     "on time (as a percentage), and a link to reserve a tool for the spring.",
     ("count", "money", "percent", "cta", "text")),
]  # fmt: skip
