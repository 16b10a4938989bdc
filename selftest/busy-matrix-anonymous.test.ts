// The busy-site fault matrix (selftest/support/busy-matrix.ts), read-only without credentials (a visitor).
import { busyMatrix } from './support/busy-matrix.ts';

busyMatrix(false);
