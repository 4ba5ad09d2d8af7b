// A SCIP index (scip.proto's `scip.Index`, as scip-python and scip-typescript write it) read into
// what the resolver asks of it: at a place in a file, which symbol; where each symbol is defined.
// Decoded by protobufjs, which installs with the indexers (indexers.ts): it is no dependency of
// Fixture Lab, and an index exists only where it is installed.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import SCHEMA from './scip.proto';

/** A place a symbol is named: 1-based line, 0-based UTF-16 column (as definitions.ts counts). */
export interface ScipPlace {
  path: string;
  line: number;
  column: number;
}

export interface ScipOccurrence {
  line: number;
  column: number;
  endColumn: number;
  symbol: string;
  definition: boolean;
}

export interface ScipIndex {
  /** Each document's occurrences by path, ordered by line then column. */
  documents: Map<string, ScipOccurrence[]>;
  /** Where each symbol is defined in the repository (a symbol the index does not define is absent). */
  definitions: Map<string, ScipPlace[]>;
  /** The packages (`scheme manager name version`) of the symbols the repository defines. */
  packages: Set<string>;
  /** Where each global symbol is named other than where it is defined (its references, imports included). */
  references: Map<string, ScipPlace[]>;
  /** What each symbol implements or overrides (a subclass's class, a method's overridden method), as the index relates them. */
  implements: Map<string, string[]>;
  /** The inverse: what implements or overrides each symbol. */
  implementedBy: Map<string, string[]>;
}

/** scip.proto's SymbolRole.Definition. */
const DEFINITION_ROLE = 0x1;

/** The parts of protobufjs the decoder uses (typed here: it is not a dependency, so has no types in the build). */
interface Protobuf {
  parse(source: string): { root: { lookupType(name: string): { decode(bytes: Uint8Array): unknown } } };
}

interface RawOccurrence { range: number[]; symbol: string; symbolRoles: number }
interface RawRelationship { symbol: string; isImplementation: boolean }
interface RawSymbol { symbol: string; relationships: RawRelationship[] }
interface RawIndex { documents: { relativePath: string; occurrences: RawOccurrence[]; symbols: RawSymbol[] }[] }

const types = new Map<string, { decode(bytes: Uint8Array): unknown }>();

/** Read the index at `file` with the decoder installed in `home` (installIndexers's folder). */
export function readScipIndex(home: string, file: string): ScipIndex {
  let type = types.get(home);
  if (!type) {
    const protobuf = createRequire(join(home, 'package.json'))('protobufjs') as Protobuf;
    type = protobuf.parse(SCHEMA).root.lookupType('scip.Index');
    types.set(home, type);
  }
  const raw = type.decode(readFileSync(file)) as RawIndex;
  const documents = new Map<string, ScipOccurrence[]>();
  const definitions = new Map<string, ScipPlace[]>();
  const packages = new Set<string>();
  const references = new Map<string, ScipPlace[]>();
  const implementsMap = new Map<string, string[]>();
  const implementedBy = new Map<string, string[]>();
  const push = <T>(map: Map<string, T[]>, key: string, value: T) => {
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
  };
  for (const doc of raw.documents) {
    const occurrences: ScipOccurrence[] = [];
    for (const o of doc.occurrences) {
      // A range is [line, start, end] on one line or [startLine, start, endLine, end], 0-based.
      const [line, column] = o.range;
      const endColumn = o.range.length === 3 ? o.range[2] : o.range[3];
      const definition = (o.symbolRoles & DEFINITION_ROLE) !== 0;
      occurrences.push({ line: line + 1, column, endColumn, symbol: o.symbol, definition });
      if (definition && !isLocal(o.symbol)) {
        const places = definitions.get(o.symbol) ?? [];
        places.push({ path: doc.relativePath, line: line + 1, column });
        definitions.set(o.symbol, places);
        packages.add(packageOf(o.symbol));
      } else if (!definition && o.symbol && !isLocal(o.symbol)) {
        push(references, o.symbol, { path: doc.relativePath, line: line + 1, column });
      }
    }
    for (const info of doc.symbols ?? []) {
      for (const r of info.relationships ?? []) {
        if (!r.isImplementation || r.symbol === info.symbol) continue;
        push(implementsMap, info.symbol, r.symbol);
        push(implementedBy, r.symbol, info.symbol);
      }
    }
    occurrences.sort((a, b) => a.line - b.line || a.column - b.column);
    documents.set(doc.relativePath, occurrences);
  }
  return { documents, definitions, packages, references, implements: implementsMap, implementedBy };
}

/** `local 12`: a symbol private to one document (a parameter, a local, an import nothing resolved). */
export const isLocal = (symbol: string) => symbol.startsWith('local ');

/** A global symbol's package: its first four fields (`scip-python python flask 1.0`). */
export const packageOf = (symbol: string) => symbol.split(' ').slice(0, 4).join(' ');
