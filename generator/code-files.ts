// What counts as the generator's code: what the dev server watches, what the bundled build code (build-code.ts)
// and the benchmark are keyed on. tsconfig.json includes the same folders.
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Set only inside the bundled build code (build-code.ts): the way from the bundle's folder back to the project.
 * The bundle lives in the project's own node_modules/.cache/, so a copied or moved project finds itself there.
 */
declare const BUNDLE_TO_ROOT: string | undefined;

/**
 * The project folder, found from where this code runs (generator/ for the sources, the cache folder for the
 * bundle), never from a path fixed when the bundle was made: a copied, moved or renamed checkout builds its own files.
 */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), typeof BUNDLE_TO_ROOT === 'string' ? BUNDLE_TO_ROOT : '..');

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
