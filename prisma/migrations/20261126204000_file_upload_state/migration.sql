-- An upload no longer holds one transaction open while the bytes stream in (an open transaction holds
-- back every outbox reader, src/platform/events/tail.ts): the row and its chunks are written as they
-- come, invisible until a short final transaction marks the file complete. Rows left incomplete by a
-- crash are removed by a later upload of the same account (upload_started_at, real time).
ALTER TABLE "files" ADD COLUMN "complete" BOOLEAN NOT NULL DEFAULT true;
ALTER TABLE "files" ADD COLUMN "upload_started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;
