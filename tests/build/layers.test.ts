// The code's folders depend one way: build.ts -> generator/ -> templates/ -> templates/model/ (the leaf, importing
// nothing of the project); the client takes only the leaf's plain code: its constants, the office link's codec and the
// calendar file's text. The editor (editor/) is called by the build and
// uses the build's rules: each may import the other, never the client. Types count. Import circles: `npm run check`.
//
// The client's folders are its bundles, by when their code loads: client/first-visit/ (the module every page loads),
// client/delivery/ (the module it loads by import() on a form's first use) and client/inline/ (the head and redirect
// scripts, inlined into the HTML). The two modules share no code: a file both imported would be split by esbuild into
// a third file that every first visit loads. So between them only types and the one import() cross; what the delivery
// module uses of the first visit's is handed over as it loads (client/delivery/handover.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseDependencyTree } from 'dpdm';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { root } from '../support/paths.ts';

const CODE = ['build.ts', 'generator/**/*.ts', 'editor/**/*.ts', 'templates/**/*.{ts,tsx}', 'client/**/*.{ts,tsx}'];

/** Which layer a file of the project is in: a client file's is its folder. */
function layer(file: string): string {
  if (file === 'build.ts') return 'command line';
  if (file.startsWith('templates/model/')) return 'leaf';
  if (file.startsWith('client/')) return file.split('/').length > 2 ? file.split('/').slice(0, 2).join('/') : 'client/dev';
  return file.split('/')[0];
}

/** The project's layers each layer may import, besides itself (types count). */
const MAY_IMPORT: Record<string, string[]> = {
  'command line': ['generator'],
  generator: ['editor', 'templates', 'leaf'],
  editor: ['generator', 'templates', 'leaf'],
  templates: ['leaf'],
  leaf: [],
  'client/first-visit': ['leaf', 'client/delivery'],
  'client/delivery': ['leaf', 'client/first-visit'],
  'client/inline': ['leaf'],
  'client/dev': [], // client/dev-reload.ts, which only `npm run dev` adds to a page
};
/** How the two client modules may reach each other: the first visit's loads the delivery module by import(); each may
 * take the other's types, which the bundle leaves out. Any other import would share code between the two bundles. */
const BUNDLE_CROSSING: Record<string, { to: string; runtime: 'import()' | 'none' }> = {
  'client/first-visit': { to: 'client/delivery', runtime: 'import()' },
  'client/delivery': { to: 'client/first-visit', runtime: 'none' },
};

type Edge = readonly [from: string, to: string];

/** Each import that breaks the layers' rule, named. */
function wrongLayers(edges: readonly Edge[]): string[] {
  return edges
    .filter(([from, to]) => layer(from) !== layer(to) && !MAY_IMPORT[layer(from)].includes(layer(to)))
    .map(([from, to]) => `${from} (${layer(from)}) imports ${to} (${layer(to)})`);
}

/** The imports of a file's text that load code when it runs: an import or export from a module (not `import type`,
 * nor one whose names are all types), and import() calls, each with its module as written. */
function runtimeImports(file: string, text: string): { request: string; how: 'static' | 'import()' }[] {
  const found: { request: string; how: 'static' | 'import()' }[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const clause = ts.isImportDeclaration(node) ? node.importClause : undefined;
      const named = ts.isImportDeclaration(node) ? clause?.namedBindings : node.exportClause;
      const allTypes =
        (ts.isImportDeclaration(node) ? !!clause?.isTypeOnly : node.isTypeOnly) ||
        (!!named && ts.isNamedImports(named) && !clause?.name && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly)) ||
        (!!named && ts.isNamedExports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly));
      if (!allTypes) found.push({ request: node.moduleSpecifier.text, how: 'static' });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteral(arg)) found.push({ request: arg.text, how: 'import()' });
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true));
  return found;
}

/** Each import by which one client module's file loads the other's code, other than the first visit's import(). */
function bundleCrossings(files: Record<string, string>): string[] {
  return Object.entries(files).flatMap(([file, text]) => {
    const rule = BUNDLE_CROSSING[layer(file)];
    if (!rule) return [];
    return runtimeImports(file, text)
      .map((i) => ({ ...i, to: path.posix.join(path.posix.dirname(file), i.request) }))
      .filter((i) => layer(i.to) === rule.to && i.how !== rule.runtime)
      .map((i) => `${file} (${layer(file)}) loads ${i.to} (${layer(i.to)}) by ${i.how === 'static' ? 'a static import' : 'import()'}`);
  });
}

const tree = await parseDependencyTree(CODE, { context: root, transform: false, skipDynamicImports: false });
/** A file of the project's code (not a package, not Node's own). */
const own = (id: string | null): id is string => !!id && /^(build\.ts|generator\/|editor\/|templates\/|client\/)/.test(id);
const edges: Edge[] = Object.entries(tree).flatMap(([issuer, deps]) =>
  (deps ?? []).filter((d) => own(d.id)).map((d) => [issuer, d.id!] as const),
);
const clientFiles = Object.fromEntries(
  Object.keys(tree)
    .filter((f) => f.startsWith('client/'))
    .map((f) => [f, readFileSync(path.join(root, f), 'utf8')]),
);

describe('the layers of the code', () => {
  it('reads every code file', () => {
    expect(Object.keys(tree).filter(own).length).toBeGreaterThan(40);
    expect(edges.length).toBeGreaterThan(100);
    // every client folder is a layer the rule knows, and each holds a file
    const clientLayers = new Set(Object.keys(clientFiles).map(layer));
    expect([...clientLayers].sort()).toEqual(
      Object.keys(MAY_IMPORT)
        .filter((l) => l.startsWith('client/'))
        .sort(),
    );
  });

  it('depend one way: no file imports a layer above its own', () => {
    expect(wrongLayers(edges)).toEqual([]);
  });

  it("the client takes only plain code from the leaf (its constants; the office link's codec and the calendar file's text in the delivery module), never the schemas or the registry", () => {
    const taken = edges
      .filter(([from, to]) => from.startsWith('client/') && layer(to) === 'leaf')
      .map(([from, to]) => `${layer(from)} ${to}`);
    expect([...new Set(taken)].filter((t) => !t.endsWith(' templates/model/constants.ts')).sort()).toEqual([
      'client/delivery templates/model/calendar.ts',
      'client/delivery templates/model/office-link.ts',
    ]);
  });

  it("the first visit's module and the delivery module share no code: only types and the one import() cross", () => {
    expect(bundleCrossings(clientFiles)).toEqual([]);
    // the crossing the split rests on is there, so the check above reads what it should
    const loads = Object.entries(clientFiles).flatMap(([f, text]) =>
      runtimeImports(f, text).filter(
        (i) => i.how === 'import()' && layer(path.posix.join(path.posix.dirname(f), i.request)) === 'client/delivery',
      ),
    );
    expect(loads.length).toBe(1);
  });

  it('names a planted fault: a first-visit file importing a delivery file, an inline script importing the first visit', () => {
    const [firstVisit] = Object.keys(clientFiles).filter((f) => layer(f) === 'client/first-visit');
    const [delivery] = Object.keys(clientFiles).filter((f) => layer(f) === 'client/delivery');
    const [inline] = Object.keys(clientFiles).filter((f) => layer(f) === 'client/inline');
    const rel = (from: string, to: string) => path.posix.relative(path.posix.dirname(from), to);
    // a static import of a delivery file's code (a value, not a type) into the first visit's module
    const planted = { ...clientFiles, [firstVisit]: `import { connect } from '${rel(firstVisit, delivery)}';\n${clientFiles[firstVisit]}` };
    expect(bundleCrossings(planted)).toEqual([`${firstVisit} (client/first-visit) loads ${delivery} (client/delivery) by a static import`]);
    // the same as a type only is allowed
    const typeOnly = {
      ...clientFiles,
      [firstVisit]: `import type { connect } from '${rel(firstVisit, delivery)}';\n${clientFiles[firstVisit]}`,
    };
    expect(bundleCrossings(typeOnly)).toEqual([]);
    expect(wrongLayers([...edges, [inline, firstVisit]])).toEqual([`${inline} (client/inline) imports ${firstVisit} (client/first-visit)`]);
  });

  it('the leaf imports no package but zod (and React types for a template)', () => {
    const leafPackages = Object.entries(tree)
      .filter(([f]) => own(f) && layer(f) === 'leaf')
      .flatMap(([, deps]) => (deps ?? []).filter((d) => !own(d.id)).map((d) => d.request));
    expect([...new Set(leafPackages)].sort()).toEqual(['react', 'zod']);
  });
});
