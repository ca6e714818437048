"""A minimal UI loop: a text "server" plays a match between bots and shows seat 0 only what it may see.

kozel.step returns the next state and the events of a move, every card shown.  event.for_seat(seat)
is the same event as that seat sees it: the cards it may not see become None.  A real server
sends each player his own copy; here we print seat 0's.
"""

import kozel
from kozel.bots import HeuristicBot, RandomBot, next_move
from kozel.view import CardsDrawn, Dealt, Event, HandScored, MatchOver, Played, TrickTaken, opening_events

SEAT = 0  # the seat whose screen we draw
rules = kozel.variants.get("classic")
bots = [HeuristicBot(), RandomBot(), HeuristicBot(), RandomBot()]
for seat, bot in enumerate(bots):
    bot.setup(rules, seat, seed=7)  # play_match does this; we run the loop ourselves


def show(event: Event) -> None:
    """One line for one event, as seat SEAT sees it."""
    if isinstance(event, Dealt):
        print(f"-- new deal by seat {event.dealer}: your hand {event.hands[SEAT]}, trump card {event.trump_card}")
    elif isinstance(event, Played):
        cards = kozel.format_cards(event.cards) if event.cards is not None else f"{event.count} face down"
        print(f"   seat {event.seat} {event.kind.word}: {cards}")
    elif isinstance(event, TrickTaken):
        print(f"   seat {event.winner} takes the trick ({event.count} cards)")
    elif isinstance(event, CardsDrawn):
        mine = [cards for seat, cards, _ in event.drawn if seat == SEAT]  # others' draws are None
        print(f"   everyone draws; you get {mine[0] if mine else 'nothing'}")
    elif isinstance(event, HandScored):
        print(f"   hand over: card points {event.result.points}, scores {event.scores}")
    elif isinstance(event, MatchOver):
        print(f"match over: side {event.result.goats[0]} is the {event.result.titles[0]}")
    else:  # molodka returns, catches, praise deals...: a real UI draws each kind
        print(f"   {type(event).__name__}")


state = kozel.new_game(rules, seed=7)
for event in opening_events(state):  # the first deal is not the result of any move
    show(event.for_seat(SEAT))
while not state.is_over:
    move = next_move(state, bots)  # in a real server: the move a player sent, checked by step
    state, events = kozel.step(state, move)
    for event in events:
        show(event.for_seat(SEAT))
