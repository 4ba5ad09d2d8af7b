"""Prices, discounts and tax. All amounts are integer cents."""
from shop.models import LineItem

TAX_RATE_PERCENT = 7
DISCOUNT_CAP_PERCENT = 50


def line_total(item: LineItem) -> int:
    """The price of one line of a cart before discounts."""
    return item.book.price_cents * item.quantity


def apply_discount(amount: int, percent: int) -> int:
    """Take `percent` off `amount`."""
    return amount - amount * percent // 100


def price_with_tax(amount: int) -> int:
    """Add sales tax, rounding half up."""
    return amount + (amount * TAX_RATE_PERCENT + 50) // 100
