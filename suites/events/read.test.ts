import { req } from '../../lib/contract.ts';

const _READ = req.route('GET', 'events', '/{id}');
