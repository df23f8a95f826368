"""The currency a prompt names, read in general: by its ISO code ("in CHF", "SGD"), its sign
("₹", "zł", "S$") or its name ("Swiss francs", "rupees", "kronor", "Mexican pesos"), and what
a stat card shows before an amount in it.

An amount shows the sign people of the currency read ("₹", "kr", "R", "S$"); when the prompt
writes a currency's ISO code and the currency has no sign read beyond its country ("PLN", "ZAR",
"ISK"), the code as written. The Scandinavian crowns' "kr" is read in Denmark, Norway and Sweden
alike, so "amounts in DKK" are shown in "kr" (an Icelandic króna, a twentieth of theirs, keeps
the code written: "kr" abroad reads as the Scandinavian crown). Dollars are "$" unless the
prompt says whose ("A$", "S$", "J$"; also by its country's two-letter code: "NZ dollars",
"AU$"); none named is dollars. Pesos, which several countries use, are
those of the country or city the prompt names ("our app in Mexico City": "MX$"), "$" where it
names none. A name that is also an English word ("won", "dong", "real") or a given name
("lari") is the currency with its country ("Korean won") or where only a currency can stand
("how much they spent (won)", "amounts in won", "prices in lari"); "colón", a city and a name
too, only so and in lower case. A name that is no English word is read alone ("colones",
"tögrög"). A currency the table has no row for is read from CLDR (app/ai/cldr.py: "Armenian
drams", "in kip"); the table decides first."""

from __future__ import annotations

import re

from app.ai import cldr, regex
from app.ai.quantity import Currency

# (ISO code, sign, what a script says after the amount, names, a sign read abroad). Names are
# lower case; a name of one word that is also an English word ("won", "real", "try") is
# only read with its country ("korean won").
TABLE: tuple[tuple[str, str, str, tuple[str, ...], bool], ...] = (
    ("EUR", "€", "euros", ("euro", "euros"), True),
    ("GBP", "£", "pounds", ("pound", "pounds", "sterling", "pounds sterling", "quid"), True),
    ("JPY", "¥", "yen", ("yen", "japanese yen"), True),
    ("INR", "₹", "rupees", ("rupee", "rupees", "indian rupees", "rs"), True),
    ("CNY", "CN¥", "yuan", ("yuan", "renminbi", "rmb", "chinese yuan"), True),
    ("CHF", "CHF", "francs", ("franc", "francs", "swiss franc", "swiss francs"), True),
    ("BRL", "R$", "reais", ("reais", "brazilian real", "brazilian reais"), True),
    ("AUD", "A$", "dollars", ("australian dollar", "australian dollars"), True),
    ("CAD", "C$", "dollars", ("canadian dollar", "canadian dollars"), True),
    ("NZD", "NZ$", "dollars", ("new zealand dollar", "new zealand dollars"), True),
    ("SGD", "S$", "dollars", ("singapore dollar", "singapore dollars"), True),
    ("HKD", "HK$", "dollars", ("hong kong dollar", "hong kong dollars"), True),
    ("MXN", "MX$", "pesos", ("mexican peso", "mexican pesos"), True),
    ("CLP", "CLP$", "pesos", ("chilean peso", "chilean pesos"), True),
    ("COP", "COL$", "pesos", ("colombian peso", "colombian pesos"), True),
    ("ARS", "ARS$", "pesos", ("argentine peso", "argentine pesos", "argentinian pesos"), True),
    ("UYU", "$U", "pesos", ("uruguayan peso", "uruguayan pesos"), False),
    # the Scandinavian crowns: one sign, read in all three countries
    ("SEK", "kr", "kronor", ("krona", "kronor", "swedish krona", "swedish kronor"), True),
    ("NOK", "kr", "kroner", ("norwegian krone", "norwegian kroner"), True),
    ("DKK", "kr", "kroner", ("krone", "kroner", "danish krone", "danish kroner"), True),
    ("PLN", "zł", "zloty", ("zloty", "złoty", "zlotys", "polish zloty"), False),
    ("CZK", "Kč", "koruna", ("koruna", "czech koruna", "czech crowns"), False),
    ("HUF", "Ft", "forints", ("forint", "forints"), False),
    ("ZAR", "R", "rand", ("rand", "south african rand"), False),
    ("KRW", "₩", "won", ("korean won",), True),
    ("TRY", "₺", "lira", ("lira", "liras", "turkish lira"), True),
    ("ILS", "₪", "shekels", ("shekel", "shekels", "new shekels"), True),
    ("NGN", "₦", "naira", ("naira",), True),
    ("KES", "KSh", "shillings", ("kenyan shilling", "kenyan shillings"), False),
    ("AED", "AED", "dirhams", ("dirham", "dirhams"), False),
    ("SAR", "SAR", "riyals", ("riyal", "riyals", "saudi riyals"), False),
    ("THB", "฿", "baht", ("baht", "thai baht"), True),
    ("IDR", "Rp", "rupiah", ("rupiah", "indonesian rupiah"), False),
    ("MYR", "RM", "ringgit", ("ringgit", "malaysian ringgit"), False),
    ("PHP", "₱", "pesos", ("philippine peso", "philippine pesos"), True),
    ("VND", "₫", "dong", ("vietnamese dong",), True),
    ("RUB", "₽", "roubles", ("rouble", "roubles", "ruble", "rubles"), True),
    # Currencies of one country each, shown by the ISO code the prompt writes ("(ISK)", "in
    # EGP") or by their sign when named with their country ("Egyptian pounds": "E£").
    ("ISK", "kr", "krónur", ("króna", "krónur", "icelandic krona", "icelandic kronur",
                             "icelandic króna", "icelandic krónur"), False),
    ("EGP", "E£", "pounds", ("egyptian pound", "egyptian pounds"), False),
    ("MAD", "DH", "dirhams", ("moroccan dirham", "moroccan dirhams"), False),
    ("QAR", "QR", "riyals", ("qatari riyal", "qatari riyals"), False),
    ("OMR", "OMR", "rials", ("omani rial", "omani rials"), False),
    ("KWD", "KD", "dinars", ("kuwaiti dinar", "kuwaiti dinars"), False),
    ("BHD", "BD", "dinars", ("bahraini dinar", "bahraini dinars"), False),
    ("JOD", "JD", "dinars", ("jordanian dinar", "jordanian dinars"), False),
    ("TND", "DT", "dinars", ("tunisian dinar", "tunisian dinars"), False),
    ("PKR", "Rs", "rupees", ("pakistani rupee", "pakistani rupees"), False),
    ("LKR", "Rs", "rupees", ("sri lankan rupee", "sri lankan rupees"), False),
    ("BDT", "৳", "taka", ("taka", "bangladeshi taka"), False),
    ("UAH", "₴", "hryvnias", ("hryvnia", "hryvnias", "ukrainian hryvnia"), False),
    ("RON", "lei", "lei", ("romanian lei", "romanian leu"), False),
    ("BGN", "лв", "leva", ("bulgarian lev", "bulgarian leva"), False),
    ("GEL", "₾", "lari", ("georgian lari",), False),
    ("KZT", "₸", "tenge", ("tenge", "kazakh tenge"), False),
    ("GHS", "GH₵", "cedis", ("cedi", "cedis", "ghanaian cedi", "ghanaian cedis"), False),
    ("ETB", "Br", "birr", ("birr", "ethiopian birr"), False),
    ("TZS", "TSh", "shillings", ("tanzanian shilling", "tanzanian shillings"), False),
    ("UGX", "USh", "shillings", ("ugandan shilling", "ugandan shillings"), False),
    ("XOF", "CFA", "francs", ("cfa franc", "cfa francs"), False),
    ("PEN", "S/", "soles", ("soles", "peruvian sol", "peruvian soles"), False),
    ("TWD", "NT$", "dollars", ("taiwan dollar", "taiwan dollars", "new taiwan dollars"), True),
    # Caribbean dollars, named with their country ("Jamaican dollars": "J$"; "dollars" alone
    # are "$")
    ("JMD", "J$", "dollars", ("jamaican dollar", "jamaican dollars"), False),
    ("TTD", "TT$", "dollars", ("trinidad and tobago dollar", "trinidad and tobago dollars",
                               "trinidadian dollar", "trinidadian dollars"), False),
    ("BBD", "Bds$", "dollars", ("barbadian dollar", "barbadian dollars", "barbados dollar",
                                "barbados dollars"), False),
    ("BSD", "B$", "dollars", ("bahamian dollar", "bahamian dollars"), False),
    ("XCD", "EC$", "dollars", ("east caribbean dollar", "east caribbean dollars"), False),
    ("FJD", "FJ$", "dollars", ("fijian dollar", "fijian dollars", "fiji dollar", "fiji dollars"),
     False),
    # Currencies named alone, by a word that is no English word ("colones", "tögrög"; "colón",
    # a city and a name too, where only a currency can stand: BARE_NAMES)
    ("CRC", "₡", "colones", ("colones", "costa rican colón", "costa rican colon",
                             "costa rican colones"), False),
    ("MNT", "₮", "tugriks", ("tögrög", "tögrögs", "togrog", "togrogs", "tugrik", "tugriks",
                             "tugrug", "tugrugs", "mongolian tögrög", "mongolian tugrik",
                             "mongolian tugriks"), False),
    ("USD", "$", "dollars", ("us dollar", "us dollars", "dollar", "dollars", "bucks"), True),
)  # fmt: skip
# What scripts say after an amount whose sign a voice does not read ("1,250 francs").
SPOKEN = {spoken for _, sign, spoken, _, _ in TABLE if sign not in ("$", "€", "£", "¥")}
# ISO codes that are also English words, read in capitals ("TRY"), or in any case after "in"
# or in parentheses ("amounts in php", "(try)"; not "try it").
WORD_CODES = {"TRY", "PHP", "SAR", "ILS", "ALL", "COP", "MAD", "PEN", "RON", "GEL"}
# Pesos, with no country named, are written with "$" (Mexico, Chile, Colombia …)...
PESO = Currency("$", "pesos")
# ...and with one named, by its country or one of its cities ("our app in Mexico City",
# "members in Manila"): the sign read abroad.
PESO_PLACES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("MX$", ("mexico", "mexican", "guadalajara", "monterrey", "cancún", "cancun", "tijuana",
             "puebla", "oaxaca", "mérida", "merida")),
    ("₱", ("philippines", "philippine", "filipino", "manila", "cebu", "davao", "makati",
           "quezon city")),
    ("CLP$", ("chile", "chilean", "valparaíso", "valparaiso", "santiago de chile")),
    ("COL$", ("colombia", "colombian", "bogotá", "bogota", "medellín", "medellin")),
    ("ARS$", ("argentina", "argentine", "argentinian", "buenos aires", "mendoza")),
    ("$U", ("uruguay", "uruguayan", "montevideo", "punta del este")),
)  # fmt: skip
# Dirhams, with no country named, are the Emirates' ("AED"); with Morocco or one of its cities
# named, Morocco's ("a mobile bill in Casablanca … in dirhams": "DH").
DIRHAM = Currency("AED ", "dirhams")
DIRHAM_PLACES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("DH", ("morocco", "moroccan", "casablanca", "rabat", "marrakech", "marrakesh", "tangier",
            "agadir", "meknes")),
)  # fmt: skip
# A name several countries' currencies share, read by the place the text names, unless the
# text writes the code of the one read where none is named ("in AED").
SHARED_NAMES = {PESO: ("", PESO_PLACES), DIRHAM: ("AED", DIRHAM_PLACES)}
DOLLAR = Currency("$", "dollars")
# Names of one word that are also English words, read as the currency only where nothing but
# a currency can stand: in parentheses after an amount ("how much they spent (won)") or after
# "in" at the end of a phrase ("amounts in won"; not "games won in extra time").
# "Lari", a given name too, is read so as well ("prices in lari", "(lari)"), and "colón", a
# city and a name too, only as written in lower case ("fares in colón"; not "a hostel in Colón").
BARE_NAMES = {"won": "KRW", "dong": "VND", "real": "BRL", "lari": "GEL", "colón": "CRC"}
LOWER_ONLY = {"colón"}
BARE_AT = r"\(({name})\)|\bin ({name})(?=\s*(?:[,;:.!?)\n]|$|and\b|or\b|plus\b))"
# Signs of letters a prompt may write for the currency ("amounts in kr"; not "R", "Ft", "RM":
# words and units).
WRITTEN_SIGNS = {"kr", "zł", "kč", "ksh", "rp"}
# Currencies the table has no row for come from CLDR (app/ai/cldr.py); the table's codes and
# names stay its own.
KNOWN = frozenset(code for code, *_ in TABLE)
TAKEN = frozenset({n for *_, names, _ in TABLE for n in names} | set(BARE_NAMES))


def _shown(sign: str) -> str:
    """A sign of letters is set apart from the amount ("CHF 1,250", "kr 1,250")."""
    return f"{sign} " if sign[-1:].isalpha() else sign


def _found(text: str) -> list[tuple[int, Currency]]:
    """(where, currency) of each currency the text names."""
    lower = text.lower()
    out: list[tuple[int, Currency]] = []
    for code, sign, spoken, names, abroad in TABLE:
        # "omani riyals" as "omani rials": the unit spelled the other English way
        for name in (*names, *{o for n in names for o in cldr.other_spelling(n)}, code.lower()):
            if name == code.lower() and code in WORD_CODES:
                hits = [m.start() for m in regex.finditer(rf"\b{code}\b", text)]
                # "amounts in try", "(php)": after "in" or in parentheses, any case
                hits += [m.start(1) for m in regex.finditer(
                    rf"(?:\bin |\()({name})(?:\)|\b(?! (?:it|to|out|again|this|that|and)\b))",
                    lower) if text[m.start(1) : m.end(1)] != code]  # fmt: skip
            else:
                hits = [m.start() for m in regex.finditer(rf"(?<![a-z]){re.escape(name)}(?![a-z])",
                                                       lower)]  # fmt: skip
            shown = code if name == code.lower() and not abroad else sign
            out += [(at, Currency(_shown(shown), spoken)) for at in hits]
        if sign != "$" and (not sign.isalpha() or sign.lower() in WRITTEN_SIGNS):
            pattern = rf"(?<![a-z]){re.escape(sign.lower())}(?![a-z])"
            out += [(m.start(), Currency(_shown(sign), spoken))
                    for m in regex.finditer(pattern, lower)]  # fmt: skip
    out += [(m.start(), PESO) for m in regex.finditer(r"\bpesos?\b", lower)]
    signs = {code: (sign, spoken) for code, sign, spoken, _, _ in TABLE}
    for name, code in BARE_NAMES.items():
        sign, spoken = signs[code]
        out += [(m.start(m.lastindex or 0), Currency(_shown(sign), spoken))
                for m in regex.finditer(BARE_AT.format(name=name), lower)
                if name not in LOWER_ONLY or text[m.start(m.lastindex or 0)].islower()]  # fmt: skip
    out += [(at, _of(code)) for at, code in cldr.abbreviated(text, _signs())]
    out += [(at, _of(code)) for at, code in cldr.placed(text, TAKEN)]
    out += [(at, _of(code)) for at, code in _signed(text)]
    return out + [(at, Currency(_shown(sign), _spoken(code))) for at, code, sign in
                  cldr.named(text, KNOWN, TAKEN)]  # fmt: skip


# A sign of letters written alone where only a currency can stand, as written ("the season's
# fees (FCFA)", "dues in FCFP"): three characters or more, with a capital first (two letters
# may be a unit, "KM"; a word in lower case, "lei", is several currencies').
SIGNED_AT = r"\(({signs})\)|\bin ({signs})(?=\s*(?:[,;:.!?)\n]|$|and\b|or\b|plus\b))"


def _signed(text: str) -> list[tuple[int, str]]:
    """(where, code) of each currency named by its own sign of letters alone ("(FCFA)": XAF),
    a sign no other currency has."""
    signs = _signs()
    shown = list(signs.values())
    own = {sign: code for code, sign in signs.items()
           if len(sign) >= 3 and sign != code and shown.count(sign) == 1
           and sign[0].isupper() and sign.replace(".", "").isalpha()}  # fmt: skip
    pattern = "|".join(re.escape(s) for s in sorted(own, key=len, reverse=True))
    return [(m.start(m.lastindex or 0), own[m.group(m.lastindex or 0)])
            for m in regex.finditer(SIGNED_AT.format(signs=pattern), text)]  # fmt: skip


def _signs() -> dict[str, str]:
    """Each currency's sign: the table's, else CLDR's."""
    return {**cldr.lookup(KNOWN, TAKEN)[2], **{code: sign for code, sign, *_ in TABLE}}


def _of(code: str) -> Currency:
    """The currency of a code, shown with its sign (a country named: "NZ dollars" are "NZ$")."""
    row = next((r for r in TABLE if r[0] == code), None)
    if row is not None:
        return Currency(_shown(row[1]), row[2])
    return Currency(_shown(_signs()[code]), _spoken(code))


def placed(currency: Currency, text: str) -> Currency:
    """Pesos or dirhams with no country named are those of the country or city the text names
    first ("a laundromat app in Mexico City … (pesos)": MX$; "our customers in Casablanca …
    in dirhams": DH); any other currency as it is."""
    code, shared = SHARED_NAMES.get(currency, ("", ()))
    if not shared or code and regex.search(rf"\b{code}\b", text, re.IGNORECASE):
        return currency
    lower = text.lower()
    named = [(m.start(), sign) for sign, places in shared for place in places
             for m in regex.finditer(rf"(?<![a-z]){re.escape(place)}(?![a-z])", lower)]  # fmt: skip
    return Currency(_shown(min(named)[1]), currency.spoken) if named else currency


def currency_in(text: str) -> Currency | None:
    """The currency the text names first, None when it names none (a bare "$" is dollars)."""
    found = _found(text)
    # A longer name at the same place wins ("swiss francs" over "francs").
    return min(found, key=lambda f: f[0])[1] if found else None


def spoken_after(prefix: str) -> str | None:
    """What a script says after an amount shown with `prefix` when a voice would not read the
    sign ("CHF 1,250" is "1,250 francs"); None for the signs voices read ("$", "€", "£")."""
    sign = prefix.strip()
    if not sign or sign in "$€£¥":
        return None
    for code, table_sign, spoken, _, _ in TABLE:
        if sign in (code, table_sign):
            return spoken
    return cldr.spoken(sign, KNOWN, TAKEN)


def names_unit(word: str) -> bool:
    """Whether a word names a currency by itself, its unit or name ("lempiras", "kina",
    "euros"), whatever it stands beside."""
    return word in TAKEN or word in cldr.units(KNOWN, TAKEN)


def _spoken(code: str) -> str:
    return cldr.spoken(code, KNOWN, TAKEN) or code
