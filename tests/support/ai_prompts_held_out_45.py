"""A forty-fifth set of ten create prompts, written and committed after the fixes for the
forty-fourth held-out set and before any composer change that follows them, without running
the composer on them or reading how it handles them; run once, never tuned on. Same shape and
vocabulary as tests/support/ai_prompts_held_out.py: (prompt, needs); text in double quotes (or
in single quotes opened after a space) is copy the prompt gives for the screen. Craft and
keepsake services and things looked after for people this time: a family history research
service, a fine wine cellar, a sea kayaking outfit, a locksmith, a tailoring shop, an
upholstery workshop, a falconry centre, a harbour's moorings, a home care agency and a chess
club. "money:X" asks for X in the amount's prefix: the sign CLDR's own locales for that
currency give (Babel 2.17: get_currency_symbol in en_IE and hr_HR for the euro, "€"; in
en_HK and zh_Hant_HK for the Hong Kong dollar, "HK$"; in en_US for the US dollar, "$"; in
en_IN and hi_IN for the Indian rupee, "₹"; in da_DK for the Danish krone, "kr."; in en_GB for
the pound sterling, "£"; in en_SG for the Singapore dollar, "$"; in cs_CZ for the Czech
koruna, "Kč"), or its ISO code (EUR, HKD, USD, INR, DKK, GBP, SGD, CZK). Every prompt names
something about the recipient in words, fifteen things in all (the county a family came from,
the oldest ancestor found, the most valuable wine held, a guide's name, the bay stopped at for
lunch, a locksmith's name, the garment made, the fabric chosen, the fabric picked for a sofa,
the bird flown, a berth's number, a carer's name, a best win's opponent, and so on): `text`,
a text slot shown on a stat card. A time (how long someone has stored with us, hours on the
water or of care, minutes or weeks a job took, a warranty in years) is a duration. A measure
in a unit (kilometres, metres) is a count; things someone has had, searched, held, changed,
made, played or won (generations, records, bottles, locks, fittings, flights, nights, visits,
doses, games, rating points) are counts; a share in % (said in words or not) is a percent;
where someone finished among others is a rank; the day something is due, ready until or
checked next, and the time someone arrived, is a date; fees, charges, prices, values and bills
in a currency are money. Amounts and numbers are sometimes said in words."""

from __future__ import annotations

HELD_OUT_45: list[tuple[str, tuple[str, ...]]] = [
    ("Could you put together a video for clients of our family history research service in "
     "Dublin, to send once we've finished their report? It should show the county their "
     "family came from, how many generations back we traced them, the number of parish "
     "records we searched, the name of the oldest ancestor we found, a photo of one of the "
     "original documents, our fee in euro, and a button to order the printed family tree.",
     ("text", "count", "count", "text", "photo", "money:€|EUR", "cta")),
    ("Annual statement for clients who keep wine in our bonded cellar in Hong Kong:\n- number "
     "of bottles we hold for them\n- the most valuable wine in their collection (its name)\n- "
     "what their collection is worth today in HK dollars\n- storage fees paid this year "
     "(HKD)\n- how long they've stored with us\n- date of the next stock check\n- a 'Request "
     "a withdrawal' button",
     ("count", "text", "money:HK$|HKD", "money:HK$|HKD", "duration", "date", "cta")),
    ("hi there, we're a sea kayaking tour outfit in queenstown new zealand and after every "
     "trip we'd love to send our paddlers a little video with the distance they paddled in "
     "kilometres and the hours they spent on the water and the name of their guide and which "
     "bay they stopped in for lunch and a group photo and then fifteen percent off their next "
     "trip with a link to book it",
     ("count", "duration", "text", "text", "photo", "percent", "cta")),
    ("Invoice video for customers after an emergency lockout call from our locksmith company "
     "in Philadelphia. Show the date and time we arrived, how many minutes it took us to get "
     "them back in, how many locks we changed, the call-out charge (ninety-five dollars), what "
     "the parts cost, the total, and the name of the locksmith who helped them. Also a 'Pay "
     "invoice' button.",
     ("date", "duration", "count", "money:$|USD", "money:$|USD", "money:$|USD", "text",
      "cta")),
    ("Our tailoring and alterations shop in Mumbai wants a video telling customers their "
     "order is ready for collection. Details: the garment we stitched or altered for them "
     "(for example a sherwani), the fabric they chose, the number of fittings, the amount "
     "still due in rupees, the last date to collect it, a few words from our master tailor, "
     "and a button to call the shop.",
     ("text", "text", "count", "money:₹|INR", "date", "quote", "cta")),
    ("Can you make a 'your sofa is done' video for our furniture upholstery workshop in "
     "Copenhagen? A photo of the finished piece, the name of the fabric they picked, how many "
     "weeks the job took, the price in Danish kroner, the warranty (five years), and a button "
     "to leave a review? Make it cozy, not salesy.",
     ("photo", "text", "duration", "money:kr.|DKK", "duration", "cta")),
    ("A keepsake video for guests after a falconry experience day at our centre in the "
     "Scottish Highlands. Include the name of the bird they flew, how many times it flew to "
     "their glove, its longest flight in metres, a photo of them with the bird, a line from "
     "their falconer, and that gift vouchers start at forty-five pounds, with a button to buy "
     "one for a friend. Warm, a bit wild.",
     ("text", "count", "count", "photo", "quote", "money:£|GBP", "cta")),
    ("Mooring renewal notice for boat owners at our harbour in Split, Croatia: their berth "
     "number, the length of their boat in metres, nights they spent on the berth this season, "
     "next year's mooring fee in euros, how much that is up on this year as a percentage, the "
     "date payment is due, and a button to pay. Short and practical please.",
     ("text", "count", "count", "money:€|EUR", "percent", "date", "cta")),
    ("Monthly update for families whose parents we care for at home in Singapore: the name of "
     "their main carer, visits made this month, hours of care, the share of visits that "
     "started on time (%), medication doses given, next month's bill in SGD, and a short note "
     "from the carer. Gentle, warm tone, nothing clinical.",
     ("text", "count", "duration", "percent", "count", "money:$|SGD", "quote")),
    ("Season recap for members of our chess club in Brno ♟️ games played, games won, their "
     "rating now and how many points it went up, their best win (who it was against), where "
     "they finished in the club championship, next season's membership at 1 200 Kč, and a "
     "'Renew membership' button.",
     ("count", "count", "count", "count", "text", "rank", "money:Kč|CZK", "cta")),
]  # fmt: skip
