/**
 * The README is a front door and docs/ holds the topics (docs/style.md of the team): the README
 * stays short, every relative link in the README and docs/*.md reaches a file (and a heading,
 * when it names one), and neither names tracker issues: a clone carries no tracker, so the
 * text states the rule or links the decision record. The decision records name no "issue N"
 * either (the code check below reads them; "#0" there may be an instance, not a tracker).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const README = path.join(ROOT, 'README.md');
const DOCS = path.join(ROOT, 'docs');
const README_LIMIT = 12_000;

const markdownIn = (dir: string): string[] =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .map((name) => path.join(dir, name));

const pages = (): string[] => [README, ...markdownIn(DOCS)];

/** Fixtures are built from their words, so this file itself never reads as a tracker reference. */
const issue = (n: number) => ['issue', String(n)].join(' ');

/** Markdown without its fenced code blocks and inline code (shell lines are not links). */
const prose = (text: string) => text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
export const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

function anchors(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const match of text.matchAll(/^#{1,6} (.+)$/gm)) {
    const base = slug(match[1]!.replace(/`/g, ''));
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    result.add(n === 0 ? base : `${base}-${n}`);
  }
  return result;
}

/** Relative link targets: `[text](target)` and `![alt](target)`, not http(s) or mail. */
export function relativeLinks(text: string): string[] {
  const links: string[] = [];
  for (const match of prose(text).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const target = match[1]!;
    if (!/^[a-z][a-z+.-]*:/i.test(target)) links.push(target);
  }
  return links;
}

/** In code, issue(24) unless it follows another project's repository ("Owner/repo " + issue(11)). */
const CODE_TRACKER = /(?<![\w.-]+\/[\w.-]+ )\bissues? \d+\b/gi;

/** Tracker references: issue(24), the plural with a number, "#38". */
export function trackerReferences(text: string): string[] {
  const plain = prose(text).replace(/\]\([^)]*\)/g, ']');
  return [...plain.matchAll(/\bissues? \d+|(?<![\w&/])#\d+\b/gi)].map((m) => m[0]);
}

describe('the README and docs/', () => {
  it(`keep the README to at most ${README_LIMIT} characters`, () => {
    expect(readFileSync(README, 'utf8').length).toBeLessThanOrEqual(README_LIMIT);
  });

  it('link only to files and headings that exist', () => {
    const broken: string[] = [];
    for (const file of pages()) {
      for (const link of relativeLinks(readFileSync(file, 'utf8'))) {
        const [target = '', anchor] = link.split('#');
        const resolved = target ? path.resolve(path.dirname(file), decodeURI(target)) : file;
        const where = `${path.relative(ROOT, file)} → ${link}`;
        if (!existsSync(resolved)) broken.push(where);
        else if (anchor && statSync(resolved).isFile() && resolved.endsWith('.md')) {
          if (!anchors(resolved).has(anchor)) broken.push(`${where} (no such heading)`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('name no tracker issue: they state the rule or link the decision record', () => {
    const found = pages().flatMap((file) =>
      trackerReferences(readFileSync(file, 'utf8')).map(
        (ref) => `${path.relative(ROOT, file)}: ${ref}`,
      ),
    );
    expect(found).toEqual([]);
  });

  it("and the code names no tracker issue either (another project's GitHub issue may be cited)", () => {
    const files = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
      .split('\0')
      .filter((f) => /\.(?:[cm]?[jt]sx?|md|css|html|json)$/.test(f))
      .filter((f) => f !== 'package-lock.json');
    const found = files.flatMap((file) => {
      const full = path.join(ROOT, file);
      if (!existsSync(full)) return [];
      return [...readFileSync(full, 'utf8').matchAll(CODE_TRACKER)].map((m) => `${file}: ${m[0]}`);
    });
    expect(found).toEqual([]);
    expect(
      [
        ...`see ${issue(24)}; Flutterwave/Node-v3 ${issue(136)}; 0005-issue15`.matchAll(
          CODE_TRACKER,
        ),
      ].map((m) => m[0]),
    ).toEqual([issue(24)]);
  });

  it('find the links and tracker references a reader would see', () => {
    const text = [
      'See [sandbox](docs/sandbox.md#faults) and ![shot](a.png), <https://x.test>, [web](https://x.test).',
      `As ${issue(24)} said, and #38; \`curl #1\` and ADR 0062 do not count.`,
      `\`\`\`sh\n# ${issue(7)} in a shell comment\n\`\`\``,
    ].join('\n');
    expect(relativeLinks(text)).toEqual(['docs/sandbox.md#faults', 'a.png']);
    expect(trackerReferences(text)).toEqual([issue(24), '#38']);
    expect(slug('Four eyes: no admin moves money alone')).toBe(
      'four-eyes-no-admin-moves-money-alone',
    );
  });
});
