"""``sml150 port``: 15-150 SML solutions translated into typed Python on this library.

``parser`` reads SML (lark, ``sml.lark``) into ``syntax``; ``emit`` writes expressions,
patterns and types by the README's porting rules; ``starter`` fills a homework's starter files
with the translated functions; ``cli`` is the command.
"""

__all__: list[str] = []
