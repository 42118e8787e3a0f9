"""Link tokens: drawn at random, stored only as SHA-256 hashes, looked up by hash.

A leaked backup must not give away any game, group or kept check, so the database keeps no
token in clear: a request's token is hashed and the row found by that hash. A token has 192
random bits, so a plain (unsalted) SHA-256 is enough; nothing about it can be guessed.

Some pages must still show a link they were not opened with: a game's edit page shows its
read-only link (and its QR code); a group's pages list their games' links; a game's pages link
back to its group's read-only page. Each such link is kept *sealed under a link that page is
opened with*, so that whoever may see it can open it, and the database alone opens nothing:

- a game's read-only link, sealed under its edit link;
- a group's read-only link, sealed under its edit link; a game's link back to its group (the
  group's read-only link), sealed under the game's read-only link;
- each game of a group: its read-only link sealed under the group's read-only link, and its edit
  link sealed under the group's edit link, or, for a game started with "play again" (whose request
  holds the earlier game's edit link but not the group's), under the edit link of the game it
  follows, which the group's edit page opens first.

A server-held secret would have been simpler, but it would sit beside the data (the secret key is
kept in the database or the instance folder) and a leaked copy of both would open every link.

Sealing: a fresh 16-byte nonce, and the text XORed with SHAKE-256 of (purpose, nonce, key) as a
keystream (a keyed XOF used as a stream cipher; the nonce makes every keystream new). What is
opened is checked against the hash stored for it, so a wrong key or a damaged seal gives None.
"""

from __future__ import annotations

import base64
import hashlib
import re
import secrets

NONCE = 16
VERSION = "1."

# Link tokens and one-time submission ids are short URL-safe strings. Anything else (a NUL byte,
# which PostgreSQL refuses outright, or more than the column holds) is no such link or id, and is
# turned away before it reaches the database.
_KEY = re.compile(r"[A-Za-z0-9_-]{1,64}")


def new_token() -> str:
    """A random link token of 192 bits."""
    return secrets.token_urlsafe(24)


def well_formed(key: str | None) -> bool:
    """Whether `key` could be a link token or a submission id."""
    return key is not None and _KEY.fullmatch(key) is not None


def digest(token: str) -> str:
    """What the database keeps of a link token, and finds it by: its SHA-256, in hex."""
    return hashlib.sha256(token.encode()).hexdigest()


def _stream(purpose: str, nonce: bytes, key: str, size: int) -> bytes:
    material = b"barbu-seal\0" + purpose.encode() + b"\0" + nonce + key.encode()
    return hashlib.shake_256(material).digest(size)


def seal(secret: str, key: str, purpose: str) -> str:
    """`secret` (a token, or a text holding one) sealed so that only a holder of `key` opens it."""
    data = secret.encode()
    nonce = secrets.token_bytes(NONCE)
    mixed = bytes(a ^ b for a, b in zip(data, _stream(purpose, nonce, key, len(data)), strict=True))
    return VERSION + base64.urlsafe_b64encode(nonce + mixed).decode()


def opened(sealed: object, key: str | None, purpose: str) -> str | None:
    """The text sealed in `sealed` under `key` for `purpose`; None if it cannot be read.

    Unchecked: a wrong key gives other text. Tokens are opened with `unseal`, which checks."""
    if not isinstance(sealed, str) or not sealed.startswith(VERSION) or key is None:
        return None
    try:
        raw = base64.urlsafe_b64decode(sealed[len(VERSION) :])
    except ValueError:
        return None
    nonce, mixed = raw[:NONCE], raw[NONCE:]
    data = bytes(a ^ b for a, b in zip(mixed, _stream(purpose, nonce, key, len(mixed)), strict=True))
    try:
        return data.decode()
    except UnicodeDecodeError:
        return None


def unseal(sealed: object, key: str | None, purpose: str, expected: str) -> str | None:
    """The token sealed in `sealed` under `key`, if its hash is `expected`; else None."""
    token = opened(sealed, key, purpose)
    return token if token is not None and well_formed(token) and digest(token) == expected else None
