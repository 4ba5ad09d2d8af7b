// The storefront's HTTP API, as the browser sees it.

export const API_BASE = '/api/v1';

export interface LineDto {
  isbn: string;
  title: string;
  quantity: number;
  priceCents: number;
}

export interface CartDto {
  id: string;
  lines: LineDto[];
  totalCents: number;
  itemCount: number;
}

export async function fetchCart(id: string): Promise<CartDto> {
  const response = await fetch(`${API_BASE}/carts/${encodeURIComponent(id)}`);
  if (!response.ok) throw new Error(`cart ${id}: HTTP ${response.status}`);
  return (await response.json()) as CartDto;
}
