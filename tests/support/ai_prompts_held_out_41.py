"""A forty-first set of ten create prompts, written and committed after the fixes for the fortieth
held-out set and before any composer change that follows them, without reading how the composer
handles them; run once, never tuned on. Same shape and vocabulary as
tests/support/ai_prompts_held_out.py: (prompt, needs); text in double quotes (or in single
quotes opened after a space) is copy the prompt gives for the screen. "money:X" asks for X in
the amount's prefix: the sign CLDR's own locales for that currency give (Babel 2.17:
get_currency_symbol in ms_BN and ms_Arab_BN for the Brunei dollar, "$"; in en_KY for the Cayman
Islands dollar, "$"; in en_GY for the Guyanese dollar, "$"; in es_VE and yrl_VE for the
Venezuelan bolívar, "Bs.S"), or its ISO code (BND, KYD, GYD, VES). Nine of the ten name
something about the recipient in words, twelve things in all (a technician's name, the devices
to be installed, the team someone leads, a pet's name, a promo code, the vendor booked at an
expo, a client reference, a child's group name, a packing list, the talk rated highest, a
loyalty card number, the route driven most): `text`, a text slot shown on a stat card; a list
of things to bring or to be installed that differs from one recipient to the next is said in
words too. A discount given in the prompt as a percentage ("15% off") is a percent shown. A
measure in a unit of length (kilometres) is a count: a number with the unit in its label. A
time (hours, days, years, years at the company) is a duration. Things someone filed, ordered,
visited, attended, connected with, collected, earned or drove, times they shopped, and things
done for them (deliveries) are counts; a share of something in % is a percent; the day
something happens, starts, renews or expires is a date."""

from __future__ import annotations

HELD_OUT_41: list[tuple[str, tuple[str, ...]]] = [
    ("Installation day video for new customers of our home alarm company in Luxembourg 🔔 "
     "The date of their installation, our technician's name, the list of devices we'll "
     "install, how many hours the installation takes, and a button to reschedule if the day "
     "doesn't suit them",
     ("date", "text", "text", "duration", "cta")),
    ("Work anniversary video for the team at our accounting firm in Limassol, Cyprus. "
     "Headline: \"Here's to you\". Years at the company, tax returns they filed this year, "
     "the team they lead, a message from our managing partner Eleni, a photo from the summer "
     "party and a link to the staff benefits page",
     ("duration", "count", "text", "quote", "photo", "cta")),
    ("we miss you video for customers of our pet food delivery in riga, latvia 🐶 their "
     "pet's name, the date of their last order, bags of food they've ordered from us so far, "
     "a promo code for 15% off their next delivery and a button to order again",
     ("text", "date", "count", "text", "percent", "cta")),
    ("Could you make a thank-you video for the couples who came to our wedding expo in "
     "Bandar Seri Begawan, Brunei? Booths they visited, the vendor they booked on the day, "
     "how much they spent on expo deals in Brunei dollars, the date of their wedding and a "
     "button to see the full vendor list",
     ("count", "text", "money:$|BND", "date", "cta")),
    ("Hurricane season reminder for clients of our insurance brokerage in George Town, "
     "Cayman Islands 🌀 their client reference, the date their cover renews, their annual "
     "premium in Cayman Islands dollars, their excess as a share of the sum insured (%) and "
     "a button to update their emergency contact",
     ("text", "date", "money:$|KYD", "percent", "cta")),
    ("Customer appreciation video from our hardware store in Georgetown, Guyana: how much "
     "they spent with us this year in Guyanese dollars, deliveries we made to their site, "
     "loyalty points they've collected, their top 3 product categories and a button to see "
     "this month's deals",
     ("money:$|GYD", "count", "count", "top", "cta")),
    ("Kids' nature camp on São Miguel, Azores 🌋 a video for parents before camp starts:\n"
     "- their child's group name\n- the date camp starts\n- days at camp\n- their packing "
     "list\n- a map of the camp and the beaches we visit\n- a button to fill in the medical "
     "form",
     ("text", "date", "duration", "text", "map", "cta")),
    ("Recap video for everyone who attended our dental congress in Braga, Portugal: sessions "
     "they attended, the talk they rated highest, people they connected with in the congress "
     "app, a photo from the closing dinner, a poll on which city should host next year and a "
     "button to get early-bird tickets",
     ("count", "text", "count", "photo", "poll", "cta")),
    ("Monthly loyalty video for the members of our supermarket in Caracas, Venezuela: how "
     "much they spent this month in bolívares, how many times they shopped with us, points "
     "earned, the share of their basket bought on promotion (%), their loyalty card number "
     "and the date their points expire",
     ("money:Bs.S|VES", "count", "count", "percent", "text", "date")),
    ("Retirement video for each driver leaving our bus company in Košice, Slovakia — years "
     "they drove for us, kilometres driven, the route they drove most, a timeline of their "
     "career with us, a few words from the depot manager and a photo with their bus",
     ("duration", "count", "text", "timeline", "quote", "photo")),
]  # fmt: skip
