/**
 * The OpenAPI 3.1 document of the API, generated from the contract (one source of truth;
 * ADR 0026): every endpoint's path, method, summary, parameters, body, answer and error
 * statuses, with zod 4's `z.toJSONSchema` giving the JSON Schema of what travels on the wire
 * (the `input` side of the money codecs: naira). The server serves it at /api/openapi.json.
 */
import { z } from './zod';
import type { Endpoint } from './endpoint';
import { api } from './endpoint-map';
import { API_KEY_ENDPOINTS, API_KEY_HEADER, WEBHOOK_HEADERS } from './reseller';

type JsonSchema = Record<string, unknown>;

const schemaOf = (schema: z.ZodMiniType): JsonSchema => {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  return json;
};

const isEmpty = (json: JsonSchema) =>
  json.type === 'object' && Object.keys((json.properties as object | undefined) ?? {}).length === 0;

function parameters(endpoint: Endpoint) {
  const list: Record<string, unknown>[] = [];
  for (const [where, schema] of [
    ['path', endpoint.params],
    ['query', endpoint.query],
  ] as const) {
    const json = schemaOf(schema);
    const required = new Set((json.required as string[] | undefined) ?? []);
    for (const [name, property] of Object.entries((json.properties as JsonSchema) ?? {})) {
      list.push({
        name,
        in: where,
        required: where === 'path' || required.has(name),
        schema: property,
      });
    }
  }
  return list;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad input: `msg` says which and why; nothing changed.',
  401: 'No, a bad or a revoked token or API key.',
  403: 'The access token expired, or the caller may not do this.',
  404: 'Not found.',
  409: 'A conflict (for instance an X-Request-Id already used for another request).',
  423: 'The account is blocked.',
  429: 'Too many requests: wait the Retry-After seconds.',
  500: 'Something failed on our side; a retry with the same X-Request-Id is safe.',
};

export function openApiDocument(options: { serverUrl?: string } = {}) {
  const keyed = new Set<Endpoint>(API_KEY_ENDPOINTS.map((name) => api[name]));
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [key, endpoint] of Object.entries(api) as [string, Endpoint][]) {
    const path = endpoint.path.replace(/:([A-Za-z_]+)/g, '{$1}');
    const body = schemaOf(endpoint.body);
    const security =
      endpoint.access === 'user' || endpoint.access === 'admin'
        ? [{ session: [] }, ...(keyed.has(endpoint) ? [{ apiKey: [] }] : [])]
        : [];
    const headers =
      keyed.has(endpoint) && endpoint.method !== 'GET'
        ? [
            {
              name: 'X-Request-Id',
              in: 'header',
              required: false,
              description:
                'Idempotency key (at most 128 characters): a retry with the same id never charges twice. Required with an API key.',
              schema: { type: 'string', maxLength: 128 },
            },
          ]
        : [];
    (paths[path] ??= {})[endpoint.method.toLowerCase()] = {
      operationId: key,
      summary: endpoint.summary,
      tags: [endpoint.name.split('.')[0]],
      'x-access': endpoint.access,
      security,
      parameters: [...parameters(endpoint), ...headers],
      ...(endpoint.method === 'GET' || isEmpty(body)
        ? {}
        : { requestBody: { required: true, content: { 'application/json': { schema: body } } } }),
      responses: {
        200: {
          description: 'Done.',
          content: { 'application/json': { schema: schemaOf(endpoint.response) } },
        },
        ...Object.fromEntries(
          endpoint.errors.map((status) => [
            status,
            {
              description: STATUS_TEXT[status] ?? 'An error.',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
            },
          ]),
        ),
      },
    };
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'PayBills API',
      version: '1',
      description: [
        'Money is in naira on the wire (two decimals); the server keeps kobo.',
        `Resellers call the purchase endpoints and the requery with an API key in the \`${API_KEY_HEADER}\` header and a unique \`X-Request-Id\`.`,
        `Webhooks are POSTed with \`${WEBHOOK_HEADERS.timestamp}\` (Unix seconds) and \`${WEBHOOK_HEADERS.signature}: v1=<hex HMAC-SHA-256 of "<timestamp>.<raw body>" keyed by the key's webhook secret>\`.`,
      ].join('\n\n'),
    },
    servers: [{ url: options.serverUrl ?? '/' }],
    paths,
    components: {
      securitySchemes: {
        session: { type: 'http', scheme: 'bearer', description: 'The access token of a session.' },
        apiKey: { type: 'apiKey', in: 'header', name: API_KEY_HEADER },
      },
      schemas: {
        Error: {
          type: 'object',
          properties: { type: { type: 'string' }, msg: { type: 'string' } },
          required: ['type', 'msg'],
        },
      },
    },
  };
}
