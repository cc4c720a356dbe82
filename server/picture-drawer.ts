/**
 * The demo shop's pictures are drawn in a child process. Rendering 594 SVG drawings with sharp
 * (libvips and librsvg) grows a process's native memory by about 400 MB, which the C allocator
 * keeps after the work is done; in a child, that memory goes back to the system when it ends,
 * and the server stays at its working size (docs/benchmarks.md, `npm run bench:memory`).
 *
 * The child is the server's own entry file started with DRAWER_FLAG, so the same code runs in
 * development (tsx) and from the compiled build. It draws what it is sent, as many at once as it
 * is sent, and ends when the server lets it go, once the parts in hand are written.
 */
import { fork, type ChildProcess } from 'node:child_process';
import type { ImageStore } from '../core/catalogue/images.ts';
import { drawPicture, type PictureJob } from '../seed/pictures.ts';

export const DRAWER_FLAG = '--draw-demo-pictures';

interface Request {
  id: number;
  job: PictureJob;
}

interface Answer {
  id: number;
  error?: string;
}

export interface PictureDrawer {
  draw(job: PictureJob): Promise<void>;
  /** Lets the child go once it has written what it was sent; resolves when it has ended. */
  close(): Promise<void>;
}

/** Which file the child runs, and with which flags to Node: by default the server's own. */
export interface ChildEntry {
  entry?: string;
  execArgv?: string[];
}

/** The server's side: a child started at the first picture asked for, and again if it ever stops. */
export function pictureDrawer(uploadsDir: string, { entry = process.argv[1]!, execArgv = process.execArgv }: ChildEntry = {}): PictureDrawer {
  let child: ChildProcess | undefined;
  let ended: Promise<void> = Promise.resolve();
  let nextId = 0;
  const waiting = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();

  const start = (): ChildProcess => {
    // Fewer malloc arenas for libvips' threads: less memory held while drawing (glibc's mallopt(3)).
    const started = fork(entry, [DRAWER_FLAG, uploadsDir], { execArgv, stdio: 'inherit', env: { ...process.env, MALLOC_ARENA_MAX: '2' } });
    started.on('message', (answer: Answer) => {
      const caller = waiting.get(answer.id);
      waiting.delete(answer.id);
      if (answer.error === undefined) caller?.resolve();
      else caller?.reject(new Error(answer.error));
    });
    ended = new Promise((resolve) => {
      started.on('exit', (code, signal) => {
        if (child === started) child = undefined;
        for (const caller of waiting.values()) caller.reject(new Error(`the picture drawer stopped (${signal ?? `exit code ${code}`})`));
        waiting.clear();
        resolve();
      });
    });
    return started;
  };

  return {
    draw(job) {
      child ??= start();
      const id = nextId++;
      const request: Request = { id, job };
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        child!.send(request);
      });
    },
    async close() {
      if (child?.connected) child.disconnect();
      await ended;
    },
  };
}

/**
 * The child's side: draws each part it is sent into the store and answers when it is written.
 * It listens at once; parts sent while the store is still opening wait for it.
 */
export function runPictureDrawer(opening: Promise<ImageStore>): void {
  const inHand = new Set<Promise<void>>();
  const answer = (message: Answer) => {
    if (process.connected) process.send!(message);
  };
  process.on('message', ({ id, job }: Request) => {
    const drawing = opening.then((store) => drawPicture(store, job)).then(
      () => answer({ id }),
      (error: unknown) => answer({ id, error: error instanceof Error ? error.message : String(error) }),
    );
    inHand.add(drawing);
    void drawing.finally(() => inHand.delete(drawing));
  });
  // The server decides when drawing stops (a Ctrl-C reaches the whole terminal's processes).
  process.on('SIGINT', () => {});
  process.on('SIGTERM', () => {});
  process.on('disconnect', () => {
    void Promise.allSettled([...inHand]).then(() => process.exit(0));
  });
}
