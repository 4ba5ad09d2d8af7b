// The second ring (docs/fixture-format.md#default-candidates): one hop beyond the first ring,
// grown from the first ring's best code neighbours rather than by a rule per kind of miss. A
// member of a type the change uses (`ArgumentBase.Usage` beside the changed `ArgumentBase.Parse`)
// and what a function the change reaches calls are linked when the change's own lines write their
// name (without it a type's forty members or a function's callees are all alike, and on issue 27's
// rounds 1 to 4 about one in a hundred was ground truth), weighing a quarter of their seed's
// evidence: listed only where it adds up with other links. And the functions whose signatures
// name a changed type (`createJSONStorage(...): PersistStorage<S>`), where its values go out,
// half a link spread over how many do. Hops 2 are listed only on strong evidence: they never fill
// the list in (candidates.ts).
import { definitionAt } from '../symbols/definitions';
import { DATA_KINDS } from '../symbols/kinds';
import { isTestPath } from '../symbols/testPaths';
import type { ChangedSymbol, ChangeReport } from './changedSymbols';
import { sidesOf } from './changedSides';
import { CLASS_LIKE, dirname, IMPLICIT_CALLS, shortName } from './languageRules';
import type { LinkFn, Neighbour } from './links';
import type { Index, Located } from './repositoryIndex';

/**
 * A member or callee named on the changed lines weighs its seed's evidence times this: a quarter,
 * too little to be listed alone (on rounds 1 to 4 about one in forty listed at half a link was
 * ground truth) but adding up with a first-ring link to the same definition (`SetHelpFunc`, which
 * only the change's tests call, is a member of the `Command` the change uses and named on its lines).
 */
export const SECOND_HOP = 0.25;
/** The first-ring neighbours the second ring grows from: the best few (past these, evidence is thin and the cost is not). */
const SEEDS = 12;
/** A seed weighs its score, at most one link's worth. */
const SEED_CAP = 1;
/** Functions whose signatures use a changed type: past this many, the type is vocabulary and none of them is about the change. */
const SIGNATURE_USERS_LIMIT = 8;
/** A signature's use of a changed type, at most: half a call, as the type is only named (one user alone is strong evidence, two or more are not). */
const SIGNATURE_WEIGHT = 0.5;

/** What has a signature: functions, methods, and fields holding one (`json: JSONRespond = <T>(...): R<JSONParsed<T>> => ...`). */
const SIGNED = new Set(['function', 'method', 'field']);

/** The last line of a definition's head: the line that opens its body (`{`, `=> {`, Python's `:`), at most 12 lines down. */
function headEnd(lines: string[], d: { nameLine: number; endLine: number }): number {
  let end = d.nameLine;
  while (end < Math.min(d.endLine, d.nameLine + 12) && !/(?:\{|=>|:)\s*(?:(?:\/\/|#).*)?$/.test(lines[end - 1] ?? '')) end++;
  return end;
}

const spread = (n: number) => 1 / Math.sqrt(Math.max(1, n));

/** The identifiers on the lines the change made, on either side: a name written there is specific evidence. */
async function namesMade(index: Index, report: ChangeReport): Promise<Set<string>> {
  const out = new Set<string>();
  for (const { info, symbols } of await sidesOf(index, report)) {
    for (const s of symbols) {
      for (let line = s.startLine; line <= s.endLine; line++) {
        if (!s.madeAt(line)) continue;
        for (const m of (info.lines[line - 1] ?? '').matchAll(/[A-Za-z_$][\w$]*/g)) out.add(m[0]);
      }
    }
  }
  return out;
}

/** Link the second ring of a change whose first ring is `first` (by score). */
export async function secondRing(index: Index, report: ChangeReport, first: Neighbour[], link: LinkFn): Promise<void> {
  const bySymbol = new Map(report.symbols.map((s) => [s.symbol, s]));
  const made = await namesMade(index, report);
  const seeds = first.filter((n) => !n.test && n.hops === 1 && !n.byName && !DATA_KINDS.has(n.kind)).slice(0, SEEDS);
  for (const seed of seeds) {
    const via = seed.via.map((v) => bySymbol.get(v)).find((v): v is ChangedSymbol => v !== undefined);
    if (!via) continue;
    const weight = Math.min(SEED_CAP, seed.score) * SECOND_HOP;
    const info = await index.file(index.base, seed.file);
    const def = info?.defs.find((d) => d.symbol === seed.symbol && d.startLine === seed.startLine) ?? info?.defs.find((d) => d.symbol === seed.symbol);
    if (!info || !def) continue;
    const at: Located = { path: seed.file, def };
    if (CLASS_LIKE.has(def.kind) || def.kind === 'type') {
      const members = (await membersOf(index, at)).filter((m) => !IMPLICIT_CALLS.test(m.def.name));
      for (const m of members.filter((x) => made.has(x.def.name))) {
        const why = `a member of ${def.name}, named on the changed lines; ${def.name} is ${seed.why}`;
        link(m, DATA_KINDS.has(m.def.kind) ? 'data' : 'callee', via, weight, why, false, 2);
      }
    } else if (def.kind === 'function' || def.kind === 'method') {
      const used = await usedBy(index, info, at);
      for (const u of used.filter((x) => made.has(x.def.name))) {
        link(u, 'callee', via, weight, `called by ${def.name}, named on the changed lines; ${def.name} is ${seed.why}`, false, 2);
      }
    }
  }
  await signatureUsers(index, report, link);
}

/** The members of a class or type: its own file's definitions under it, and (Go) methods on it anywhere in its package. */
export async function membersOf(index: Index, cls: Located): Promise<Located[]> {
  if (!cls.path.endsWith('.go')) {
    const info = await index.file(index.base, cls.path);
    return (info?.defs ?? []).filter((d) => d.parent === cls.def.symbol).map((def) => ({ path: cls.path, def }));
  }
  const out: Located[] = [];
  for await (const info of index.mentioning([cls.def.name], { folder: dirname(cls.path) })) {
    for (const d of info.defs) {
      const goMethod = d.kind === 'method' && d.parent !== undefined && shortName(d.parent) === cls.def.name;
      if (d.parent === cls.def.symbol || goMethod) out.push({ path: info.path, def: d });
    }
  }
  return out;
}

/** What a function calls or names as a type, resolved to the repository's own non-test definitions (each once). */
async function usedBy(index: Index, info: NonNullable<Awaited<ReturnType<Index['file']>>>, fn: Located): Promise<Located[]> {
  const out = new Map<string, Located>();
  const refs = (await info.refs()).filter((r) => r.line >= fn.def.startLine && r.line <= fn.def.endLine && r.kind !== 'identifier');
  await index.definitions(refs.map((r) => r.name));
  for (const r of refs) {
    const res = await index.resolve(info, r.line, r.column, r.name);
    if (!res.resolved || res.picked.length > 2) continue;
    for (const p of res.picked) {
      if (isTestPath(p.path) || p.def.symbol === fn.def.symbol || DATA_KINDS.has(p.def.kind)) continue;
      out.set(p.def.symbol, p);
    }
  }
  return [...out.values()];
}

/**
 * Functions and methods whose signatures name a changed type (`json(): JSONRespond<JSONParsed<T>>`):
 * where the changed type's values come out. One hop, weighed below a call, spread over the users.
 */
async function signatureUsers(index: Index, report: ChangeReport, link: LinkFn): Promise<void> {
  const types = report.symbols.filter((s) => s.change !== 'added' && !isTestPath(s.file) && (CLASS_LIKE.has(s.kind) || s.kind === 'type'));
  if (types.length === 0) return;
  const byName = new Map(types.map((s) => [shortName(s.baseSymbol ?? s.symbol), s]));
  const users = new Map<string, { at: Located; line: number }[]>();
  for await (const info of index.mentioning(byName.keys())) {
    const path = info.path;
    for (const ref of await info.refs()) {
      const via = ref.kind === 'type' ? byName.get(ref.name) : undefined;
      const user = via && definitionAt(info.defs, ref.line);
      if (!via || !user || !SIGNED.has(user.kind) || user.symbol === via.symbol) continue;
      // The head only: a signature says what comes in and goes out; a body's local annotation is how.
      if (ref.line > headEnd(info.lines, user)) continue;
      const r = await index.resolve(info, ref.line, ref.column, ref.name);
      if (!r.resolved || !r.picked.some((p) => p.def.symbol === (via.baseSymbol ?? via.symbol))) continue;
      const list = users.get(via.symbol) ?? [];
      if (!list.some((u) => u.at.def.symbol === user.symbol)) list.push({ at: { path, def: user }, line: ref.line });
      users.set(via.symbol, list);
    }
  }
  for (const [symbol, list] of users) {
    if (list.length > SIGNATURE_USERS_LIMIT) continue;
    const via = types.find((t) => t.symbol === symbol)!;
    const weight = SIGNATURE_WEIGHT * spread(list.length);
    for (const u of list) link(u.at, 'type', via, weight, `uses ${shortName(symbol)} in its signature (line ${u.line})`, false, 2);
  }
}
