"""What a document holds, before any page is drawn.

- ``tiles``: double-N sets and their counts;
- ``naming``: what a set is called (double-six, loop);
- ``structures``: association sets and loop decks over face ids;
- ``association``: association sets and loop decks built from a theme or a pairs list;
- ``job``: the typed job built from checked options, valid once built, and its rendering.
"""
