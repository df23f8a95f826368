"""A seventeenth set of ten create prompts, written and committed before any composer change
that follows the sixteenth held-out set (tests/support/ai_prompts_held_out_16.py); run once,
never tuned on. Same shape and vocabulary as tests/support/ai_prompts_held_out.py: (prompt,
needs); text in double quotes (or single quotes opened after a space) is copy the prompt gives
for the screen. "money:X" asks for X in the amount's prefix: the symbol people of that
currency read (Turkish lira "₺", naira "₦", shekels "₪", Vietnamese dong "₫"); "money" alone
where the prompt names no currency."""

from __future__ import annotations

HELD_OUT_17: list[tuple[str, tuple[str, ...]]] = [
    ("We fly hot air balloons over Cappadocia and want to send every passenger a souvenir "
     "video. The date of their flight, how high we flew (in metres), minutes in the air, the "
     "price of their ticket in Turkish lira, a map of the flight path, a photo from the basket "
     "and a button to book a sunset flight",
     ("date", "count", "duration", "money:₺", "map", "photo", "cta")),
    ("Year in review for writers on our newsletter platform: posts published, new subscribers "
     "this year, average open rate, their 3 most-read posts, total paid out to them, and how "
     "their subscriber growth compares with other writers in their category",
     ("count", "count", "percent", "top", "money", "comparison")),
    ("Your DNA results are in! Make a reveal video for customers of our ancestry testing kit: "
     "their ancestry breakdown by region, a map of where their ancestors lived, how many DNA "
     "relatives we matched them with, the date their sample arrived at our lab, and a link to "
     "explore their family tree",
     ("breakdown", "map", "count", "date", "cta")),
    ("barbershop in lagos 💈 birthday shoutout for our loyal guys - cuts this year, how much "
     "they've spent with us in naira, their go-to barber (with a pic), how long they've been "
     "coming to us, and a 'book your birthday trim' button. keep it hype!!",
     ("count", "money:₦", "photo", "duration", "cta", "text")),
    ("Impact recap for volunteers of our beach cleanup collective in Lisbon. Cleanups joined, "
     "kilos of litter picked up, the beaches we cleaned on a map, where they rank among "
     "volunteers by kilos collected, and a badge for anyone who came to 10 or more cleanups.",
     ("count", "count", "map", "rank", "badge")),
    ("Countdown video for couples who booked our wedding planning service, sweet and calm: "
     "the wedding date, days left until the big day, how much of their budget they've used "
     "(as a %), guests who have RSVP'd so far, a timeline of what's left to do, and a button "
     "to message their planner.",
     ("date", "duration", "percent", "count", "timeline", "cta")),
    ("End of season video for our surf lifesaving volunteers on the Gold Coast, with the "
     "headline \"Thanks for keeping our beaches safe\". Patrol hours, rescues made, first aid "
     "treatments given, a photo of them on patrol and a message from the club captain.",
     ("duration", "count", "count", "photo", "quote")),
    ("Demo day wrap for the founders in our accelerator's spring cohort in Tel Aviv. Formal "
     "tone. Funding raised in shekels, mentor meetings held, investor intros made, where they "
     "placed in the audience vote, a quote from one of the judges, and a link to book office "
     "hours with our partners.",
     ("money:₪", "count", "count", "rank", "quote", "cta")),
    ("Astronomy club yearly recap for members!!\n- nights at the observatory\n- objects "
     "observed\n- their 3 favourite deep sky objects\n- the date they joined\n- their best "
     "astrophoto\n- poll: where should the next star party be?",
     ("duration", "count", "top", "date", "photo", "poll")),
    ("Trip recap from our hostel chain in Vietnam for backpackers who stayed with us: nights "
     "booked, the cities they stayed in on a map, what they spent on beds in Vietnamese dong, "
     "how their stay compares with the average guest, a photo of their favourite hostel, and "
     "a button with a code for 10% off their next stay",
     ("duration", "map", "money:₫", "comparison", "photo", "cta")),
]  # fmt: skip
