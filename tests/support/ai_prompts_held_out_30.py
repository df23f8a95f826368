"""A thirtieth set of ten create prompts, written and committed after the fixes for the
twenty-eighth held-out set and before any composer change that follows the twenty-ninth set's
fixes, without reading how the composer handles them; run once, never tuned on. Same shape and
vocabulary as tests/support/ai_prompts_held_out.py: (prompt, needs); text in double quotes is
copy the prompt gives for the screen. "money:X" asks for X in the amount's prefix: the symbol
people of that currency read, or its ISO code (pounds "£"; Tanzanian shillings "TSh" or
"TZS"; Dominican pesos "RD$" or "DOP"; Australian dollars "A$" or "AUD"; euros "€"; Saudi
riyals "SAR", "SR" or "ر.س"; US dollars "$"). A measure in a unit of length (centimetres) is
a count: a number with the unit in its label. A time (years, days, hours, minutes) is a
duration. Things someone did or people helped ("callouts attended", "people brought down
safely") are counts; where someone ranks or finished among others is a rank."""

from __future__ import annotations

HELD_OUT_30: list[tuple[str, tuple[str, ...]]] = [
    ("Season video for the members of our curling club in Winnipeg, with the headline "
     "\"Hurry hard!\": games played, ends won, their win percentage, where their rink finished "
     "in the league standings, the top 3 bonspiels they entered and a photo from the club "
     "banquet",
     ("count", "count", "percent", "rank", "top", "photo")),
    ("Annual cask report for owners of a cask at our distillery on Islay, formal tone please. "
     "Years their spirit has been maturing, the cask's estimated value in pounds, the angel's "
     "share lost so far as a percentage, the date the cask can be bottled, and a quote from "
     "our master distiller",
     ("duration", "money:£", "percent", "date", "quote")),
    ("Payout video for farmers insured with our weather-index crop insurance around Arusha, "
     "Tanzania. Keep it simple and respectful. How much we paid them in Tanzanian shillings, "
     "how many days without rain triggered the payout, how much of their maize harvest it "
     "covers (as a percent), the date the money reaches their mobile wallet and a button to "
     "renew cover for next season",
     ("money:TSh|TZS", "duration", "percent", "date", "cta")),
    ("¡Felicidades! End-of-season video for the young players at our baseball academy in "
     "Santo Domingo ⚾ games played, hits, stolen bases, where they rank in the academy's "
     "hitting chart, a photo of them at bat and the fee for next season's camp in Dominican "
     "pesos",
     ("count", "count", "count", "rank", "photo", "money:RD$|DOP")),
    ("Young Patrons wrap from our opera house in Sydney for members under 30 🎭 performances "
     "they saw this season, how much they saved with their under-30 tickets in Australian "
     "dollars, their top 3 productions, a quote from one of our sopranos, the date next "
     "season goes on sale and a button to renew",
     ("count", "money:A$|AUD", "top", "quote", "date", "cta")),
    ("Expedition memories for guests who sailed with us to Antarctica from Ushuaia: days at "
     "sea, landings made, how many penguins they saw (roughly!), a map of where we landed, a "
     "photo from the polar plunge and the discount for returning guests as a percentage",
     ("duration", "count", "count", "map", "photo", "percent")),
    ("Monthly account summary for the cafés and restaurants that buy from our wholesale "
     "bakery in Lyon, professional tone — orders delivered this month, this month's invoice "
     "total in euros, on-time deliveries (%), a comparison with last month's order volume, "
     "and a button to change their standing order",
     ("count", "money:€", "percent", "comparison", "cta")),
    ("Seller performance video for merchants on our online marketplace in Riyadh 🛍️\n"
     "- orders shipped in Q3\n- revenue in Saudi riyals\n- their return rate %\n"
     "- average delivery time in days\n- the top 5 products they sold\n"
     "- where they rank among sellers in their category",
     ("count", "money:SAR|SR|ر.س", "percent", "duration", "top", "rank")),
    ("A year of callouts: a thank-you video for the volunteers of our mountain rescue team in "
     "Snowdonia, understated and proud. Callouts attended, hours out on the hill, people "
     "brought down safely, the longest rescue of the year in hours, a map of the year's "
     "callouts and a few words from a walker we helped",
     ("count", "duration", "count", "duration", "map", "quote")),
    ("End of winter video for customers of our snow removal service in Minneapolis, a bit of "
     "humour is welcome: times we cleared their driveway, centimetres of snow that fell on "
     "their street, the date of the biggest storm, how long a clearing took on average in "
     "minutes and what their season contract cost in US dollars",
     ("count", "count", "date", "duration", "money:$")),
]  # fmt: skip
