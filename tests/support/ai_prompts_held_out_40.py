"""A fortieth set of ten create prompts, written and committed after the fixes for the
thirty-ninth held-out set and today's fixes found by reading everyday prompts' videos
(birthdays, season recaps, identifiers and addresses as text slots, details titles, dates with
their time, deadlines), and before any composer change that follows them, without reading how
the composer handles them; run once, never tuned on. Same shape and vocabulary as
tests/support/ai_prompts_held_out.py: (prompt, needs); text in double quotes (or in single
quotes opened after a space) is copy the prompt gives for the screen. "money:X" asks for X in
the amount's prefix: the sign CLDR's own locales for that currency give (Babel 2.17:
get_currency_symbol in mg_MG, fr_MG and en_MG for the Malagasy ariary, "Ar"; in en_LR for the
Liberian dollar, "$"; in es_PE and qu_PE for the Peruvian sol, "S/"), or its ISO code (MGA,
LRD, PEN). Eight of the ten name something about the recipient in words (a member number, an
instructor's name, a voucher code, the engine they crewed, a stall name, a control-card number,
a usual order, a free-cake code, a final project's title, a guide licence number): `text`, a
text slot shown on a stat card; five of those are identifiers or codes. A measure in a unit
of weight or length (kilos, kilometres) is a count: a number with the unit in its label. A time
(hours, days, weeks) is a duration. Things someone delivered, attended, booked, ran, planted,
welded, led or drank are counts; where someone places among others is a rank; a share of
something, or a score in %, is a percent; the day something is held, expires or happens is a
date. Two are birthday videos and four are season recaps."""

from __future__ import annotations

HELD_OUT_40: list[tuple[str, tuple[str, ...]]] = [
    ("Harvest season recap for the farmers of our vanilla cooperative near Antalaha, "
     "Madagascar 🌿 Kilos of green vanilla they delivered, what we paid them in ariary, "
     "their member number, training sessions attended, a photo from the curing shed and a "
     "few words from our chairwoman Hanta",
     ("count", "money:Ar|MGA", "count", "text", "count", "photo", "quote")),
    ("Happy birthday video for the clients of our pilates studio in Sliema, Malta 🎂 "
     "Headline: \"Another lap around the sun\". Classes they took this year, their "
     "instructor's name, a birthday voucher code, the date the voucher expires and a button "
     "to book their free class",
     ("count", "text", "text", "date", "cta")),
    ("isle of man heritage railway - season recap for our volunteers:\n- shifts worked\n- "
     "hours on the footplate\n- the engine they crewed most\n- a timeline of the season from "
     "the first steam-up to santa specials\n- a photo at douglas station\n- a link to sign "
     "up for next season",
     ("count", "duration", "text", "timeline", "photo", "cta")),
    ("Can you make a year-end video for the members of our market traders' association in "
     "Gbarnga, Liberia? How much they saved with us in Liberian dollars, meetings attended, "
     "the share of their loan they have repaid (%), their stall name, and the date of our "
     "next share-out",
     ("money:$|LRD", "count", "percent", "text", "date")),
    ("Season recap for every runner in our youth orienteering club in Tartu, Estonia 🧭: "
     "races run, kilometres covered, their best finishing position, their control card "
     "number, a map of the autumn championship course and a photo from the forest",
     ("count", "count", "rank", "text", "map", "photo")),
    ("mangrove planting volunteers in koror, palau 🌱 end of season thank you. seedlings "
     "they planted, days in the field, how their survival rate compares with last season, a "
     "map of the planting sites and a few words from our lead ranger",
     ("count", "duration", "comparison", "map", "quote")),
    ("Birthday video for the regulars of our café in Longyearbyen, Svalbard ☕ cups of "
     "coffee they had with us this year, their usual order, a free-cake code, a photo of the "
     "northern lights over town and the date the sun comes back",
     ("count", "text", "text", "photo", "date")),
    ("Graduation video for the trainees of our welding school in Ljubljana, Slovenia, "
     "headline \"Strong joints, bright futures\": hours in the workshop, welds they passed "
     "inspection on, their final project's title, their certification exam score (%), a "
     "skills chart (MIG, TIG, stick, cutting) and a button to see job openings",
     ("duration", "count", "text", "percent", "skills", "cta")),
    ("Our mountain guides' school in Cusco, Peru wants a certification video for each new "
     "guide. Treks they led, days on the Inca Trail, tips earned in soles, their guide "
     "licence number, where they placed in the final exam and a badge for the Salkantay "
     "route",
     ("count", "duration", "money:S/|PEN", "text", "rank", "badge")),
    ("What would an end-of-term video for our sevdah singing evening classes in Mostar look "
     "like? Lessons attended, songs they learned, weeks in the course, their top 3 favourite "
     "songs, a poll on which course to run next and a note from teacher Amra",
     ("count", "count", "duration", "top", "poll", "quote")),
]  # fmt: skip
