"""A sixteenth set of ten create prompts, written and committed before any composer change
that follows the fifteenth held-out set (tests/support/ai_prompts_held_out_15.py); run once,
never tuned on. Same shape and vocabulary as tests/support/ai_prompts_held_out.py: (prompt,
needs); text in double quotes (or single quotes opened after a space) is copy the prompt gives
for the screen. "money:X" asks for X in the amount's prefix: the symbol people of that
currency read (won "₩", Thai baht "฿", Kenyan shillings "KSh", euros "€", dollars "$",
rupees "₹"); "money" alone where the prompt names no currency."""

from __future__ import annotations

HELD_OUT_16: list[tuple[str, tuple[str, ...]]] = [
    ("Hi! We run a riding school outside Oslo. Could you make an end-of-year video for each "
     "rider? Lessons ridden, hours in the saddle, the date they first jumped a fence, a photo "
     "with their favourite pony, a badge for riders who passed their level 2, and a few words "
     "from their instructor",
     ("count", "duration", "date", "photo", "badge", "quote")),
    ("karaoke bar in Seoul - monthly recap for our regulars!! songs sung, hours in the booth, "
     "their top 5 songs, how much they spent (won), and a poll on what songs we should add "
     "next 🎤",
     ("count", "duration", "top", "money:₩", "poll")),
    ("A 40 second thank-you video for volunteers at our elephant sanctuary in Chiang Mai. Days "
     "volunteered, elephants they helped care for, the donation they made in Thai baht, a map "
     "of where our rescued elephants came from, a quote from one of our mahouts, and a button "
     "to sign up for next year's program",
     ("duration", "count", "money:฿", "map", "quote", "cta")),
    ("Loan progress update for small business owners on our microlending platform in Nairobi "
     "(amounts in Kenyan shillings): the amount they borrowed, repayments made so far, the "
     "percentage of the loan paid back, the weeks left until it's fully repaid, and a link to "
     "apply for their next loan. Keep it encouraging.",
     ("money:KSh", "count", "percent", "duration", "cta")),
    ("Annual thank-you for the members of our volunteer fire brigade. Formal tone please. "
     "Callouts attended this year, hours of training completed, years of service, where they "
     "rank in the brigade for callouts, a timeline of the year's biggest incidents, and a "
     "message from the chief fire officer",
     ("count", "duration", "duration", "rank", "timeline", "quote")),
    ("film lab in Berlin, yearly wrap for customers: rolls developed, scans delivered, their 3 "
     "most used film stocks, a breakdown of colour vs black & white rolls, what they spent "
     "with us this year in euros, and a button to order prints of their favourite shot",
     ("count", "count", "top", "breakdown", "money:€", "cta")),
    ("We're a moving company in Chicago. After each move we want to send the family a short "
     "thank-you video with the headline \"Welcome home!\": the move date, boxes carried, miles "
     "from their old place to the new one, the final price in dollars, a map of the route and "
     "a button to leave us a review",
     ("date", "count", "count", "money:$", "map", "cta")),
    ("Our dating app wants to celebrate couples on the anniversary of their match. Show the "
     "date they matched, how many messages they sent each other before meeting, how many days "
     "it took them to go on a first date, a photo of the two of them, and a timeline of their "
     "first year together. Romantic but not cheesy",
     ("date", "count", "duration", "photo", "timeline")),
    ("Term report for parents whose kids take classes on our online tutoring platform in "
     "India. Sessions attended, hours of tutoring, how much their maths score improved (%), "
     "their strongest subjects ranked, fees paid this term in rupees and a note from the tutor",
     ("count", "duration", "percent", "top", "money:₹", "quote")),
    ("Season recap for anglers who booked our deep sea fishing charter in Florida - trips "
     "taken, fish caught, their biggest catch (lbs), hours out on the water, how their catch "
     "compares with the average angler on the boat, a photo of their best catch, and a button "
     "to book next season",
     ("count", "count", "count", "duration", "comparison", "photo", "cta")),
]  # fmt: skip
