/** `calcert list [--json]`: every check with its metadata, nothing sent anywhere (vitest collect mode). */
import { out, type CommandFn } from './command.ts';

export const listCmd: CommandFn = async ({ flags }) => {
  const { listChecks } = await import('../check/list.ts');
  const checks = await listChecks();
  if (flags.json) out(JSON.stringify(checks, null, 2));
  else
    for (const c of checks)
      out(
        `${c.id}  [${c.level}] ${c.tags.length ? `{${c.tags.join(',')}} ` : ''}${c.title}  (${c.requirements.join(', ')}; ${c.spec})`,
      );
  return 0;
};
