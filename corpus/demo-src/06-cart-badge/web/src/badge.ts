// The cart badge in the page header.

export const BADGE_LIMIT = 99;

export function badgeText(count: number): string {
  return count > BADGE_LIMIT ? `${BADGE_LIMIT}+` : String(count);
}

export function renderBadge(el: HTMLElement | null, count: number): void {
  if (!el) return;
  el.hidden = count === 0;
  el.textContent = badgeText(count);
}
