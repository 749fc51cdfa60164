import { z } from 'zod';
import { dateTime, uuid } from '../../shared/wire';

/** FileInfo (catalogue AF6): file_type is the type the content was found to be. */
export const restFileInfo = z.object({
  file_id: uuid,
  file_name: z.string(),
  file_type: z.enum(['jpeg', 'png', 'pdf', 'doc', 'docx']),
  size: z.number().int(),
  create_time: dateTime,
  notes: z.string().optional(),
}).meta({ id: 'FileInfo' });

/** DownloadLinks (catalogue AF7); absent_files is always empty (an unknown id is `Query data error`). */
export const restDownloadLinks = z.object({
  files: z.array(z.object({ file_id: uuid, file_name: z.string(), file_type: z.string(), size: z.number().int(), url: z.string() })),
  absent_files: z.array(z.string()),
}).meta({ id: 'DownloadLinks' });

export const restUploadQuery = z.object({ notes: z.string().max(50).optional() });

/** The multipart form of AF6: the file part (with a file name), and notes as a field sent before it. */
export const restUploadForm = z
  .object({ file: z.string().meta({ format: 'binary' }).describe('the file, with a filename'), notes: z.string().max(50).optional() })
  .meta({ id: 'FileUploadForm' });

/** A download's body: the file's bytes. */
export const restFileContent = z.string().meta({ format: 'binary' });
