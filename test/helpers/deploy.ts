// The manifests of deploy/ (docs/scaling.md) as the tests read them: the workflow checked by
// @actions/workflow-parser and its `${{ }}` expressions evaluated by @actions/expressions (the
// parser's own evaluator), the Kubernetes objects by kubernetes-models, the Dockerfile by
// dockerfile-utils, and what each asks to run.
import { data, Evaluator, Lexer, Parser } from '@actions/expressions';
import { convertWorkflowTemplate, NoOperationTraceWriter, parseWorkflow } from '@actions/workflow-parser';
import { validate as validateDockerfile } from 'dockerfile-utils';
import { Job } from 'kubernetes-models/batch/v1';
import { PersistentVolumeClaim } from 'kubernetes-models/v1';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { ROOT } from './demoCorpus';

export const DEPLOY = join(ROOT, 'deploy');
export const WORKFLOW = join(DEPLOY, 'github-actions/fixture-lab-sharded.yml');
export const PVC = join(DEPLOY, 'kubernetes/pvc.yaml');
export const SHARDS_JOB = join(DEPLOY, 'kubernetes/shards-job.yaml');
export const MERGE_JOB = join(DEPLOY, 'kubernetes/merge-job.yaml');
export const DOCKERFILE = join(DEPLOY, 'docker/Dockerfile');

export const read = (path: string): string => readFileSync(path, 'utf8');

/** The workflow's problems as GitHub would report them: its schema, its expressions and its job graph (`needs`). */
export async function workflowErrors(content: string): Promise<string[]> {
  const parsed = parseWorkflow({ name: 'fixture-lab-sharded.yml', content }, new NoOperationTraceWriter());
  if (parsed.value) await convertWorkflowTemplate(parsed.context, parsed.value);
  return parsed.context.errors.getErrors().map((e) => e.message);
}

// The parts of a workflow the local runner reads (the parser has validated the whole).
export interface WorkflowStep { uses?: string; run?: string; name?: string; with?: Record<string, string | number | boolean> }
export interface WorkflowJob { needs?: string | string[]; strategy?: { matrix?: Record<string, (string | number)[]> }; steps: WorkflowStep[] }
export interface Workflow { jobs: Record<string, WorkflowJob> }

export function workflow(content = read(WORKFLOW)): Workflow {
  return yamlDocuments(content)[0] as Workflow;
}

/** The contexts an expression reads, by name: `{matrix: {shard: 2}, strategy: {'job-total': 4}}`. */
export type Contexts = Record<string, Record<string, string | number>>;

/** `text` with each `${{ expression }}` evaluated as GitHub does; an expression naming a value the contexts lack is an error, not ''. */
export function interpolate(text: string, contexts: Contexts): string {
  const dictionary = new data.Dictionary(...Object.entries(contexts).map(([key, values]) => ({
    key,
    value: new data.Dictionary(...Object.entries(values).map(([k, v]) => ({ key: k, value: typeof v === 'number' ? new data.NumberData(v) : new data.StringData(v) }))),
  })));
  return text.replace(/\$\{\{(.*?)\}\}/gs, (_, source: string) => {
    const expression = new Parser(new Lexer(source.trim()).lex().tokens, Object.keys(contexts), []).parse();
    const value = new Evaluator(expression, dictionary).evaluate();
    if (value.kind === data.Kind.Null) throw new Error(`\${{${source}}} names nothing in ${JSON.stringify(contexts)}`);
    return value.coerceString();
  });
}

/** Every matrix combination of a job (one, empty, without a matrix), with the `strategy` context GitHub gives it. */
export function matrixRuns(job: WorkflowJob): Contexts[] {
  const combos = Object.entries(job.strategy?.matrix ?? {}).reduce<Record<string, string | number>[]>(
    (acc, [key, values]) => acc.flatMap((c) => values.map((v) => ({ ...c, [key]: v }))), [{}]);
  return combos.map((matrix, i) => ({ matrix, strategy: { 'job-total': combos.length, 'job-index': i } }));
}

export function yamlDocuments(content: string): unknown[] {
  return parseAllDocuments(content).map((doc) => {
    if (doc.errors.length > 0) throw new Error(doc.errors.map((e) => e.message).join('\n'));
    return doc.toJS();
  });
}

/** The Kubernetes objects of a manifest, each validated by kubernetes-models against the API's schema (throws on the first invalid one). */
export function kubernetesObjects(content: string): (Job | PersistentVolumeClaim)[] {
  return yamlDocuments(content).map((doc) => {
    const { apiVersion, kind } = doc as { apiVersion?: string; kind?: string };
    const object = apiVersion === 'batch/v1' && kind === 'Job' ? new Job(doc as Job)
      : apiVersion === 'v1' && kind === 'PersistentVolumeClaim' ? new PersistentVolumeClaim(doc as PersistentVolumeClaim)
        : undefined;
    if (!object) throw new Error(`no model for ${apiVersion} ${kind}`);
    object.validate();
    return object;
  });
}

/** The one Job a manifest holds, validated. */
export function job(content: string): Job {
  const [object] = kubernetesObjects(content);
  if (!(object instanceof Job)) throw new Error('not a Job');
  return object;
}

/** dockerfile-utils' diagnostics, every check it has at its default severity (warnings included). */
export function dockerfileProblems(content: string): string[] {
  return validateDockerfile(content).map((d) => `${d.range.start.line + 1}: ${typeof d.message === 'string' ? d.message : d.message.value}`);
}

/** The image's ENTRYPOINT in exec form: the last one of the last stage, as Docker runs it. */
export function entrypoint(content: string): string[] {
  const lines = content.split('\n');
  const lastStage = lines.map((l, i) => (/^FROM\s/i.test(l) ? i : -1)).filter((i) => i >= 0).pop() ?? 0;
  const found = lines.slice(lastStage).filter((l) => /^ENTRYPOINT\s/i.test(l)).pop();
  if (!found) throw new Error('no ENTRYPOINT');
  return JSON.parse(found.replace(/^ENTRYPOINT\s+/i, '')) as string[];
}

/** The last stage's base image. */
export function finalBase(content: string): string {
  const from = content.split('\n').filter((l) => /^FROM\s/i.test(l)).pop();
  return from?.split(/\s+/)[1] ?? '';
}
