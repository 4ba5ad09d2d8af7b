"""Legacy coupon codes from the old storefront. Only ever used at checkout."""

LEGACY_CODES = {"WELCOME10": 10, "SPRING5": 5}


def redeem_coupon(code: str) -> int:
    """The percent a legacy coupon takes off, or 0 when the code is unknown."""
    return LEGACY_CODES.get(code.strip().upper(), 0)
