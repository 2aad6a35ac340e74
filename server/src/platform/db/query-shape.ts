/**
 * A query built and compiled once per database, then run with each call's values (ADR 0028).
 * Building a Kysely query (its frozen operation tree, then the compiler's walk of it) cost more
 * than SQLite took to answer it on the signed-in read path, which runs the same few shapes on
 * every request.
 *
 * `build` is called once, with markers in place of the arguments: each argument must reach
 * the query as a bound value, unchanged (`where('id', '=', userId)`), never as SQL or through a
 * function of it (`walletAccountId(userId)`: pass the account id as its own argument). A
 * marker found anywhere else (in the SQL, or inside another value) throws when the shape is
 * first compiled, so such a mistake cannot run.
 */
import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './index.ts';

const MARK = '\u0000query-shape:';

interface Shape<O> {
  query: CompiledQuery<O>;
  /** For each bound value: the argument it takes, or undefined for a constant of the shape. */
  slots: (number | undefined)[];
}

export function queryShape<A extends string[], O>(
  build: (db: Db, ...args: A) => Compilable<O>,
): (db: Db, ...args: A) => Promise<O[]> {
  const shapes = new WeakMap<Db, Shape<O>>();
  const compile = (db: Db, count: number): Shape<O> => {
    const marks = Array.from({ length: count }, (_, i) => `${MARK}${i}`) as A;
    const query = build(db, ...marks).compile();
    const slots = query.parameters.map((value) => {
      if (typeof value !== 'string' || !value.includes(MARK)) return undefined;
      const slot = Number(value.slice(MARK.length));
      if (!value.startsWith(MARK) || !(slot in marks) || value !== marks[slot]) {
        throw new Error('queryShape: an argument was changed before it reached the query');
      }
      return slot;
    });
    if (query.sql.includes(MARK)) throw new Error('queryShape: an argument became SQL');
    return { query, slots };
  };
  return async (db, ...args) => {
    let shape = shapes.get(db);
    if (!shape) {
      shape = compile(db, args.length);
      shapes.set(db, shape);
    }
    const { query, slots } = shape;
    const parameters = query.parameters.map((value, i) => {
      const slot = slots[i];
      return slot === undefined ? value : args[slot];
    });
    return (await db.executeQuery<O>({ ...query, parameters })).rows;
  };
}
