-- CreateTable
CREATE TABLE "files" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "file_name" TEXT NOT NULL,
    "file_type" TEXT NOT NULL,
    "media_type" TEXT NOT NULL,
    "size" BIGINT NOT NULL,
    "notes" TEXT,
    "storage" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "files_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "file_chunks" (
    "file_id" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "data" BYTEA NOT NULL,

    CONSTRAINT "file_chunks_pkey" PRIMARY KEY ("file_id","seq")
);

-- CreateIndex
CREATE INDEX "files_account_id_created_at_idx" ON "files"("account_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "files_account_id_id_key" ON "files"("account_id", "id");

-- AddForeignKey
ALTER TABLE "file_chunks" ADD CONSTRAINT "file_chunks_file_id_fkey" FOREIGN KEY ("file_id") REFERENCES "files"("id") ON DELETE CASCADE ON UPDATE CASCADE;
