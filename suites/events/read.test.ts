import { req } from '../../lib/spec/contract.ts';

const _READ = req.route('GET', 'events', '/{id}');
