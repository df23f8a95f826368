"""The built-in script writer's sentences: per primitive and tone the lead lines (fullest
first), per use case and per tone the sentences that carry a scene to its planned length.

Placeholders fill with `[slot]` references: {name} {period} {company} {badge} the template's
slots by role; {count} the length of the scene's list (`[countries.length]`); {author} who is
quoted; {percentile} the recipient's percentile. A line whose placeholder cannot be filled is
not used."""

from __future__ import annotations

from app.ai.schemas import Tone

LINES: dict[str, dict[Tone, list[str]]] = {
    "title-intro": {
        "professional": ["{name}, welcome to your {period} review. Here is what we found.",
                         "{name}, here is your {period} review.",
                         "{name}, welcome. Here is what we prepared for you.", "Welcome, {name}."],
        "celebratory": ["{name}, what a {period} it has been! Let's celebrate it together.",
                        "{name}, let's celebrate your {period}!",
                        "{name}, this one is all about you. Let's celebrate!",
                        "Congratulations, {name}!"],
        "casual": ["Hey {name}! Grab a coffee, here's your {period} in a nutshell.",
                   "Hey {name}, here's your {period}.",
                   "Hey {name}! Got a minute? This one's for you.", "Hey {name}!"],
        "inspirational": ["{name}, every great story has a chapter like this {period}. "
                          "This is yours.", "{name}, this {period} is your story.",
                          "{name}, this is your story."],
    },
    "logo-reveal": {
        "professional": ["{company} is glad to have you with us, {name}.",
                         "Welcome to {company}."],
        "celebratory": ["Welcome aboard, {name}! {company} is thrilled to have you.",
                        "Welcome to {company}!"],
        "casual": ["So, this is {company}. Nice to meet you, {name}!", "Hi from {company}!"],
        "inspirational": ["At {company}, we build what comes next, together with you.",
                          "Together with {company}."],
    },
    "stat-counters": {
        "professional": ["{name}, here are the numbers that matter most.", "The key numbers."],
        "celebratory": ["Look at these numbers, {name}! Every one of them is worth a cheer.",
                        "Look at these numbers!"],
        "casual": ["Okay {name}, let's talk numbers.", "Here are your numbers."],
        "inspirational": ["{name}, each of these numbers stands for effort that added up.",
                          "Every number tells a story."],
    },
    "bar-race": {
        "professional": ["Here is how your {count} top entries ranked.", "The ranking."],
        "celebratory": ["And the winners are in! Here are your top {count}.", "The winners!"],
        "casual": ["Who came out on top? Here are your top {count}.", "The top spots."],
        "inspirational": ["These {count} led the way.", "Leading the way."],
    },
    "category-donut": {
        "professional": ["Here is how it breaks down across {count} categories.",
                         "The breakdown."],
        "celebratory": ["Every slice of this is a win. Here are all {count} of them!",
                        "The full picture!"],
        "casual": ["Here's how it all splits up, {count} ways.", "The split."],
        "inspirational": ["Every part plays its role in the whole, all {count} of them.",
                          "Every part counts."],
    },
    "comparison-bars": {
        "professional": ["Compared with the previous period, here is what changed "
                         "across {count} areas.", "The comparison."],
        "celebratory": ["And look how far you've come since last time, {name}!",
                        "What a jump!"],
        "casual": ["Now versus last time, {name}. Quite the difference, right?",
                   "Then versus now."],
        "inspirational": ["Growth is measured against where we started. Look at the distance, "
                          "{name}.", "Look how far."],
    },
    "radar": {
        "professional": ["{name}, here is your profile across the areas that count.",
                         "Your profile."],
        "celebratory": ["Look at that shape, {name}! You showed up everywhere.",
                        "What a shape!"],
        "casual": ["Here's your mix, {name}. Pretty well rounded!", "Your mix."],
        "inspirational": ["Your strengths, drawn out, {name}. Each one can still grow.",
                          "Your strengths."],
    },
    "percentile-gauge": {
        "professional": ["{name}, you rank above {percentile} percent of your peers.",
                         "{name}, here is where you rank."],
        "celebratory": ["{name}, you're ahead of {percentile} percent of everyone. Amazing!",
                        "You're ahead of the pack, {name}!"],
        "casual": ["So where do you stand, {name}? Ahead of {percentile} percent of people.",
                   "Here's where you stand, {name}."],
        "inspirational": ["{name}, you are ahead of {percentile} percent. You set the pace "
                          "others will follow.", "You set the pace, {name}."],
    },
    "milestone-timeline": {
        "professional": ["Here are the {count} milestones along the way, step by step.",
                         "The milestones."],
        "celebratory": ["What a journey! Let's look back at all {count} milestones.",
                        "What a journey!"],
        "casual": ["Here's how it went, {count} steps in all.", "The journey."],
        "inspirational": ["Each of these {count} milestones was a step toward something bigger.",
                          "Step by step."],
    },
    "world-map": {
        "professional": ["This reaches {count} countries.", "Here is the reach."],
        "celebratory": ["Look at that map light up: {count} countries!", "Around the world!"],
        "casual": ["{count} countries on the map. Not bad!", "Here's the map."],
        "inspirational": ["This now reaches people in {count} countries.", "Worldwide."],
    },
    "quote-card": {
        "professional": ["In the words of {author}.", "In their words."],
        "celebratory": ["Here's what {author} has to say!", "What people say!"],
        "casual": ["Don't just take our word for it. Here's {author}.",
                   "Don't just take our word for it."],
        "inspirational": ["Sometimes one sentence says it all. These are {author}'s words.",
                          "One sentence says it all."],
    },
    "badge-unlock": {
        "professional": ["{name}, you have earned the {badge} badge.", "Badge earned."],
        "celebratory": ["Achievement unlocked! {name}, the {badge} badge is yours!",
                        "Achievement unlocked!"],
        "casual": ["Oh, and {name}? You unlocked {badge}. Nice!", "You unlocked a badge!"],
        "inspirational": ["{name}, {badge} marks how far you've come.", "A badge well earned."],
    },
    "poll-card": {
        "professional": ["{name}, we asked, and here is what people answered.",
                         "Here are the answers."],
        "celebratory": ["The votes are in, {name}, and here's the winner!", "The votes are in!"],
        "casual": ["We asked, you answered, {name}. Here's how it went.", "You answered!"],
        "inspirational": ["Every voice counted, {name}. Here's what you told us.",
                          "Every voice counted."],
    },
    "ken-burns": {
        "professional": ["{name}, a look back at the moment.", "A look back."],
        "celebratory": ["What a moment that was, {name}!", "What a moment!"],
        "casual": ["Remember this one, {name}?", "Remember this?"],
        "inspirational": ["Some moments stay with us, {name}.", "Moments that stay."],
    },
    "book-shelf": {
        "professional": ["Here is the body of work so far: {count} books.", "The work so far."],
        "celebratory": ["Look at that shelf! {count} books, every one a milestone.",
                        "Look at that shelf!"],
        "casual": ["Here's the bookshelf. {count} books, quite the collection!",
                   "The bookshelf."],
        "inspirational": ["Each of these {count} books opened a door for a reader somewhere.",
                          "Each book opened a door."],
    },
    "cta-card": {
        "professional": ["{name}, let's plan the next step together. The link is on screen.",
                         "Let's plan the next step, {name}."],
        "celebratory": ["Let's keep the momentum going, {name}! Tap the button to join us.",
                        "Let's keep it going, {name}!"],
        "casual": ["Want to chat, {name}? Just hit the button.", "Hit the button, {name}!"],
        "inspirational": ["{name}, the next chapter starts with one step. Take it today.",
                          "Take the next step today, {name}."],
    },
    "outro": {
        "professional": ["Thank you, {name}. We look forward to what comes next.",
                         "Thank you, {name}."],
        "celebratory": ["Congratulations again, {name}! Here's to an even better {period}!",
                        "Congratulations again, {name}!", "Cheers, {name}!"],
        "casual": ["That's a wrap, {name}! Catch you next time.", "That's a wrap, {name}!"],
        "inspirational": ["Thank you, {name}. The best is yet to come.",
                          "The best is yet to come, {name}."],
    },
}  # fmt: skip

# Lead lines a use case says in place of the tone's (fullest first).
CASE_LINES: dict[str, dict[str, list[str]]] = {
    "season recap": {
        "title-intro": ["{name}, what a season it has been! Let's look back on it together.",
                        "{name}, here is your season!", "What a season, {name}!"],
        "outro": ["Thanks for a great season, {name}. See you next season!",
                  "See you next season, {name}!"],
    },
    "birthday": {
        "title-intro": ["Happy birthday, {name}! Today is all about you.",
                        "Happy birthday, {name}!"],
        "outro": ["Happy birthday once more, {name}. Enjoy your day!",
                  "Happy birthday, {name}!"],
    },
}  # fmt: skip
# The stat cards' lead when none of them holds a number (a name, a tier, a date).
DETAIL_LINES: dict[Tone, list[str]] = {
    "professional": ["{name}, here are your details.", "Your details."],
    "celebratory": ["{name}, here is what makes it yours!", "Here is what makes it yours!"],
    "casual": ["Okay {name}, here are your details.", "Here are your details."],
    "inspirational": ["{name}, here is what makes this story yours.",
                      "Here is what makes it yours."],
}  # fmt: skip

# Said after the scene's lead to fill its planned length: about the use case first, then
# sentences that suit any video in the tone.
FILL: dict[str, list[str]] = {
    "year in review": ["It was a year full of small wins that added up.",
                       "Some days were easy and some were not, and you kept going.",
                       "Take a moment to enjoy how far you have come.",
                       "Next year starts from here, and it starts strong."],
    "birthday": ["Here's to another wonderful year.",
                 "We hope your day is as great as you are.",
                 "Enjoy every moment of your special day.",
                 "Thank you for being part of our story."],
    "season recap": ["It was a season to remember.",
                     "All of it added up, one session at a time.",
                     "Thank you for giving it your all this season."],
    "renewal": ["You made real use of it this period.",
                "That is the kind of progress we want to keep building on.",
                "We are ready to help you get even more out of it.",
                "Renewing keeps everything you rely on running without a pause."],
    "onboarding": ["We are glad you chose to work with us.",
                   "Our team is ready whenever you have a question.",
                   "Here is what the first weeks will look like.",
                   "There is nothing you need to figure out alone."],
    "event recap": ["Thank you for being part of it.",
                    "The energy in the room was something else.",
                    "So many conversations started right there.",
                    "We are already planning the next one."],
    "product launch": ["We built this with our customers, step by step.",
                       "It is faster, simpler and ready today.",
                       "We cannot wait to see what you do with it.",
                       "This is only the beginning of what is coming."],
    "fundraising thanks": ["Every gift, large or small, changes a life.",
                           "None of this would happen without people like you.",
                           "Your kindness travels further than you might think.",
                           "Behind each number is a family with a better tomorrow.",
                           "Thank you for believing in this work."],
    "thank you": ["None of this would have happened without you.",
                  "Your time and care made a real difference.",
                  "People noticed, and they are grateful.",
                  "We could not ask for better people beside us."],
    "academic career": ["Behind every paper are years of patient work.",
                        "Colleagues across the world built on these ideas.",
                        "Students carry this work forward every day.",
                        "It is a career that shaped a whole field."],
    "author spotlight": ["Readers keep coming back to these pages.",
                         "Every story found its own audience.",
                         "The next chapter is already being written."],
    "achievement": ["This did not happen by chance.",
                    "It took focus, patience and a lot of hard work.",
                    "Everyone around you has noticed."],
    "survey results": ["Thank you to everyone who took the time to answer.",
                       "Your answers shape what we do next.",
                       "Some results surprised even us."],
    "business review": ["The trend is clear and it points the right way.",
                        "Let's look at what drove these results.",
                        "There is room to grow even further next period."],
    "reminder": ["It only takes a minute to check.",
                 "We are here if anything needs to change.",
                 "Planning ahead keeps everything simple."],
    "loyalty": ["Every visit brings you closer to your next reward.",
                "Thank you for choosing us again and again.",
                "Your rewards are waiting whenever you are ready."],
    "travel recap": ["Every stop on the way had its own story.",
                     "The best journeys stay with you long after you are home.",
                     "We loved having you with us on the road."],
    "student report": ["Hard work shows, and it shows here.",
                       "Every term is a chance to grow a little more.",
                       "Your teachers are proud of the effort you put in."],
}  # fmt: skip

# Said after any scene's lead in the tone: nothing in them judges a result.
TONE_FILL: dict[Tone, list[str]] = {
    "professional": ["Let's take a closer look.", "The details are on screen.",
                     "This is worth a moment of your time.",
                     "We prepared this summary especially for you."],
    "celebratory": ["We are so glad to share this with you!",
                    "We can't wait to see what comes next!"],
    "casual": ["We thought you'd like to see this.", "There's more where that came from."],
    "inspirational": ["Small steps, taken together, go a long way.", "Imagine what comes next.",
                      "Keep going; it matters more than you know."],
}  # fmt: skip
# Said only after a scene that shows a result (PRAISED): they judge it ("Not bad at all.").
TONE_PRAISE: dict[Tone, list[str]] = {
    "professional": ["It reflects a lot of focused work."],
    "celebratory": ["That deserves a celebration!", "Seriously, well done!",
                    "You earned every bit of this.", "What a result this is!",
                    "Give yourself a round of applause."],
    "casual": ["Pretty cool, right?", "Not bad at all.", "Take a second to enjoy that."],
    "inspirational": ["This is what commitment looks like.",
                      "Every effort here made a difference."],
}  # fmt: skip
PRAISED = {"stat-counters", "bar-race", "category-donut", "comparison-bars", "radar",
           "percentile-gauge", "milestone-timeline", "world-map", "badge-unlock",
           "book-shelf"}  # fmt: skip
# A sentence that announces what comes next: never the close of a video or its call to action.
ANNOUNCES = ("Let's ", "Here is ", "Here's ", "Take a look", "Watch ")

# About what a scene shows, said in any tone (a long scene says more of them).
SCENE_FILL: dict[str, list[str]] = {
    "title-intro": ["We put this together just for you.", "It only takes a minute to watch."],
    "logo-reveal": ["We are glad you are here.", "This is where it all comes together."],
    "stat-counters": ["Each card on screen is one of your results.",
                      "Behind every figure is real effort."],
    "bar-race": ["The longest bar is the one that led.",
                 "Watch how close the race was at the top."],
    "category-donut": ["Each slice shows its share of the whole.",
                       "The biggest slice tells you where most of it went."],
    "comparison-bars": ["The darker bars are now; the lighter ones are before.",
                        "The gap between them is the progress."],
    "radar": ["The further a point reaches, the stronger that area.",
              "Together they draw a shape that is yours alone."],
    "percentile-gauge": ["That puts you ahead of most people.",
                         "Few reach that part of the dial."],
    "milestone-timeline": ["Each point on the line marks a moment that mattered.",
                           "Look how much fits between the first step and the last."],
    "world-map": ["Each highlighted country is a place this reached.",
                  "The map tells the story better than words can."],
    "quote-card": ["Their words say more than any number could.",
                   "Take a moment to read it again."],
    "badge-unlock": ["Not everyone earns this one.", "Wear it with pride."],
    "poll-card": ["The longest bar shows the favourite answer.",
                  "Every answer was counted."],
    "ken-burns": ["Pictures like this say what words cannot.",
                  "It is a moment worth keeping."],
    "book-shelf": ["Every cover on this shelf has its own story.",
                   "Readers keep finding their way to these pages."],
    "cta-card": ["It only takes a moment.", "The button on screen takes you straight there."],
    "outro": ["We are already looking forward to the next one.",
              "Thank you for watching until the end."],
}  # fmt: skip
