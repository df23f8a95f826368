"""The tuned create prompts of the built-in composer's quality suites: what each must show
(scenes in order, tone, estimated length; tests/unit/ai/test_builtin_quality.py) and what it
names that the rendered video must show (`needs`, the vocabulary of
tests/support/ai_prompts_held_out.py; tests/integration/ai/test_prompt_videos.py)."""

from __future__ import annotations

from typing import NamedTuple


class Case(NamedTuple):
    prompt: str
    wanted: list[str]  # primitives that must be there, in this order
    tone: str
    length: tuple[int, int]  # estimated seconds, min and max
    needs: tuple[str, ...]


CREATE: list[Case] = [
    Case(
        (
            "a quarterly review for a SaaS customer: revenue, seats, NPS, and a call to "
            "book a renewal"
        ),
        ["title-intro", "stat-counters", "cta-card", "outro"],
        "professional",
        (12, 40),
        ("money", "count", "count", "cta"),
    ),
    Case(
        ("monthly business review with KPIs, top products ranked and a comparison to last month"),
        ["stat-counters", "bar-race", "comparison-bars"],
        "professional",
        (15, 50),
        ("stats", "top", "comparison"),
    ),
    Case(
        (
            "year in review for a fitness app member: workouts, minutes, workout types "
            "and percentile"
        ),
        ["stat-counters", "radar", "percentile-gauge"],
        "celebratory",
        (15, 50),
        ("count", "duration", "skills", "rank"),
    ),
    Case(
        "Spotify-style wrapped for our users",
        ["stat-counters", "radar", "percentile-gauge"],
        "celebratory",
        (15, 50),
        (),
    ),
    Case(
        (
            "celebrate a professor's research career: citations, papers over time and "
            "countries of co-authors"
        ),
        ["stat-counters", "milestone-timeline", "world-map"],
        "celebratory",
        (15, 60),
        ("count", "timeline", "map"),
    ),
    Case(
        ("author spotlight for a novelist with their books and a quote from a review"),
        ["book-shelf", "quote-card"],
        "celebratory",
        (12, 50),
        ("books", "quote"),
    ),
    Case(
        (
            "client onboarding video: welcome, our logo, the onboarding steps and a "
            "link to book a kickoff call"
        ),
        ["logo-reveal", "milestone-timeline", "cta-card"],
        "professional",
        (12, 50),
        ("brand", "timeline", "cta"),
    ),
    Case(
        "welcome a new customer",
        ["logo-reveal", "milestone-timeline", "cta-card"],
        "professional",
        (12, 50),
        (),
    ),
    Case(
        ("renewal reminder showing usage stats versus last year and a button to renew"),
        ["stat-counters", "comparison-bars", "cta-card"],
        "professional",
        (12, 45),
        ("stats", "comparison", "cta"),
    ),
    Case(
        "event recap for our conference attendees",
        ["ken-burns", "stat-counters", "quote-card"],
        "casual",
        (12, 50),
        (),
    ),
    Case(
        "summit recap: photos, attendee numbers, what speakers said",
        ["ken-burns", "stat-counters", "quote-card"],
        "casual",
        (12, 50),
        ("photo", "count", "quote"),
    ),
    Case(
        ("product launch announcement with our brand, key numbers and a sign up button"),
        ["logo-reveal", "stat-counters", "cta-card"],
        "inspirational",
        (12, 45),
        ("brand", "stats", "cta"),
    ),
    Case(
        "introducing our new feature",
        ["logo-reveal", "stat-counters", "cta-card"],
        "inspirational",
        (12, 45),
        (),
    ),
    Case(
        (
            "fundraising thank you for donors: total raised, where the money went and a "
            "quote from a family we helped"
        ),
        ["stat-counters", "category-donut", "quote-card"],
        "inspirational",
        (12, 50),
        ("money", "breakdown", "quote"),
    ),
    Case(
        "thank our donors after the campaign",
        ["stat-counters", "category-donut", "quote-card", "cta-card"],
        "inspirational",
        (15, 55),
        (),
    ),
    Case(
        "congratulate an employee on their work anniversary with a badge",
        ["badge-unlock"],
        "celebratory",
        (8, 40),
        ("badge",),
    ),
    Case(
        "survey results with a poll of what customers voted for",
        ["poll-card"],
        "professional",
        (8, 40),
        ("poll",),
    ),
    Case(
        "a short teaser with key numbers",
        ["title-intro", "stat-counters", "outro"],
        "professional",
        (5, 22),
        ("stats",),
    ),
    Case(
        ("a 30 second video with revenue, a map of our offices and a call to action"),
        ["stat-counters", "world-map", "cta-card"],
        "professional",
        (20, 40),
        ("money", "map", "cta"),
    ),
    Case(
        "a one minute year in review",
        ["stat-counters", "radar", "percentile-gauge"],
        "celebratory",
        (40, 75),
        (),
    ),
    Case(
        "sales report with a breakdown by channel, friendly tone",
        ["category-donut"],
        "casual",
        (8, 40),
        ("breakdown",),
    ),
    Case(
        "partner update: global reach on a map and a timeline of milestones",
        ["world-map", "milestone-timeline"],
        "professional",
        (12, 45),
        ("map", "timeline"),
    ),
    Case(
        "an inspiring video about our mission with impact numbers",
        ["stat-counters"],
        "inspirational",
        (8, 40),
        ("stats",),
    ),
    Case(
        "hackathon recap with photos and the leaderboard",
        ["ken-burns", "bar-race"],
        "casual",
        (10, 45),
        ("photo", "top"),
    ),
    Case(
        "new hire welcome with the team and the first week schedule",
        ["milestone-timeline", "quote-card"],
        "professional",
        (12, 45),
        ("timeline", "quote"),
    ),
    Case(
        "graduation congratulations for students with their ranking among peers",
        ["percentile-gauge"],
        "celebratory",
        (8, 40),
        ("rank",),
    ),
    Case(
        "webinar follow-up: key stats, a poll and a demo link",
        ["stat-counters", "poll-card", "cta-card"],
        "casual",
        (12, 50),
        ("stats", "poll", "cta"),
    ),
    Case(
        "customer testimonial video with a quote and a call to learn more",
        ["quote-card", "cta-card"],
        "professional",
        (8, 35),
        ("quote", "cta"),
    ),
    Case(
        "subscription renewal with a comparison of plan usage",
        ["comparison-bars", "cta-card"],
        "professional",
        (10, 40),
        ("comparison",),
    ),
    Case(
        "nonprofit impact report: countries we work in and people helped",
        ["stat-counters", "world-map"],
        "inspirational",
        (10, 45),
        ("map", "count"),
    ),
    Case(
        "a fun casual recap of our team offsite with pictures",
        ["ken-burns"],
        "casual",
        (8, 45),
        ("photo",),
    ),
    Case(
        ("a formal annual report with figures and a comparison to the previous year"),
        ["stat-counters", "comparison-bars"],
        "professional",
        (10, 45),
        ("stats", "comparison"),
    ),
    # Added for issue 31: quantities of every kind, copy the prompt quotes.
    Case(
        (
            "A 30 second thank-you video for our donors: how much each gave this year, "
            "a map of the countries their money reached, a quote from a beneficiary, "
            "and a call to action to give again"
        ),
        ["stat-counters", "world-map", "quote-card", "cta-card"],
        "inspirational",
        (24, 36),
        ("money", "map", "quote", "cta"),
    ),
    Case(
        (
            "a welcome video for new gym members with the headline 'Welcome to the "
            "club, [name]', their membership start date, how many classes are included "
            "and a button to book a first session"
        ),
        ["stat-counters", "cta-card"],
        "professional",
        (12, 45),
        ("date", "count", "cta"),
    ),
    Case(
        (
            "a monthly learning recap for an online course: hours learned, lessons "
            "completed, completion rate and the top 3 topics"
        ),
        ["stat-counters", "bar-race"],
        "professional",
        (12, 50),
        ("duration", "count", "percent", "top"),
    ),
    # What is said about the recipient in words (a text slot on a stat card), beside numbers.
    Case(
        (
            "a welcome video for new members of our climbing gym: their membership tier, how "
            "many classes are included each month, the monthly fee in pounds and a button to "
            "book their induction"
        ),
        ["title-intro", "stat-counters", "cta-card", "outro"],
        "professional",
        (14, 40),
        ("text", "count", "money:£", "cta"),
    ),
    Case(
        (
            "a year in review for our SaaS customers: their plan name, seats used, and the "
            "feature they used most"
        ),
        ["title-intro", "stat-counters", "outro"],
        "celebratory",
        (10, 40),
        ("text", "count", "text"),
    ),
    Case(
        (
            "an onboarding video for new employees: their team, their manager's name, their "
            "start date and a button to open the handbook"
        ),
        ["title-intro", "stat-counters", "cta-card", "outro"],
        "professional",
        (12, 40),
        ("text", "text", "date", "cta"),
    ),
]
