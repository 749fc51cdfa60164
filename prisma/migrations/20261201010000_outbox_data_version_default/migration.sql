-- Every writer of this version names data_version (the domain's outbox insert and the group
-- commit's collected insert), so the default is for writers that do not: a process of the previous
-- version during a rolling upgrade, which stores the REST body, that is version 1.
ALTER TABLE "outbox_events" ALTER COLUMN "data_version" SET DEFAULT 1;
