// Where the tests find the project and the content they build (no vitest import: globalSetup uses it too).
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');
/** The content the tests build and check: content/, or a copy named by SITE_CONTENT (tests/proof/maintainer.test.ts). */
export const contentDir = process.env.SITE_CONTENT ? path.resolve(process.env.SITE_CONTENT) : path.join(root, 'content');
/** What a build reads of the project besides package.json and tsconfig.json: the tests that copy or watch a checkout. */
export const BUILD_INPUTS = ['build.ts', 'generator', 'editor', 'templates', 'client', 'styles', 'static', 'content'];

/** `npm run build` in a checkout, as its package.json writes it (node, then these arguments), to run by this Node. */
export function buildArgs(dir: string): string[] {
  const [node, ...args] = (
    JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { scripts: { build: string } }
  ).scripts.build.split(' ');
  if (node !== 'node') throw new Error(`${dir}/package.json scripts.build must start with node: ${node} ${args.join(' ')}`);
  return args;
}
