import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');
// Runs a service's TypeScript sources as Jest does: no build needed.
const registerTs = path.join(root, 'platform/src/testing/register-ts.cjs');

/** A port nobody listens on now (the kernel's pick); the process started next binds it. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * One service as its own real process (`<service>/src/main.ts`, the distributed mode's entry point, or `entry.args`
 * such as the launcher's `web` mode, ready when `entry.readyPath` answers), which a fault test can kill (-9), pause
 * (SIGSTOP), resume (SIGCONT), stop (SIGTERM) and start again on the same port and database.
 */
export class ServiceProcess {
  private child: ChildProcess | null = null;
  private output: string[] = [];

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
    private readonly entry: { args?: string[]; readyPath?: string } = {},
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts the process and resolves once its /readyz answers 200. */
  async start(timeoutMs = 40_000): Promise<void> {
    const args = this.entry.args ?? [path.join(root, this.name, 'src/main.ts')];
    const child = spawn(process.execPath, ['-r', registerTs, ...args], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'warn', ...this.env, HOST: '127.0.0.1', PORT: String(this.port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.output = [];
    const keep = (chunk: Buffer) => {
      this.output.push(chunk.toString());
      if (this.output.length > 200) this.output.shift();
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`${this.name} exited before it was ready:\n${this.log()}`);
      }
      const ready = await fetch(`${this.url}${this.entry.readyPath ?? '/readyz'}`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`${this.name} not ready after ${timeoutMs} ms:\n${this.log()}`);
  }

  /** kill -9: no shutdown hook runs, whatever was in flight stops where it was. */
  async kill(): Promise<void> {
    await this.signal('SIGKILL', true);
  }

  /** SIGSTOP: the process stays, its sockets stay open, nothing answers. */
  pause(): void {
    this.child?.kill('SIGSTOP');
  }

  resume(): void {
    this.child?.kill('SIGCONT');
  }

  /** kill -9, then the same service again on the same port and database. */
  async restart(): Promise<void> {
    await this.kill();
    await this.start();
  }

  /** SIGTERM (after SIGCONT, should it be paused), and waits for the exit: its code, or null when it had ended. */
  async stop(): Promise<number | null> {
    this.resume();
    await this.signal('SIGTERM', true);
    return this.child?.exitCode ?? null;
  }

  /** The last lines the process wrote (for a failing test's message). */
  log(): string {
    return this.output.join('').slice(-4000);
  }

  private async signal(signal: NodeJS.Signals, wait: boolean): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill(signal);
    if (wait) await exited;
  }
}
