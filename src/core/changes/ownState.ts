// An object's own state (docs/fixture-format.md#default-candidates, "An object's own state"): the
// attributes a changed method reads or writes on the object it runs on, followed as data even
// where their name is shared with a function elsewhere, and weighed by what the change does to them.
import { DATA_KINDS } from '../symbols/kinds';
import type { Index, Located } from './repositoryIndex';

/** What ownNames asks of an access (dataFlow's Access): whether it is on the object's own `self`/`this`, and its class. */
interface OwnAccess { own?: boolean; selfClass?: Located }

/**
 * Names the changed code reads or writes on its own object (`self.sleep = sleep` in a changed
 * constructor) that its class, or a class it extends, holds as data, while some other definition
 * (a module's `sleep` function) shares the name: data flow's test that every definition of an
 * attribute's name is data would drop them, and the methods that use the attribute on the same
 * object (`await self.sleep(...)` between attempts) would never be linked. Followed only through
 * `self`/`this` in the classes of one lineage (dataFlow.ts's sameObject).
 */
export async function ownNames(index: Index, accesses: Map<string, OwnAccess>[], shared: string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (const name of shared) {
    for (const map of accesses) {
      const a = map.get(name);
      if (!a?.own || !a.selfClass) continue;
      const members = await index.membersOf([a.selfClass], name);
      if (members.length > 0 && members.every((m) => DATA_KINDS.has(m.def.kind))) out.add(name);
    }
  }
  return out;
}

/**
 * `self.x.y = ...` on a line the change made: the change writes a member of the object its own
 * attribute `x` holds (`self._local.iter_state = IterState()` gives the thread-local storage a new
 * member). That is another object's state, reached through `x`: like an attribute read on another
 * object (`router.routes`), it is evidence in full, unlike an attribute the change merely reads or
 * writes on its own object (`self.x = ...`, `self.x[key] = ...`: OWN_STATE_WEIGHT). `after`: the
 * text after the attribute's name.
 */
export function storesInto(after: string): boolean {
  return STORE_INTO.test(after);
}

/** A member assigned through the attribute (`.name =`, `?.name =`, `.#name =`, `.name += 1`), not compared. */
const STORE_INTO = /^\s*\??\.\s*#?[\w$]+\s*(?:=(?![=>])|[-+*/|&%^]=|\?\?=|\|\|=|&&=)/;
