"""A thirty-eighth set of ten create prompts, written and committed after the fixes for the
thirty-seventh held-out set and before any composer change that follows them, without reading
how the composer handles them; run once, never tuned on. Same shape and vocabulary as
tests/support/ai_prompts_held_out.py: (prompt, needs); text in double quotes (or in single
quotes opened after a space) is copy the prompt gives for the screen. "money:X" asks for X in
the amount's prefix: the symbol people of that currency read, or its ISO code, as Babel's CLDR
data gives them (Panamanian balboas "B/." or "PAB"; Afghan afghanis "؋" or "AFN"; Libyan
dinars "د.ل." or "LYD"; Iranian rials "ریال" or "IRR"; Syrian pounds "ل.س." or "SYP";
Bermudian dollars "BD$" or "BMD": "BD$" is the sign Bermudians write, CLDR writes a bare "$"
in Bermuda; Falkland Islands pounds "£" or "FKP"; Somali shillings "S" or "SOS"; St Helena
pounds "£" or "SHP"; South Sudanese pounds "£" or "SSP"). A measure in a unit of length
(metres, kilometres, nautical miles) is a count: a number with the unit in its label. A time
(hours, days, nights, minutes) is a duration. Things someone did, won, tied, cut, catalogued
or completed are counts; where someone places among others is a rank; a rate, or a share of
something, is a percent; the day something is held or was done is a date."""

from __future__ import annotations

HELD_OUT_38: list[tuple[str, tuple[str, ...]]] = [
    ("Graduation clip for students of our coffee cupping course at a Geisha estate in "
     "Boquete, Panama ☕ How many coffees they cupped, hours spent in the tasting lab, their "
     "final exam score as a percentage, what the course cost in balboas, the day they "
     "graduated, and a photo of them at the roaster",
     ("count", "duration", "percent", "money:B/.|PAB", "date", "photo")),
    ("Kabul Kite Club – season video for every flyer. Kite fights won, hours on the hilltop, "
     "where they placed in our Nowruz tournament, the membership fee in afghanis, a photo of "
     "their kite over the city and a line from Ustad Rahim, our master kite maker",
     ("count", "duration", "rank", "money:؋|AFN", "photo", "quote")),
    ("thank-you video for the volunteers of our excavation season at cyrene (libya) → finds "
     "they catalogued, days on site, trenches they helped dig, the season fee in libyan "
     "dinars, a map of where our volunteers came from, a timeline of the dig and a poll: "
     "which part of the site should we open next year?",
     ("count", "duration", "count", "money:د.ل|LYD", "map", "timeline", "poll")),
    ("Kashan carpet weaving course 🧶 a keepsake for each student: knots they tied, hours at "
     "the loom, the share of their rug they finished (%), the course fee in Iranian rials, "
     "the top 3 motifs they wove, and the date of their last class",
     ("count", "duration", "percent", "money:ریال|IRR", "top", "date")),
    ("Year in review for members of our soap-makers' guild in Aleppo, Syria. Headline: "
     "\"Made by hand in Aleppo\". Bars they cut and stamped, hours at the cauldron, how their "
     "output compares with last year, the share of laurel oil in their recipe (%), annual "
     "membership in Syrian pounds, and a master soapmaker badge",
     ("count", "duration", "comparison", "percent", "money:ل.س|SYP", "badge")),
    ("Can we get a season video for members of our gig rowing club in St. George's, Bermuda? "
     "Races rowed, nautical miles on the water, their crew's placing in the Round the Island "
     "race, club fees in Bermudian dollars, a team photo, and a button to sign up for next "
     "season",
     ("count", "count", "rank", "money:BD$|BMD", "photo", "cta")),
    ("Farm stay memories, Falkland Islands 🐑 For each guest at our sheep station on West "
     "Falkland:\n- sheep they helped shear\n- nights on the farm\n- what their stay cost in "
     "Falkland Islands pounds\n- a map of the settlements they rode to\n- the date they "
     "arrived\n- a quote from the shearing gang",
     ("count", "duration", "money:£|FKP", "map", "date", "quote")),
    ("Progress video for parents at our learn-to-swim school on Lido Beach, Mogadishu: "
     "lessons attended, how many metres their child can now swim without stopping, how much "
     "their stroke score improved in %, the term fee in Somali shillings, where they rank in "
     "their class, and a Little Dolphin certificate badge",
     ("count", "count", "percent", "money:S|SOS", "rank", "badge")),
    ("St Helena walking festival - send every walker a recap: Post Box walks completed, km "
     "walked, how long it took them to climb Jacob's Ladder (minutes), the festival pass in "
     "St Helena pounds, a breakdown of their walks by difficulty (easy, moderate, strenuous), "
     "and finish with our logo",
     ("count", "count", "duration", "money:£|SHP", "breakdown", "brand")),
    ("Juba Hoops Academy 🏀 end-of-camp video for every player. Points scored, minutes on "
     "court, free-throw percentage, the camp fee in South Sudanese pounds, their top 3 games "
     "by points, how their scoring compares with last season and a skills chart (shooting, "
     "passing, defence)",
     ("count", "duration", "percent", "money:£|SSP", "top", "comparison", "skills")),
]  # fmt: skip
