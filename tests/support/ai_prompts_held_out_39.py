"""A thirty-ninth set of ten create prompts, written and committed after the fixes for the
thirty-eighth held-out set and before any composer change that follows them, without reading
how the composer handles them; run once, never tuned on. Same shape and vocabulary as
tests/support/ai_prompts_held_out.py: (prompt, needs); text in double quotes (or in single
quotes opened after a space) is copy the prompt gives for the screen. "money:X" asks for X in
the amount's prefix: the sign CLDR's own locales for that currency give (Babel 2.17:
get_currency_symbol in nl_CW, nl_SX and en_SX for the Caribbean guilder, en_ZW and sn_ZW for
Zimbabwe Gold), or its ISO code (Caribbean guilders "Cg." or "XCG"; Zimbabwe Gold "ZWG", which
CLDR gives as its sign too). Six of the ten name something about the recipient in words (a
buddy's name, a home branch, a belt colour, a favourite ballad, a team name, the pan someone
plays): `text`, a text slot shown on a stat card. A measure in a unit of length (metres,
kilometres) is a count: a number with the unit in its label. A time (hours, minutes, days,
weeks) is a duration. Things someone logged, learned, attended, made, won, built, read,
tracked or tagged are counts; where someone places among others is a rank; a share of
something, or a score in %, is a percent; the day something is held or was done is a date."""

from __future__ import annotations

HELD_OUT_39: list[tuple[str, tuple[str, ...]]] = [
    ("Our freediving school in Willemstad, Curaçao 🌊 wants a certificate video for every "
     "student: dives logged, their deepest dive in metres, their longest breath-hold in "
     "minutes, the course fee in Caribbean guilders, the name of their dive buddy and an "
     "underwater photo of them on the reef",
     ("count", "count", "duration", "money:Cg.|XCG", "text", "photo")),
    ("mbira school in harare, zimbabwe - end of term video for each learner. lessons "
     "attended, songs they can play, hours of practice, the term fee in zimbabwe gold, how "
     "their playing compares with the start of term, a timeline of the term and a few words "
     "from our founder sekuru tonderai",
     ("count", "count", "duration", "money:ZWG", "comparison", "timeline", "quote")),
    ("Annual member statement video for our credit union in Philipsburg, Sint Maarten. "
     "Headline: \"Growing together since 1964\". Show how much they saved this year in "
     "Caribbean guilders, loan payments made, the share of their savings goal they reached "
     "(%), the date they became a member, their home branch, and a button to book a meeting "
     "with an adviser",
     ("money:Cg.|XCG", "count", "percent", "date", "text", "cta")),
    ("Taekwondo club in Prizren, Kosovo 🥋 season recap for every athlete:\n- their belt "
     "colour\n- training sessions attended\n- medals won\n- where they placed at the national "
     "championships\n- a skills chart (kicks, footwork, defence, forms)\n- a message from "
     "coach Arben",
     ("text", "count", "count", "rank", "skills", "quote")),
    ("Could you make an anniversary video for members of our chain dance society in "
     "Tórshavn, Faroe Islands? Evenings they danced with us, how many ballads they know by "
     "heart, their favourite ballad, a timeline of our 100 years, and a poll asking which "
     "ballad we should open Ólavsøka with",
     ("count", "count", "text", "timeline", "poll")),
    ("Finisher video for the skiers of our cross-country race near Sisimiut, Greenland: "
     "kilometres skied, hours on the trail, their finishing position, a map of the course "
     "across the ice cap, a photo at the finish line, the date of next year's race and a "
     "button to sign up early",
     ("count", "duration", "rank", "map", "photo", "date", "cta")),
    ("Robotics club for girls in Dakar, Senegal 🤖 end-of-year video for every member, "
     "headline \"Built in Dakar\": robots they built, hours in the lab, their team name, "
     "their top 3 challenges by points, how their score compares with last year and a Young "
     "Engineer badge",
     ("count", "duration", "text", "top", "comparison", "badge")),
    ("steel band in castries, st lucia - a thank you video for our players after carnival. "
     "rehearsals attended, the pan they play, hours of practice, a breakdown of our panorama "
     "set by section (tenor, seconds, cellos, bass), a photo from the road march and a link "
     "to join next season",
     ("count", "text", "duration", "breakdown", "photo", "cta")),
    ("Graduation video for the learners of our adult literacy classes in Dili, Timor-Leste. "
     "Classes attended, how many books they read in Tetum, weeks in the programme, their "
     "reading test score (%), the date of the graduation ceremony, a photo of them with "
     "their certificate and a few words from their teacher",
     ("count", "count", "duration", "percent", "date", "photo", "quote")),
    ("Field season recap for the research volunteers at our gorilla project in Lopé "
     "National Park, Gabon 🦍 Days in the forest, gorilla groups they tracked, camera-trap "
     "photos they tagged, the share of their surveys completed (%), a map of the trails they "
     "walked and a button to apply for next season",
     ("duration", "count", "count", "percent", "map", "cta")),
]  # fmt: skip
