// Lists kept by key, grown in place. Copying a key's list on every append (`map.set(k, [...old, x])`)
// is quadratic in the list's length: an answer naming one file a million times scored for hours.

/** The list `map` holds at `key`, made empty when there is none; push onto it. */
export function listAt<K, V>(map: Map<K, V[]>, key: K): V[] {
  let list = map.get(key);
  if (list === undefined) map.set(key, (list = []));
  return list;
}

/** `items` grouped by `key`, each group in the items' order, the groups in their first item's order. */
export function groupBy<K, T>(items: Iterable<T>, key: (item: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const item of items) listAt(out, key(item)).push(item);
  return out;
}
