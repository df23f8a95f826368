"""A forty-second set of ten create prompts, written and committed after the fixes for the
forty-first held-out set and before any composer change that follows them, without reading how
the composer handles them; run once, never tuned on. Same shape and vocabulary as
tests/support/ai_prompts_held_out.py: (prompt, needs); text in double quotes (or in single
quotes opened after a space) is copy the prompt gives for the screen. "money:X" asks for X in
the amount's prefix: the sign CLDR's own locales for that currency give (Babel 2.17:
get_currency_symbol in pt_BR for the Brazilian real, "R$"; in ko_KR for the South Korean won,
"₩"; in fil_PH and en_PH for the Philippine peso, "₱"; in en_NG, ha_NG, yo_NG and ig_NG for the
Nigerian naira, "₦"; in es_EC and qu_EC for the US dollar, "$"; in en_CA and fr_CA for the
Canadian dollar, "$"), or its ISO code (BRL, KRW, PHP, NGN, USD, CAD). Nine of the ten name
something about the recipient in words, fourteen things in all (a referral code, a chef's name,
the team someone is on, a best-selling dish, a guide's name, the gear a climber still needs to
rent, a child's favourite corner of the classroom, a group teacher's name, what a family signed
up to bring, a narrator, a room number, a resident assistant's name, an orchestra section, the
piece someone played most): `text`, a text slot shown on a stat card; a list of things to
bring or rent that differs from one recipient to the next is said in words too, as is a
section or team someone belongs to. A date given with its time ("the date and start time",
"departure date and hotel pick-up time") is one date. A time (hours, days, nights, months,
years with the company, years with us, a streak in days, how long a class lasts) is a
duration. A measure in a unit (km/h) is a count; things someone signed up, served, handled,
learned, finished, played or cooked are counts; a rate or score in % is a percent; where
someone or their stall ranks among others is a rank; the day something happens, starts or
ends is a date."""

from __future__ import annotations

HELD_OUT_42: list[tuple[str, tuple[str, ...]]] = [
    ("Hi! We're a small digital bank based in Curitiba, Brazil 🇧🇷 and we're running a "
     "refer-a-friend campaign this quarter. Could we get a short, friendly video for each "
     "customer who's taken part? It should show how many friends signed up with their link, "
     "the bonus they've earned so far in reais, their personal referral code (so they can "
     "keep sharing it), and the date the campaign ends. Finish with a button to share their "
     "link on WhatsApp. Thanks!",
     ("count", "money:R$|BRL", "text", "date", "cta")),
    ("monthly usage recap for devs on our maps API (Busan, South Korea). requests this month, "
     "error rate %, their bill in won, days until their quota resets, top 5 endpoints by "
     "requests, and a 'View usage' button",
     ("count", "percent", "money:₩|KRW", "duration", "top", "cta")),
    ("Can you make a booking confirmation video for guests of our evening cooking class in "
     "Kyoto? I'd like their class date and start time, how long the class lasts, the name of "
     "the chef teaching them, how many dishes they'll cook, and the line \"Please bring an "
     "apron and a container for leftovers\" on screen. End with a button to add it to their "
     "calendar.",
     ("date", "duration", "text", "count", "cta")),
    ("Work anniversary video for the agents at our customer support centre in Cebu, "
     "Philippines. Headline: \"Salamat sa serbisyo!\" Show years with the company, calls "
     "they've handled, their customer satisfaction score (%), where they rank on this "
     "quarter's quality leaderboard, the team they're on, their anniversary bonus in pesos "
     "and a message from their team lead.",
     ("duration", "count", "percent", "rank", "text", "money:₱|PHP", "quote")),
    ("Event recap for the vendors who traded at our street food festival in Abuja, Nigeria "
     "last weekend: their total sales in naira, plates served, where their stall ranked among "
     "all 80 vendors by sales, their best-selling dish, a photo from Saturday night, a few "
     "words from our festival director and a button to apply for next year's festival",
     ("money:₦|NGN", "count", "rank", "text", "photo", "quote", "cta")),
    ("Pre-departure video for climbers booked on our Cotopaxi summit trips from Quito, "
     "Ecuador 🏔️\n- departure date and hotel pick-up time\n- their guide's name\n- the gear "
     "they still need to rent from us (different for each climber)\n- nights in the mountain "
     "refuge\n- balance still due in US dollars\n- a button to sign the liability waiver",
     ("date", "text", "text", "duration", "money:$|USD", "cta")),
    ("End of year video for the parents at our kindergarten in Debrecen, Hungary. We'd like "
     "it warm and simple: how many years their child has been with us, songs they learned "
     "this year, their child's favourite corner of the classroom, the name of their group "
     "teacher, a photo from the spring outing, a short message from our head teacher, and the "
     "date and time of the summer party along with what their family signed up to bring.",
     ("duration", "count", "text", "text", "photo", "quote", "date", "text")),
    ("yearly listening recap for our audiobook app users (Tampere, Finland). hours listened, "
     "books finished, longest streak in days, top 3 genres, their most-replayed narrator, "
     "badge: 'Bookworm 2026'. cta \"Get 3 months for €9.99\" -> claim offer",
     ("duration", "count", "duration", "top", "text", "badge", "cta")),
    ("Move-in video for students starting at our residence in Vancouver 🎓 their move-in "
     "date and arrival time slot, room number, the name of their RA, monthly rent in Canadian "
     "dollars, how many months their lease runs and a button to book a moving cart for the "
     "day",
     ("date", "text", "text", "money:$|CAD", "duration", "cta")),
    ("Tour recap for the players of our youth orchestra after this summer's tour of Greece 🎻 "
     "Concerts played, hours of rehearsal, their section, the piece they played most, a map "
     "of the cities we performed in, a timeline of the tour and a poll on where we should "
     "tour next summer",
     ("count", "duration", "text", "text", "map", "timeline", "poll")),
]  # fmt: skip
