import type { RequestContext } from '../../../platform/context';
import { checkFileIds, UNKNOWN_FILE_RULE } from '../files/contract';
import { invalidField } from '../../../platform/validation/validate';
import type { AccountApplication } from './onboarding-rules';
import type { SubAccountApplication } from './sub-account-rules';

/** One file id an application names, with the domain path of the field that carries it. */
export interface FileRef {
  field: string;
  fileId: string;
}

/**
 * Every id must name a file the acting account uploaded (AF6). Unknown, malformed and another
 * tenant's ids are refused alike, naming the first such field. Files are never deleted, so the
 * answer holds for the write that follows.
 */
export async function assertFilesUploaded(ctx: RequestContext, refs: readonly FileRef[]): Promise<void> {
  if (refs.length === 0) return;
  const missing = new Set(await checkFileIds(ctx, refs.map((r) => r.fileId)));
  const first = refs.find((r) => missing.has(r.fileId));
  if (first) throw invalidField(first.field, UNKNOWN_FILE_RULE);
}

type IdDocuments = { frontFileId?: string; backFileId?: string };

function addIdDocuments(refs: FileRef[], prefix: string, docs: IdDocuments): void {
  if (docs.frontFileId !== undefined) refs.push({ field: `${prefix}.frontFileId`, fileId: docs.frontFileId });
  if (docs.backFileId !== undefined) refs.push({ field: `${prefix}.backFileId`, fileId: docs.backFileId });
}

/** AF1 `documents[]` (also the body of a RETURN resubmission): their `*FileId` members. */
export function documentsFileIds(documents: readonly IdDocuments[], prefix = 'documents'): FileRef[] {
  const refs: FileRef[] = [];
  documents.forEach((d, i) => addIdDocuments(refs, `${prefix}[${i}]`, d));
  return refs;
}

/** AF1: every `*FileId` of an application (documents and identification documents). */
export function applicationFileIds(app: AccountApplication): FileRef[] {
  const refs = documentsFileIds(app.documents);
  if (app.entityType === 'INDIVIDUAL') addIdDocuments(refs, 'personDetails.identification.documents', app.personDetails.identification.documents);
  else app.representatives.forEach((r, i) => addIdDocuments(refs, `representatives[${i}].identification.documents`, r.identification.documents));
  return refs;
}

/**
 * AF2 documents are strings: a base64 data URI carries the content inline; anything else is an
 * uploaded file's id (catalogue 3.7's doc_str and document arrays take either).
 */
const isInline = (doc: string) => doc.startsWith('data:');

function addDocs(refs: FileRef[], field: string, docs: readonly string[] | undefined): void {
  docs?.forEach((d, i) => !isInline(d) && refs.push({ field: `${field}[${i}]`, fileId: d }));
}

function addDocStrs(refs: FileRef[], field: string, docs: ReadonlyArray<{ docStr: string }> | undefined): void {
  docs?.forEach((d, i) => !isInline(d.docStr) && refs.push({ field: `${field}[${i}].docStr`, fileId: d.docStr }));
}

/** AF2 / GraphQL createSubAccount(application): every document that is a file id, in body order. */
export function subAccountFileIds(app: SubAccountApplication): FileRef[] {
  const refs: FileRef[] = [];
  addDocs(refs, 'companyInfo.certificationOfIncorporation', app.companyInfo?.certificationOfIncorporation);
  addDocs(refs, 'identityVerification.identityDocs', app.identityVerification?.identityDocs);
  addDocs(refs, 'identityVerification.faceDocs', app.identityVerification?.faceDocs);
  app.ownershipDetails?.representatives.forEach((r, i) => {
    addDocs(refs, `ownershipDetails.representatives[${i}].identityDocs`, r.identityDocs);
    addDocStrs(refs, `ownershipDetails.representatives[${i}].otherDocuments`, r.otherDocuments);
  });
  addDocs(refs, 'ownershipDetails.shareholderDocs', app.ownershipDetails?.shareholderDocs);
  const proof = app.proofDocuments;
  addDocs(refs, 'proofDocuments.proofOfAddress', proof?.proofOfAddress);
  addDocs(refs, 'proofDocuments.sourceOfFunds', proof?.sourceOfFunds);
  addDocs(refs, 'proofDocuments.proofOfPositionAndIncome', proof?.proofOfPositionAndIncome);
  addDocs(refs, 'proofDocuments.otherProof', proof?.otherProof);
  addDocStrs(refs, 'additionalDocuments.requiredDocs', app.additionalDocuments?.requiredDocs);
  addDocStrs(refs, 'additionalDocuments.optionDocs', app.additionalDocuments?.optionDocs);
  return refs;
}
