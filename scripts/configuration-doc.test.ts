import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

import { ENVIRONMENT } from '../server/src/config.ts';
import {
  configurationDoc,
  DOC_FILE,
  envReadsInCode,
  linkDecisions,
  renderConfiguration,
} from './configuration-doc.ts';

const registered = ENVIRONMENT.flatMap((group) => group.settings.map((s) => s.name));

describe('docs/configuration.md, generated from the registry in server/src/config.ts', () => {
  it('is up to date (else: npx tsx scripts/configuration-doc.ts)', async () => {
    expect(readFileSync(DOC_FILE, 'utf8')).toBe(await configurationDoc());
  });

  it('lists every environment variable the code reads', () => {
    const missing = [...envReadsInCode()]
      .filter(([name]) => !registered.includes(name))
      .map(([name, files]) => `${name} (read in ${files.join(', ')})`);
    expect(missing, 'add these to ENVIRONMENT in server/src/config.ts').toEqual([]);
  });

  it('lists no variable the code no longer reads, and each once', () => {
    const reads = envReadsInCode();
    expect(registered.filter((name) => !reads.has(name))).toEqual([]);
    expect(registered.filter((name, i) => registered.indexOf(name) !== i)).toEqual([]);
  });

  it('shows each variable with its default and meaning, in its group', () => {
    const doc = renderConfiguration([
      {
        title: 'Example',
        about: 'Read by nobody.',
        settings: [{ name: 'EXAMPLE_MODE', default: '`a|b`', meaning: 'what it does' }],
      },
    ]);
    expect(doc).toContain('## Example\n\nRead by nobody.\n');
    expect(doc).toContain('| `EXAMPLE_MODE` | `a\\|b` | what it does |');
    expect(doc).toContain('The 1 environment variables the project reads');
  });

  it('links the decision records it cites', () => {
    const records = ['0050-manual-adjustments.md', '0070-four-eyes-on-money.md'];
    expect(
      linkDecisions('waits (docs/decisions/0050, 0070); docs/decisions/0999 stays', records),
    ).toBe(
      'waits ([ADR 0050](decisions/0050-manual-adjustments.md), [ADR 0070](decisions/0070-four-eyes-on-money.md)); docs/decisions/0999 stays',
    );
  });
});
