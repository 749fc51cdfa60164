import { Field, ID, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { GraphQLDateTime } from 'graphql-scalars';
import { FIRMS } from '../../../domain/acquiring/terminals/rules';
import type { TerminalPinKeyView, TerminalView } from '../../../domain/acquiring/terminals/view';
import { Connection } from '../../shared/connection';
import { SecretAnswer } from '../../shared/sensitive';

/** The manufacturer by name; its value is the clients' firm_code ('01' ... '05'). */
export const TerminalManufacturerEnum = Object.fromEntries(Object.entries(FIRMS).map(([code, name]) => [name, code])) as Record<(typeof FIRMS)[keyof typeof FIRMS], string>;
registerEnumType(TerminalManufacturerEnum, { name: 'TerminalManufacturer', description: "The REST firm_code: SHENGBEN '01', NEWLAND '02', XINGUODU '03', IMIN '04', PAX '05'" });

@ObjectType({ description: "A registered POS terminal (the official clients' payment.terminals); never its PIN key" })
export class Terminal {
  @Field(() => ID, { description: 'The terminal id (TID) payrail assigned' }) terminalId!: string;
  @Field(() => TerminalManufacturerEnum) firmCode!: string;
  @Field(() => String, { description: "The manufacturer's serial number" }) firmSn!: string;
  @Field(() => String) terminalModel!: string;
  @Field(() => GraphQLDateTime, { nullable: true, description: 'When the current PIN key expires; null before the first' }) pinKeyExpire!: string | null;
  @Field(() => GraphQLDateTime) createdAt!: string;
  @Field(() => GraphQLDateTime) updatedAt!: string;
}

export const toGraphQLTerminal = (t: TerminalView): Terminal => ({
  terminalId: t.terminalId,
  firmCode: t.firmCode,
  firmSn: t.firmSn,
  terminalModel: t.terminalModel,
  pinKeyExpire: t.pinKeyExpiresAt?.toISOString() ?? null,
  createdAt: t.createdAt.toISOString(),
  updatedAt: t.updatedAt.toISOString(),
});

export const TerminalConnection = Connection(Terminal, 'Terminal');

@ObjectType({ description: "A terminal's PIN key, wrapped in the caller's AES key" })
export class TerminalPinKey {
  @Field(() => ID) terminalId!: string;
  @SecretAnswer()
  @Field(() => String, { description: "base64 of nonce(12) || AES-GCM ciphertext || tag(16) under prvKey; the plaintext is the PIN key's 32 hex characters" })
  encryptPinKey!: string;
  @Field(() => GraphQLDateTime) pinKeyExpire!: string;
}

export const toGraphQLTerminalPinKey = (k: TerminalPinKeyView): TerminalPinKey => ({
  terminalId: k.terminalId,
  encryptPinKey: k.encryptPinKey,
  pinKeyExpire: k.pinKeyExpiresAt.toISOString(),
});

@InputType({ description: 'payment.terminals.register' })
export class RegisterTerminalInput {
  @Field(() => TerminalManufacturerEnum) firmCode!: string;
  @Field(() => String) firmSn!: string;
  @Field(() => String) terminalModel!: string;
}

@InputType({ description: 'payment.terminals.get_pin_key' })
export class TerminalPinKeyInput {
  @Field(() => ID) terminalId!: string;
  @Field(() => String, { description: 'Your AES key in hex (32, 48 or 64 characters); never stored' }) prvKey!: string;
}
