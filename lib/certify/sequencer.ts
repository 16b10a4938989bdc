/**
 * The order in which vitest dispatches the suite files: the observation files (suites/observe/)
 * first, then the rest in vitest's own order. The observation gate (lib/check/gate.ts) relies on
 * it: every observation file is dispatched before any file whose checks wait at the gate.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { isObservationFile } from '../check/gate.ts';

/** The observation files first, each part in the order given. Pure. */
export function observationsFirst<T extends { moduleId: string }>(files: readonly T[]): T[] {
  return [...files.filter(isObservationFile), ...files.filter((s) => !isObservationFile(s))];
}

export class ObservationsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return observationsFirst(await super.sort(files));
  }
}
