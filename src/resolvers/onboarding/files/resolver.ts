import { GraphQLUpload, type FileUpload } from 'graphql-upload-minimal';
import { Arg, Ctx, Mutation, Query, Resolver, Args } from 'type-graphql';
import { ConnectionArgs } from '../../shared/connection';
import { fileDownloadLinks, parseFileIds } from '../../../domain/onboarding/files/downloads';
import { fileList } from '../../../domain/onboarding/files/queries';
import { uploadFile } from '../../../domain/onboarding/files/service';
import { fileSettings } from '../../../domain/onboarding/files/settings';
import type { GraphQLContext } from '../../context';
import { connection, mutation } from '../../shared/operations';
import { commandInput } from '../../shared/command-input';
import { uploadSourceOf } from './upload';
import { FileDownloadLinks, FileDownloadLinksInput, FileInfo, FileInfoConnection, toGraphQLFile, toGraphQLLinks } from './types';
import { areaUserError, payloadType } from '../../shared/user-errors';
import { fileErrors } from '../../../domain/onboarding/files/errors';

const FilesUserError = areaUserError('Files', [fileErrors]);
const UploadFilePayload = payloadType('UploadFilePayload', 'file', () => FileInfo, FilesUserError);
const FileDownloadLinksPayload = payloadType('FileDownloadLinksPayload', 'fileDownloadLinks', () => FileDownloadLinks, FilesUserError);

/** AF6 and AF7 over GraphQL (multipart request spec for the upload): the same domain services as REST. */
@Resolver()
export class FilesResolver {
  @Mutation(() => UploadFilePayload, {
    description:
      'Uploads a file (GraphQL multipart request spec; send the apollo-require-preflight header): jpeg, png, jpg, doc, docx or pdf, at most 30 MiB, typed by its content',
  })
  async uploadFile(
    @Ctx() gctx: GraphQLContext,
    @Arg('file', () => GraphQLUpload) file: Promise<FileUpload>,
    @Arg('notes', () => String, { nullable: true }) notes?: string,
  ) {
    // Not through the idempotency layer: the upload is a stream, and its fingerprint would be the file.
    return mutation(
      gctx,
      { field: 'uploadFile', payload: UploadFilePayload, family: 'account_center', input: commandInput({ notes }), argument: null, idempotent: false },
      async (ctx) => uploadFile(ctx, fileSettings(gctx.services), await uploadSourceOf(file, notes ?? undefined)),
      toGraphQLFile,
    );
  }

  @Mutation(() => FileDownloadLinksPayload, { description: 'Signed download links to files of the acting account (valid 10 minutes)' })
  fileDownloadLinks(@Ctx() gctx: GraphQLContext, @Arg('input', () => FileDownloadLinksInput) input: FileDownloadLinksInput) {
    // Not through the idempotency layer: it changes nothing, and fresh links are the point of a retry.
    return mutation(
      gctx,
      { field: 'fileDownloadLinks', payload: FileDownloadLinksPayload, family: 'account_center', input: commandInput(input), idempotent: false },
      (ctx) => fileDownloadLinks(ctx, fileSettings(gctx.services), parseFileIds({ fileIds: input.fileIds })),
      (l) => toGraphQLLinks(l, gctx.origin),
    );
  }

  @Query(() => FileInfoConnection, { description: "The acting account's files, newest first" })
  files(
    @Ctx() gctx: GraphQLContext,
    @Args(() => ConnectionArgs) page: ConnectionArgs,
  ) {
    return connection(gctx, page, fileList, toGraphQLFile);
  }
}
