/**
 * The API docs page (ADR 0026): the OpenAPI document rendered on the server as one plain page
 * (no script, no asset from another host: it passes the CSP), with how to authenticate, be
 * idempotent and check a webhook's signature.
 */
import { API_KEY_HEADER, WEBHOOK_HEADERS, WEBHOOK_TOLERANCE_SECONDS } from '@contract';

export const OPENAPI_DOCS_PATH = '/api/docs';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const json = (value: unknown) => `<pre>${escape(JSON.stringify(value, null, 2))}</pre>`;

interface Operation {
  operationId: string;
  summary: string;
  'x-access': string;
  parameters: { name: string; in: string; required: boolean; schema: unknown }[];
  requestBody?: { content: { 'application/json': { schema: unknown } } };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
  security: Record<string, unknown>[];
}

interface Document {
  info: { title: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
}

function operation(method: string, path: string, op: Operation): string {
  const keyed = op.security.some((s) => 'apiKey' in s);
  const params = op.parameters.length
    ? `<table><tr><th>Name</th><th>In</th><th>Required</th><th>Schema</th></tr>${op.parameters
        .map(
          (p) =>
            `<tr><td><code>${escape(p.name)}</code></td><td>${escape(p.in)}</td><td>${p.required ? 'yes' : 'no'}</td><td><code>${escape(JSON.stringify(p.schema))}</code></td></tr>`,
        )
        .join('')}</table>`
    : '';
  const body = op.requestBody
    ? `<details><summary>Request body</summary>${json(op.requestBody.content['application/json'].schema)}</details>`
    : '';
  const ok = op.responses['200']?.content?.['application/json']?.schema;
  const errors = Object.keys(op.responses).filter((s) => s !== '200');
  return `<section id="${escape(op.operationId)}">
<h3><span class="m m-${escape(method)}">${escape(method.toUpperCase())}</span> <code>${escape(path)}</code></h3>
<p>${escape(op.summary)} <small>Access: ${escape(op['x-access'])}${keyed ? `, or an API key in <code>${API_KEY_HEADER}</code>` : ''}.</small></p>
${params}${body}<details><summary>Answer (200)</summary>${json(ok)}</details>
<p><small>Errors <code>{ type, msg }</code>: ${errors.map(escape).join(', ')}</small></p>
</section>`;
}

export function docsPage(doc: Document): string {
  const server = doc.servers[0]?.url ?? '';
  const sections = Object.entries(doc.paths)
    .flatMap(([path, ops]) => Object.entries(ops).map(([m, op]) => operation(m, path, op)))
    .join('\n');
  const verify = `import { createHmac, timingSafeEqual } from 'node:crypto';
// rawBody: the request body exactly as received (a string), secret: the key's webhook secret.
function verify(rawBody, timestamp, signature, secret) {
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > ${WEBHOOK_TOLERANCE_SECONDS}) return false;
  const expected = 'v1=' + createHmac('sha256', secret).update(timestamp + '.' + rawBody).digest('hex');
  return expected.length === signature.length &&
    timingSafeEqual(Buffer.from(expected), Buffer.from(signature));
}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(doc.info.title)} documentation</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f6f7f9;color:#111;line-height:1.5}
main{max-width:60rem;margin:0 auto;padding:1.5rem}
section{background:#fff;border-radius:10px;padding:.75rem 1rem;margin:.75rem 0;box-shadow:0 1px 4px #0001}
h3{font-size:1rem;margin:.25rem 0}pre{background:#f1f3f5;padding:.75rem;border-radius:6px;overflow:auto;font-size:.8rem}
table{border-collapse:collapse;font-size:.85rem}td,th{border:1px solid #ddd;padding:.2rem .5rem;text-align:left}
.m{display:inline-block;min-width:4rem;text-align:center;border-radius:4px;color:#fff;font-size:.8rem;padding:.1rem .3rem}
.m-get{background:#0b5cad}.m-post{background:#0a7d38}.m-put{background:#8a5a00}.m-delete{background:#b42318}
small{color:#555}
</style></head><body><main>
<h1>${escape(doc.info.title)}</h1>
<p>The machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1, generated from the contract).</p>
<h2>Resellers</h2>
<p>Create a key in Settings → API keys. Send it in the <code>${API_KEY_HEADER}</code> header, with a unique <code>X-Request-Id</code> on every purchase: a retry with the same id is answered with the same purchase, as it stands now, and never charges twice. Amounts are in naira. Your transaction pin is sent in the body as in the app, retries included: a retry is answered only with the right pin. Wrong pins through a key pause that key's purchases (5 in 30 minutes), never the app. The requery answers a purchase's status without its goods (<code>token</code>, <code>purchased_code</code>): they come in the purchase's answer, in a retry of it with the pin, and in the signed webhooks.</p>
<pre>${escape(`curl -X POST ${server}/api/transactions/airtime \\
  -H '${API_KEY_HEADER}: pbk_…' -H 'X-Request-Id: order-1001' \\
  -H 'Content-Type: application/json' \\
  -d '{"pin":"123456","phone_number":"08031234567","amount":100}'

curl '${server}/api/transactions/requery?request_id=order-1001' -H '${API_KEY_HEADER}: pbk_…'`)}</pre>
<h2>Webhooks</h2>
<p>Each status change of a purchase made with a key (<code>transaction.successful</code>, <code>transaction.failed</code>, <code>transaction.reversed</code>) is POSTed to your address with <code>${WEBHOOK_HEADERS.timestamp}</code> (Unix seconds), <code>${WEBHOOK_HEADERS.signature}</code> (<code>v1=</code> and the hex HMAC-SHA-256 of <code>timestamp + "." + raw body</code> keyed by the key's webhook secret), <code>${WEBHOOK_HEADERS.event}</code> and <code>${WEBHOOK_HEADERS.delivery}</code>. Answer 2xx; anything else is retried with backoff for a day. A delivery may arrive more than once: drop repeats by <code>${WEBHOOK_HEADERS.delivery}</code>. Refuse a timestamp more than ${WEBHOOK_TOLERANCE_SECONDS} seconds away from your clock.</p>
<pre>${escape(verify)}</pre>
<h2>Endpoints</h2>
${sections}
</main></body></html>`;
}
