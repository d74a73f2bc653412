"""SML source text, read as SML/NJ reads it: the one place its (nested) comments are known.

Both readers of students' SML use it: the porter's parser (``sml150.port.parser``), before its
grammar, and crosscheck's token scan (``sml150.crosscheck``), before it finds structures and
their sealing. Written by hand: a regular expression cannot match SML's nested comments.
"""

from __future__ import annotations

__all__ = ["strip_comments"]


def strip_comments(text: str) -> str:
    r"""``text`` with every (nested) comment replaced by spaces, line breaks kept (positions stay).

    Strings (and character literals) are kept whole, so a ``(*`` inside one is not a comment;
    inside a comment a quote is just a character, as SML/NJ reads it; a string left open ends
    at its line's end.

    >>> strip_comments('f (* a (* b *) " *) "(*" x')
    'f                   "(*" x'
    >>> strip_comments("a (* one\n two *) b").split("\n")
    ['a        ', '        b']
    """
    out: list[str] = []
    i, depth, n = 0, 0, len(text)
    while i < n:
        if text.startswith("(*", i):
            depth += 1
            out.append("  ")
            i += 2
        elif depth and text.startswith("*)", i):
            depth -= 1
            out.append("  ")
            i += 2
        elif depth:
            out.append("\n" if text[i] == "\n" else " ")
            i += 1
        elif text[i] == '"':
            j = i + 1
            while j < n and text[j] != '"' and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        else:
            out.append(text[i])
            i += 1
    return "".join(out)
