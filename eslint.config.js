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
