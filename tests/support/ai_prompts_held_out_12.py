"""A twelfth set of ten create prompts, written and committed before any composer change that
follows the eleventh held-out set (tests/support/ai_prompts_held_out_11.py); run once, never
tuned on. Same shape and vocabulary as tests/support/ai_prompts_held_out.py: (prompt, needs);
text in double quotes (or single quotes opened after a space) is copy the prompt gives for the
screen. "money:X" asks for X in the amount's prefix: the symbol people of that currency read
(kronor "kr", rand "R", a dollar of another country its own "S$", "MX$"), or the ISO code the
prompt writes when the currency has no symbol known beyond its country ("PLN")."""

from __future__ import annotations

HELD_OUT_12: list[tuple[str, tuple[str, ...]]] = [
    ("yoga studio 1yr anniversary vid for members!! classes taken, hrs on the mat, their fav "
     "class type, how many diff teachers they practiced with, a photo of the studio & a 'book "
     "ur next class' btn", ("count", "duration", "count", "photo", "cta", "text")),
    ("Hi! We run the city bike share in Stockholm and we'd love a year-in-review video for our "
     "riders. Could it show how many rides they took, how far they pedalled in km, how much "
     "they saved in kronor compared with buying bus tickets, and a map of the stations they "
     "used most? Maybe end with a poll asking where we should add new stations. Tack!",
     ("count", "count", "money:kr", "map", "poll")),
    ("Post-game video for teams at our escape room, headline \"You got out!\" — their escape "
     "time (minutes and seconds), hints used, where their time ranks on this month's "
     "leaderboard, a team photo by the exit door and a button to book a rematch",
     ("duration", "count", "rank", "photo", "cta")),
    ("Pet insurance annual summary, please keep it reassuring. Policyholders are in Poland so "
     "amounts in PLN: claims paid out this year, the total we reimbursed, their monthly "
     "premium, the policy renewal date, percentage of vet costs covered, and a photo of their "
     "pet", ("count", "money:PLN", "money:PLN", "date", "percent", "photo")),
    ("Festival wrap video for ticket holders of Harbour Sounds 2026:\n1. sets they caught\n2. "
     "their top 3 artists by minutes listened in the app\n3. steps walked over the weekend\n4. "
     "a photo from the main stage\n5. a line from the headliner\nEnd card: \"Same time next "
     "year?\"", ("count", "top", "count", "photo", "quote")),
    ("Year-end summary for customers of our money transfer app who send money home to "
     "Mexico. Show: total sent in Mexican pesos, number of transfers, fees they saved vs a "
     "bank wire, the date of their first transfer with us, and a link to invite a friend for "
     "a reward", ("money:MX$", "count", "money", "date", "cta")),
    ("board game cafe loyalty recap: visits, games played, win rate %, most played game, "
     "their spot on the regulars leaderboard, fav snack. make it fun!!",
     ("count", "count", "percent", "rank")),
    ("Could you put together a certificate video for students finishing our sailing course? "
     "Include nautical miles sailed, hours at the helm, the date they passed their practical "
     "exam, a map of the bays we sailed to, and what their instructor wrote about them. The "
     "title should be \"Fair winds\".", ("count", "duration", "date", "map", "quote")),
    ("Meditation app - 6 month check-in for our South African subscribers. minutes "
     "meditated, sessions completed, longest streak (days), their most-played sleep story, "
     "what they've paid so far in rand, and a poll: what should our next course be about?",
     ("duration", "count", "duration", "money:R", "poll")),
    ("Quarterly performance recap for freelancers on our Singapore marketplace. Earnings in "
     "SGD, jobs completed, average client rating out of 5, the percentage of proposals that "
     "won a job, their top 5 skills by earnings, and how this quarter compares to the last "
     "one.", ("money:S$", "count", "count", "percent", "top", "comparison")),
]  # fmt: skip
