import type { z } from 'zod';
import type { DownloadLinks } from '../../../domain/onboarding/files/downloads';
import type { StoredFile } from '../../../domain/onboarding/files/view';
import { iso } from '../../shared/wire';
import type { restDownloadLinks, restFileInfo } from './schemas';

export const toRestFileInfo = (f: StoredFile): z.input<typeof restFileInfo> => ({
  file_id: f.id,
  file_name: f.fileName,
  file_type: f.fileType as z.input<typeof restFileInfo>['file_type'],
  size: f.size,
  create_time: iso(f.createdAt),
  ...(f.notes !== null ? { notes: f.notes } : {}),
});

/** Links are absolute on the origin the caller reached (payrail serves them itself). */
export const toRestDownloadLinks = (l: DownloadLinks, origin: string): z.input<typeof restDownloadLinks> => ({
  files: l.files.map(({ file, path }) => ({ file_id: file.id, file_name: file.fileName, file_type: file.fileType, size: file.size, url: `${origin}${path}` })),
  absent_files: l.absentFiles,
});
