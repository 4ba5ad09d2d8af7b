// How a revision written in a file compares with another, without a repository.

/** Whether `rev` is written as a commit SHA (7 to 40 hex digits), not a ref name only git resolves. */
export const looksLikeSha = (rev: string | undefined): rev is string => rev !== undefined && /^[0-9a-f]{7,40}$/i.test(rev);

/** `abc1234` and its full SHA are one revision. */
export function sameRevision(a: string, b: string): boolean {
  return a.length > 0 && b.length > 0 && (a.startsWith(b) || b.startsWith(a));
}
