"""Vendor the card faces: SVG-cards 4.0.2 (David Bellot, Huub de Beer; LGPL-2.1) into the page.

Run with the unpacked npm package (``npm pack svg-cards && tar xzf svg-cards-4.0.2.tgz``)::

    python docs/web/vendor_deck.py package/svg-cards.svg src/ginrummy/web/static/deck/cards.svg

Changes made to the original (allowed by the LGPL, listed in LICENSES/NOTICE): the jokers are left
out; inline ``style`` attributes become presentation attributes (the server's Content Security
Policy, ``style-src 'self'``, refuses inline styles); and the pips and indices are painted
``currentColor``, so the page colours them per suit (``--club``, ``--diamond``, ``--heart``,
``--spade``) and its four-colour deck recolours the real faces. Every card keeps its id (``club_1`` .. ``spade_king``,
``back``) with its top-left corner at the origin, 169.075 x 244.640 units.
"""

from __future__ import annotations

import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

SVG = "http://www.w3.org/2000/svg"
XLINK = "http://www.w3.org/1999/xlink"
HREF = f"{{{XLINK}}}href"
RED = re.compile(r"^#e6180a$", re.IGNORECASE)
HEADER = """ SVG-cards 4.0.2 (https://github.com/htdebeer/SVG-cards), the card faces of this page.
     Copyright (C) 2005 David Bellot; Copyright (C) 2016, 2017 Huub de Beer.
     Free software under the GNU Lesser General Public License, version 2.1 or later: see
     LICENSES/svg-cards-LGPL-2.1.txt. Modified by docs/web/vendor_deck.py: jokers left out,
     styles as presentation attributes, pips and indices painted currentColor. """


def unstyle(node: ET.Element) -> None:
    """Turn ``node``'s inline ``style`` into presentation attributes (every property the deck
    uses is one: fill, stroke and their kin)."""
    style = node.attrib.pop("style", "")
    for decl in style.split(";"):
        name, sep, value = decl.partition(":")
        if sep and name.strip():
            node.set(name.strip(), value.strip())


def suit_colour(node: ET.Element) -> None:
    """Paint ``node`` in the current colour (the page sets it per suit)."""
    node.set("fill", "currentColor")


def vendor(source: Path, target: Path) -> None:
    ET.register_namespace("", SVG)
    ET.register_namespace("xlink", XLINK)
    root = ET.parse(source).getroot()
    defs = root.find(f"{{{SVG}}}defs")
    assert defs is not None
    for node in root.iter():
        unstyle(node)
    for g in list(defs):
        gid = g.get("id", "")
        if gid.startswith("joker"):
            defs.remove(g)
        elif gid in ("club", "spade"):
            suit_colour(g)
        elif gid in ("diamond", "heart"):
            for part in g.iter():
                if RED.match(part.get("fill", "")):
                    suit_colour(part)
        suit = gid.split("_")[0]
        if suit in ("club", "diamond", "heart", "spade") and "_" in gid:
            for use in g.iter(f"{{{SVG}}}use"):  # the rank in the two corners
                if use.get(HREF, "").startswith("#n_"):
                    suit_colour(use)
    target.parent.mkdir(parents=True, exist_ok=True)
    body = ET.tostring(root, encoding="unicode")
    target.write_text(f'<?xml version="1.0" encoding="UTF-8"?>\n<!--{HEADER}-->\n{body}\n', encoding="utf-8")


if __name__ == "__main__":
    vendor(Path(sys.argv[1]), Path(sys.argv[2]))
