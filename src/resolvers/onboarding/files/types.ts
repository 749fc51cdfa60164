import { GraphQLDateTime } from 'graphql-scalars';
import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import type { DownloadLinks } from '../../../domain/onboarding/files/downloads';
import { FILE_TYPES } from '../../../domain/onboarding/files/rules';
import type { StoredFile } from '../../../domain/onboarding/files/view';
import { Connection } from '../../shared/connection';
import { enumFrom } from '../../shared/enums';

export const FileTypeEnum = enumFrom('FileType', FILE_TYPES, 'What an upload\'s content was found to be');

@ObjectType({ description: 'An uploaded file (AF6 FileInfo), typed by its content' })
export class FileInfo {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  fileName!: string;

  @Field(() => FileTypeEnum)
  fileType!: string;

  @Field(() => Int, { description: 'Bytes' })
  size!: number;

  @Field(() => String, { nullable: true })
  notes!: string | null;

  @Field(() => GraphQLDateTime)
  createdAt!: Date;
}

export const toGraphQLFile = (f: StoredFile): FileInfo => ({
  id: f.id,
  fileName: f.fileName,
  fileType: f.fileType,
  size: f.size,
  notes: f.notes,
  createdAt: f.createdAt,
});

export const FileInfoConnection = Connection(FileInfo, 'FileInfo');

@ObjectType({ description: 'A signed link to one file, valid 10 minutes, served by payrail' })
export class FileDownloadLink {
  @Field(() => FileInfo)
  file!: FileInfo;

  @Field(() => String)
  url!: string;
}

@ObjectType({ description: 'AF7 DownloadLinks; absentFiles is always empty (an unknown id refuses the call with Query data error)' })
export class FileDownloadLinks {
  @Field(() => [FileDownloadLink])
  files!: FileDownloadLink[];

  @Field(() => [String])
  absentFiles!: string[];
}

export const toGraphQLLinks = (l: DownloadLinks, origin: string): FileDownloadLinks => ({
  files: l.files.map(({ file, path }) => ({ file: toGraphQLFile(file), url: `${origin}${path}` })),
  absentFiles: l.absentFiles,
});

@InputType({ description: 'Files of the acting account to link (1-100 ids)' })
export class FileDownloadLinksInput {
  @Field(() => [ID])
  fileIds!: string[];
}
