"""Currencies the hand-written table has no row for, read from CLDR (app/ai/cldr.py), worded
unlike any prompt set: named by their English name, their unit with their country's language
or as their country writes it, a unit alone that no other currency has and that is no English
word, or their code in capitals where only a currency can stand; shown with the sign of their
own country, a prefixed dollar sign CLDR gives, else their code. The table's rows, dollars
alone and English words are as before."""

from __future__ import annotations

import pytest

from app.ai import cldr
from app.ai.currencies import KNOWN, TAKEN, currency_in, spoken_after
from app.ai.money import currency_of


def sign(text: str) -> str | None:
    found = currency_in(text)
    return None if found is None else found.symbol.strip()


@pytest.mark.parametrize(
    "named, shown",
    [
        ("a taxi across Yerevan costs 2,000 Armenian drams", "֏"),
        ("souvenir prices (drams)", "֏"),
        ("a market stall in Asunción selling in Paraguayan guaranis", "₲"),
        ("each hammock costs 150,000 guaraníes", "₲"),
        ("tuition listed in guaranies", "₲"),
        ("a tuk-tuk ride in Laotian kip", "₭"),
        ("rice noodles priced in Lao kip", "₭"),
        ("what the boat trip cost (kip)", "₭"),
        ("safari lodge rates in Namibian dollars", "NAD"),
        ("tea glasses sold in Azerbaijani manats", "₼"),
        ("rakija tastings billed in Serbian dinars", "RSD"),
        ("fishing permits priced in Malawian kwacha", "MK"),
        ("ferry tickets in Belize dollars", "BZ$"),
        ("a donation of ₭50,000", "₭"),
    ],
)
def test_a_currency_the_table_does_not_know_is_read_from_cldr(named: str, shown: str) -> None:
    assert sign(named) == shown


@pytest.mark.parametrize(
    "named, shown",
    [
        ("matatu fares in Kenyan shillings", "KSh"),
        ("cocoa sold in Ghanaian cedis", "GH₵"),
        ("riad nights in Moroccan dirhams", "DH"),
        ("street food in Vietnamese dong", "₫"),
        ("frankincense priced in Omani rials", "OMR"),
        ("a surf lesson for 40 Jamaican dollars", "J$"),
        ("a tip of 20 dollars", "$"),
        ("fares (won)", "₩"),
    ],
)
def test_the_tables_rows_decide_as_before(named: str, shown: str) -> None:
    assert sign(named) == shown


def test_a_code_in_capitals_is_shown_as_written() -> None:
    assert currency_of("a rafting trip: what each guest paid (AMD)").symbol == "AMD "
    assert currency_of("all prices in PYG").symbol == "PYG "


@pytest.mark.parametrize(
    "text",
    [
        "a dram of whisky after the tasting",
        "we took a quick kip after lunch",
        "Mark reviewed the release",
        "the real question is who won",
        "a quetzal feather on the hat",
        "gold medals for the winners",
        "a Lempira hotel booking",
        "ALL of the volunteers in TOP form",
        "amounts in dinars",  # whose? eight countries pay in dinars
        "salaries in manat",  # Azerbaijan's or Turkmenistan's
        "bonuses paid in manats",
        "a Sierra Leonean restaurant opened downtown",
    ],
)
def test_english_words_and_shared_units_are_no_cldr_currency(text: str) -> None:
    assert sign(text) is None


def test_a_script_says_the_unit_after_a_sign_it_would_not_read() -> None:
    assert spoken_after("֏") == "drams"
    assert spoken_after("NAD ") == "dollars"
    assert spoken_after("$") is None


def test_the_lookup_is_built_once() -> None:
    assert cldr.lookup(KNOWN, TAKEN) is cldr.lookup(KNOWN, TAKEN)
    assert "EUR" not in cldr.lookup(KNOWN, TAKEN)[2]  # the table's currencies stay its own
