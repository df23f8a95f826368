"""A twenty-third set of ten create prompts, written and committed before any composer change
that follows the twenty-second held-out set (tests/support/ai_prompts_held_out_22.py); run
once, never tuned on. Same shape and vocabulary as tests/support/ai_prompts_held_out.py:
(prompt, needs); text in double quotes (or single quotes opened after a space) is copy the
prompt gives for the screen. "money:X" asks for X in the amount's prefix: the symbol people of
that currency read (pounds "£", euros "€", Danish kroner "kr"); "money" alone where the prompt
names no currency. A measure in a unit of length, weight or concentration (km, miles, metres,
kg, ppm) is a count: a number with the unit in its label. A time (seconds, hours) and nights
of something are a duration. A single pick ("their best round", "their favourite hut") names
no need."""

from __future__ import annotations

HELD_OUT_23: list[tuple[str, tuple[str, ...]]] = [
    ("Results video for everyone who competed at our speedcubing open in Warsaw 🧩 solves "
     "done over the weekend, their best single solve in seconds, how many events they entered, "
     "where they placed in the 3x3 final, a photo from the competition hall and a button to "
     "register for next year's open",
     ("count", "duration", "count", "rank", "photo", "cta")),
    ("Saison terminée! End-of-season video for the members of our fencing club in Lyon. Bouts "
     "fought, touches scored, their win rate, their position in the regional rankings, the "
     "date training starts again in September and a few words from the head coach.",
     ("count", "count", "percent", "rank", "date", "quote")),
    ("Pura vida 🐢 thank-you video for volunteers on our sea turtle project in Costa Rica: "
     "night patrols they walked, nests they helped protect, hatchlings released to the sea, km "
     "of beach patrolled, a photo from a hatching night and a message from our biologist",
     ("count", "count", "count", "count", "photo", "quote")),
    ("monthly impact recap for users of our surplus food app in Copenhagen, amounts in DKK - "
     "bags rescued, how much they saved compared to the shop price, kg of CO2 avoided, their "
     "top 3 bakeries and a button to share it with friends",
     ("count", "money:kr", "count", "top", "cta")),
    ("Holiday memories for families who hired one of our narrowboats on the Llangollen canal. "
     "Locks worked, miles cruised, nights aboard, a map of where they moored up, a photo from "
     "the Pontcysyllte aqueduct and a button to book next summer's trip",
     ("count", "count", "duration", "map", "photo", "cta")),
    ("pub quiz league end of season vid for all our teams, headline \"Know-it-alls of the "
     "year\" 🍻 quizzes played, total points, their best round, where they finished in the "
     "league table, how this season compares with last season and a poll on which new round "
     "we should add",
     ("count", "count", "rank", "comparison", "poll")),
    ("Congratulations video for learners finishing our British Sign Language level 1 course. "
     "Lessons attended, signs learned, hours of practice logged, their final assessment score "
     "(%), the start date of level 2 and the level 2 course fee in pounds.",
     ("count", "count", "duration", "percent", "date", "money:£")),
    ("Reminder for homeowners from our chimney sweep business in Munich, please keep it formal "
     "and short: the date of their last inspection, when the next sweep is due, the CO "
     "reading from the last visit (ppm), the price of the visit in euros and a button to pick "
     "a time slot",
     ("date", "date", "count", "money:€", "cta")),
    ("Summer recap for hikers who bought our Dolomites hut-to-hut pass! Huts they stayed in, "
     "nights in the mountains, total elevation gain in metres, their favourite hut, a map of "
     "the huts they slept at, how their elevation compares with the average hiker and a "
     "photo from the highest pass",
     ("count", "duration", "count", "map", "comparison", "photo", "text")),
    ("Our repair café in Utrecht turns 5! 🔧 Anniversary video for the volunteer fixers: items "
     "repaired, kilos kept out of the bin, repair success rate, a breakdown of what they fixed "
     "(lamps, toasters, bikes, clothes), the date of the birthday party and a quote from a "
     "visitor",
     ("count", "count", "percent", "breakdown", "date", "quote")),
]  # fmt: skip
