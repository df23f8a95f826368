"""Issue 27, finding 8: CSV cells follow OWASP's rule for CSV injection in full — every cell
quoted, and formula text made text also where it follows a separator (a spreadsheet in a
locale that splits on `;` or tabs would otherwise start a cell there)."""

from __future__ import annotations

import csv
import io

import pytest

from app.csvcells import safe_cell, writer

DANGEROUS = [
    '=HYPERLINK("http://x")',
    "+1+cmd|' /C calc'!A0",
    "-2+3",
    "@SUM(A1)",
    "\t=1",
    "\r=1",
    "Ada;=HYPERLINK(1)",
    "Ada,=1+1",
    "Ada\t@SUM(A1)",
    'Ada";=1',
    "Ada | +1",
    "Ada\n=1",
    "Ada; -1",
]
HARMLESS = ["Ada Lovelace", "Smith-Jones", "a@b.example", "50%", "3 + 4", "O'Brien"]


@pytest.mark.parametrize("text", DANGEROUS)
def test_formula_text_is_made_text(text: str) -> None:
    assert safe_cell(text) == "'" + text


@pytest.mark.parametrize("text", HARMLESS)
def test_ordinary_text_is_kept(text: str) -> None:
    assert safe_cell(text) == text


def written(rows: list[list[object]]) -> str:
    out = io.StringIO()
    w = writer(out)
    for row in rows:
        w.writerow([safe_cell(v) for v in row])
    return out.getvalue()


@pytest.mark.parametrize("delimiter", [",", ";", "\t"])
def test_no_reader_sees_a_cell_starting_a_formula(delimiter: str) -> None:
    text = written([[t, 3, None, True] for t in DANGEROUS + HARMLESS])
    assert text.startswith('"')  # every cell quoted
    for row in csv.reader(io.StringIO(text), delimiter=delimiter):
        for cell in row:
            assert not cell.lstrip().startswith(("=", "+", "-", "@")), (delimiter, cell)


def test_values_round_trip() -> None:
    [row] = list(csv.reader(io.StringIO(written([["Ada", 3, None, True, 'say "hi"']]))))
    assert row == ["Ada", "3", "", "yes", 'say "hi"']
