// Type guards built from small parts, for values the compiler cannot vouch for (a command's
// argument from a menu, a test or a link): each guard says what it accepts and its type follows
// from it, so the check and the type cannot drift apart. Import-free, as all of src/shared.

export type Guard<T> = (value: unknown) => value is T;
export type Guarded<G> = G extends Guard<infer T> ? T : never;

/** A field that may be missing: `record` makes its key optional. */
export type Optional<T> = Guard<T | undefined> & { readonly optional: true };

type Shape = Record<string, Guard<unknown>>;
type OptionalKeys<S extends Shape> = { [K in keyof S]: S[K] extends { readonly optional: true } ? K : never }[keyof S];
type Fields<S extends Shape> = { [K in Exclude<keyof S, OptionalKeys<S>>]: Guarded<S[K]> } & { [K in OptionalKeys<S>]?: Exclude<Guarded<S[K]>, undefined> };
/** Spelled out, so hovers and errors show the fields rather than the mapped types. */
type Flat<T> = { [K in keyof T]: T[K] };

export const isString: Guard<string> = (value): value is string => typeof value === 'string';
export const isNumber: Guard<number> = (value): value is number => typeof value === 'number' && Number.isFinite(value);
export const isBoolean: Guard<boolean> = (value): value is boolean => typeof value === 'boolean';

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function oneOf<T extends string>(values: readonly T[]): Guard<T> {
  return (value): value is T => (values as readonly unknown[]).includes(value);
}

export function listOf<T>(item: Guard<T>): Guard<T[]> {
  return (value): value is T[] => Array.isArray(value) && value.every(item);
}

export function optional<T>(guard: Guard<T>): Optional<T> {
  return Object.assign((value: unknown): value is T | undefined => value === undefined || guard(value), { optional: true as const });
}

/** An object with these fields (others are ignored: a tree item carries more than its command reads). */
export function record<S extends Shape>(shape: S): Guard<Flat<Fields<S>>> {
  return (value): value is Flat<Fields<S>> => isObject(value) && Object.entries(shape).every(([key, guard]) => guard(value[key]));
}

export function anyOf<A, B>(a: Guard<A>, b: Guard<B>): Guard<A | B> {
  return (value): value is A | B => a(value) || b(value);
}
