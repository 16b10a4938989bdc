/**
 * `calcert explain <check-id> [--json]`: what a check asserts, its level and why, the requirements
 * it exercises, its source, the faults that prove it and how to replay it (lib/report/explain.ts). A
 * retired ID is explained as the check that replaced it; an unknown one exits 2 naming the nearest.
 */
import { readFileSync } from 'node:fs';
import { aliases, currentId } from '../check/aliases.ts';
import { calcertCommand } from '../run/config/replay.ts';
import { ConfigError } from '../run/config/model.ts';
import { distance } from '../run/config/load.ts';
import { explainText, requirementSections, requirementsDoc } from '../report/explain.ts';
import { out, type CommandFn } from './command.ts';

export const explainCmd: CommandFn = async ({ flags, args }) => {
  if (args.length !== 1)
    throw new ConfigError(
      `explain takes one check ID, got ${args.length}: ${calcertCommand()} explain events.create.json-body (see \`${calcertCommand()} list\`)`,
    );
  const asked = args[0] as string;
  const id = currentId(asked, aliases());
  const { listChecks } = await import('../check/list.ts');
  const { PROJECT_ROOT } = await import('../run/paths.ts');
  const checks = await listChecks();
  const found = checks.find((c) => c.id === id);
  // Where the check is declared, as a path of this installation (dist/suites/... in the packed tool).
  const { packagePath } = await import('../run/paths.ts');
  const check = found && {
    ...found,
    file: packagePath(found.file),
    ...(found.source ? { source: packagePath(found.source) } : {}),
  };
  if (!check) {
    const near = checks.map((c) => [c.id, distance(asked, c.id)] as const).sort((a, b) => a[1] - b[1])[0];
    throw new ConfigError(
      `no check has the ID ${JSON.stringify(asked)}${near && near[1] <= 8 ? ` (did you mean ${near[0]}?)` : ''}: see \`${calcertCommand()} list\` for the check IDs`,
    );
  }
  const { FAULTS } = await import('../../fixtures/reference-server/faults.ts');
  const { QUIRKS } = await import('../../fixtures/reference-server/quirks.ts');
  const requirements = JSON.parse(
    readFileSync(new URL('../../fixtures/spec/requirements.json', import.meta.url), 'utf8'),
  ) as { requirements: { id: string; text: string }[] };
  const input = {
    check,
    ...(asked !== id ? { askedAs: asked } : {}),
    sections: requirementSections(requirementsDoc(PROJECT_ROOT)),
    requirementText: new Map(requirements.requirements.map((r) => [r.id, r.text])),
    faults: FAULTS,
    quirks: QUIRKS,
  };
  if (flags.json) {
    const text = explainText(input);
    out(
      JSON.stringify(
        {
          check,
          faults: FAULTS.filter((f) => f.breaks.includes(id)).map((f) => f.name),
          quirks: QUIRKS.filter((q) => q.mayWarn.includes(id)).map((q) => q.name),
          text,
        },
        null,
        2,
      ),
    );
  } else out(explainText(input));
  return 0;
};
