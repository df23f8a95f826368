"""What a prompt says is taken off a price: a discount, named by its figure ("15% off their
next order", "a 20% discount", "€10 off"), and a code named with the discount it gives ("a
promo code for 15% off", "a 20% discount code"), which is two things, the code the recipient
holds (said in words) and the discount (a percentage or an amount).

The figure the prompt gives is the discount's value, not its name: the discount is read as
"the discount in %" (or in the figure's currency), so it is labelled "Discount" and never
"15% off delivery"; what a button or link offers stays the button's ("a button to renew with
20% off")."""

from __future__ import annotations

import re

from app.ai.asides import SAID_NUMBER
from app.ai.currencies import currency_in

# A figure taken off, at the phrase's start after words that lead it ("for 15% off their next
# order", "an extra 10% discount", "€10 off", "5 euros off"): its sign, its "%", or the
# currency word after it.
_FIGURE = (
    r"(?P<sign>[^\w\s,.;:!?()]{1,3}|[A-Z]{1,3}\$)?\s?(?:\d[\d.,]*|" + SAID_NUMBER + r")\s?"
    r"(?:(?P<pct>%|percent\b|per cent\b)|(?P<unit>[a-z]+\b))?"
)
OFF = re.compile(
    r"^(?:(?:for|with|worth|giving|get|gets|an?|the|their|your|up to|an extra|extra|then"
    r"|also)\s+)*"
    rf"{_FIGURE}\s*(?:off(?![\w-])|(?:(?P<what>[a-z]+)\s+)?discount\b)",
    re.IGNORECASE,
)
# A code, coupon or voucher named with the discount it gives, after it ("a promo code for 15%
# off", "their voucher code worth €5 off") or before it ("a 20% discount code", "a 10% off
# coupon"): where the code's words end or start.
CODE_THEN_OFF = re.compile(
    r"\b(?:code|coupon|voucher)s?\s+(?:for|worth|giving|good for)\s+"
    r"(?=[^\s]{0,4}\d[\d.,]*\s?(?:%|percent|per cent|[a-z]+)?\s+(?:off|discount)\b)",
    re.IGNORECASE,
)
OFF_THEN_CODE = re.compile(
    r"\d[\d.,]*\s?(?:%|percent|per cent)?\s+(?:off|discount)\s+"
    r"(?P<code>(?:[a-z-]+\s+)?(?:code|coupon|voucher)s?)$",
    re.IGNORECASE,
)
# What a button or link offers is the button's ("a button with a code for 10% off").
BUTTON = re.compile(r"\b(?:button|link|cta)s?\b", re.IGNORECASE)


def discounted(phrase: str) -> str:
    """The phrase said as the discount it names when it is a figure taken off ("15% off their
    next order": "the discount in %"; "€10 off": "the discount in €"), else as it is."""
    found = OFF.match(phrase.strip())
    if found is None:
        return phrase
    unit, what = found.group("unit") or "", found.group("what")
    said = f"the {what} discount" if what else "the discount"  # "a 10% loyalty discount"
    if found.group("pct"):
        return f"{said} in %"
    if found.group("sign"):
        return f"{said} in {found.group('sign')}"
    if unit and currency_in(unit.lower()) is not None:  # "5 euros off"
        return f"{said} in {unit}"
    return phrase  # "10 days off": no price


def code_and_discount(start: int, part: str) -> list[tuple[int, str]] | None:
    """A code named with its discount cut in two phrases, (where each starts, the phrase): the
    code and the discount ("a promo code for 15% off": "a promo code", "15% off"; "a 20%
    discount code": "a 20% discount", "discount code"); None for any other phrase, and for
    what a button or link offers."""
    if BUTTON.search(part):
        return None
    if after := CODE_THEN_OFF.search(part):
        code = part[: after.start()] + after.group(0).split()[0]
        return [(start, code.strip()), (start + after.end(), part[after.end() :].strip())]
    if before := OFF_THEN_CODE.search(part):
        code = before.group("code")  # "a 10% off coupon" holds a discount code
        code = code if len(code.split()) > 1 and code.endswith("code") else "discount code"
        off = part[: before.start("code")].strip()
        return [(start, off), (start + before.start("code"), code)]
    return None
