import { MigrationInterface, QueryRunner } from 'typeorm';

/** Tenant lists counted as a whole only (orders also count per status, notifications their unread). */
const SIMPLE_LISTS = ['products', 'locations', 'coupons'] as const;

export class ListCounts1763701200000 implements MigrationInterface {
  name = 'ListCounts1763701200000';

  async up(db: QueryRunner): Promise<void> {
    // A list's total is the sum of its slot rows (scope: the tenant, or the user for notifications;
    // subset '' is the whole list, else a status or 'unread'). Writers add to a slot nobody else
    // holds (FOR UPDATE SKIP LOCKED) and add a slot when every one is held, so a shop's concurrent
    // orders never wait on each other's counter and never deadlock on it; a key has at most as many
    // slots as it ever had concurrent writers, so summing it stays a handful of rows.
    await db.query(`
      CREATE TABLE list_counts (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        scope_id uuid NOT NULL,
        list varchar(32) NOT NULL,
        subset varchar(32) NOT NULL DEFAULT '',
        n bigint NOT NULL
      )`);
    // n is left out of the index, so adding to a slot is a HOT update.
    await db.query(`CREATE INDEX list_counts_key_idx ON list_counts (scope_id, list, subset)`);
    await db.query(`
      CREATE FUNCTION list_count_add(p_scope uuid, p_list text, p_subset text, p_delta bigint) RETURNS void
      LANGUAGE plpgsql AS $$
      DECLARE slot bigint;
      BEGIN
        IF p_delta = 0 THEN RETURN; END IF;
        SELECT id INTO slot FROM list_counts
         WHERE scope_id = p_scope AND list = p_list AND subset = p_subset
         LIMIT 1 FOR UPDATE SKIP LOCKED;
        IF slot IS NULL THEN
          INSERT INTO list_counts (scope_id, list, subset, n) VALUES (p_scope, p_list, p_subset, p_delta);
        ELSE
          UPDATE list_counts SET n = n + p_delta WHERE id = slot;
        END IF;
      END $$`);

    // Statement-level triggers: one counter write per tenant (and subset) a statement touches,
    // however many rows it inserts, changes or deletes (cascades included).
    await db.query(`
      CREATE FUNCTION orders_list_counts() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE r record;
      BEGIN
        IF TG_OP = 'INSERT' THEN
          FOR r IN SELECT tenant_id, COALESCE(status, '') AS subset, count(*) AS d FROM new_rows
                    GROUP BY GROUPING SETS ((tenant_id), (tenant_id, status)) LOOP
            PERFORM list_count_add(r.tenant_id, 'orders', r.subset, r.d);
          END LOOP;
        ELSIF TG_OP = 'DELETE' THEN
          FOR r IN SELECT tenant_id, COALESCE(status, '') AS subset, count(*) AS d FROM old_rows
                    GROUP BY GROUPING SETS ((tenant_id), (tenant_id, status)) LOOP
            PERFORM list_count_add(r.tenant_id, 'orders', r.subset, -r.d);
          END LOOP;
        ELSE
          FOR r IN SELECT c.tenant_id, c.status AS subset, sum(c.d) AS d FROM (
                     SELECT n.tenant_id, n.status, 1 AS d FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE o.status <> n.status
                     UNION ALL
                     SELECT o.tenant_id, o.status, -1 FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE o.status <> n.status) c
                    GROUP BY 1, 2 LOOP
            PERFORM list_count_add(r.tenant_id, 'orders', r.subset, r.d);
          END LOOP;
        END IF;
        RETURN NULL;
      END $$`);
    await db.query(`
      CREATE FUNCTION notifications_list_counts() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE r record;
      BEGIN
        IF TG_OP = 'INSERT' THEN
          FOR r IN SELECT user_id, count(*) AS d, count(*) FILTER (WHERE read_at IS NULL) AS unread FROM new_rows GROUP BY 1 LOOP
            PERFORM list_count_add(r.user_id, 'notifications', '', r.d);
            PERFORM list_count_add(r.user_id, 'notifications', 'unread', r.unread);
          END LOOP;
        ELSIF TG_OP = 'DELETE' THEN
          FOR r IN SELECT user_id, count(*) AS d, count(*) FILTER (WHERE read_at IS NULL) AS unread FROM old_rows GROUP BY 1 LOOP
            PERFORM list_count_add(r.user_id, 'notifications', '', -r.d);
            PERFORM list_count_add(r.user_id, 'notifications', 'unread', -r.unread);
          END LOOP;
        ELSE
          FOR r IN SELECT n.user_id, sum((n.read_at IS NULL)::int - (o.read_at IS NULL)::int) AS unread
                     FROM new_rows n JOIN old_rows o ON o.id = n.id
                    WHERE (n.read_at IS NULL) <> (o.read_at IS NULL) GROUP BY 1 LOOP
            PERFORM list_count_add(r.user_id, 'notifications', 'unread', r.unread);
          END LOOP;
        END IF;
        RETURN NULL;
      END $$`);
    // products, locations, coupons: the tenant's whole list only (TG_ARGV[0] names it).
    await db.query(`
      CREATE FUNCTION tenant_list_counts() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE r record;
      BEGIN
        IF TG_OP = 'INSERT' THEN
          FOR r IN SELECT tenant_id, count(*) AS d FROM new_rows GROUP BY 1 LOOP
            PERFORM list_count_add(r.tenant_id, TG_ARGV[0], '', r.d);
          END LOOP;
        ELSE
          FOR r IN SELECT tenant_id, count(*) AS d FROM old_rows GROUP BY 1 LOOP
            PERFORM list_count_add(r.tenant_id, TG_ARGV[0], '', -r.d);
          END LOOP;
        END IF;
        RETURN NULL;
      END $$`);
    await db.query(`
      CREATE FUNCTION truncate_list_counts() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM list_counts WHERE list = TG_ARGV[0];
        RETURN NULL;
      END $$`);

    // Creating the triggers locks each table against writes until this migration commits, so the
    // backfill below counts exactly the rows the triggers did not see.
    for (const [table, fn, ops] of [
      ['orders', 'orders_list_counts()', ['INSERT', 'UPDATE', 'DELETE']],
      ['notifications', 'notifications_list_counts()', ['INSERT', 'UPDATE', 'DELETE']],
      ...SIMPLE_LISTS.map((list) => [list, `tenant_list_counts('${list}')`, ['INSERT', 'DELETE']] as const),
    ] as const) {
      for (const op of ops) {
        const rows =
          op === 'DELETE'
            ? 'OLD TABLE AS old_rows'
            : op === 'INSERT'
              ? 'NEW TABLE AS new_rows'
              : 'OLD TABLE AS old_rows NEW TABLE AS new_rows';
        await db.query(
          `CREATE TRIGGER ${table}_list_counts_${op.toLowerCase()} AFTER ${op} ON ${table} REFERENCING ${rows} FOR EACH STATEMENT EXECUTE FUNCTION ${fn}`,
        );
      }
      await db.query(
        `CREATE TRIGGER ${table}_list_counts_truncate AFTER TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION truncate_list_counts('${table}')`,
      );
    }

    await db.query(`
      INSERT INTO list_counts (scope_id, list, subset, n)
      SELECT tenant_id, 'orders', COALESCE(status, ''), count(*) FROM orders GROUP BY GROUPING SETS ((tenant_id), (tenant_id, status))`);
    await db.query(`
      INSERT INTO list_counts (scope_id, list, subset, n)
      SELECT user_id, 'notifications', '', count(*) FROM notifications GROUP BY 1
      UNION ALL
      SELECT user_id, 'notifications', 'unread', count(*) FROM notifications WHERE read_at IS NULL GROUP BY 1`);
    for (const list of SIMPLE_LISTS) {
      await db.query(
        `INSERT INTO list_counts (scope_id, list, subset, n) SELECT tenant_id, '${list}', '', count(*) FROM ${list} GROUP BY 1`,
      );
    }

    // Pages read their ids off an index in the list's order (an index-only scan), then build only those rows.
    await db.query(`CREATE INDEX coupons_tenant_created_idx ON coupons (tenant_id, created_at DESC, id DESC)`);
    await db.query(`CREATE INDEX locations_tenant_created_idx ON locations (tenant_id, created_at DESC, id DESC)`);
    await db.query(`DROP INDEX locations_tenant_idx`);
    // An expression column gives the planner no read_at, so without it the listing index could not serve an index-only scan.
    await db.query(`DROP INDEX notifications_user_listing_idx`);
    await db.query(
      `CREATE INDEX notifications_user_listing_idx ON notifications (user_id, (read_at IS NOT NULL), created_at DESC, id DESC) INCLUDE (read_at)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX notifications_user_listing_idx`);
    await db.query(
      `CREATE INDEX notifications_user_listing_idx ON notifications (user_id, (read_at IS NOT NULL), created_at DESC, id DESC)`,
    );
    await db.query(`CREATE INDEX locations_tenant_idx ON locations (tenant_id)`);
    await db.query(`DROP INDEX locations_tenant_created_idx`);
    await db.query(`DROP INDEX coupons_tenant_created_idx`);
    for (const table of ['orders', 'notifications', ...SIMPLE_LISTS]) {
      for (const op of ['insert', 'update', 'delete', 'truncate'])
        await db.query(`DROP TRIGGER IF EXISTS ${table}_list_counts_${op} ON ${table}`);
    }
    await db.query(`DROP FUNCTION truncate_list_counts(), tenant_list_counts(), notifications_list_counts(), orders_list_counts()`);
    await db.query(`DROP FUNCTION list_count_add(uuid, text, text, bigint)`);
    await db.query(`DROP TABLE list_counts`);
  }
}
