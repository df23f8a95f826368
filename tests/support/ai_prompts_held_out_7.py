"""A seventh set of ten create prompts, written and committed before any composer change that
follows the sixth held-out set (tests/support/ai_prompts_held_out_6.py), and run once, never
tuned on. Same shape and vocabulary as tests/support/ai_prompts_held_out.py: (prompt, needs);
text in double quotes is copy the prompt gives for the screen."""

from __future__ import annotations

HELD_OUT_7: list[tuple[str, tuple[str, ...]]] = [
    ("Hi, can we get a service reminder video for customers of our car dealership? Show their "
     "car's current mileage, the date their next oil change is due, what they paid for "
     "servicing last year, and a button to book online", ("count", "date", "money", "cta")),
    ("Monthly usage video for our mobile phone customers: data used (GB), call minutes, texts "
     "sent, how much they saved compared with pay-as-you-go, plus an upgrade button",
     ("count", "duration", "count", "money", "cta")),
    ("Thank you video for our blood donors with the headline \"Your blood, their second "
     "chance\". Include how many times they've donated, the number of lives their donations "
     "may have saved, the date they're eligible to give again and a quote from a patient",
     ("count", "count", "date", "quote")),
    ("Season recap for Alpine Peak season pass holders!! days skied, total vertical in metres, "
     "where they placed among all pass holders, and a pic from the slopes",
     ("duration", "count", "rank", "photo")),
    ("Policy renewal video for home insurance customers, reassuring tone: the renewal date, "
     "their new annual premium in pounds, the no-claims discount as a percentage, and a link "
     "to review their cover", ("date", "money:£", "percent", "cta")),
    ("Year-end recap for our credit card holders: total cashback earned, a breakdown of their "
     "spending by category, number of purchases made abroad, and a button to redeem their "
     "cashback", ("money", "breakdown", "count", "cta")),
    ("We're a small organic farm with a veg box scheme. Could you make an end-of-season video "
     "for subscribers: boxes delivered this season, kilos of produce they received, the farms "
     "that grew it on a map, a photo from harvest day, and a thank-you from farmer Ana",
     ("count", "count", "map", "photo", "quote")),
    ("Transit card annual summary for commuters: journeys taken, hours spent on trains and "
     "buses, kg of CO2 saved vs driving, what they spent on fares in Canadian dollars, and "
     "their top 3 stations", ("count", "duration", "count", "money", "top")),
    ("End of term report for parents at our music school: lessons attended, hours practised at "
     "home, the date of the grade exam, their teacher's comments, and a timeline of what "
     "they learned this term", ("count", "duration", "date", "quote", "timeline")),
    ("1-year anniversary video for members of our coworking space. Show months as a member, "
     "meeting room hours booked, cups of coffee they've had on us, the percentage of weekdays "
     "they came in, and a refer-a-friend button. Sign off with \"See you at your desk\"",
     ("duration", "duration", "count", "percent", "cta")),
]  # fmt: skip
