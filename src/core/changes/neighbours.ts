// One hop out from the changed code (docs/fixture-format.md#default-candidates): what the changed definitions call, use as a
// type or read (callees, types, data), who calls them, is decorated with them or registers them
// (callers), and where the data they write is read or the data they read is written, at base.
// A use is resolved by what the code says before the name: `self`/`this` to the enclosing class
// (and the classes it extends), an imported module's alias, the receiver's declared or
// constructed type in the same function, a name imported by name, the same file, an imported
// file; else by the name alone, and a name with more than AMBIGUOUS_LIMIT definitions that
// nothing picks is not linked but counted.
import type { Repository } from '../git/repository';
import type { PreciseResolver } from '../symbols/scip/resolver';
import type { ChangeReport } from './changedSymbols';
import { getters } from './accessors';
import { dataFlow } from './dataFlow';
import { callersOf } from './incoming';
import { changedModuleData, moduleDataUsers } from './moduleData';
import { AMBIGUOUS_LIMIT, Links, LinkSet, Neighbour } from './links';
import { usesOf } from './outgoing';
import { gainedMembers } from './gainedMembers';
import { instanceCallers } from './callables';
import { keyedTables } from './keyedTables';
import { overridden, overrides } from './overrides';
import { preciseLinks } from './preciseLinks';
import { Index } from './repositoryIndex';
import { counterparts, siblings } from './siblings';
import { wrapped } from './wrappers';
import { callersOfCallers } from './twoHops';
import { secondRing } from './secondRing';
import { namesakes } from './namesakes';
import { coChanges } from './coChanges';
import { throughTypes } from './throughTypes';
import { holders } from './holders';
import { sameJob } from './sameJob';

export async function neighboursOf(repo: Repository, report: ChangeReport, limit = Infinity, beside = false): Promise<Neighbour[]> {
  return (await linksOf(repo, report, AMBIGUOUS_LIMIT, undefined, beside)).neighbours.slice(0, limit);
}

/**
 * The links of a change; `ambiguousLimit`: the most same-named definitions a name may link by name alone;
 * `beside`: evidence beside the code too (names, history), which the default list leaves out (CandidateOptions.beside says why).
 */
export async function linksOf(
  repo: Repository, report: ChangeReport, ambiguousLimit = AMBIGUOUS_LIMIT, precise?: PreciseResolver, beside = false,
): Promise<Links> {
  const index = new Index(repo, report.base, ambiguousLimit, precise);
  const changed = report.symbols;
  const links = new LinkSet(new Set(changed.map((s) => s.symbol)), ambiguousLimit);
  // Outgoing: names the changed code uses, at the side where the change left them.
  const { reads, writes, declared, moduleData, written } = await usesOf(index, report, links);
  await wrapped(index, report, links.links().neighbours, links.link);
  // Incoming: definitions at base that call a changed (existing) symbol, are decorated with it, or register it.
  const directCallers = await callersOf(index, report, links);
  await callersOfCallers(index, changed.filter((s) => directCallers.has(s.symbol)).map((s) => [s, directCallers.get(s.symbol)!]), links.link);
  // A changed `__call__`, or one that calls a changed symbol, is called through the instances kept of its class.
  await instanceCallers(index, report, directCallers, links.link);
  await overrides(index, changed, links.link);
  await overridden(index, report, links.link);
  await gainedMembers(index, report, links.link);
  await siblings(index, report, links.link);
  // Data: where what the change reads is written, and where what it writes is read (and what that reader then calls).
  await dataFlow(report, index, reads, writes, declared, links.link, ambiguousLimit);
  await getters(index, report, written, links.link);
  await moduleDataUsers(index, report, [...moduleData, ...await changedModuleData(index, report)], links.link, ambiguousLimit);
  await keyedTables(index, report, links.link, ambiguousLimit);
  // With a compiler-grade index: the uses, references and implementations it names (preciseLinks.ts).
  if (precise) await preciseLinks(index, report, precise, links.link);
  // The same method in a parallel implementation, of the changed methods and of the first ring's.
  await counterparts(index, report, links.links().neighbours, links.link);
  // The second ring grows from the first, ranked with it.
  await secondRing(index, report, links.links().neighbours, links.link);
  // Through the types the change touches: aliases, what a named type is built from, TypedDict keys, interfaces satisfied (throughTypes.ts).
  // After the second ring, which grows from the first ring's call and type links only.
  await throughTypes(index, report, links.link);
  // The same job done elsewhere, and where the change's effect reaches a user (sameJob.ts); after the second ring,
  // which grows from the first ring's links only.
  await sameJob(index, report, links.links().neighbours, links.link);
  // The declared types that hold what the changed lines read through a typed receiver (holders.ts).
  await holders(index, report, links.link);
  // Names: what is named like the changed code, where no link above reaches (namesakes.ts); after the second ring, which grows from code links only.
  if (beside) await namesakes(index, report, links.link);
  // History: what was changed together with the changed definitions before base (coChanges.ts).
  if (beside) await coChanges(repo, index, report, links.link);
  return precise ? { ...links.links(), unmapped: index.unmapped } : links.links();
}
