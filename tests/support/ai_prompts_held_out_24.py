"""A twenty-fourth set of ten create prompts, written and committed before any composer change
that follows the twenty-third held-out set (tests/support/ai_prompts_held_out_23.py); run
once, never tuned on. Same shape and vocabulary as tests/support/ai_prompts_held_out.py:
(prompt, needs); text in double quotes (or single quotes opened after a space) is copy the
prompt gives for the screen. "money:X" asks for X in the amount's prefix: the symbol people of
that currency read (Norwegian kroner "kr", New Taiwan dollars "NT$", Peruvian soles "S/",
Ukrainian hryvnias "₴", Ghana cedis "GH₵", Jamaican dollars "J$", Georgian lari "₾"). A
measure in a unit of length, weight, area, volume, energy or power (metres, pounds, hectares,
tonnes, gallons, kcal, watts) is a count: a number with the unit in its label. A time (hours,
days, years) is a duration. A single pick ("their best average power") names no need beyond
its number."""

from __future__ import annotations

HELD_OUT_24: list[tuple[str, tuple[str, ...]]] = [
    ("Takk for turen! 🚗 Year-in-review video for members of our electric car-sharing co-op "
     "in Oslo, amounts in NOK. Trips booked this year, hours behind the wheel, what they paid "
     "for their trips in total, the share of their trips made in winter (%), the date their "
     "membership renews and a button to invite a neighbour",
     ("count", "duration", "money:kr", "percent", "date", "cta")),
    ("bubble tea loyalty recap for our shops in Taipei 🧋 drinks ordered this year, their top "
     "3 toppings, how much they spent (NT$), stamps on their card, the tier badge they "
     "unlocked and a poll asking which flavour we should bring back",
     ("count", "top", "money:NT$", "count", "badge", "poll")),
    ("Thank-you video for trekkers who walked the Salkantay route to Machu Picchu with us. "
     "Days on the trail, the highest altitude they reached in metres, a map of the route, a "
     "timeline of the trek day by day, a photo at Machu Picchu, the price of our Rainbow "
     "Mountain day trip in Peruvian soles and a message from their guide",
     ("duration", "count", "map", "timeline", "photo", "money:S/", "quote")),
    ("Reading challenge results for members of the public library in Lviv, with the headline "
     "\"Your year in books\": the books they borrowed, pages read, their longest reading "
     "streak in days, their top 3 genres, the late fees they still owe in hryvnias and a "
     "button to reserve a book",
     ("books", "count", "duration", "top", "money:₴", "cta")),
    ("Graduation video for the students of our fashion design school in Accra. Garments they "
     "sewed, hours spent in the studio, their final collection mark as a percentage, a chart "
     "of their skills (pattern cutting, draping, embroidery, finishing), the fee for the "
     "advanced course in Ghana cedis and a photo from the graduation runway show.",
     ("count", "duration", "percent", "skills", "money:GH₵", "photo")),
    ("Harvest season video for visitors who picked coffee on our Blue Mountain farm in "
     "Jamaica - pounds of coffee cherries they picked, hours in the fields, their rank among "
     "this season's pickers, a photo from the drying patio, the price of a bag of our roasted "
     "beans in Jamaican dollars and a button to order one",
     ("count", "duration", "rank", "photo", "money:J$", "cta")),
    ("Nurses Week thank-you from St. Mary's hospital to every nurse on our staff, warm but "
     "professional. Shifts worked this year, patients they cared for, years with us, the "
     "recognition badge they earned, a quote from a patient's family, and our hospital logo "
     "at the end with the words \"We couldn't do it without you\"",
     ("count", "count", "duration", "badge", "quote", "brand")),
    ("Your water year 💧 a 30 second video for customers of our water utility in Sacramento: "
     "gallons used per day on average, how their use compares with similar homes nearby, a "
     "breakdown of where their water goes (shower, garden, laundry, kitchen), the percentage "
     "they cut since the drought rules started and a link to apply for a smart sprinkler "
     "rebate",
     ("count", "comparison", "breakdown", "percent", "cta")),
    ("Donor update from our reforestation charity in Madagascar: trees planted in their name, "
     "hectares of forest restored, tonnes of CO2 the trees will absorb, a map of the planting "
     "sites, a timeline from seedling nursery to planting, a photo of the lemurs back in the "
     "forest and a thank-you from our field team",
     ("count", "count", "count", "map", "timeline", "photo", "quote")),
    ("Monthly stats video for riders at our indoor cycling studio in Tbilisi, prices in lari "
     "— classes ridden, kcal burned, their best average power in watts, where they rank on "
     "the studio leaderboard, the date of our next 90-minute charity ride and the price of a "
     "10-class pack",
     ("count", "count", "count", "rank", "date", "money:₾")),
]  # fmt: skip
