"""Free text to Mao calls: what a player typed, in Serbian (the source's language) or
English, mapped to the call names of [`makao.variants.mao.talk`][makao.variants.mao.talk].

Matching ignores case, punctuation and diacritics (``"Dobar dan!"``, ``"dobar dan"`` and
``"Good day"`` are all ``good-day``):

    >>> to_call("Zadnja karta")
    'last-card'
    >>> to_calls("Desetka pik vam želi Dobar dan")
    ('ten-of-spades', 'good-day')
    >>> speech(2, "nice weather")
    Say(seat=2, call='remark')
"""

from __future__ import annotations

import re
import unicodedata

from makao._text import shown
from makao.errors import InvalidMoveError
from makao.moves import Say

__all__ = ["PHRASES", "normalise", "speech", "to_call", "to_calls"]

_ENGLISH_NUMBERS = [
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
]
_SERBIAN_NUMBERS = [
    "dva",
    "tri",
    "cetiri",
    "pet",
    "sest",
    "sedam",
    "osam",
    "devet",
    "deset",
    "jedanaest",
    "dvanaest",
]
# Serbian card names (nominative, as said at the table) by English rank word.
_SERBIAN_RANKS = {
    "ace": ("kec", "as"),
    "two": ("dvojka", "dva"),
    "three": ("trojka", "tri"),
    "four": ("cetvorka", "cetiri"),
    "five": ("petica", "pet"),
    "six": ("sestica", "sest"),
    "seven": ("sedmica", "sedam"),
    "eight": ("osmica", "osam"),
    "nine": ("devetka", "devet"),
    "ten": ("desetka", "destka", "deset"),
    "jack": ("zandar", "decko"),
    "queen": ("dama",),
    "king": ("kralj", "pop"),
}


def _phrases() -> dict[str, str]:
    table = {
        "dobar dan": "good-day",
        "good day": "good-day",
        "zadnja karta": "last-card",
        "last card": "last-card",
        "mau": "mau",
        "mau mau": "mau-mau",
        "pitanje": "question",
        "question": "question",
        "kraj pitanja": "end-of-questions",
        "end of questions": "end-of-questions",
    }
    for english, serbian in zip(_ENGLISH_NUMBERS, _SERBIAN_NUMBERS, strict=True):
        table[english] = table[serbian] = english
    for english, names in _SERBIAN_RANKS.items():
        call = f"{english}-of-spades"
        table[f"{english} of spades"] = call
        for name in names:
            table[f"{name} pik"] = call
    return table


PHRASES: dict[str, str] = _phrases()
"""Normalised phrase → call name."""
_LONGEST = max(len(phrase.split()) for phrase in PHRASES)


def normalise(text: str) -> str:
    """Lower-case, strip diacritics (``đ`` → ``dj``) and punctuation, single spaces.
    Anything but text is an `InvalidMoveError` (here and in the functions that read text)."""
    if not isinstance(text, str):
        raise InvalidMoveError(f"a call is said as text, not {shown(text, 60)}")
    # lower-case after NFKD, which unfolds some letters to capitals (``"𝐌"`` → ``"M"``)
    text = unicodedata.normalize("NFKD", text).lower().replace("đ", "dj")
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return " ".join(re.sub(r"[^a-z0-9]+", " ", text).split())


def to_call(text: str) -> str | None:
    """The call ``text`` says as a whole, or ``None`` (``"Dobar dan!"`` → ``good-day``)."""
    return PHRASES.get(normalise(text))


def to_calls(text: str) -> tuple[str, ...]:
    """Every call said in ``text``, in order, longest phrases first
    (``"Desetka pik vam želi Dobar dan"`` → ``ten-of-spades``, ``good-day``)."""
    words = normalise(text).split()
    found: list[str] = []
    start = 0
    while start < len(words):
        for size in range(min(_LONGEST, len(words) - start), 0, -1):
            call = PHRASES.get(" ".join(words[start : start + size]))
            if call is not None:
                found.append(call)
                start += size
                break
        else:
            start += 1
    return tuple(found)


def speech(seat: int, text: str) -> Say:
    """What ``seat`` said out of turn as a move: a known call, else a ``remark``."""
    return Say(seat, to_call(text) or "remark")
