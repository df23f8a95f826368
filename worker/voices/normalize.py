"""Make numbers, dates and amounts read naturally before synthesis.

The script is split into whitespace tokens; each token becomes one or more spoken words.
Keeping the token list lets word timestamps point back at what the script actually says
("$42.50" spans "forty-two dollars, fifty cents").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from num2words import num2words

# SPEC language code -> num2words language (None: leave digits to the engine)
_NUM2WORDS_LANG = {
    "en": "en", "en-GB": "en", "es": "es", "fr": "fr", "de": "de", "pt": "pt", "ja": "ja",
    "ko": "ko", "zh": None, "ar": "ar", "hi": None, "it": "it", "nl": "nl", "pl": "pl",
    "ru": "ru", "tr": "tr", "th": "th", "vi": "vi", "sv": "sv",
}  # fmt: skip

_CURRENCY_SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY"}
# What follows the whole part of an amount in num2words' output, per language.
_CENTS_SEPARATORS = (", ", " con ", " und ", " et ", " e ", " och ", " i ")

_MONTHS = {
    "en": "January February March April May June July August September October November December",
    "es": "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre",  # noqa: E501
    "fr": "janvier février mars avril mai juin juillet août septembre octobre novembre décembre",
    "de": "Januar Februar März April Mai Juni Juli August September Oktober November Dezember",
    "it": "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre",  # noqa: E501
    "pt": "janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro",  # noqa: E501
    "nl": "januari februari maart april mei juni juli augustus september oktober november december",
    "sv": "januari februari mars april maj juni juli augusti september oktober november december",
}  # fmt: skip

_PUNCT_LEAD = "\"'([{“‘«"
_PUNCT_TRAIL = "\"')]}”’».,!?;:…"
_ISO_DATE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})$")
_AMOUNT_BEFORE = re.compile(r"^([$€£¥])(\d[\d,]*(?:\.\d+)?)$")
_AMOUNT_AFTER = re.compile(r"^(\d[\d,]*(?:[.,]\d+)?)([€$£¥])$")
_NUMBER = re.compile(r"^-?\d{1,3}(?:,\d{3})+(?:\.\d+)?$|^-?\d+(?:\.\d+)?$")
_PERCENT = re.compile(r"^(-?\d[\d,]*(?:\.\d+)?)%$")
_ORDINAL_EN = re.compile(r"^(\d+)(st|nd|rd|th)$", re.IGNORECASE)


@dataclass
class Token:
    """One whitespace token of the script and what the engine should say for it."""

    written: str
    spoken: str


def _lang(language: str) -> str | None:
    return _NUM2WORDS_LANG.get(language, _NUM2WORDS_LANG.get(language.split("-")[0]))


def _words(value: Decimal | int, lang: str, **kwargs: object) -> str:
    return str(num2words(value, lang=lang, **kwargs)).replace(",", "")


def _amount(number: str, symbol: str, lang: str) -> str:
    value = Decimal(number.replace(",", ""))
    spoken = str(
        num2words(float(value), lang=lang, to="currency", currency=_CURRENCY_SYMBOLS[symbol])
    )
    if value == value.to_integral_value():
        for sep in _CENTS_SEPARATORS:
            if sep in spoken:
                spoken = spoken.rsplit(sep, 1)[0]
                break
    return spoken.replace(",", "")


def _date(year: int, month: int, day: int, lang: str) -> str | None:
    names = _MONTHS.get(lang)
    if not names or not (1 <= month <= 12 and 1 <= day <= 31):
        return None
    month_name = names.split()[month - 1]
    if lang == "en":
        return f"{month_name} {_words(day, lang, to='ordinal')} {_words(year, lang, to='year')}"
    if lang in ("es", "pt"):
        return f"{_words(day, lang)} de {month_name} de {_words(year, lang)}"
    return f"{_words(day, lang)} {month_name} {_words(year, lang)}"


def speak_core(core: str, language: str) -> str | None:
    """Spoken form of one bare token, or None to leave it as written."""
    lang = _lang(language)
    if lang is None or not any(c.isdigit() for c in core):
        return None
    try:
        if m := _ISO_DATE.match(core):
            return _date(int(m[1]), int(m[2]), int(m[3]), lang)
        if m := _AMOUNT_BEFORE.match(core):
            return _amount(m[2], m[1], lang)
        if m := _AMOUNT_AFTER.match(core):
            return _amount(m[1].replace(",", ".") if lang != "en" else m[1], m[2], lang)
        if m := _PERCENT.match(core):
            word = {"en": "percent", "de": "Prozent", "es": "por ciento", "fr": "pour cent"}
            return f"{_words(Decimal(m[1].replace(',', '')), lang)} {word.get(lang, '%')}"
        if lang == "en" and (m := _ORDINAL_EN.match(core)):
            return _words(int(m[1]), lang, to="ordinal")
        if _NUMBER.match(core):
            value = Decimal(core.replace(",", ""))
            if lang == "en" and len(core) == 4 and 1100 <= value <= 2099:
                return _words(int(value), lang, to="year")
            return _words(value if "." in core else int(value), lang)
    except (InvalidOperation, NotImplementedError, TypeError, AttributeError, KeyError):
        return None
    return None


def normalize_tokens(text: str, language: str) -> list[Token]:
    """Split the script into tokens and give each its spoken form."""
    tokens = []
    for written in text.split():
        lead = len(written) - len(written.lstrip(_PUNCT_LEAD))
        core = written[lead:].rstrip(_PUNCT_TRAIL)
        trail = written[lead + len(core) :]
        spoken = speak_core(core, language) if core else None
        tokens.append(Token(written, f"{written[:lead]}{spoken}{trail}" if spoken else written))
    return tokens


def spoken_text(tokens: list[Token]) -> str:
    return " ".join(t.spoken for t in tokens)
