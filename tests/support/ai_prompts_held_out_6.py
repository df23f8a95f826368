"""A sixth set of ten create prompts, written and committed before any composer change that
follows the fifth held-out set (tests/support/ai_prompts_held_out_5.py), and run once, never
tuned on. Same shape and vocabulary as tests/support/ai_prompts_held_out.py: (prompt, needs);
text in double quotes is copy the prompt gives for the screen."""

from __future__ import annotations

HELD_OUT_6: list[tuple[str, tuple[str, ...]]] = [
    ("A friendly reminder from Bright Smile Dental: when their next cleaning is booked, how "
     "long it's been since their last x-ray, the insurance benefit they have left in dollars, "
     "and a button to confirm the appointment", ("date", "duration", "money:$", "cta")),
    ("Monthly energy report for our residential customers: electricity used in kWh, their "
     "bill in euros, a chart comparing their usage with similar homes nearby, and three quick "
     "tips to cut their bill", ("count", "money:€", "comparison")),
    ("Year in review for frequent flyers of our airline: flights taken, miles flown, the "
     "countries they visited on a map, and a button to book their next trip",
     ("count", "count", "map", "cta")),
    ("QBR video for an HR software client, professional tone: active employees on the "
     "platform, the adoption rate as a percentage, average time to hire in days, support "
     "tickets resolved, and a link to book a strategy session with their account manager",
     ("count", "percent", "duration", "count", "cta")),
    ("Send our adopters an anniversary video with the headline \"Happy Gotcha Day!\": the date "
     "they adopted their dog, a photo of their pet, a thank-you from the shelter staff and a "
     "link to donate", ("date", "photo", "quote", "cta")),
    ("Season wrap-up for riders in our cycling club: total distance ridden in kilometres, "
     "elevation gained in metres, where they ended up on the club leaderboard, and their top "
     "5 routes", ("count", "count", "rank", "top")),
    ("Personal market update from an estate agent to homeowners: what their home is worth now "
     "in pounds, how much the value has changed since last year as a percentage, the number "
     "of homes sold on their street, and a call to book a free valuation",
     ("money:£", "percent", "count", "cta")),
    ("Thank our alumni donors with a short, heartfelt video: how much they gave this year, the "
     "number of scholarships their gifts funded, where the money went, and a few words from a "
     "scholarship student", ("money", "count", "breakdown", "quote")),
    ("Fun end-of-year recap for our food delivery customers: orders placed, their favourite "
     "cuisine, how much they saved with promo codes, and their top 3 restaurants",
     ("count", "money", "top", "text")),
    ("A calm follow-up video for patients after knee surgery: the date of their follow-up "
     "appointment, the number of physiotherapy sessions scheduled, how many weeks until they "
     "can drive again, and a short message from their surgeon; close with \"We're here if you "
     "need us\"", ("date", "count", "duration", "quote")),
]  # fmt: skip
