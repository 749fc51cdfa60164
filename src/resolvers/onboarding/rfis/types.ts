import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { GraphQLDateTime } from 'graphql-scalars';
import { QUESTION_TYPES, RFI_STATUSES } from '../../../domain/onboarding/rfis/rules';
import type { RfiView } from '../../../domain/onboarding/rfis/view';
import { FileTypeEnum } from '../files/types';
import { Connection } from '../../shared/connection';
import { enumFrom } from '../../shared/enums';

export const RfiStatusEnum = enumFrom('RfiStatus', RFI_STATUSES, 'ACTION_REQUIRED (waiting for answers), SUBMITTED_PENDING (answers under review), APPROVED, REJECTED');
export const RfiQuestionTypeEnum = enumFrom('RfiQuestionType', QUESTION_TYPES, 'ATTACHMENT (uploaded files) or TEXT');

@ObjectType({ description: 'What the compliance team asks' })
export class RfiQuestion {
  @Field(() => String)
  key!: string;

  @Field(() => String)
  comment!: string;

  @Field(() => RfiQuestionTypeEnum)
  type!: string;
}

@ObjectType({ description: 'A file of an answer, with a signed download link (valid 10 minutes)' })
export class RfiFile {
  @Field(() => ID)
  fileId!: string;

  @Field(() => String)
  fileName!: string;

  @Field(() => FileTypeEnum)
  fileType!: string;

  @Field(() => Int)
  size!: number;

  @Field(() => String)
  url!: string;
}

@ObjectType()
export class RfiAnswer {
  @Field(() => String)
  key!: string;

  @Field(() => RfiQuestionTypeEnum)
  type!: string;

  @Field(() => [RfiFile], { nullable: true })
  attachments!: RfiFile[] | null;

  @Field(() => String, { nullable: true })
  text!: string | null;
}

@ObjectType()
export class RfiRequestItem {
  @Field(() => RfiQuestion)
  question!: RfiQuestion;

  @Field(() => RfiAnswer, { nullable: true, description: 'Null until answered' })
  answer!: RfiAnswer | null;
}

@ObjectType({ description: 'A request for information from the compliance team about an account' })
export class Rfi {
  @Field(() => ID, { description: 'ACTREQ-<uuid>, rfi_id on the REST door' })
  id!: string;

  @Field(() => ID)
  accountId!: string;

  @Field(() => RfiStatusEnum)
  status!: string;

  @Field(() => [RfiRequestItem])
  request!: RfiRequestItem[];

  @Field(() => GraphQLDateTime)
  createdAt!: string;

  @Field(() => GraphQLDateTime)
  updatedAt!: string;
}

/** Plain JSON-safe values; links are absolute on the origin the request reached, as on REST. */
export const toGraphQLRfi =
  (origin: string) =>
  (r: RfiView): Rfi => ({
    id: r.id,
    accountId: r.accountId,
    status: r.status,
    request: r.request.map(({ question, answer }) => ({
      question: { ...question },
      answer: answer && {
        key: answer.key,
        type: answer.type,
        attachments:
          answer.attachments?.map((f) => ({ fileId: f.fileId, fileName: f.fileName, fileType: f.fileType, size: f.size, url: f.path === null ? '' : `${origin}${f.path}` })) ??
          null,
        text: answer.text,
      },
    })),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  });

export const RfiConnection = Connection(Rfi, 'Rfi');

@InputType()
export class RfiFilter {
  @Field(() => RfiStatusEnum, { nullable: true })
  status?: string;
}

@InputType({ description: 'One question answered: files by their upload ids (ATTACHMENT), or text (TEXT)' })
export class RfiAnswerInput {
  @Field(() => String)
  key!: string;

  @Field(() => RfiQuestionTypeEnum)
  type!: string;

  @Field(() => [String], { nullable: true })
  attachments?: string[] | null;

  @Field(() => String, { nullable: true })
  text?: string | null;
}

@InputType({ description: 'Answers a request for information: every question once' })
export class AnswerRfiInput {
  @Field(() => ID, { description: 'ACTREQ-<uuid>' })
  rfiId!: string;

  @Field(() => [RfiAnswerInput])
  answer!: RfiAnswerInput[];
}
