import { openPglite } from '@/server/store/pglite';
void (async () => {
  const db = await openPglite('/tmp/pgmode-dir');
  await db.query('CREATE TABLE t (a int)');
  await db.query('INSERT INTO t VALUES (1)');
  await db.flush();
  await db.close();
})();
