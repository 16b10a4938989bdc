// Seed soak, base variant: selftest/support/soak.ts.
import { soakShard } from './support/soak.ts';

soakShard('base');
