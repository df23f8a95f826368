"""A forty-fourth set of ten create prompts, written and committed after the fixes for the
forty-third held-out set and before any composer change that follows them, without running
the composer on them or reading how it handles them; run once, never tuned on. Same shape and
vocabulary as tests/support/ai_prompts_held_out.py: (prompt, needs); text in double quotes (or
in single quotes opened after a space) is copy the prompt gives for the screen. Services
people pay for around a home, a job or a wardrobe this time: a self-storage facility, a pest
control company, a piano tuner, a startup's equity plan, a phone repair shop, a bridal
boutique, a clothing rental subscription, a roofing company, a carpooling app and a letting
agency. "money:X" asks for X in the amount's prefix: the sign CLDR's own locales for that
currency give (Babel 2.17: get_currency_symbol in en_CA and fr_CA for the Canadian dollar,
"$"; in en_AU for the Australian dollar, "$"; in de_AT for the euro, "€"; in en_US for the
US dollar, "$"; in en_PH and fil_PH for the Philippine peso, "₱"; in tr_TR for the Turkish
lira, "₺"; in th_TH for the Thai baht, "฿"; in nb_NO and nn_NO for the Norwegian krone, "kr";
in es_CL for the Chilean peso, "$"; in en_GB for the pound sterling, "£"), or its ISO code
(CAD, AUD, EUR, USD, PHP, TRY, THB, NOK, CLP, GBP). Nine of the ten prompts name something
about the recipient in words, thirteen things in all (the size of a storage unit, the pests
treated for, a technician who came out, a piano's make, a tuner's name, a phone's model, what
was fixed, a gown's designer, a seamstress's name, the occasion someone rented for most, the
colleague someone carpooled with most, a surveyor's name, a flat's address): `text`, a text
slot shown on a stat card. A time (how long someone has stored or rented with us, days a
repair or a job takes, a guarantee in years) is a duration. A measure in a unit (square
metres, km, kg of CO₂) is a count; things someone has had, checked, done, rented or shared
(bait stations checked, tunings, fittings, shares vested, trips) are counts; a share in % is
a percent; where someone ranks among others is a rank; the day something is due, renews,
expires, ends or lands is a date; rent, prices, costs, values, balances, savings and a
deposit in a currency are money; what was deducted and why is a breakdown."""

from __future__ import annotations

HELD_OUT_44: list[tuple[str, tuple[str, ...]]] = [
    ("Hey, we run a self-storage facility in Calgary. Can you make a lease renewal video for "
     "our tenants? I'm thinking: the size of their unit (like 10x10), how long they've stored "
     "with us, their monthly rent in CAD, the date their lease renews, how many times they "
     "accessed their unit this year, and a button to renew online. Friendly but short.",
     ("text", "duration", "money:$|CAD", "date", "count", "cta")),
    ("Service report from our pest control company in Perth, WA 🐜 — after each visit: the "
     "date of the visit, which pests we treated for, bait stations checked, the technician "
     "who came out, the date of the next visit and what it costs (AUD). Add a photo of the "
     "treated area and a 'Book a follow-up' button.",
     ("date", "text", "count", "text", "date", "money:$|AUD", "photo", "cta")),
    ("Grüß Gott! We're a piano tuning service in Vienna and want a reminder video for our "
     "clients, calm and elegant. The make of their piano, the date it was last tuned, how "
     "many tunings we've done for them over the years, the name of their tuner, and the price "
     "of the next tuning in euros. A quote from their tuner would be lovely, and a button to "
     "choose an appointment.",
     ("text", "date", "count", "text", "money:€|EUR", "quote", "cta")),
    ("Equity update video for employees of our startup in Austin, Texas. Formal-ish.\n1) "
     "shares vested so far\n2) what those vested shares are worth in USD at the latest "
     "valuation\n3) percentage of their grant that has vested\n4) the date of their next "
     "vesting\n5) their strike price\n6) a button to open the equity portal",
     ("count", "money:$|USD", "percent", "date", "money:$|USD", "cta")),
    ("phone repair shop in davao city 📱 pickup video for customers when their repair is "
     "done!! the phone model they brought in, what we fixed, how many days the repair took, "
     "total cost in pesos, warranty end date, and a 'Leave us a review' button",
     ("text", "text", "duration", "money:₱|PHP", "date", "cta")),
    ("Could you make a fitting reminder for brides at our bridal boutique in Istanbul? Please "
     "keep it romantic. Their wedding date, the date and time of their next fitting, the "
     "designer of the gown they chose, how many fittings they've had so far, the balance left "
     "to pay in Turkish lira, the name of their seamstress and a button to confirm the "
     "fitting.",
     ("date", "date", "text", "count", "money:₺|TRY", "text", "cta")),
    ("Year in review for subscribers of our clothing rental service in Bangkok 👗 Items rented "
     "this year; their top 3 brands; the occasion they rented for most; how much they saved "
     "vs buying, in baht; % of items rented that were from local designers; the date their "
     "current box is due back; button: 'Pick my next box'",
     ("count", "top", "text", "money:฿|THB", "percent", "date", "cta")),
    ("Quote follow-up for homeowners who had a roof survey from our roofing company in Bergen, "
     "Norway. Include: the roof area in square metres, photos from the survey, the total "
     "quote in Norwegian kroner, how long the work will take (days), the guarantee in years, "
     "the date the quote expires and the surveyor's name. End with an 'Accept quote' button.",
     ("count", "photo", "money:kr|NOK", "duration", "duration", "date", "text", "cta")),
    ("We run a carpooling app for commuters in Santiago de Chile. Monthly recap video: trips "
     "shared, km shared, kg of CO₂ avoided, how much fuel money they saved (CLP), the "
     "colleague they carpooled with most, where they rank among carpoolers at their company, "
     "and a button to offer a seat for next week.",
     ("count", "count", "count", "money:$|CLP", "text", "rank", "cta")),
    ("Move-out video for tenants leaving a flat we manage in Nottingham — calm, clear, no "
     "fuss. Show the address of the flat, how many months they rented with us, their deposit "
     "in £, what we've deducted and why (a breakdown), the amount coming back to them, the "
     "date it should land in their account, and a thank-you note from their landlord. Button "
     "to leave us a review.",
     ("text", "duration", "money:£|GBP", "breakdown", "money:£|GBP", "date", "quote", "cta")),
]  # fmt: skip
