// The busy-site fault matrix (selftest/support/busy-matrix.ts), read-only with credentials.
import { busyMatrix } from './support/busy-matrix.ts';

busyMatrix(true);
