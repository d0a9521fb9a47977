// `npm run dev` on a fixture, as a real process on a random loopback port.
import { spawn } from 'node:child_process';
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
  // checked on each chunk it prints; given up when it exits, or after 120 s (its first build through tsx took over a
  // minute beside five other test runs)
  const printed = (pattern: RegExp, times = 1) =>
    new Promise<void>((resolve, reject) => {
      const done = () => (stdout.match(new RegExp(pattern, 'g')) ?? []).length >= times;
      const check = () => done() && end();
      const end = (failed = false) => {
        clearTimeout(timer);
        dev.stdout!.off('data', check).off('end', fail);
        if (failed) reject(new Error(`the dev server never printed ${pattern}:\n${stdout}`));
        else resolve();
      };
      const fail = () => end(true);
      const timer = setTimeout(fail, 120_000);
      dev.stdout!.on('data', check).on('end', fail);
      if (done()) end();
      else if (dev.stdout!.readableEnded) fail();
    });
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
