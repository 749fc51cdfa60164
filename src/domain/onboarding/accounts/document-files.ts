import type { RequestContext } from '../../../platform/context';
import { checkFileIds, UNKNOWN_FILE_RULE } from '../files/contract';
import { invalidField } from '../../../platform/validation/validate';
import type { AccountApplication } from './onboarding-rules';
import type { SubAccountApplication } from './sub-account-rules';

/** One file id an application names, with the wire path of the field that carries it. */
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

type IdDocuments = { front_file_id?: string; back_file_id?: string };

function addIdDocuments(refs: FileRef[], prefix: string, docs: IdDocuments): void {
  if (docs.front_file_id !== undefined) refs.push({ field: `${prefix}.front_file_id`, fileId: docs.front_file_id });
  if (docs.back_file_id !== undefined) refs.push({ field: `${prefix}.back_file_id`, fileId: docs.back_file_id });
}

/** AF1 `documents[]` (also the body of a RETURN resubmission): their `*_file_id` members. */
export function documentsFileIds(documents: readonly IdDocuments[], prefix = 'documents'): FileRef[] {
  const refs: FileRef[] = [];
  documents.forEach((d, i) => addIdDocuments(refs, `${prefix}[${i}]`, d));
  return refs;
}

/** AF1: every `*_file_id` of an application (documents and identification documents). */
export function applicationFileIds(app: AccountApplication): FileRef[] {
  const refs = documentsFileIds(app.documents);
  if (app.entity_type === 'INDIVIDUAL') addIdDocuments(refs, 'person_details.identification.documents', app.person_details.identification.documents);
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

function addDocStrs(refs: FileRef[], field: string, docs: ReadonlyArray<{ doc_str: string }> | undefined): void {
  docs?.forEach((d, i) => !isInline(d.doc_str) && refs.push({ field: `${field}[${i}].doc_str`, fileId: d.doc_str }));
}

/** AF2 / GraphQL createSubAccount(application): every document that is a file id, in body order. */
export function subAccountFileIds(app: SubAccountApplication): FileRef[] {
  const refs: FileRef[] = [];
  addDocs(refs, 'company_info.certification_of_incorporation', app.company_info?.certification_of_incorporation);
  addDocs(refs, 'identity_verification.identity_docs', app.identity_verification?.identity_docs);
  addDocs(refs, 'identity_verification.face_docs', app.identity_verification?.face_docs);
  app.ownership_details?.representatives.forEach((r, i) => {
    addDocs(refs, `ownership_details.representatives[${i}].identity_docs`, r.identity_docs);
    addDocStrs(refs, `ownership_details.representatives[${i}].other_documents`, r.other_documents);
  });
  addDocs(refs, 'ownership_details.shareholder_docs', app.ownership_details?.shareholder_docs);
  const proof = app.proof_documents;
  addDocs(refs, 'proof_documents.proof_of_address', proof?.proof_of_address);
  addDocs(refs, 'proof_documents.source_of_funds', proof?.source_of_funds);
  addDocs(refs, 'proof_documents.proof_of_position_and_income', proof?.proof_of_position_and_income);
  addDocs(refs, 'proof_documents.other_proof', proof?.other_proof);
  addDocStrs(refs, 'additional_documents.required_docs', app.additional_documents?.required_docs);
  addDocStrs(refs, 'additional_documents.option_docs', app.additional_documents?.option_docs);
  return refs;
}
