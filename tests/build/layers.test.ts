// The code's folders depend one way: build.ts -> generator/ -> templates/ -> templates/model/ (the leaf, importing
// nothing of the project); the client takes only the leaf's constants. The editor (editor/) is called by the build and
// uses the build's rules: each may import the other, never the client. Types count. Import circles: `npm run check`.
import { parseDependencyTree } from 'dpdm';
import { describe, expect, it } from 'vitest';
import { root } from '../support/paths.ts';

const CODE = ['build.ts', 'generator/**/*.ts', 'editor/**/*.ts', 'templates/**/*.{ts,tsx}', 'client/**/*.{ts,tsx}'];

/** Which layer a file of the project is in. */
function layer(file: string): string {
  if (file === 'build.ts') return 'command line';
  if (file.startsWith('templates/model/')) return 'leaf';
  return file.split('/')[0];
}

/** The project's layers each layer may import, besides itself. */
const MAY_IMPORT: Record<string, string[]> = {
  'command line': ['generator'],
  generator: ['editor', 'templates', 'leaf'],
  editor: ['generator', 'templates', 'leaf'],
  templates: ['leaf'],
  leaf: [],
  client: ['leaf'],
};

const tree = await parseDependencyTree(CODE, { context: root, transform: false, skipDynamicImports: false });
/** A file of the project's code (not a package, not Node's own). */
const own = (id: string | null): id is string => !!id && /^(build\.ts|generator\/|editor\/|templates\/|client\/)/.test(id);
const edges = Object.entries(tree).flatMap(([issuer, deps]) => (deps ?? []).filter((d) => own(d.id)).map((d) => [issuer, d.id!] as const));

describe('the layers of the code', () => {
  it('reads every code file', () => {
    expect(Object.keys(tree).filter(own).length).toBeGreaterThan(40);
    expect(edges.length).toBeGreaterThan(100);
  });

  it('depend one way: no file imports a layer above its own', () => {
    const wrong = edges
      .filter(([from, to]) => layer(from) !== layer(to) && !MAY_IMPORT[layer(from)].includes(layer(to)))
      .map(([from, to]) => `${from} (${layer(from)}) imports ${to} (${layer(to)})`);
    expect(wrong).toEqual([]);
  });

  it('the client takes only plain constants from the leaf, never the schemas or the registry', () => {
    const taken = edges.filter(([from, to]) => layer(from) === 'client' && layer(to) === 'leaf').map(([, to]) => to);
    expect([...new Set(taken)]).toEqual(['templates/model/constants.ts']);
  });

  it('the leaf imports no package but zod (and React types for a template)', () => {
    const leafPackages = Object.entries(tree)
      .filter(([f]) => own(f) && layer(f) === 'leaf')
      .flatMap(([, deps]) => (deps ?? []).filter((d) => !own(d.id)).map((d) => d.request));
    expect([...new Set(leafPackages)].sort()).toEqual(['react', 'zod']);
  });
});
