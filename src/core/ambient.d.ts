// Modules the compiler cannot type on its own, for every part (tsconfig.base.json's `files`).

// YAML files the bundle carries as text (esbuild.mjs's `.yaml` loader): the demo corpus's
// systems.yaml is the one template `fixture-lab init` writes (src/core/corpus/init.ts).
declare module '*.yaml' {
  const text: string;
  export default text;
}

// Protobuf schemas the bundle carries as text (esbuild.mjs's `.proto` loader): SCIP's, which
// the scip resolver's decoder parses (src/core/symbols/scip/decode.ts).
declare module '*.proto' {
  const text: string;
  export default text;
}

// The part of d3-dsv (RFC 4180 CSV, a dependency of vega) the rulings files use
// (labeling/bulkRulings.ts): it ships no types.
declare module 'd3-dsv' {
  /** Each row's fields, quotes undone; a quoted field may hold commas, quotes and line breaks. */
  export function csvParseRows(text: string): string[][];
}

// WebAssembly text, which the bundle carries as the module's bytes (esbuild.mjs's wasmFromText
// assembles it with wabt): trecScan.wat, `fixture-lab metrics`' reading and scoring.
declare module '*.wat' {
  const bytes: Uint8Array<ArrayBuffer>;
  export default bytes;
}
