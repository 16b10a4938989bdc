// Global setup/teardown of the self-tests (see teardown.ts).
import { teardown as mergeFaultMatrix } from './teardown.ts';

export default function setup() {
  return () => mergeFaultMatrix();
}
