/**
 * `calcert verify CERTIFICATE.json RESULTS.json`: whether a certificate and a results.json agree
 * (lib/report/certificate.ts): the results.json is the file the certificate hashed, its verdict still
 * follows from its checks, and every field the certificate repeats is the run's. Exit 0 they
 * agree, 1 they disagree (each difference on a line), 2 an input cannot be read.
 */
import { readFileSync } from 'node:fs';
import { verifyCertificate } from '../report/certificate.ts';
import { calcertCommand, shellQuote } from '../run/config/replay.ts';
import { CERTIFICATE_KIND } from '../report/certificate.ts';
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

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** What a parsed file is: a certificate, a results.json, or neither. */
function kindOf(data: unknown): 'certificate' | 'results' | 'other' {
  const d = data as { kind?: unknown; format?: unknown; header?: unknown; checks?: unknown } | null;
  if (d && typeof d === 'object' && d.kind === CERTIFICATE_KIND) return 'certificate';
  if (d && typeof d === 'object' && d.format === 1 && d.header && Array.isArray(d.checks)) return 'results';
  return 'other';
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
  const resultsText = read(resultsPath, 'results file');
  // The arguments the other way round (or two of a kind): a usage mistake, not a disagreement.
  const kinds = [kindOf(cert), kindOf(parsed(resultsText))];
  if (kinds[0] === 'results' || kinds[1] === 'certificate') {
    const swapped = kinds[0] === 'results' && kinds[1] === 'certificate';
    throw new ConfigError(
      `${swapped ? 'the arguments are swapped' : `${kinds[0] === 'results' ? `${certPath} is a results.json` : `${resultsPath} is a certificate`}`}: the certificate comes first, \`${calcertCommand()} verify ${shellQuote(swapped ? resultsPath : 'CERTIFICATE.json')} ${shellQuote(swapped ? certPath : 'RESULTS.json')}\``,
    );
  }
  const problems = verifyCertificate(cert, resultsText);
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
