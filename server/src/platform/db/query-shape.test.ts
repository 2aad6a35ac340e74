import SQLite from 'better-sqlite3';
import { Kysely, sql, SqliteDialect } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import type { Db } from './index.ts';
import { queryShape } from './query-shape.ts';

interface T {
  t: { id: string; name: string; team: string };
}

function open(): Db {
  const sqlite = new SQLite(':memory:');
  sqlite.exec('create table t (id text primary key, name text, team text)');
  sqlite.exec("insert into t values ('a', 'Ada', 'x'), ('b', 'Bola', 'x'), ('c', 'Chidi', 'y')");
  return new Kysely<T>({ dialect: new SqliteDialect({ database: sqlite }) }) as unknown as Db;
}
const t = (db: Db) => db as unknown as Kysely<T>;

describe('queryShape', () => {
  it('compiles once per database and runs with each call’s values', async () => {
    const build = vi.fn((db: Db, team: string, id: string) =>
      t(db)
        .selectFrom('t')
        .select('name')
        .where('team', '=', team)
        .where('id', '<>', id)
        .where('name', '<>', 'nobody')
        .orderBy('id'),
    );
    const others = queryShape(build);
    const db = open();
    expect(await others(db, 'x', 'a')).toEqual([{ name: 'Bola' }]);
    expect(await others(db, 'x', 'b')).toEqual([{ name: 'Ada' }]);
    expect(await others(db, 'y', 'a')).toEqual([{ name: 'Chidi' }]);
    expect(build).toHaveBeenCalledTimes(1);
    const second = open();
    expect(await others(second, 'x', 'zzz')).toEqual([{ name: 'Ada' }, { name: 'Bola' }]);
    expect(build).toHaveBeenCalledTimes(2);
  });

  it('refuses an argument changed on its way (it would be frozen into the shape)', async () => {
    const byPrefix = queryShape((db, id: string) =>
      t(db).selectFrom('t').select('name').where('id', '=', `w:${id}`),
    );
    await expect(byPrefix(open(), 'a')).rejects.toThrow(/changed before it reached the query/);
  });

  it('refuses an argument used as SQL', async () => {
    const asColumn = queryShape((db, column: string) =>
      t(db).selectFrom('t').select(sql.ref(column).as('v')),
    );
    await expect(asColumn(open(), 'name')).rejects.toThrow(/became SQL/);
  });
});
