"""A thirty-seventh set of ten create prompts, written and committed after the fixes for the
thirty-sixth held-out set and before any composer change that follows them, without reading
how the composer handles them; run once, never tuned on. Same shape and vocabulary as
tests/support/ai_prompts_held_out.py: (prompt, needs); text in double quotes (or in single
quotes opened after a space) is copy the prompt gives for the screen. "money:X" asks for X in
the amount's prefix: the symbol people of that currency read, or its ISO code, as Babel's CLDR
data gives them (Nicaraguan córdobas "C$" or "NIO"; Mauritanian ouguiyas "UM", "أ.م." or
"MRU"; Eritrean nakfas "Nfk" or "ERN"; Belarusian rubles "Br" or "BYN"; Iraqi dinars "د.ع."
or "IQD"; Guinean francs "FG" or "GNF"; Cuban pesos "CUP" or "$MN", the sign Cubans write for
the national peso: CLDR writes a bare "$" in Cuba; Gibraltar pounds "£" or "GIP"; Russian
rubles "₽" or "RUB"; Chinese yuan "¥", "CN¥" or "CNY": "RMB", as people write it, is no
symbol CLDR gives). A measure in a unit of length, weight, speed or temperature (kilometres,
metres, kilograms, km/h, °C) is a count: a number with the unit in its label. A time (years,
nights, days, hours, minutes) is a duration. Things someone did, saw, visited, crossed or
cleaned are counts; where someone places among others is a rank; a rate, or a share of
something, is a percent; the day something is held or was done is a date."""

from __future__ import annotations

HELD_OUT_37: list[tuple[str, tuple[str, ...]]] = [
    ("Souvenir clip for everyone who went volcano boarding with us on Cerro Negro (León, "
     "Nicaragua) 🌋 Runs down the ash slope, their top speed in km/h, how long the hike up "
     "took in minutes, what they paid in córdobas, a photo of them mid-descent and a map of "
     "the climb",
     ("count", "count", "duration", "money:C$|NIO", "photo", "map")),
    ("Trip memories for guests of our 4x4 and camel tour through the Adrar, Mauritania: km "
     "they crossed by camel, nights under the stars, the old libraries of Chinguetti and "
     "Ouadane on a map, the tour price in ouguiya, a timeline of the days, and a note from "
     "their guide",
     ("count", "duration", "map", "money:UM|أ.م.|MRU", "timeline", "quote")),
    ("Asmara Cycling Club 🚴 season recap for our members. Races entered, kilometres ridden, "
     "metres climbed, podium finishes, their 3 fastest climbs, their ranking in the club's "
     "points table and annual dues in nakfa. Title: \"Ride on, Asmara\"",
     ("count", "count", "count", "count", "top", "rank", "money:Nfk|ERN")),
    ("Farewell video for guests at our sanatorium by Lake Naroch, Belarus. Include the "
     "treatments they had (mud baths, massage, mineral water) as a breakdown, days of their "
     "stay, how much weight they lost in kg, the voucher cost in Belarusian roubles, the date "
     "of their next visit and a button to rebook with 10% off",
     ("breakdown", "duration", "count", "money:Br|BYN", "date", "cta")),
    ("Our bookshop on Al-Mutanabbi Street in Baghdad wants a yearly video for loyalty card "
     "holders: the books they bought from us, how many Friday readings they came to, their "
     "favourite three authors, total spent in Iraqi dinars, and how their reading compares "
     "with last year. Warm tone",
     ("books", "count", "top", "money:د.ع|IQD", "comparison")),
    ("Fouta Djallon trekking (Guinea) – send each hiker a recap: waterfalls visited, total "
     "elevation gained in m, days on the trail, the guide and porter fee in Guinean francs, "
     "what percentage of the loop they completed, and a group shot at the Voile de la Mariée "
     "falls",
     ("count", "count", "duration", "money:FG|GNF", "percent", "photo")),
    ("classic car tours in Havana 🚗 video for each passenger: miles cruised along the "
     "Malecón, stops made, how long the ride lasted, the ride cost in Cuban pesos, a quote "
     "from their driver, plus a poll: which colour car next time?",
     ("count", "count", "duration", "money:CUP|$MN", "quote", "poll")),
    ("Dolphin trip keepsake for passengers on our boat in the Bay of Gibraltar. Dolphins "
     "spotted, the sea temperature (°C), the trip's length in minutes, the ticket price in "
     "Gibraltar pounds, the date of their trip, a photo of the Rock from the water, and end on "
     "our logo",
     ("count", "count", "duration", "money:£|GIP", "date", "photo", "brand")),
    ("Winter Baikal ice trek 🧊 from Irkutsk, a memories video for each trekker:\n"
     "1. km covered on the ice\n2. the coldest temperature they faced\n3. nights in ice "
     "camps\n4. the tour price in rubles\n5. their best photo of the clear ice\n6. how they "
     "rank against the rest of the group on distance",
     ("count", "count", "duration", "money:₽|RUB", "photo", "rank")),
    ("Thank-you video for people who joined our panda volunteer programme in Chengdu. Show "
     "the days they volunteered, bamboo carried (kg), the enclosures they cleaned, their "
     "volunteer fee in RMB, the skills they picked up (feeding, enrichment, enclosure care), "
     "and a certificate badge",
     ("duration", "count", "count", "money:¥|CN¥|CNY", "skills", "badge")),
]  # fmt: skip
