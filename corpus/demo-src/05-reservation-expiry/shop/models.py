"""Plain data the storefront passes around."""
from dataclasses import dataclass, field
from datetime import datetime
from typing import List


@dataclass
class Book:
    isbn: str
    title: str
    price_cents: int


@dataclass
class LineItem:
    book: Book
    quantity: int = 1


@dataclass
class Customer:
    email: str
    name: str
    loyalty_percent: int = 0


@dataclass
class Order:
    customer: Customer
    items: List[LineItem] = field(default_factory=list)
    total_cents: int = 0


@dataclass
class Reservation:
    isbn: str
    quantity: int
    expires_at: datetime
