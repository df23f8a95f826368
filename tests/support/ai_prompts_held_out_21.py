"""A twenty-first set of ten create prompts, written and committed before any composer change
that follows the twentieth held-out set (tests/support/ai_prompts_held_out_20.py); run once,
never tuned on. Same shape and vocabulary as tests/support/ai_prompts_held_out.py: (prompt,
needs); text in double quotes (or single quotes opened after a space) is copy the prompt gives
for the screen. "money:X" asks for X in the amount's prefix: the symbol people of that
currency read (US and Australian dollars "$", pounds "£", euros "€"), or the ISO code the
prompt writes when the sign is not read beyond its country (Romanian lei written "RON":
"RON"); "money" alone where the prompt names no currency. A measure in a unit of length or
temperature (km, °C) is a count: a number with the unit in its label. A single pick ("the
highest grade rapid they ran") names no need."""

from __future__ import annotations

HELD_OUT_21: list[tuple[str, tuple[str, ...]]] = [
    ("Hi! We're a child sponsorship charity and want to send our sponsors a yearly update "
     "about the child they support in Guatemala. How long they've been a sponsor (in months), "
     "how much they've given in total (USD), letters exchanged with their child, a breakdown "
     "of where their gifts went (school, food, health), a recent photo of the child, a map of "
     "the village and a few words from the child's teacher.",
     ("duration", "money:$", "count", "breakdown", "photo", "map", "quote")),
    ("drone racing league season wrap 🏁 for our pilots in Melbourne - races entered, best lap "
     "time (secs), final standing in the league, crashes lol, prize money won (AUD), their top "
     "3 tracks and a poll on where the next season opener should be",
     ("count", "duration", "rank", "count", "money:$", "top", "poll")),
    ("Winter recap for members of our sauna society in Helsinki. Sauna visits, total hours in "
     "the sauna, ice swims taken, the coldest water they swam in (°C), next season's "
     "membership fee in euros, a photo from the midwinter sauna night and a button \"Renew for "
     "next winter\".",
     ("count", "duration", "count", "count", "money:€", "photo", "cta")),
    ("comic shop pull list anniversary vid for our subscribers in Glasgow: issues picked up "
     "this year, what they spent with us in £, their top 5 series, the date of our next "
     "signing event, a pic of their pull box and a 'Reserve your comics' button",
     ("count", "money:£", "top", "date", "photo", "cta")),
    ("Thank-you video for the volunteers who foster kittens with our cat rescue. Please keep it "
     "warm. Kittens fostered this year, total weeks spent fostering, percentage adopted so "
     "far, the date of our next adoption day, a photo of their foster kittens and a message "
     "from one of the adopters.",
     ("count", "duration", "percent", "date", "photo", "quote")),
    ("We run rafting trips on the Soča river in Bovec, Slovenia. Souvenir video for each "
     "group: the date of their trip, km rafted, how many rapids they got through, the highest "
     "grade rapid they ran, a map of the route, their group photo and a button to book "
     "canyoning with us.",
     ("date", "count", "count", "map", "photo", "cta")),
    ("Season-end recap for the vendors at our farmers' market:\n1. how many markets they "
     "traded at\n2. customers served\n3. total sales\n4. how that compares with last season\n"
     "5. % of their stock sold\n6. their top 3 products\n7. a poll asking which weekday "
     "they'd like an extra market",
     ("count", "count", "money", "comparison", "percent", "top", "poll")),
    ("Our comedy club runs a weekly open mic and we want a year-end video for the comics. "
     "Sets performed, total minutes on stage, their place in the audience vote, how many new "
     "jokes they tried out, a quote from our host and the date of the New Talent showcase",
     ("count", "duration", "rank", "count", "quote", "date")),
    ("End of year video for students moving out of our student residence in Bucharest "
     "(amounts in RON): months they lived with us, rent paid in total, the deposit we are "
     "refunding, % of payments made on time, when the deposit will reach their account, and a "
     "quick poll about next year's common room.",
     ("duration", "money:RON", "money:RON", "percent", "date", "poll")),
    ("Season wrap for skaters in our roller derby league, with the headline \"Derby love\" — "
     "bouts played, points scored as jammer, minutes in the penalty box, their league "
     "ranking, the team's win % and a photo from the final bout",
     ("count", "count", "duration", "rank", "percent", "photo")),
]  # fmt: skip
