/**
 * How the server's log reads. pino writes JSON lines (redacted: app.ts
 * `loggerOptions`); in a terminal each line is turned into one short line a person can read,
 * `12:03:04  POST /api/transactions/airtime  200  35 ms`, so the start banner stays on screen.
 * JSON stays when the output is not a terminal (a file, a log collector) or LOG_FORMAT=json.
 */

export type LogFormat = 'pretty' | 'json';

/** `LOG_FORMAT=json|pretty` wins; otherwise pretty in a terminal, JSON elsewhere. */
export function logFormat(
  env: Record<string, string | undefined> = process.env,
  isTTY: boolean = process.stdout.isTTY === true,
): LogFormat {
  const asked = env.LOG_FORMAT?.trim().toLowerCase();
  if (asked === 'json' || asked === 'pretty') return asked;
  return isTTY ? 'pretty' : 'json';
}

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

/** Fields already shown in the short line (or noise for a person). */
const SHOWN = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'msg',
  'reqId',
  'req',
  'res',
  'method',
  'url',
  'status',
  'ms',
]);

function clock(epochMs: unknown): string {
  const date = typeof epochMs === 'number' ? new Date(epochMs) : new Date();
  return date.toISOString().slice(11, 19);
}

/**
 * One pino JSON line → one short line. An API call (`method`, `url`, `status`, `ms`) reads
 * `time  METHOD url  status  N ms`; anything else `time  LEVEL  message  {other fields}`.
 * A line that is not JSON is passed through.
 */
export function prettyLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  const time = clock(entry.time);
  const level = typeof entry.level === 'number' ? (LEVELS[entry.level] ?? 'LOG') : 'LOG';
  if (typeof entry.method === 'string' && typeof entry.url === 'string') {
    const ms = typeof entry.ms === 'number' ? `  ${Math.round(entry.ms)} ms` : '';
    const flag = level === 'INFO' ? '' : `  ${level}`;
    return `${time}  ${entry.method} ${entry.url}  ${String(entry.status ?? '')}${ms}${flag}\n`;
  }
  const rest = Object.fromEntries(Object.entries(entry).filter(([key]) => !SHOWN.has(key)));
  const err = rest.err as { message?: string; stack?: string } | undefined;
  delete rest.err;
  const extra = Object.keys(rest).length ? `  ${JSON.stringify(rest)}` : '';
  const stack = err?.stack ? `\n${err.stack}` : err?.message ? `  ${err.message}` : '';
  return `${time}  ${level}  ${String(entry.msg ?? '')}${extra}${stack}\n`;
}

/** A pino destination that writes short lines to `out` (the terminal). */
export function prettyStream(out: { write(text: string): unknown } = process.stdout) {
  return {
    write(chunk: string) {
      for (const line of chunk.split('\n')) if (line.trim()) out.write(prettyLine(line));
    },
  };
}

/** API calls are logged at info; the web app's pages and static files only at debug. */
export function accessLevel(url: string): 'info' | 'debug' {
  return url.startsWith('/api/') || url === '/api' ? 'info' : 'debug';
}
