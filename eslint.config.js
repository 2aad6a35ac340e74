// @ts-check
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import storybook from 'eslint-plugin-storybook';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { noTypeCycle } from './scripts/import-cycles.mjs';

const root = dirname(fileURLToPath(import.meta.url));

/** Sub-folders (or files) of a folder, read at lint time so new features are covered at once. */
function entries(dir, { dirsOnly = false } = {}) {
  const abs = join(root, dir);
  if (!existsSync(abs)) return [];
  return readdirSync(abs, { withFileTypes: true })
    .filter((entry) => !dirsOnly || entry.isDirectory())
    .map((entry) => entry.name);
}

// Dependency direction (docs: style.md): app → features → components/ui, lib → contract;
// server → contract; mocks → contract. Nothing imports app; a feature never imports another.
const features = entries('src/features', { dirsOnly: true });
const outsideApp = [
  ...entries('src')
    .filter((name) => name !== 'app' && name !== 'main.tsx')
    .map((name) => `./src/${name}`),
  './contract',
  './mocks',
  './server',
  './stories',
  './e2e',
  './bench',
  './sim',
];

// The server by domain (ADR 0090): server/src/<domain>/ holds a domain's services and, under
// routes/, the routes app.ts registers. Another domain (or the app at server/src/*.ts) may import
// only the files a domain lists here, its public surface, and its routes/; everything else in
// the folder is the domain's own. platform/ is shared by all and reaches up into no domain but
// through the few files listed in platformReaches.
const serverDomains = {
  accounts: [
    'auth.ts',
    'devices.ts',
    'pins.ts',
    'tokens.ts',
    'two-factor.ts',
    'users.ts',
    'verification.ts',
  ],
  wallet: [
    'ledger.ts',
    'wallet.ts',
    'statement.ts',
    'history.ts',
    'hide-transaction.ts',
    'transaction-view.ts',
  ],
  purchases: [
    'catalogue.ts',
    'catalogue-sync.ts',
    'tiers.ts',
    'coupons.ts',
    'recipients.ts',
    'requery.ts',
    'reversal.ts',
    'pending-purchases.ts',
    'disputes.ts',
    'transaction-events.ts',
  ],
  funding: ['payments.ts', 'transfers.ts'],
  // withdrawal-review.ts: what admins credited lately, which a share or a coupon purchase may not
  // draw on (ADR 0088).
  payouts: ['withdrawals.ts', 'withdrawal-review.ts'],
  providers: [
    'index.ts',
    'types.ts',
    'util.ts',
    'instrument.ts',
    'load.ts',
    'failover.ts',
    'failure-reason.ts',
    'simulators/provider-faults.ts',
  ],
  admin: ['audit.ts', 'four-eyes.ts', 'bearer-secrets.ts', 'reconciliation.ts'],
  growth: ['referrals.ts', 'announcements.ts'],
  notifications: [
    'mail.ts',
    'sms.ts',
    'sms-caps.ts',
    'sms-delivery.ts',
    'customer-mail.ts',
    'security-mail.ts',
    'notices.ts',
  ],
  reseller: ['api-keys.ts', 'key-pins.ts', 'webhooks.ts'],
};
/**
 * What platform/ may import from a domain: who is calling (the route helper, http/route.ts), and
 * the names /metrics gives provider calls and SMS caps (metrics.ts).
 */
const platformReaches = {
  accounts: ['two-factor.ts', 'users.ts'],
  reseller: ['api-keys.ts', 'key-pins.ts'],
  providers: ['instrument.ts'],
  notifications: ['sms-caps.ts'],
};
const domainNames = [...Object.keys(serverDomains), 'platform'];
const domainDir = (domain) => `./server/src/${domain}`;
const serverZones = [
  ...Object.entries(serverDomains).map(([domain, open]) => ({
    target: ['./server/src/*.ts', ...domainNames.filter((d) => d !== domain).map(domainDir)],
    from: domainDir(domain),
    except: ['./routes', ...open.map((file) => `./${file}`)],
    message: `Another domain uses ${domain}/ only through its public files (serverDomains in eslint.config.js, ADR 0090): ${open.join(', ')}, routes/. Add to that list on purpose, or move the code.`,
  })),
  ...Object.keys(serverDomains).map((domain) => ({
    target: domainNames.filter((d) => d !== domain).map(domainDir),
    from: `${domainDir(domain)}/routes`,
    message: "A domain's routes are registered by server/src/app.ts alone.",
  })),
  ...Object.keys(serverDomains).map((domain) => ({
    target: domainDir('platform'),
    from: domainDir(domain),
    except: (platformReaches[domain] ?? []).map((file) => `./${file}`),
    message:
      'platform/ is below every domain: it imports none, but for platformReaches in eslint.config.js (ADR 0090).',
  })),
  {
    target: domainNames.map(domainDir),
    from: ['app.ts', 'server.ts', 'seed.ts', 'reconcile.ts', 'backup-cli.ts'].map(
      (file) => `./server/src/${file}`,
    ),
    message: 'Domains never import the app or its entry points (server/src/app.ts wires them).',
  },
];

/** @type {Array<{ target: string | string[], from: string | string[], except?: string[], message: string }>} */
const noSwr = { name: 'swr', message: 'components/ui never fetches data: take props.' };
const lucide = {
  name: 'lucide-react',
  message: 'Icons come from the design system: import them from @/components/ui/icons.',
};

const routerLinks = ['react-router-dom', 'react-router'].map((name) => ({
  name,
  importNames: ['Link', 'NavLink'],
  message:
    "Use Link from @/lib/link: React Router's carries its framework mode's prefetching (ADR 0068).",
}));

const zones = [
  {
    target: './contract',
    from: ['./src', './mocks', './server'],
    message: 'contract/ is shared by the app, mocks and server: it imports only zod.',
  },
  {
    target: './src/components/ui',
    from: ['./src/features', './src/app', './mocks', './server'],
    message: 'The design system knows nothing of features, routes, mocks or the server.',
  },
  {
    target: './src/lib',
    from: ['./src/features', './src/components', './src/app', './mocks', './server'],
    message: 'src/lib is below features and components: it may use only contract/.',
  },
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message:
      'A feature never imports another feature: move the shared part to components/ui or lib.',
  })),
  {
    target: outsideApp,
    from: './src/app',
    message: 'Nothing imports from src/app (only src/main.tsx renders it).',
  },
  {
    target: './mocks',
    from: ['./src', './server'],
    message: 'mocks/ builds on contract/ only.',
  },
  {
    target: './server',
    from: ['./src', './mocks'],
    message: 'server/ builds on contract/ only.',
  },
  {
    target: './src',
    from: './server',
    message: 'The browser app talks to the server over HTTP, never by import.',
  },
  ...serverZones,
];

export default defineConfig(
  {
    ignores: [
      'dist/',
      'storybook-static/',
      'coverage/',
      'node_modules/',
      'public/mockServiceWorker.js',
      'test-results/',
      'playwright-report/',
      '.vitest-attachments/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  reactHooks.configs.flat['recommended-latest'],
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  {
    plugins: { 'import-x': importX, local: { rules: { 'no-type-cycle': noTypeCycle } } },
    settings: {
      // no-cycle parses every imported file: tell import-x which parser reads TypeScript.
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.js', '.jsx', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: join(root, 'tsconfig.json'),
          alwaysTryTypes: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // no-cycle skips `import type` edges (no option counts them in import-x 4), and type-only
      // imports had closed circles it never saw: this one counts every import.
      'local/no-type-cycle': 'error',
    },
  },
  {
    files: ['**/*.{ts,tsx,mts}'],
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx,mts}'],
    rules: { 'no-restricted-imports': ['error', { paths: [lucide, ...routerLinks] }] },
  },
  {
    files: ['src/components/ui/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: [noSwr, lucide, ...routerLinks] }] },
  },
  {
    // The one place that names the icon set.
    files: ['src/components/ui/icons.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [noSwr, ...routerLinks] }] },
  },
  storybook.configs['flat/recommended'],
);
