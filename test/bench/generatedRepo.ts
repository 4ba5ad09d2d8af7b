// The benchmarks' generated repository: Python, Go and TypeScript files in turn, each with eight
// classes or types and their methods, under mod<N>/file<i>.<ext> (100 files a folder).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const GIT_ENV = { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1', GIT_AUTHOR_NAME: 'b', GIT_AUTHOR_EMAIL: 'b@b', GIT_COMMITTER_NAME: 'b', GIT_COMMITTER_EMAIL: 'b@b' };

const py = (i: number, v: number) => Array.from({ length: 8 }, (_, k) => `
class Service${i}_${k}(Base):
    LIMIT = ${k}

    def handle(self, request, retries=${v}):
        value = self.lookup(request.key)
        if value is None:
            return helper_${k}(request, retries)
        return value * ${k}

    def lookup(self, key):
        return self.cache.get(key)


def helper_${k}(request, retries):
    return [r for r in request.items if r.ok][:retries]
`).join('\n');

const go = (i: number, v: number) => `package pkg${i % 40}\n` + Array.from({ length: 8 }, (_, k) => `
type Store${i}_${k} struct {
\titems map[string]int
\tlimit int
}

func (s *Store${i}_${k}) Get(key string) (int, bool) {
\tv, ok := s.items[key]
\tif !ok || v > ${v} {
\t\treturn 0, false
\t}
\treturn v, true
}

func helper${i}_${k}(xs []int) int {
\ttotal := 0
\tfor _, x := range xs {
\t\ttotal += x * ${k}
\t}
\treturn total
}
`).join('');

const ts = (i: number, v: number) => Array.from({ length: 8 }, (_, k) => `
export interface Item${i}_${k} { id: string; price: number; }

export class Cart${i}_${k} {
  private items: Item${i}_${k}[] = [];
  add(item: Item${i}_${k}): void { this.items.push(item); }
  total(): number {
    return this.items.reduce((sum, it) => sum + it.price * ${v}, 0);
  }
}

export const format${k} = (n: number): string => n.toFixed(${k % 4});
`).join('\n');

export const GENERATORS: [string, (i: number, v: number) => string][] = [['py', py], ['go', go], ['ts', ts]];

/** Write `files` source files into `dir` (or those `only` picks); file i's constants take `version(i)`. */
export function generate(dir: string, files: number, version: (i: number) => number, only: (i: number) => boolean = () => true): void {
  for (let i = 0; i < files; i++) {
    if (!only(i)) continue;
    const make = GENERATORS[i % GENERATORS.length][1];
    const path = join(dir, generatedPath(i));
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, make(i, version(i)));
  }
}

/** File i's path: mod<i/100>/file<i>.<py|go|ts>. */
export function generatedPath(i: number): string {
  return `mod${Math.floor(i / 100)}/file${i}.${GENERATORS[i % GENERATORS.length][0]}`;
}
