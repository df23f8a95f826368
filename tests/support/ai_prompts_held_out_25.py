"""A twenty-fifth set of ten create prompts, written and committed before any composer change
that follows the twenty-fourth held-out set (tests/support/ai_prompts_held_out_24.py); run
once, never tuned on. Same shape and vocabulary as tests/support/ai_prompts_held_out.py:
(prompt, needs); text in double quotes (or single quotes opened after a space) is copy the
prompt gives for the screen. "money:X" asks for X in the amount's prefix: the symbol people of
that currency read (Kazakhstani tenge "₸", Costa Rican colones "₡", Bangladeshi taka "৳",
Mongolian tögrög "₮", Jordanian dinars "JD", Fijian dollars "FJ$", Uruguayan pesos "$U",
Ugandan shillings "USh"). A measure in a unit of length, weight, energy or distance (metres,
kilometres, kilograms, kWh, nautical miles) is a count: a number with the unit in its label.
A time (hours, nights, days) is a duration. A single pick ("their favourite dive site") names
no need beyond its number."""

from __future__ import annotations

HELD_OUT_25: list[tuple[str, tuple[str, ...]]] = [
    ("Season recap ⛷️ for pass holders at our ski resort above Almaty: runs skied, vertical "
     "metres descended, hours on the slopes, their fastest run as a rank among all skiers, a "
     "photo from the summit lift and the price of next season's pass in Kazakhstani tenge "
     "with a button to renew",
     ("count", "count", "duration", "rank", "photo", "money:₸", "cta")),
    ("Thank-you video for volunteers at our sea turtle project on the Caribbean coast of Costa "
     "Rica. Nests they protected, hatchlings released to the sea, nights on beach patrol, a "
     "map of the nesting beach, the cost of next year's volunteer week in colones and a "
     "message from the project biologist",
     ("count", "count", "duration", "map", "money:₡", "quote")),
    ("end of year video for our delivery riders in Dhaka 🛵 deliveries made, kilometres "
     "ridden, tips earned in taka, where they rank in their zone, the safety badge they "
     "earned and a button to pick shifts for January",
     ("count", "count", "money:৳", "rank", "badge", "cta")),
    ("Memories video for guests of our horse-riding tour across the Mongolian steppe: "
     "kilometres in the saddle, nights in a ger, a map of the route, a timeline of the tour "
     "day by day, a photo with their horse, and the price of our eagle festival trip in "
     "tögrög",
     ("count", "duration", "map", "timeline", "photo", "money:₮")),
    ("Graduation video for our coding bootcamp in Amman, with the headline \"Ship it!\": "
     "projects they shipped, hours of code, their final score as a percentage, a chart of "
     "their skills (Python, SQL, JavaScript, testing), the tuition of the advanced track in "
     "Jordanian dinars and a quote from their mentor",
     ("count", "duration", "percent", "skills", "money:JD", "quote")),
    ("Bula! Dive log recap for guests of our dive resort in Fiji - dives logged, the deepest "
     "dive in metres, hours underwater, a photo from the reef, the price of a 5-dive package "
     "in Fijian dollars and a poll asking which site we should visit next",
     ("count", "count", "duration", "photo", "money:FJ$", "poll")),
    ("Tango school in Montevideo: a yearly video for our students, warm and elegant. Classes "
     "attended, hours on the dance floor, their top 3 dances, the date of our next milonga, "
     "the price of a monthly pass in Uruguayan pesos and a button to book a private lesson",
     ("count", "duration", "top", "date", "money:$U", "cta")),
    ("Solar year video for homeowners who installed panels with us: kWh generated this year, "
     "tonnes of CO2 avoided, the share of their electricity the panels covered (%), how "
     "their output compares with similar roofs in their town, a breakdown of output by "
     "season (spring, summer, autumn, winter) and a link to book a free panel check",
     ("count", "count", "percent", "comparison", "breakdown", "cta")),
    ("Savings group update for members in Kampala, amounts in Ugandan shillings: meetings "
     "attended, what they saved this year, their share of the group's savings as a "
     "percentage, the date of the next payout and a thank-you from the group chair",
     ("count", "money:USh", "percent", "date", "quote")),
    ("Sailing school season video 🌊 for our students: nautical miles sailed, days on the "
     "water, the knots they learned, a photo from their first solo sail, their rank in the "
     "club regatta and our club logo at the end with the words \"Fair winds\"",
     ("count", "duration", "count", "photo", "rank", "brand")),
]  # fmt: skip
