/** A stored file as the services answer it (doors present it as FileInfo). */
export interface StoredFile {
  id: string;
  accountId: string;
  fileName: string;
  /** jpeg, png, pdf, doc or docx: decided by the content. */
  fileType: string;
  mediaType: string;
  size: number;
  notes: string | null;
  storage: 'postgres' | 's3';
  createdAt: Date;
}

export interface StoredFileRow {
  id: string;
  account_id: string;
  file_name: string;
  file_type: string;
  media_type: string;
  size: string;
  notes: string | null;
  storage: string;
  created_at: Date;
}

export const toStoredFile = (r: StoredFileRow): StoredFile => ({
  id: r.id,
  accountId: r.account_id,
  fileName: r.file_name,
  fileType: r.file_type,
  mediaType: r.media_type,
  size: Number(r.size),
  notes: r.notes,
  storage: r.storage === 's3' ? 's3' : 'postgres',
  createdAt: r.created_at,
});
