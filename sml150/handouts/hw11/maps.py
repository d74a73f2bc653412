"""The Riskless maps: ``M1`` (a ring of six), ``M2`` (a 4×4 grid) and ``Earth`` (classic Risk).

Each map is a ``RisklessMap``, a frozen record satisfying the ``MAP`` signature: the board (each
territory's name and its neighbours, in adjacency order), the two start territories, the army
cap per territory, the army total that wins, and how to lay the territory labels out as text.

>>> from sml150.lib.signatures import MAP
>>> isinstance(M1, MAP), Seq.length(M1.board), Seq.nth(0, M1.board)
(True, 6, ('Land0', <1,5>))
>>> print(M2.board_to_string(Seq.tabulate(str, 16)), end="")
0 1 2 3
4 5 6 7
8 9 10 11
12 13 14 15

Maps are checked when the ``Riskless`` functor is applied (simple, symmetric, connected, start
territories distinct), not here, so that a bad map can be built and shown to be rejected.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import final

import attrs

from sml150.lib.seq import Seq

__all__ = ["M1", "M2", "Earth", "RisklessMap", "board_from_names"]


@final
@attrs.frozen
class RisklessMap:
    """A MAP structure as a record. ``board_to_string`` applies ``layout`` to the labels.

    >>> tiny = RisklessMap("Tiny", board_from_names([("a", ["b"]), ("b", ["a"])]),
    ...                    min_start=0, max_start=1, max_units=5, max_terri=3,
    ...                    layout=lambda labels: "|".join(labels))
    >>> tiny.board_to_string(Seq.from_list(["a:", "b:"]))
    'a:|b:'
    """

    name: str
    """What the map is called (for messages and tables)."""
    board: Seq[tuple[str, Seq[int]]]
    """``val board``: each territory's name and its neighbours' indexes, in adjacency order."""
    min_start: int
    """``val min_start``: the territory where Minnie starts (with 2 armies)."""
    max_start: int
    """``val max_start``: the territory where Maxie starts (with 1 army)."""
    max_units: int
    """``val max_units``: the army total that wins the game."""
    max_terri: int
    """``val max_terri``: the most armies one territory holds."""
    layout: Callable[[Seq[str]], str] = attrs.field(repr=False)
    """How ``board_to_string`` arranges the (padded) labels."""

    def board_to_string(self, labels: Seq[str]) -> str:
        """``board_to_string : string Seq.seq -> string``.

        REQUIRES: one label per territory, in index order.
        ENSURES: the map's text picture of the board with those labels.

        >>> M1.board_to_string(Seq.from_list(["a", "b"]))
        'a<-->b<-->'
        """
        return self.layout(labels)


def board_from_names(rows: list[tuple[str, list[str]]]) -> Seq[tuple[str, Seq[int]]]:
    """``board_from_names : (string * string list) list -> (string * int Seq.seq) Seq.seq``.

    REQUIRES: every neighbour name is the name of some row (else ``ValueError`` naming it).
    ENSURES: the MAP board with each neighbour name replaced by its row index, order kept.

    >>> board_from_names([("x", ["y"]), ("y", ["x"])])
    <('x', <1>),('y', <0>)>
    """
    index = {name: i for i, (name, _) in enumerate(rows)}
    if len(index) != len(rows):
        raise ValueError("board_from_names: two territories share a name")
    out: list[tuple[str, Seq[int]]] = []
    for name, neighbours in rows:
        missing = [n for n in neighbours if n not in index]
        if missing:
            raise ValueError(f"board_from_names: {name!r} lists unknown neighbours {missing}")
        out.append((name, Seq.from_list([index[n] for n in neighbours])))
    return Seq.from_list(out)


# -- M1: a ring of six --------------------------------------------------------------------------


def _ring_layout(labels: Seq[str]) -> str:
    return "".join(label + "<-->" for label in labels)


M1 = RisklessMap(
    name="M1",
    board=Seq.tabulate(
        lambda i: (f"Land{i}", Seq.from_list([(i + 1) % 6, (i - 1) % 6])), 6
    ),
    min_start=0,
    max_start=3,
    max_units=40,
    max_terri=9,
    layout=_ring_layout,
)
"""Six territories ``Land0 .. Land5`` in a ring; Land i lists Land i+1, then Land i-1."""


# -- M2: a 4×4 grid -----------------------------------------------------------------------------


def _grid_neighbours(v: int) -> Seq[int]:
    r, c = divmod(v, 4)
    cells = [(r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c)]  # increasing index order
    return Seq.from_list([rr * 4 + cc for rr, cc in cells if 0 <= rr < 4 and 0 <= cc < 4])


def _grid_layout(labels: Seq[str]) -> str:
    return "".join(label + ("\n" if i % 4 == 3 else " ") for i, label in enumerate(labels))


M2 = RisklessMap(
    name="M2",
    board=Seq.tabulate(lambda v: ("", _grid_neighbours(v)), 16),
    min_start=0,
    max_start=15,
    max_units=80,
    max_terri=10,
    layout=_grid_layout,
)
"""A 4×4 grid of 16 unnamed territories; vertex ``r*4+c`` is adjacent to its grid neighbours."""


# -- Earth: the classic Risk world map ----------------------------------------------------------

_CONTINENTS: list[tuple[str, list[tuple[str, list[str]]]]] = [
    ("North America", [
        ("Alaska", ["Northwest Territory", "Alberta", "Kamchatka"]),
        ("Northwest Territory", ["Alaska", "Alberta", "Ontario", "Greenland"]),
        ("Greenland", ["Northwest Territory", "Ontario", "Quebec", "Iceland"]),
        ("Alberta", ["Alaska", "Northwest Territory", "Ontario", "Western United States"]),
        ("Ontario", ["Northwest Territory", "Alberta", "Western United States",
                     "Eastern United States", "Quebec", "Greenland"]),
        ("Quebec", ["Ontario", "Eastern United States", "Greenland"]),
        ("Western United States", ["Alberta", "Ontario", "Eastern United States",
                                   "Central America"]),
        ("Eastern United States", ["Western United States", "Ontario", "Quebec",
                                   "Central America"]),
        ("Central America", ["Western United States", "Eastern United States", "Venezuela"]),
    ]),
    ("South America", [
        ("Venezuela", ["Central America", "Peru", "Brazil"]),
        ("Peru", ["Venezuela", "Brazil", "Argentina"]),
        ("Brazil", ["Venezuela", "Peru", "Argentina", "North Africa"]),
        ("Argentina", ["Peru", "Brazil"]),
    ]),
    ("Europe", [
        ("Iceland", ["Greenland", "Great Britain", "Scandinavia"]),
        ("Scandinavia", ["Iceland", "Great Britain", "Northern Europe", "Ukraine"]),
        ("Great Britain", ["Iceland", "Scandinavia", "Northern Europe", "Western Europe"]),
        ("Northern Europe", ["Great Britain", "Scandinavia", "Ukraine", "Southern Europe",
                             "Western Europe"]),
        ("Western Europe", ["Great Britain", "Northern Europe", "Southern Europe",
                            "North Africa"]),
        ("Southern Europe", ["Western Europe", "Northern Europe", "Ukraine", "Middle East",
                             "Egypt", "North Africa"]),
        ("Ukraine", ["Scandinavia", "Northern Europe", "Southern Europe", "Middle East",
                     "Afghanistan", "Ural"]),
    ]),
    ("Africa", [
        ("North Africa", ["Brazil", "Western Europe", "Southern Europe", "Egypt",
                          "East Africa", "Congo"]),
        ("Egypt", ["North Africa", "Southern Europe", "Middle East", "East Africa"]),
        ("East Africa", ["Egypt", "Middle East", "North Africa", "Congo", "South Africa",
                         "Madagascar"]),
        ("Congo", ["North Africa", "East Africa", "South Africa"]),
        ("South Africa", ["Congo", "East Africa", "Madagascar"]),
        ("Madagascar", ["East Africa", "South Africa"]),
    ]),
    ("Asia", [
        ("Ural", ["Ukraine", "Siberia", "China", "Afghanistan"]),
        ("Siberia", ["Ural", "Yakutsk", "Irkutsk", "Mongolia", "China"]),
        ("Yakutsk", ["Siberia", "Irkutsk", "Kamchatka"]),
        ("Kamchatka", ["Yakutsk", "Irkutsk", "Mongolia", "Japan", "Alaska"]),
        ("Irkutsk", ["Siberia", "Yakutsk", "Kamchatka", "Mongolia"]),
        ("Mongolia", ["Irkutsk", "Siberia", "China", "Japan", "Kamchatka"]),
        ("Japan", ["Kamchatka", "Mongolia"]),
        ("Afghanistan", ["Ukraine", "Ural", "China", "India", "Middle East"]),
        ("China", ["Afghanistan", "Ural", "Siberia", "Mongolia", "Siam", "India"]),
        ("Middle East", ["Southern Europe", "Ukraine", "Afghanistan", "India", "East Africa",
                         "Egypt"]),
        ("India", ["Middle East", "Afghanistan", "China", "Siam"]),
        ("Siam", ["India", "China", "Indonesia"]),
    ]),
    ("Australia", [
        ("Indonesia", ["Siam", "New Guinea", "Western Australia"]),
        ("New Guinea", ["Indonesia", "Western Australia", "Eastern Australia"]),
        ("Western Australia", ["Indonesia", "New Guinea", "Eastern Australia"]),
        ("Eastern Australia", ["Western Australia", "New Guinea"]),
    ]),
]

_EARTH_ROWS = [row for _, rows in _CONTINENTS for row in rows]
_EARTH_INDEX = {name: i for i, (name, _) in enumerate(_EARTH_ROWS)}


def _earth_layout(labels: Seq[str]) -> str:
    items = list(labels)
    lines: list[str] = []
    start = 0
    for continent, rows in _CONTINENTS:
        lines.append(f"{continent}:")
        group = items[start:start + len(rows)]
        lines.extend(
            ("  " + "  ".join(group[k:k + 2])).rstrip() for k in range(0, len(group), 2)
        )
        start += len(rows)
    return "\n".join(lines) + "\n"


Earth = RisklessMap(
    name="Earth",
    board=board_from_names(_EARTH_ROWS),
    min_start=_EARTH_INDEX["China"],
    max_start=_EARTH_INDEX["Eastern United States"],
    max_units=120,
    max_terri=10,
    layout=_earth_layout,
)
"""The classic Risk world: 42 territories on six continents, 83 borders.

Maxie starts in Eastern United States, Minnie in China; a territory holds at most 10 armies and
120 armies win. ``board_to_string`` lists the territories by continent, two per line.
"""
