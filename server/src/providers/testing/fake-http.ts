/**
 * A fake upstream for adapter tests: node:http on 127.0.0.1, random port. Each test sets the
 * handler; every request is recorded (method, path, query, headers, parsed body).
 */
import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** Parsed JSON body (or the raw text when it is not JSON; `undefined` when empty). */
  body: unknown;
}

export interface FakeReply {
  status?: number;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as is (e.g. a malformed body). */
  text?: string;
  /** Wait this long before answering (timeouts). */
  delayMs?: number;
  /** More response headers (e.g. `location` on a redirect). */
  headers?: Record<string, string>;
}

export type FakeHandler = (req: FakeRequest) => FakeReply | Promise<FakeReply>;

export interface FakeServer {
  url: string;
  requests: FakeRequest[];
  handle(handler: FakeHandler): void;
  close(): Promise<void>;
}

export async function startFakeServer(): Promise<FakeServer> {
  let handler: FakeHandler = () => ({ status: 404, json: { error: 'no handler' } });
  const requests: FakeRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = undefined;
        if (text) {
          try {
            body = JSON.parse(text);
          } catch {
            body = text;
          }
        }
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        const recorded: FakeRequest = {
          method: req.method ?? 'GET',
          path: url.pathname,
          query: url.searchParams,
          headers: req.headers,
          body,
        };
        requests.push(recorded);
        const reply = await handler(recorded);
        const send = () => {
          if (res.destroyed) return;
          const payload =
            reply.text ?? (reply.json === undefined ? '' : JSON.stringify(reply.json));
          res.writeHead(reply.status ?? 200, {
            'content-type': reply.text === undefined ? 'application/json' : 'text/plain',
            ...reply.headers,
          });
          res.end(payload);
        };
        if (reply.delayMs) {
          const timer = setTimeout(() => {
            timers.delete(timer);
            send();
          }, reply.delayMs);
          timers.add(timer);
        } else {
          send();
        }
      })();
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    handle(next) {
      handler = next;
      requests.length = 0;
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** A loopback URL where nothing listens (network errors). */
export async function deadUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}
