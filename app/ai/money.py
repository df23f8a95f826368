"""Amounts of money a prompt names (app/ai/quantities.py reads the phrase): the words that
name one by themselves ("revenue", "payout") or with what was done ("raised", "spent"), what
asks for one ("how much", "what they paid", a currency named for it), the note that says
what all amounts are in ("amounts in CHF"), and the prompt's currency."""

from __future__ import annotations

import re

from app.ai import regex
from app.ai.counts import done, measure, particle
from app.ai.currencies import DOLLAR, currency_in, names_unit, placed
from app.ai.heads import counted_done, money_of
from app.ai.measures import COUNT_NOUNS, DOERS, WEIGHED
from app.ai.phrases import content_words, key_label, lead_words, phrases
from app.ai.quantity import Currency, Quantity

MONEY_WORDS = ("revenue", "amount", "owed", "owe", "balance", "refund", "deposit", "bill",
               "tuition", "rent", "payment", "payments", "given", "gave", "dividend",
               "dividends", "bonus", "earned", "earnings", "earn",
               "income", "saved", "savings", "spent",
               "spend", "spending", "donated", "raised", "sales", "salary", "profit", "budget",
               "price", "cost", "costs", "fees", "commission", "payout", "value", "worth",
               "arr", "mrr", "money", "dollars", "gift", "gifts", "contribution", "billed",
               "charged", "invoiced", "refunded", "reimbursed", "payouts", "proceeds",
               "winnings", "reimbursement", "compensation", "royalties",
               "takings", "credit")  # fmt: skip
# Money words that name the amount themselves (the rest need "how much" or a currency).
MONEY_NOUNS = {"revenue": ("revenue", "Revenue"), "sales": ("sales", "Sales"),
               "earnings": ("amount_earned", "Earned"), "income": ("income", "Income"),
               "savings": ("amount_saved", "You saved"), "salary": ("salary", "Salary"),
               "profit": ("profit", "Profit"), "budget": ("budget", "Budget"),
               "arr": ("arr", "ARR"), "mrr": ("mrr", "MRR"), "raised": ("amount_raised", "Raised"),
               "value": ("estimated_value", "Estimated value"),
               "worth": ("estimated_value", "Estimated value"),
               "refund": ("refund", "Refund"), "deposit": ("deposit", "Deposit"),
               "bill": ("bill", "Bill"), "tuition": ("tuition", "Tuition"),
               "rent": ("rent", "Rent"), "balance": ("balance", "Balance"),
               "dividend": ("dividend", "Dividend"), "dividends": ("dividends", "Dividends"),
               "bonus": ("bonus", "Bonus"),
               # money with no currency named: the default currency applies ("total payout")
               "payout": ("payout", "Payout"), "payouts": ("payouts", "Payouts"),
               "proceeds": ("proceeds", "Proceeds"), "winnings": ("winnings", "Winnings"),
               "reimbursement": ("reimbursement", "Reimbursement"),
               "compensation": ("compensation", "Compensation"),
               "royalties": ("royalties", "Royalties"),
               "takings": ("takings", "Takings"),
               # credit held on an account ("the credit they have left on their account"; with
               # a currency of its own, named by what was done: "the credit we've added in rand")
               "credit": ("credit", "Credit")}  # fmt: skip
# What credit names when it is not an amount held ("their credit score", "a credit union",
# "credit hours").
CREDIT_OF = {"score", "scores", "rating", "card", "cards", "union", "history", "report",
             "check", "hours", "units", "points", "transfer", "transfers", "line"}  # fmt: skip
MONEY_VERBS = {"gave": ("amount_given", "You gave"), "give": ("amount_given", "You gave"),
               "given": ("amount_given", "You gave"), "donated": ("amount_given", "You gave"),
               "contributed": ("amount_given", "You gave"), "earned": ("amount_earned", "Earned"),
               "saved": ("amount_saved", "You saved"), "spent": ("amount_spent", "Spent"),
               "raised": ("amount_raised", "Raised"), "paid": ("amount_paid", "Paid"),
               "invested": ("amount_invested", "Invested"), "sold": ("sales", "Sales"),
               "won": ("amount_won", "Won"), "owed": ("amount_owed", "Amount owed"),
               "owe": ("amount_owed", "Amount owed"), "billed": ("amount_billed", "Billed"),
               "charged": ("amount_charged", "Charged"),
               "invoiced": ("amount_invoiced", "Invoiced"),
               "refunded": ("amount_refunded", "Refunded"),
               "reimbursed": ("amount_reimbursed", "Reimbursed"),
               "made": ("amount_made", "Earned")}  # fmt: skip
# Money verbs and nouns that name an amount without "how much" or a currency.
SELF_MONEY = {"raised", "earned", "saved", "spent", "donated", "owed", "owe", "given", "gave",
              "billed", "charged", "invoiced", "refunded", "reimbursed"}  # fmt: skip
# Words of trading and its results that name an amount when a note says what all amounts are
# in ("all amounts in HKD: volume traded, biggest single gain"); without one they may count.
NOTED_MONEY = {"volume", "traded", "trading", "turnover", "gain", "gains", "loss", "losses",
               "proceeds", "takings", "premium", "premiums", "fare", "fares", "fee", "wagered",
               "staked", "pnl", "payout", "payouts"}  # fmt: skip
# Currency words that name no amount ("how many bucks they made" is what they earned).
CURRENCY_WORDS = {"bucks", "quid", "dollars", "euros", "pounds", "grand", "francs", "yen",
                  "rupees", "pesos", "reais", "kroner", "kronor", "rand"}  # fmt: skip


def currency_of(text: str) -> Currency:
    """The currency a prompt names ("in euros", "£", "CHF", "rupees"), dollars when none
    ("pounds of food" is a weight)."""
    text = weighed(text)
    # What a phrase says all amounts are in ("amounts in CHF") outranks an amount's own sign.
    notes = (currency_in(p) for _, p in phrases(text) if currency_note(p))
    found = next((c for c in notes if c is not None), None) or currency_in(text) or DOLLAR
    return placed(found, text)  # pesos of the place the prompt names


def money(
    pos: int, tokens: list[str], currency: Currency, cue: bool, limit: int = 2
) -> Quantity | None:
    cost = WHAT_COST.search(" ".join(tokens))
    if cost:  # "what the last service cost": "Service cost"
        thing = content_words(cost.group(1).split(), set())[-2:]
        key, label = key_label([*thing, "cost" if cost.group(2) else "price"])
        return Quantity("money", key, label, currency.symbol, "", currency.spoken, 0, pos)
    # "hours given", "hours saved" are time, not money, unless something says money.
    counted = any(t in COUNT_NOUNS or measure(t) for t in tokens) or counted_done(tokens)
    for i, t in enumerate(tokens):
        if _unit_in(tokens, i):  # "their bill in won": the currency, not what was done
            continue
        if t in MONEY_VERBS and (cue or (t in SELF_MONEY or alone(tokens, t)) and not counted):
            key, label = named_money(tokens, i) or with_particle(MONEY_VERBS[t], t, tokens)
            return Quantity("money", key, label, currency.symbol, "", currency.spoken, 0, pos)
    content = content_words(lead_words(tokens), {"percent", "euros", "dollars", "pounds", "money"})
    for i, t in enumerate(tokens):
        if (
            t in MONEY_NOUNS
            and not (t == "balance" and counted or _recorded(t, tokens) or _to_do(tokens, i))
            and not _credit_named(tokens, i, cue)
        ):
            key, label = MONEY_NOUNS[t]
            if t in ("value", "worth") and content[:2] == ["estimated", t]:
                key, label = "estimated_value", "Estimated value"
            elif t == "value" and t in content and content.index(t) > 0:
                key, label = key_label(content[content.index(t) - 1 : content.index(t) + 1])
            return Quantity("money", key, label, currency.symbol, "", currency.spoken, 0, pos)
    # "the amount still owed" (not "the amount of waste")
    if not cue and not counted and regex.search(r"\bamount\b(?! of)", " ".join(tokens)):
        cue = True
    if not cue:
        return None
    if into := PAID_INTO.search(" ".join(tokens)):  # "how much went into their pension"
        key, label = key_label(["paid", "into", into.group(1)])
        return Quantity("money", key, label, currency.symbol, "", currency.spoken, 0, pos)
    content = money_of(content, tokens, limit)  # "the price of their ticket": "Ticket price"
    key, label = key_label(content[:limit]) if content else ("amount", "Amount")
    key = key if key.startswith("amount") or not content else f"{key}_amount"
    return Quantity("money", key or "amount", label, currency.symbol, "", currency.spoken, 0, pos)


# An amount put into a pot of theirs ("how much went into their pension", "what was paid into
# their savings"): named by the pot ("Paid into pension"), not by the verb.
PAID_INTO = re.compile(
    r"\b(?:went|goes|go|gone|put|paid|added|deposited|transferred) into"
    r" (?:their|your|his|her|the|each) (?:[a-z-]+ )?([a-z-]+)$"
)


def _credit_named(tokens: list[str], at: int, cue: bool) -> bool:
    """Whether "credit" is named by something else than the amount held: what it is of ("their
    credit score", "credit hours"), or, with a currency of its own, what was done with it ("the
    credit we've added in rand": "Credit added")."""
    return tokens[at] == "credit" and (cue or bool({*tokens[at + 1 : at + 2]} & CREDIT_OF))


def _unit_in(tokens: list[str], at: int) -> bool:
    """Whether a word is the name of the currency an amount is in, said after "in" ("their
    bill in won", "the fee in South Korean won"), though the name is also a verb ("the prize
    money won in won": the first "won" is what was done)."""
    return names_unit(tokens[at]) and "in" in tokens[max(0, at - 3) : at]


# Words after which "to" leads what is to be done ("they need to rent", "you have to bill").
TO_LEADS = {"need", "needs", "have", "has", "had", "want", "wants", "plan", "plans", "going",
            "got", "agreed", "offered", "promised", "up", "able", "ought"}  # fmt: skip


def _to_do(tokens: list[str], at: int) -> bool:
    """Whether a money word is what is to be done, after "to" ("the gear they need to rent",
    "what they plan to deposit"), not an amount ("how much rent they need to pay", "a
    contribution to rent")."""
    return at >= 2 and tokens[at - 1] == "to" and tokens[at - 2] in TO_LEADS


def alone(tokens: list[str], verb: str) -> bool:
    """Whether what was done to money is all the phrase names ("total paid out to them",
    "what was invested"): then it is the amount, whatever the verb."""
    named = content_words(lead_words(tokens), set())
    return named == [verb] or named == [verb, *particle(verb, tokens)]


def with_particle(named: tuple[str, str], verb: str, tokens: list[str]) -> tuple[str, str]:
    """The key and label of an amount named by what was done, with the verb's particle ("total
    paid out": "Paid out")."""
    more = particle(verb, tokens)
    return (f"{named[0]}_{more[0]}", f"{named[1]} {more[0]}") if more else named


# Words before what was done that say when or how, not what ("the amount still owed").
ADVERBS = {"still", "already", "just", "ever", "yet", "recently", "currently", "actually",
           "really", "far", "overall"}  # fmt: skip


def named_money(tokens: list[str], at: int) -> tuple[str, str] | None:
    """The money named before what was done with it: "interest earned" ("Interest earned"),
    "the prize money they won" ("Prize money"); None when nothing names it ("how much they
    gave")."""
    named = content_words(tokens[:at], {"percent", "money"} if at > 1 else set())
    named = [w for w in named if w not in CURRENCY_WORDS]
    # not the unit it is counted in ("the lempiras they've saved": "You saved")
    named = [w for w in named if not currency_in(w) and w not in NOTE_WORDS and not names_unit(w)]
    amount = {"amount", "amounts", "sum"} & set(tokens[:at])
    only_money = tokens[at - 1] in DOERS and named == ["money"]  # "the money they raised"
    if not named or amount or set(named) & ADVERBS or only_money:
        return None
    if tokens[at - 1] in DOERS:  # "the prize money they won": "Prize money"
        return key_label(content_words(tokens[:at], set())[-2:])
    return key_label([*named[-2:], tokens[at]])


# Words of a phrase that only says what all amounts are in ("amounts in CHF", "all prices in
# rand"), not a measure.
NOTE_WORDS = {"amounts", "amount", "all", "prices", "figures", "values", "money", "numbers",
              "currency", "everything", "shown", "displayed", "written", "please", "are",
              "is", "in", "so", "use", "using"}  # fmt: skip


# A note ending a sentence about who the recipients are ("they live in Norway so amounts in
# NOK", "our members are Danish, prices in kroner").
NOTE_CLAUSE = re.compile(
    r"\b(?:so|and|but|hence|therefore|thus|which means|meaning)\s+(?:all\s+)?(?:the\s+)?"
    r"(?:amounts|prices|figures|values|money|numbers|everything)\b[a-z ]*?\bin\b"
)


def currency_note(phrase: str) -> bool:
    """Whether the phrase only says which currency the amounts are in ("amounts in CHF"),
    alone or at the end of a sentence saying where the recipients are."""
    lower = phrase.lower()
    rest = regex.sub(r"\bin\b.*$", "", lower).split()
    if NOTE_CLAUSE.search(lower) and currency_in(lower[NOTE_CLAUSE.search(lower).end() :]):
        return True
    return bool(rest) and set(rest) <= NOTE_WORDS and " in " in f" {lower} "


# "what they paid" asks for an amount as "how much they paid" does, and so does what was paid
# to them ("what they were paid per kilo", "what she's been charged", "what they got refunded").
WHAT_PAID = re.compile(
    r"\bwhat (?:they|you|we|he|she|i)(?:'(?:ve|re|s|d))?"
    r" (?:(?:were|was|are|is|get|got|have been|has been|had been|been) )?"
    r"(?:" + "|".join(MONEY_VERBS) + r")\b"
)
# "what the last service cost", "what their repairs came to", "what their costume set them
# back" ask for the price of the thing; "what their best lot went for", "what it sold for",
# "what the painting fetched" for the price it was sold at.
WHAT_COST = re.compile(
    r"\bwhat ((?:[a-z0-9'-]+ ){1,4}?)(?:(cost|costs|came to|comes to"
    r"|set (?:them|you|him|her|us|me) back|sets (?:them|you|him|her|us|me) back)"
    r"|went for|goes for|sold for|sells for|fetched|fetches)\b"
)


def money_cue(text: str, tokens: list[str], phrase: str) -> bool | None:
    """True when the phrase says it is an amount ("how much", "what they paid", "what it cost",
    a currency), None when it says it is a count and names no currency ("how many times
    they've donated", "the number of lives saved"), else False (a money word may still name
    one)."""
    named = currency_in(weighed(phrase))
    if named is not None or "$" in phrase or WHAT_PAID.search(text) or WHAT_COST.search(text):
        return True
    if regex.search(r"\bhow much\b", text):
        return not regex.search(r"\bhow much (time|longer|more time)\b", text)
    return None if regex.search(r"\bhow many\b|\bnumber of\b", text) else False


# Verbs of money ("sales made", "sales generated"): what was done with sales that says an amount.
MONEY_DONE_TO = {*MONEY_VERBS, "generated", "grossed", "netted", "totalled", "totaled", "worth"}


def _recorded(noun: str, tokens: list[str]) -> bool:
    """Whether sales are named by what was done with each of them ("sales rung up", "sales
    closed", "sales logged"): the number of them, not their amount ("sales made", "sales
    generated", "sales this month" are money)."""
    at = tokens.index(noun)
    after = tokens[at + 1 : at + 2]
    return noun == "sales" and bool(after) and done(after[0]) and after[0] not in MONEY_DONE_TO


# A note after two things, saying both are amounts in one currency ("the fee and the deposit
# (both in kina)", "..., both in CFA francs"): each of the two is an amount in it, and the note
# names none of its own.
BOTH_IN = re.compile(r"(?i)^both (?:of them |are |paid )?in (.+)$")
IN_ONLY = re.compile(r"(?i)^\s*in (?:[a-z]+ ){0,2}[a-z]+\s*$")


def both_in(cut: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """The phrases with each note of both's currency said by the two phrases before it."""
    out: list[tuple[int, str]] = []
    for pos, phrase in cut:
        # a currency said after a comma is the phrase's before it ("how much they saved vs
        # buying, in baht"), as a unit is (app/ai/phrases.SAID_AFTER)
        if out and IN_ONLY.match(phrase) and currency_in(phrase) is not None:
            out[-1] = (out[-1][0], f"{out[-1][1]} {phrase.strip()}")
            continue
        note = BOTH_IN.match(phrase)
        if note and len(out) >= 2 and currency_in(phrase) is not None:
            out[-2:] = [(at, f"{said} in {note.group(1)}") for at, said in out[-2:]]
            continue
        out.append((pos, phrase))
    return out


# Pounds something counted is weighed in: what was done to things counted one by one, said in
# pounds ("lobster tails landed (in pounds)", "fish caught in lbs"); not what was done to money
# ("donations raised in pounds", "tickets sold (in pounds)").
POUNDS_IN = re.compile(r"(?i)\b([a-z]+) ([a-z]+) (?:\((?:in )?|in )(pounds?|lbs?)\b")
WEIGHT_IN = re.compile(r"^([a-z0-9 ]+?) in (pounds?|lbs?)\b")


def _things_done(before: str, did: str) -> bool:
    return counted_done([before.lower(), did.lower()]) and did.lower() not in MONEY_DONE_TO


def weighed(text: str) -> str:
    """The text without the pounds it names as a weight ("pounds of food", "fish caught in
    pounds"), so that they name no currency."""

    def unit_blanked(m: re.Match[str]) -> str:
        if not _things_done(m[1], m[2]):
            return m[0]
        return m[0][: m.start(3) - m.start()] + " " * len(m[3])

    return POUNDS_IN.sub(unit_blanked, WEIGHED.sub(" ", text))


def weighed_in(text: str) -> re.Match[str] | None:
    """A phrase that names things done in pounds, a weight ("lobster tails landed in pounds"):
    (what, the unit)."""
    found = WEIGHT_IN.search(text)
    named = found.group(1).split()[-2:] if found else []
    return found if len(named) == 2 and _things_done(*named) else None
