/** Each check's outcome as it is printed: `OK` or `FAILED`, its name and a short reason. */

export interface Outcome {
  name: string;
  /** Empty when the check held. */
  failures: string[];
  /** How long the check took. */
  ms?: number;
}

export class Report {
  readonly outcomes: Outcome[] = [];
  /** Set when the run is interrupted: what checks still under way find is no finding. */
  muted = false;

  /** Prints the outcome now (a long run shows its progress) and keeps it for the total. */
  add(outcome: Outcome): void {
    if (this.muted) return;
    this.outcomes.push(outcome);
    const { name, failures, ms } = outcome;
    const took = ms === undefined ? '' : ` (${(ms / 1000).toFixed(1)} s)`;
    console.log(`${failures.length ? 'FAILED' : 'OK'} ${name}${failures.length ? `: ${failures[0]}` : ''}${took}`);
    for (const failure of failures.slice(1, 5)) console.log(`       ${failure}`);
    if (failures.length > 5) console.log(`       ... and ${failures.length - 5} more`);
  }

  /** Runs a check; one that throws fails with its error. */
  async run(name: string, check: () => Promise<string[]>): Promise<boolean> {
    const began = Date.now();
    let failures: string[];
    try {
      failures = await check();
    } catch (error) {
      failures = [error instanceof Error ? error.message : String(error)];
    }
    this.add({ name, failures, ms: Date.now() - began });
    return failures.length === 0;
  }

  get failed(): number {
    return this.outcomes.filter((o) => o.failures.length > 0).length;
  }

  /** The closing line: `N passed, N failed`. */
  summary(): string {
    return `${this.outcomes.length - this.failed} passed, ${this.failed} failed`;
  }
}
