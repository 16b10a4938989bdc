// Fault matrix, shard 0 of 2 (shards run in parallel workers to keep npm test short).
import { faultMatrixShard } from './support/fault-matrix.ts';

faultMatrixShard(0);
