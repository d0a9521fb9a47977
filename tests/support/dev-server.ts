// `npm run dev` on a fixture, as a real process on a random loopback port.
import { spawn } from 'node:child_process';
import { on } from 'node:events';
import type { Fixture } from './fixture.ts';
import { root } from './paths.ts';

export interface DevServer {
  url: string;
  output(): string; // everything it has printed so far
  /** Waits until it has printed `pattern` `times` times in all. */
  printed(pattern: RegExp, times?: number): Promise<void>;
  stop(): Promise<void>;
}

export async function startDevServer(fx: Pick<Fixture, 'content' | 'static' | 'out'>): Promise<DevServer> {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const dev = spawn(
    process.execPath,
    ['--import', 'tsx', 'build.ts', '--watch', '--content', fx.content, '--static', fx.static, '--out', fx.out, '--port', String(port)],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let stdout = '';
  dev.stdout!.on('data', (d) => (stdout += d));
  const printed = async (pattern: RegExp, times = 1) => {
    const enough = () => (stdout.match(new RegExp(pattern, 'g')) ?? []).length >= times;
    try {
      // looked at as each chunk arrives, until it exits
      if (!enough() && !dev.stdout!.readableEnded)
        for await (const _ of on(dev.stdout!, 'data', { signal: AbortSignal.timeout(120_000), close: ['end'] })) if (enough()) break;
    } catch {
      // not within 120 s (its first build through tsx took over a minute beside five other test runs)
    }
    if (!enough()) throw new Error(`the dev server never printed ${pattern}:\n${stdout}`);
  };
  const stop = async () => {
    if (dev.exitCode !== null) return;
    const exited = new Promise((r) => dev.once('exit', r));
    dev.kill('SIGTERM');
    await exited;
  };
  try {
    await printed(/at http:\/\/localhost:\d+/);
  } catch (e) {
    await stop();
    throw e;
  }
  return { url: stdout.match(/at (http:\/\/localhost:\d+)/)![1], output: () => stdout, printed, stop };
}
