// Fault matrix, read-only shard: every check that applies in a read-only run (the observation
// checks and the other checks that send no write) is proved by a fault in a read-only run.
import { faultMatrixReadOnly } from './support/fault-matrix.ts';

faultMatrixReadOnly();
