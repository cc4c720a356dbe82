import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const core = path.resolve(import.meta.dirname, '../../core');
const rooms = readdirSync(core, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

/** The relative imports of a file that load code (not `import type`), resolved from the repository's root. */
function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8').replace(/^import type [^;]+;/gm, '');
  const specifiers = [...source.matchAll(/(?:from|import\(?)\s*'(\.{1,2}\/[^']+)'/g)].map((m) => m[1]!);
  return specifiers.map((s) => path.relative(path.dirname(core), path.resolve(path.dirname(file), s)));
}

function allowedOf(room: string): Set<string> {
  const readme = readFileSync(path.join(core, room, 'README.md'), 'utf8');
  const line = readme.split('\n').find((l) => l.startsWith('May import:'));
  if (!line) throw new Error(`core/${room}/README.md has no "May import:" line`);
  const items = line.slice('May import:'.length).split('.')[0]!.split(',');
  return new Set(items.map((item) => item.trim().split(/\s/)[0]!));
}

describe('core rooms', () => {
  it('every file lives in a room with a README saying what it may import', () => {
    expect(readdirSync(core).filter((f) => f.endsWith('.ts'))).toEqual([]);
    expect(rooms.length).toBeGreaterThanOrEqual(9);
    for (const room of rooms) expect(allowedOf(room).size).toBeGreaterThan(0);
  });

  it.each(rooms)('core/%s imports only what its README allows', (room) => {
    const allowed = allowedOf(room);
    const refused: string[] = [];
    for (const name of readdirSync(path.join(core, room)).filter((f) => f.endsWith('.ts'))) {
      for (const target of importsOf(path.join(core, room, name))) {
        const [top, sub] = target.split(path.sep);
        const where = top === 'core' ? sub! : top!;
        if (where !== room && !allowed.has(where)) refused.push(`${room}/${name} → ${target}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it('no core file reaches itself again through its imports', () => {
    const graph = new Map<string, string[]>();
    for (const room of rooms) {
      for (const name of readdirSync(path.join(core, room)).filter((f) => f.endsWith('.ts'))) {
        const file = path.join('core', room, name);
        graph.set(file, importsOf(path.join(core, room, name)).filter((t) => t.startsWith('core' + path.sep)));
      }
    }
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (file: string, trail: string[]) => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') { cycles.push([...trail.slice(trail.indexOf(file)), file].join(' → ')); return; }
      state.set(file, 'open');
      for (const next of graph.get(file) ?? []) visit(next, [...trail, file]);
      state.set(file, 'done');
    };
    for (const file of graph.keys()) visit(file, []);
    expect(cycles).toEqual([]);
  });
});
