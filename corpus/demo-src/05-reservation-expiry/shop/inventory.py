"""Stock levels, and the reservations checkout makes against them."""
from datetime import datetime, timedelta
from typing import Dict, List, Optional

from shop.models import Reservation

RESERVATION_TTL = timedelta(minutes=15)


class OutOfStock(Exception):
    def __init__(self, isbn: str):
        super().__init__(f"out of stock: {isbn}")
        self.isbn = isbn


class Inventory:
    def __init__(self, stock: Dict[str, int]):
        self.stock = dict(stock)
        self.reserved: Dict[str, int] = {}
        self.reservations: List[Reservation] = []

    def in_stock(self, isbn: str) -> int:
        return self.stock.get(isbn, 0) - self.reserved.get(isbn, 0)

    def reserve(self, isbn: str, quantity: int, now: Optional[datetime] = None) -> Reservation:
        if self.in_stock(isbn) < quantity:
            raise OutOfStock(isbn)
        self.reserved[isbn] = self.reserved.get(isbn, 0) + quantity
        reservation = Reservation(isbn, quantity, (now or datetime.utcnow()) + RESERVATION_TTL)
        self.reservations.append(reservation)
        return reservation

    def release(self, isbn: str, quantity: int) -> None:
        self.reserved[isbn] = max(0, self.reserved.get(isbn, 0) - quantity)

    def expire(self, now: datetime) -> int:
        """Release every reservation past its time; returns how many expired."""
        expired = [r for r in self.reservations if r.expires_at <= now]
        for r in expired:
            self.release(r.isbn, r.quantity)
        self.reservations = [r for r in self.reservations if r.expires_at > now]
        return len(expired)
