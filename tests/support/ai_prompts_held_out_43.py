"""A forty-third set of ten create prompts, written and committed after the fixes for the
forty-second held-out set and before any composer change that follows them, without running
the composer on them or reading how it handles them; run once, never tuned on. Same shape and
vocabulary as tests/support/ai_prompts_held_out.py: (prompt, needs); text in double quotes (or
in single quotes opened after a space) is copy the prompt gives for the screen. Everyday
businesses this time: a car garage, a mobile operator, a logistics company's payroll, a meal
kit service, a board game crowdfunding campaign, a vet clinic, a software trial, a pharmacy
chain, a delivery app's riders and a food wholesaler. "money:X" asks for X in the amount's
prefix: the sign CLDR's own locales for that currency give (Babel 2.17: get_currency_symbol in
en_GB for the pound sterling, "£"; in ar_MA for the Moroccan dirham, "د.م." (fr_MA gives
"MAD"); in pl_PL for the Polish złoty, "zł"; in en_AU for the Australian dollar, "$"; in fr_FR
for the euro, "€"; in en_IN and hi_IN for the Indian rupee, "₹"; in es_MX for the Mexican
peso, "$"; in en_KE and sw_KE for the Kenyan shilling, "Ksh"; in en_ZA, zu_ZA and af_ZA for
the South African rand, "R"), or its ISO code (GBP, MAD, PLN, AUD, EUR, INR, MXN, KES, ZAR).
Nine of the ten name something about the recipient in words, fifteen things in all (a car's make
and model, a mechanic's name, a mobile plan's name, a shift pattern, the recipe someone rated
highest, a comeback code, a pledge tier, the add-ons someone chose, a pet's name, the vaccines
a pet is due, a vet's name, a medicine's name, a pharmacist's name, the zone a rider rides in,
an account manager's name): `text`, a text slot shown on a stat card. A time (minutes of calls,
hours worked or online, days of leave or of a trial left, weeks since something) is a
duration. A measure in a unit (miles, GB, kg) is a count; things someone has had, created,
invited, completed, delivered or made (visits, doses left) are counts; a share or rate in % is
a percent; where someone ranks among others is a rank; the day something is due, paid or
delivered is a date; pay, costs, savings, tips, credit and spend in a currency are money."""

from __future__ import annotations

HELD_OUT_43: list[tuple[str, tuple[str, ...]]] = [
    ("Hi, we run an independent car garage in Leeds and want to send a service reminder video "
     "to each customer. It should show the make and model of their car, miles driven since "
     "their last service, the date their MOT is due, the name of the mechanic who looked "
     "after their car last time, and what the next service will cost in pounds. Put \"Book "
     "before the winter rush\" on screen and finish with a button to book online.",
     ("text", "count", "date", "text", "money:£|GBP", "cta")),
    ("monthly bill video for our mobile customers in casablanca, morocco 📱 GB of data used, "
     "minutes of calls, % of their data allowance used, the name of their plan, their bill "
     "this month in dirhams, top 3 apps by data and the date their next bill is due. button: "
     "'Pay my bill'",
     ("count", "duration", "percent", "text", "money:د.م.|MAD", "top", "date", "cta")),
    ("Payslip explainer video for the warehouse staff of our logistics company in Poznań, "
     "Poland:\n- gross pay this month in złoty\n- net pay after tax\n- how much went into "
     "their pension\n- overtime hours worked\n- days of paid leave left this year\n- the date "
     "of the next payday\n- their shift pattern (it's different for each person)\n- a button "
     "to download the full payslip",
     ("money:zł|PLN", "money:zł|PLN", "money:zł|PLN", "duration", "duration", "date", "text",
      "cta")),
    ("We're a meal kit delivery service in Melbourne 🥕 and want a video for customers who "
     "paused their subscription, to tell them we miss them. Show how many boxes they've had "
     "from us, the recipe they rated highest, how many weeks since their last delivery, how "
     "much they saved compared with shopping at the supermarket (AUD), and their personal "
     "comeback code. Headline: \"Your kitchen misses us!\" Then a button to restart their "
     "plan with 40% off the first box.",
     ("count", "text", "duration", "money:$|AUD", "text", "cta")),
    ("Could you make a thank-you video for the backers of our board game campaign? We're a "
     "small studio in Lyon. For each backer: the pledge tier they picked, how much they "
     "pledged in euros, the add-ons they chose, how far past our goal we ended up (as a "
     "percentage), the estimated delivery date, and a short note from our designer. End with "
     "a button to confirm their shipping address.",
     ("text", "money:€|EUR", "text", "percent", "date", "quote", "cta")),
    ("Vaccination reminder video for clients of our vet clinic in Cork, Ireland 🐾 Their "
     "pet's name, which vaccines are due, the due date, their pet's weight at the last visit "
     "in kg, visits this year, the name of their vet, a photo of the clinic team and a button "
     "to book an appointment",
     ("text", "text", "date", "count", "count", "text", "photo", "cta")),
    ("trial ending video for teams on our project management tool (Bengaluru, India). days "
     "left in their free trial, projects created, teammates invited, tasks completed, their "
     "on-time completion rate %, top 3 features they used most, price of the Pro plan per "
     "seat in rupees, and an 'Upgrade now' button",
     ("duration", "count", "count", "count", "percent", "top", "money:₹|INR", "cta")),
    ("Refill reminder for customers of our pharmacy chain in Guadalajara, Mexico. I'd like it "
     "calm and clear: the name of their medicine, how many doses they have left, the date "
     "their next refill is due, how much they've saved this year by choosing generics (in "
     "pesos), the name of their pharmacist, and a button to order the refill for home "
     "delivery.",
     ("text", "count", "date", "money:$|MXN", "text", "cta")),
    ("Weekly earnings video for riders on our delivery app in Nairobi, Kenya 🛵\n• deliveries "
     "completed\n• earnings this week in Kenyan shillings\n• tips from customers\n• hours "
     "online\n• acceptance rate (%)\n• where they rank among riders in their zone\n• the zone "
     "they ride in\n• a button to cash out to M-Pesa",
     ("count", "money:Ksh|KES", "money:Ksh|KES", "duration", "percent", "rank", "text", "cta")),
    ("Quarterly account review for the restaurants that buy from our food wholesale business "
     "in Johannesburg. Show how much they spent with us this quarter in rand, orders "
     "delivered, our on-time delivery rate, their top 5 products by spend, the credit they "
     "have left on their account, the name of their account manager and the date of their "
     "next scheduled delivery. Close with a 'Reorder now' button.",
     ("money:R|ZAR", "count", "percent", "top", "money:R|ZAR", "text", "date", "cta")),
]  # fmt: skip
