/**
 * A lighter zod in the browser, with the contract's source unchanged (decision 0022).
 *
 * zod 4's classic API gives every schema JSON Schema support: `.toJSONSchema()`, a
 * `processJSONSchema` hook per schema type and `~standard.jsonSchema`. Those methods keep zod's
 * JSON Schema generator (to-json-schema.js and most of json-schema-processors.js, a fifth of
 * zod's bytes) in every bundle that parses anything. The app only parses, encodes and decodes
 * in the browser, so the client build drops those hooks from zod/v4/classic/schemas.js and the
 * generator goes with tree-shaking. Parsing is untouched: the same file, minus JSON Schema.
 * `.toJSONSchema()` in the browser throws; the server and tests (Node, no Vite) keep all of zod.
 */

const SCHEMAS_FILE = /node_modules[\\/]zod[\\/]v4[\\/]classic[\\/]schemas\.js$/;

/** The hooks removed, as they appear in zod 4.6's classic/schemas.js. */
const PROCESS_HOOK =
  /^\s*inst\._zod\.processJSONSchema = \(ctx, json, params\) => processors\.\w+Processor\(inst, ctx, json, params\);\n/gm;
const STANDARD_JSON_SCHEMA =
  /\s*jsonSchema: \{\s*input: createStandardJSONSchemaMethod\(this, "input"\),\s*output: createStandardJSONSchemaMethod\(this, "output"\),\s*\},/;
const TO_JSON_SCHEMA = /return createToJSONSchemaMethod\(this, \{\}\)\(params\);/;

/**
 * classic/schemas.js without its JSON Schema hooks. Throws when the file no longer looks as
 * expected (a zod upgrade): then update the patterns, or drop this plugin.
 * @param {string} code
 * @returns {{ code: string, hooks: number }}
 */
export function withoutJsonSchema(code) {
  const hooks = code.match(PROCESS_HOOK)?.length ?? 0;
  if (hooks === 0 || !STANDARD_JSON_SCHEMA.test(code) || !TO_JSON_SCHEMA.test(code)) {
    throw new Error(
      'zod-browser: zod/v4/classic/schemas.js changed; update scripts/zod-browser.mjs',
    );
  }
  return {
    code: code
      .replace(PROCESS_HOOK, '')
      .replace(STANDARD_JSON_SCHEMA, '')
      .replace(
        TO_JSON_SCHEMA,
        'throw new Error("toJSONSchema is left out of the browser build (scripts/zod-browser.mjs)");',
      ),
    hooks,
  };
}

/**
 * The Vite plugin: client builds only (not dev, Storybook's dev server, tests or the SSR
 * prerender, which keep the file as published).
 * @returns {import('vite').Plugin}
 */
export function zodBrowser() {
  return {
    name: 'paybills:zod-browser',
    apply: 'build',
    transform: {
      filter: { id: SCHEMAS_FILE },
      handler(code, id) {
        if (!SCHEMAS_FILE.test(id)) return null;
        if (this.environment && this.environment.name !== 'client') return null;
        return { code: withoutJsonSchema(code).code, map: null };
      },
    },
  };
}
