/** A process's resident memory as the benchmarks read it, from outside the process. */
import { readFileSync } from 'node:fs';

/** The resident memory of process `pid` in MB, from /proc (Linux); 0 once it is gone. */
export function rssMb(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
    return line ? Number(line.split(/\s+/)[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}
