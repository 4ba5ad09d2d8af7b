"""The bookshop storefront."""
