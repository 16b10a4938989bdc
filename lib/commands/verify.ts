/**
 * `calcert verify CERTIFICATE.json RESULTS.json`: whether a certificate and a results.json agree
 * (lib/report/certificate.ts): the results.json is the file the certificate hashed, its verdict still
 * follows from its checks, and every field the certificate repeats is the run's. Exit 0 they
 * agree, 1 they disagree (each difference on a line), 2 an input cannot be read.
 */
import { readFileSync } from 'node:fs';
import { verifyCertificate } from '../report/certificate.ts';
import { calcertCommand } from '../run/config/replay.ts';
import { ConfigError } from '../run/config/model.ts';
import { out, type CommandFn } from './command.ts';

function read(path: string, what: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    throw new ConfigError(
      `cannot read the ${what} ${path} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`,
    );
  }
}

export const verifyCmd: CommandFn = async ({ args }) => {
  if (args.length !== 2)
    throw new ConfigError(
      `verify takes two files, got ${args.length}: ${calcertCommand()} verify reports/latest/certificate.json reports/latest/results.json`,
    );
  const [certPath, resultsPath] = args as [string, string];
  let cert: unknown;
  try {
    cert = JSON.parse(read(certPath, 'certificate'));
  } catch (e) {
    if (e instanceof ConfigError) throw e;
    throw new ConfigError(`the certificate ${certPath} is not JSON (${(e as Error).message})`);
  }
  const problems = verifyCertificate(cert, read(resultsPath, 'results file'));
  if (!problems.length) {
    const c = cert as {
      verdict: string;
      variant: string;
      host: string;
      tool: { version: string };
      date: string;
      checks: { total: number };
    };
    out(
      `verified: ${certPath} agrees with ${resultsPath}: ${c.verdict} (${c.variant}) for ${c.host}, ${c.checks.total} checks, calcert ${c.tool.version}, ${c.date}`,
    );
    return 0;
  }
  out(`NOT VERIFIED: ${certPath} and ${resultsPath} disagree:`);
  for (const p of problems) out(`- ${p}`);
  return 1;
};
