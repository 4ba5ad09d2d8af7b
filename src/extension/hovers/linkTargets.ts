// What a hover's command link points at, kept by the extension: the link carries only a key, so a
// name from a file, a fixture or a run never travels through a link into a command. No `vscode`
// here, so this is unit-tested in Node.
import { FixtureLabError } from '../../core';

/** What a hover's command link carries: a key, nothing from a file, a fixture or a run. */
export type LinkRef = { link: string };

export function isLinkRef(arg: unknown): arg is LinkRef {
  return typeof arg === 'object' && arg !== null && typeof (arg as LinkRef).link === 'string' && Object.keys(arg).length === 1;
}

/**
 * One kind of hover link target (symbols, misses): a hover registers each target and links with
 * its key (`{ link: "symbol-12" }`); the command resolves it. The newest `keep` are kept: a link
 * from a hover shown long ago says so instead of acting.
 */
export class LinkTargets<T> {
  private readonly targets = new Map<string, T>();
  private next = 0;

  constructor(private readonly kind: string, private readonly keep = 500) {}

  ref(target: T): LinkRef {
    const link = `${this.kind}-${++this.next}`;
    this.targets.set(link, target);
    if (this.targets.size > this.keep) this.targets.delete(this.targets.keys().next().value!);
    return { link };
  }

  resolve(ref: LinkRef): T {
    const target = this.targets.get(ref.link);
    if (target === undefined) throw new FixtureLabError('that link is out of date: hover the symbol again');
    return target;
  }
}
