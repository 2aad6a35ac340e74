import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from './statement-cache.ts';

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
