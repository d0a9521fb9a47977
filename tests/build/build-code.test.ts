// `npm run build` runs the build from its bundled form (generator/build-code.ts), not from the TypeScript sources.
// The two must build the same site, byte for byte, and the bundle must stay a file tsx passes through untouched.
import { execFile } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCodeFile } from '../../generator/build-code.ts';
import { Fixture } from '../support/fixture.ts';
import { root } from '../support/paths.ts';
import { syntheticPost } from '../support/posts.ts';
import { readTree } from '../support/files.ts';

const POSTS = 320; // enough for the build to start helper threads of its own

function cli(args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'build.ts', ...args], { cwd: root, encoding: 'utf8' }, (error, stdout, stderr) =>
      resolve({ status: error ? ((error.code as number) ?? 1) : 0, stdout, stderr }),
    );
  });
}

const files = (dir: string) => readTree(dir);

describe('the bundled build code', () => {
  const fx = new Fixture();
  beforeAll(() => {
    for (let i = 0; i < POSTS; i++) {
      const post = syntheticPost(i);
      fx.write(`blog/${post.slug}.md`, post.text);
    }
  });
  afterAll(() => fx.remove());

  it('builds the same files as the sources do, helper threads included', async () => {
    const bundled = path.join(fx.dir, 'bundled');
    const source = path.join(fx.dir, 'source');
    const common = ['--content', fx.content, '--static', fx.static, '--quiet'];
    const [a, b] = await Promise.all([cli([...common, '--out', bundled]), cli([...common, '--out', source, '--from-source'])]);
    expect(a.stderr).toBe('');
    expect(b.stderr).toBe('');
    expect([a.status, b.status]).toEqual([0, 0]);
    const fromBundle = files(bundled);
    const fromSource = files(source);
    expect(fromBundle.size).toBeGreaterThan(POSTS);
    expect([...fromBundle.keys()].sort()).toEqual([...fromSource.keys()].sort());
    expect([...fromBundle].filter(([f, body]) => !body.equals(fromSource.get(f)!)).map(([f]) => f)).toEqual([]);
  });

  it('is kept by a hash of the code: asked again, the same file comes back without bundling', async () => {
    const file = await buildCodeFile();
    const made = statSync(file).mtimeMs;
    expect(await buildCodeFile()).toBe(file);
    expect(statSync(file).mtimeMs).toBe(made);
    expect(path.relative(root, file)).toMatch(/^node_modules\/\.cache\/arborist-build\/build-[0-9a-f]{16}\.mjs$/);
  });

  it('holds no dynamic import, which would make tsx rewrite the whole file on every build', async () => {
    const text = readFileSync(await buildCodeFile(), 'utf8');
    expect(text.length).toBeGreaterThan(100_000); // the packages are inside, not loaded beside it
    expect(text).toContain('function build(');
    expect(text.match(/\bimport\(/g)).toBeNull();
  });

  it('names --from-source in the help', async () => {
    const r = await cli(['--help']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/--from-source\s+run the build from its TypeScript sources/);
  });
});
