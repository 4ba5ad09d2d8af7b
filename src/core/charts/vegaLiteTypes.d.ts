// vega-lite's package.json gives its types only through `exports`, which the repository's
// `moduleResolution: node` does not read; this points the module name at them. Types only:
// at run time Node's import() and esbuild resolve `vega-lite` through `exports` themselves.
declare module 'vega-lite' {
  export * from 'vega-lite/build/index';
}
