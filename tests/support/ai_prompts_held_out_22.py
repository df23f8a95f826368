"""A twenty-second set of ten create prompts, written and committed before any composer change
that follows the twenty-first held-out set (tests/support/ai_prompts_held_out_21.py); run once,
never tuned on. Same shape and vocabulary as tests/support/ai_prompts_held_out.py: (prompt,
needs); text in double quotes (or single quotes opened after a space) is copy the prompt gives
for the screen. "money:X" asks for X in the amount's prefix: the symbol people of that
currency read (pounds "£", euros "€", a dollar of another country its own "C$"); "money" alone
where the prompt names no currency. A measure in a unit of length, weight, rainfall or
temperature (km, metres, kilos, mm, °C) is a count: a number with the unit in its label.
Nights and days of something are a duration. A single pick ("their favourite pass") names no
need."""

from __future__ import annotations

HELD_OUT_22: list[tuple[str, tuple[str, ...]]] = [
    ("Hey! We're a paragliding school in Interlaken and want a season video for our students "
     "🪂 flights this year, total airtime (hrs), the highest altitude they reached in metres, "
     "their longest flight in km, a photo from their first solo launch and a button to sign "
     "up for the cross-country course",
     ("count", "duration", "count", "count", "photo", "cta")),
    ("Annual thank-you for members of our neighbourhood time bank in Sheffield. Hours they gave "
     "to neighbours, hours they received back, how many different members they helped, a "
     "breakdown of the kinds of help they offered (gardening, lifts, repairs, tech help), a "
     "message from our coordinator and a poll on what skill swap we should run next.",
     ("duration", "duration", "count", "breakdown", "quote", "poll")),
    ("Monthly update for families of residents at Rosewood care home, gentle and reassuring "
     "tone please: activities their relative joined this month, visits from family, the date "
     "of the next family tea afternoon, a photo from the garden party and a few words from "
     "their key worker",
     ("count", "count", "date", "photo", "quote")),
    ("ham radio club yearly recap for our members 📻 — contacts logged, countries worked (map "
     "pls), their longest distance contact in km, nights on the air, their top 3 bands and "
     "where they finished in the club contest",
     ("count", "map", "count", "duration", "top", "rank")),
    ("We're a hospice charity shop in Bristol. Could you make a thank-you video for our "
     "volunteers? Shifts they worked, bags of donations they sorted, how much the shop raised "
     "for the hospice this year (£), the % of donations we could claim Gift Aid on, and a quote "
     "from one of our nurses. Please end with a button \"Pick up a shift\".",
     ("count", "count", "money:£", "percent", "quote", "cta")),
    ("mushroom foraging walks in the Highlands - autumn recap for everyone who came out with "
     "us 🍄 walks joined, species they found, kilos picked, the date of the first spring walk, "
     "a pic from the woods and a 'Book a spring walk' button",
     ("count", "count", "count", "date", "photo", "cta")),
    ("Tour memories video for riders who did our Alps motorcycle tour. Show the days on the "
     "road, km ridden, passes crossed, their favourite pass, a map of the route, the tour "
     "price in euros and a group photo at the top of the Stelvio.",
     ("duration", "count", "count", "map", "money:€", "photo", "text")),
    ("Year in review for volunteers who host a weather station in our citizen science network, "
     "with the headline \"Thanks for watching the skies\". Readings uploaded, total rainfall "
     "they measured (mm), the hottest temperature their station recorded (°C), % of days "
     "their station was online, how they rank among stations in their region and a map of "
     "all the stations that reported this year",
     ("count", "count", "count", "percent", "rank", "map")),
    ("Quarterly recap for freelance translators on our platform in Montreal, amounts in CAD. "
     "Words translated, projects delivered, their average turnaround in days, earnings this "
     "quarter, how that compares with last quarter, their top 3 language pairs and the date "
     "of the next payout.",
     ("count", "count", "duration", "money:C$", "comparison", "top", "date")),
    ("Karibu! Make a goodbye video for guests on our safaris in Tanzania: game drives they went "
     "on, animals they spotted, how many of the Big Five they saw, nights in camp, a map of "
     "the parks we visited, a quote from their guide and a button to leave us a review",
     ("count", "count", "count", "duration", "map", "quote", "cta")),
]  # fmt: skip
