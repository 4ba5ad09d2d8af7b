"""Stock levels, and the reservations checkout makes against them."""
from typing import Dict


class OutOfStock(Exception):
    def __init__(self, isbn: str):
        super().__init__(f"out of stock: {isbn}")
        self.isbn = isbn


class Inventory:
    def __init__(self, stock: Dict[str, int]):
        self.stock = dict(stock)
        self.reserved: Dict[str, int] = {}

    def in_stock(self, isbn: str) -> int:
        return self.stock.get(isbn, 0) - self.reserved.get(isbn, 0)

    def reserve(self, isbn: str, quantity: int) -> None:
        if self.in_stock(isbn) < quantity:
            raise OutOfStock(isbn)
        self.reserved[isbn] = self.reserved.get(isbn, 0) + quantity

    def release(self, isbn: str, quantity: int) -> None:
        self.reserved[isbn] = max(0, self.reserved.get(isbn, 0) - quantity)
