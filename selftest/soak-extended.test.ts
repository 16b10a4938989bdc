// Seed soak, extended variant: selftest/support/soak.ts.
import { soakShard } from './support/soak.ts';

soakShard('extended');
