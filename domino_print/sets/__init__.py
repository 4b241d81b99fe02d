"""What a document holds, before any page is drawn.

- ``tiles``: double-N sets and their counts;
- ``naming``: what a set is called (double-six, loop);
- ``structures``: association sets and loop decks over face ids;
- ``association``: association sets and loop decks built from a theme or a pairs list;
- ``parts``: the typed pieces of a job (its source: a theme or a list of pairs; a builder's set parts);
- ``job``: the typed job built from checked options (one builder), valid once built, and its rendering.
"""
