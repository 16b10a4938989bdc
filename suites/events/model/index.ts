// The command set of the event model and its arbitrary (fc.commands), bounded to short sequences.
import fc from 'fast-check';
import { CreateCommand } from './create.ts';
import { DeleteCommand } from './delete.ts';
import { ListCommand } from './list.ts';
import { ReadCommand } from './read.ts';
import { UpdateCommand, type UpdatePart } from './update.ts';

export type { Model, Real } from './model.ts';

const index = fc.nat({ max: 20 });

export function eventCommands(opts: { maxCommands?: number; parts?: fc.Arbitrary<UpdatePart[]> } = {}) {
  const parts = opts.parts ?? fc.subarray<UpdatePart>(['title', 'description', 'dates'], { minLength: 1 });
  return fc.commands(
    [
      fc
        .tuple(fc.integer({ min: 30, max: 300 }), fc.integer({ min: 0, max: 1380 }), fc.integer({ min: 1, max: 2880 }))
        .map(([d, m, len]) => new CreateCommand(d, m, len)),
      fc
        .tuple(
          fc.constantFrom('POST' as const, 'PUT' as const, 'PATCH' as const),
          index,
          parts,
          fc.integer({ min: 30, max: 300 }),
        )
        .map(([method, i, p, d]) => new UpdateCommand(method, i, p, d)),
      index.map((i) => new DeleteCommand(i)),
      index.map((i) => new ReadCommand(i)),
      fc.constant(new ListCommand()),
    ],
    { maxCommands: opts.maxCommands ?? 8 },
  );
}
