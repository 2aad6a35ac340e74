/**
 * `npm run backup` and `npm run restore -- <file>` (ADR 0080): the database the server uses
 * (the same DATABASE_URL / DATA_DIR), while it runs.
 *
 *   npm run backup                       one snapshot into BACKUP_DIR (default ./backups),
 *                                        keeping the newest BACKUP_KEEP (default 14)
 *   npm run backup -- --dir /mnt/b --keep 30
 *   npm run restore -- <snapshot file>   into the configured database, which must be empty
 *
 * Exit code: 0 done, 1 refused (the message says why), 2 failed.
 */
import { loadConfig } from './config.ts';
import { backupDatabase, restoreDatabase, RestoreRefused } from './platform/backup.ts';

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

async function main(): Promise<number> {
  const [command, ...args] = process.argv.slice(2);
  // The keys are not needed to copy a database: never generate one as a side effect.
  const config = loadConfig(process.env, { jwtSecret: 'not-used', pinSecret: 'not-used' });
  const db = { engine: config.engine, databaseUrl: config.databaseUrl };
  if (command === 'backup') {
    const dir = option(args, '--dir') ?? process.env.BACKUP_DIR ?? 'backups';
    const keepText = option(args, '--keep') ?? process.env.BACKUP_KEEP ?? '14';
    const keep = /^\d{1,4}$/.test(keepText) ? Number(keepText) : Number.NaN;
    if (!(keep >= 1)) {
      console.error(
        `backup: BACKUP_KEEP (--keep) must be a whole number from 1, not "${keepText.slice(0, 20)}".`,
      );
      return 1;
    }
    const snap = await backupDatabase(db, dir, keep);
    console.log(
      [
        `backup: ${snap.file} (${(snap.bytes / 1024).toFixed(0)} KiB, sha256 ${snap.sha256})`,
        ...snap.removed.map((name) => `backup: removed ${name} (keeping the newest ${keep})`),
        "backup: keep a copy of JWT_SECRET and PIN_SECRET (or DATA_DIR's key files) apart: a restore needs them.",
      ].join('\n'),
    );
    return 0;
  }
  if (command === 'restore') {
    const file = args.find((a) => !a.startsWith('--'));
    if (!file) {
      console.error('restore: name the snapshot: npm run restore -- backups/paybills-….db');
      return 1;
    }
    try {
      await restoreDatabase(db, file);
    } catch (err) {
      if (err instanceof RestoreRefused) {
        console.error(`restore refused: ${err.message}`);
        return 1;
      }
      throw err;
    }
    console.log(
      `restore: ${file} → ${config.engine === 'sqlite' ? config.databaseUrl : 'DATABASE_URL'}. ` +
        'Start the server with the keys the snapshot was made with; then run npm run reconcile.',
    );
    return 0;
  }
  console.error('usage: npm run backup [-- --dir <dir> --keep <n>] | npm run restore -- <file>');
  return 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(
      `${process.argv[2] ?? 'backup'} failed: ${err instanceof Error ? err.message : String(err)}`,
    );
    process.exit(2);
  },
);
