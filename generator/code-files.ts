// What counts as the generator's code: what the dev server watches, what the bundled build code (build-code.ts)
// and the benchmark are keyed on. tsconfig.json includes the same folders.
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project folder (this file is in generator/). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * A package the build loads only when it needs it (esbuild, lightningcss, sharp: all CommonJS). Not `await
 * import()`: the bundled build code must hold no dynamic import (build-code.ts says why).
 */
export const requirePackage = createRequire(import.meta.url);

/** The build's code (the entry and the folders it imports from), the client, and the styles. */
export const BUILD_CODE = ['build.ts', 'generator', 'templates'];
export const CODE = [...BUILD_CODE, 'client', 'styles'];

/** A source file of code (not content): TypeScript, TSX or CSS. */
export const isCodeFile = (file: string) => /\.(tsx?|css)$/.test(file);

/** Every code file under `entries` (files or folders, relative to ROOT), sorted, relative to ROOT. */
export function codeFiles(entries = BUILD_CODE): string[] {
  return entries
    .flatMap((e) =>
      e.includes('.') ? [e] : readdirSync(path.join(ROOT, e), { recursive: true, encoding: 'utf8' }).map((f) => `${e}/${f}`),
    )
    .filter(isCodeFile)
    .sort();
}
