"""The shopping cart a customer fills before checkout."""
from typing import Dict

from shop.models import Book, Customer, LineItem
from shop.pricing import apply_discount, bulk_discount, line_total, price_with_tax


class Cart:
    def __init__(self, customer: Customer):
        self.customer = customer
        self.items: Dict[str, LineItem] = {}

    def add(self, book: Book, quantity: int = 1) -> None:
        line = self.items.get(book.isbn)
        if line is None:
            self.items[book.isbn] = LineItem(book, quantity)
        else:
            line.quantity += quantity

    def remove(self, isbn: str) -> None:
        self.items.pop(isbn, None)

    def book_count(self) -> int:
        return sum(item.quantity for item in self.items.values())

    def subtotal(self) -> int:
        return sum(line_total(item) for item in self.items.values())

    def total(self, extra_percent: int = 0) -> int:
        percent = self.customer.loyalty_percent + extra_percent + bulk_discount(self.book_count())
        return price_with_tax(apply_discount(self.subtotal(), percent))
