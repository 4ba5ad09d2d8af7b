// The cart page.
import { CartDto, fetchCart } from './api';
import { Currency, formatPrice } from './format/money';

export class CartView {
  constructor(private readonly root: HTMLElement, private readonly currency: Currency = 'USD') {}

  async load(id: string): Promise<void> {
    this.render(await fetchCart(id));
  }

  render(cart: CartDto): void {
    const rows = cart.lines.map((line) => `<li>${line.title} x ${line.quantity}</li>`);
    this.root.innerHTML = `<ul>${rows.join('')}</ul><p>${this.totalLabel(cart)}</p>`;
  }

  totalLabel(cart: CartDto): string {
    return `Total: ${formatPrice(cart.totalCents, this.currency)}`;
  }
}
