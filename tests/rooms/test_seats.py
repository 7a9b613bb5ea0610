"""The colour rule of rooms/seats.py, in its one place: the host starts white, and every
rematch (host_side flipping) swaps the colours."""

from rooms.seats import Seat, side_of


def test_the_host_is_white_in_round_one_and_colours_swap_with_host_side():
    assert [Seat.HOST.side(0), Seat.GUEST.side(0)] == [0, 1]
    assert [Seat.HOST.side(1), Seat.GUEST.side(1)] == [1, 0]
    for host_side in (0, 1):
        for seat in Seat:
            assert Seat.playing(seat.side(host_side), host_side) is seat
            assert seat.other.side(host_side) == 1 - seat.side(host_side)
    assert side_of("", 0) is None and side_of("guest", 1) == 0


def test_a_seat_is_its_text_and_names_its_columns():
    assert Seat.HOST == "host" and Seat("guest") is Seat.GUEST
    assert (Seat.GUEST.secret_field, Seat.HOST.seen_field, Seat.GUEST.rematch_field) == (
        "guest_secret",
        "host_seen_at",
        "guest_rematch",
    )
