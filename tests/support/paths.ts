// Where the tests find the project and the content they build (no vitest import: globalSetup uses it too).
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');
/** The content the tests build and check: content/, or a copy named by SITE_CONTENT (tests/proof/maintainer.test.ts). */
export const contentDir = process.env.SITE_CONTENT ? path.resolve(process.env.SITE_CONTENT) : path.join(root, 'content');
/** What a build reads of the project besides package.json and tsconfig.json: the tests that copy or watch a checkout. */
export const BUILD_INPUTS = ['build.ts', 'generator', 'editor', 'templates', 'client', 'styles', 'static', 'content'];
