import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { LiteralLimitPlugin, withStatementCache } from './statement-cache.ts';

function open() {
  const sqlite = new SQLite(':memory:');
  sqlite.exec('create table t (id integer primary key, name text)');
  sqlite.exec("insert into t (name) values ('ada'), ('bola'), ('chidi')");
  return { sqlite, cached: withStatementCache(sqlite, 3) };
}

describe('SQLite statement cache', () => {
  it('reuses the statement for the same SQL, with each call its own values', () => {
    const { cached } = open();
    const sql = 'select name from t where id = ?';
    const first = cached.prepare(sql);
    const again = cached.prepare(sql);
    expect(again).toBe(first);
    expect(first.all([1])).toEqual([{ name: 'ada' }]);
    expect(again.all([3])).toEqual([{ name: 'chidi' }]);
  });

  it('a kept statement sees a column a migration added', () => {
    const { sqlite, cached } = open();
    const sql = 'select * from t where id = ?';
    expect(cached.prepare(sql).all([1])).toEqual([{ id: 1, name: 'ada' }]);
    sqlite.exec("alter table t add column phone text not null default '0803'");
    expect(cached.prepare(sql).all([1])).toEqual([{ id: 1, name: 'ada', phone: '0803' }]);
  });

  it('keeps at most `max` statements, dropping the least recently used', () => {
    const { cached } = open();
    const a = cached.prepare('select 1 as a');
    const b = cached.prepare('select 2 as b');
    cached.prepare('select 3 as c');
    expect(cached.prepare('select 1 as a')).toBe(a); // used: now the most recent
    cached.prepare('select 4 as d'); // drops b, the least recently used
    expect(cached.prepare('select 1 as a')).toBe(a);
    expect(cached.prepare('select 2 as b')).not.toBe(b);
  });

  it('never hands out a statement in the middle of an iteration', () => {
    const { cached } = open();
    const sql = 'select name from t order by id';
    const outer = cached.prepare(sql) as unknown as SQLite.Statement;
    const names: string[] = [];
    for (const row of outer.iterate() as Iterable<{ name: string }>) {
      names.push(row.name);
      // The same query while the first still runs: a second statement, not the busy one.
      expect(cached.prepare(sql).all([])).toHaveLength(3);
    }
    expect(names).toEqual(['ada', 'bola', 'chidi']);
  });

  it('closing clears the statements and closes the database', () => {
    const { sqlite, cached } = open();
    cached.prepare('select 1');
    cached.close();
    expect(sqlite.open).toBe(false);
  });
});

describe('LIMIT written into the SQL (SQLite, ADR 0028)', () => {
  function kysely() {
    const { sqlite, cached } = open();
    const db = new Kysely<{ t: { id: number; name: string } }>({
      dialect: new SqliteDialect({ database: cached }),
      plugins: [new LiteralLimitPlugin()],
    });
    return { sqlite, db };
  }

  it('a whole-number LIMIT is a number in the SQL, OFFSET and the values stay bound', async () => {
    const { db } = kysely();
    const q = db
      .selectFrom('t')
      .select('name')
      .where('id', '>', 1)
      .orderBy('id')
      .limit(1)
      .offset(1);
    const compiled = q.compile();
    expect(compiled.sql).toMatch(/limit 1 offset \?$/);
    expect(compiled.parameters).toEqual([1, 1]);
    expect(await q.execute()).toEqual([{ name: 'chidi' }]);
    // Each size its own text; the rows are the asked ones.
    expect(await db.selectFrom('t').select('id').orderBy('id').limit(2).execute()).toEqual([
      { id: 1 },
      { id: 2 },
    ]);
  });

  it('leaves any other LIMIT bound', () => {
    const { db } = kysely();
    const expr = db
      .selectFrom('t')
      .select('name')
      .limit(sql<number>`1 + 1`)
      .compile();
    expect(expr.sql).toMatch(/limit 1 \+ 1$/);
    const fraction = db.selectFrom('t').select('name').limit(1.5).compile();
    expect(fraction.sql).toMatch(/limit \?$/);
    expect(fraction.parameters).toEqual([1.5]);
  });
});
