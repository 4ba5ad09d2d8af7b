"""Turning a cart into an order."""
from shop.cart import Cart
from shop.inventory import Inventory
from shop.models import Order


def checkout(cart: Cart, inventory: Inventory, promotion_percent: int = 0) -> Order:
    """Reserve stock for every line, then price the order."""
    for item in cart.items.values():
        inventory.reserve(item.book.isbn, item.quantity)
    order = Order(cart.customer, list(cart.items.values()))
    order.total_cents = cart.total(promotion_percent)
    return order


def receipt_line(order: Order) -> str:
    count = sum(item.quantity for item in order.items)
    return f"{order.customer.name}: {count} book(s), {order.total_cents / 100:.2f}"
