"""An eighteenth set of ten create prompts, written and committed before any composer change
that follows the seventeenth held-out set (tests/support/ai_prompts_held_out_17.py); run once,
never tuned on. Same shape and vocabulary as tests/support/ai_prompts_held_out.py: (prompt,
needs); text in double quotes (or single quotes opened after a space) is copy the prompt gives
for the screen. "money:X" asks for X in the amount's prefix: the symbol people of that
currency read (UAE dirhams "AED" as the prompt writes it, Indonesian rupiah "Rp", Malaysian
ringgit "RM"); "money" alone where the prompt names no currency. A measure in a unit of
length, weight, volume or speed (kg, cm, km, metres, litres, km/h) is a count: a number with
the unit in its label."""

from __future__ import annotations

HELD_OUT_18: list[tuple[str, tuple[str, ...]]] = [
    ("We're a small birth centre in Galway and we'd like to send new parents a keepsake video "
     "to welcome their baby. The baby's date of birth, birth weight (kg), length in cm, hours "
     "of labour, a first photo of the baby and a few words from their midwife.",
     ("date", "count", "count", "duration", "photo", "quote")),
    ("husky safari goodbye video for guests of our kennel in lapland ❄️ km mushed, how many "
     "dogs pulled their sled, nights in the glass igloo, a photo of them with their team, a "
     "poll asking if they saw the northern lights and a button to leave us a review pls",
     ("count", "count", "duration", "photo", "poll", "cta")),
    ("Buen Camino! We organise guided walks on the Camino de Santiago and want a video for each "
     "pilgrim when they reach Santiago. Show the kilometres they walked, how much climbing they "
     "did (in metres), days on the trail, the towns they slept in on a map, a photo at the "
     "cathedral, a quote from their guide and a link to book next year's walk.",
     ("count", "count", "duration", "map", "photo", "quote", "cta")),
    ("Monthly racer report for our indoor karting track in Dubai. Laps driven, their fastest "
     "lap (seconds), where they rank among all drivers this month, top speed in km/h, how much "
     "they spent in AED and a button to book their next session.",
     ("count", "duration", "rank", "count", "money:AED", "cta")),
    ("year-end wrap for sellers on our preloved fashion app in Jakarta. items sold, total "
     "earnings in rupiah, their 3 best-selling brands, avg rating from buyers, % of items that "
     "sold within 7 days, and a button to list more items",
     ("count", "money:Rp", "top", "count", "percent", "cta")),
    ("Can you make a short video for everyone who entered our village giant vegetable show? "
     "Weight of their heaviest entry in kg, how many classes they entered, where they placed "
     "in their best class, a photo with their prize veg and what the judge said about it. "
     "Something cheerful and a bit silly.",
     ("count", "count", "rank", "photo", "quote")),
    ("Fuel rewards annual summary for our cardholders in Malaysia: litres of fuel pumped this "
     "year, how much they saved in ringgit, points collected, the stations they filled up at "
     "most on a map, the date their points expire, and a button to redeem points.",
     ("count", "money:RM", "count", "map", "date", "cta")),
    ("Class of 2006 - 20 year reunion invite for our old classmates, with the headline "
     "\"Twenty years already?!\". The reunion date, a map of the venue, the number of people "
     "who've said yes so far, photos from our final year, a quote from our old head teacher, "
     "and an RSVP button.",
     ("date", "map", "count", "photo", "quote", "cta")),
    ("Please create an end-of-year video for members of our public speaking club (formal tone). "
     "Include speeches delivered, total minutes at the lectern, evaluations given, their "
     "ranking in the club's speech contest, a badge for members who completed their first "
     "pathway level, and a poll on the theme for next year's contest.",
     ("count", "duration", "count", "rank", "badge", "poll")),
    ("Membership renewal video for listeners who support our public radio station. How much "
     "they've pledged over the years, years as a member, their 3 favourite shows, a thank-you "
     "from our morning host, the date their membership runs out and a Renew button.",
     ("money", "duration", "top", "quote", "date", "cta")),
]  # fmt: skip
