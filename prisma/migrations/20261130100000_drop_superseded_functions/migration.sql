-- The group commit's first entry points, superseded by payrail_apply_batch(statements, items) and
-- payrail_apply_items(items) (migration group_commit_named_statements) and kept only for a process
-- of that earlier version during its upgrade. No process calls them any more.
--
-- From here on every SQL function has its one live definition in prisma/functions/<name>.sql, which
-- the migration runner applies after the migrations (src/ops/sql-functions.ts); migrations hold DDL
-- and data only.
DROP FUNCTION IF EXISTS payrail_apply_batch(jsonb);
DROP FUNCTION IF EXISTS payrail_apply(jsonb);
