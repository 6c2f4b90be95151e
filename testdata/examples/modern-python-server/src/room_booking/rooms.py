"""Rooms and bookings, kept in memory; a booking is keyed by the caller's idempotency key."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Booking:
    room: str
    start: str
    end: str
    organizer: str


class Rooms:
    def __init__(self, names: list[str]) -> None:
        self.names = set(names)
        self.bookings: dict[str, Booking] = {}

    def exists(self, room: str) -> bool:
        return room in self.names

    def book(self, key: str, booking: Booking) -> Booking:
        # The same key twice returns the first booking: a retried call books nothing new.
        return self.bookings.setdefault(key, booking)

    def cancel(self, key: str) -> bool:
        return self.bookings.pop(key, None) is not None

    def schedule(self, room: str) -> list[Booking]:
        return sorted((b for b in self.bookings.values() if b.room == room), key=lambda b: b.start)


ROOMS = Rooms(["atlas", "borealis", "cirrus"])
