/**
 * The model options of the replay self-tests (unit/model-live, unit/model-thread): an extended
 * target with no fixtures, site zone UTC, the original's quirks, answers kept; `runTag` names the
 * test's own run.
 */
import type { ModelOptions } from '../../lib/certify/model.ts';

export function replayOptions(runTag: string): ModelOptions {
  return {
    resolved: {
      resolvedVariant: 'extended',
      features: [],
      namespace: 'cal/events/v1',
      baseUrl: 'http://127.0.0.1:9/wp-json',
      runTag,
    },
    zone: 'UTC',
    quirks: ['original'],
    keep: true,
  };
}
