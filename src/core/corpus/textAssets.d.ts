// YAML files the bundle carries as text (esbuild.mjs's `.yaml` loader): the demo corpus's
// systems.yaml is the one template `fixture-lab init` writes (init.ts).
declare module '*.yaml' {
  const text: string;
  export default text;
}
