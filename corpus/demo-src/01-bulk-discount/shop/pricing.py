"""Prices, discounts and tax. All amounts are integer cents."""
from shop.models import LineItem

TAX_RATE_PERCENT = 7
DISCOUNT_CAP_PERCENT = 50
BULK_MIN_BOOKS = 5
BULK_PERCENT = 10


def line_total(item: LineItem) -> int:
    """The price of one line of a cart before discounts."""
    return item.book.price_cents * item.quantity


def bulk_discount(book_count: int) -> int:
    """The percent a bulk order earns: BULK_PERCENT from BULK_MIN_BOOKS books on."""
    return BULK_PERCENT if book_count >= BULK_MIN_BOOKS else 0


def apply_discount(amount: int, percent: int) -> int:
    """Take `percent` off `amount`, never more than DISCOUNT_CAP_PERCENT."""
    percent = max(0, min(percent, DISCOUNT_CAP_PERCENT))
    return amount - amount * percent // 100


def price_with_tax(amount: int) -> int:
    """Add sales tax, rounding half up."""
    return amount + (amount * TAX_RATE_PERCENT + 50) // 100
