import { Arg, Ctx, ID, Mutation, Query, Resolver, Args } from 'type-graphql';
import { ConnectionArgs } from '../../shared/connection';
import { getTerminal, terminalList } from '../../../domain/acquiring/terminals/queries';
import { issueTerminalPinKey, registerTerminal } from '../../../domain/acquiring/terminals/service';
import type { GraphQLContext } from '../../context';
import { connection, mutation, query, lookup } from '../../shared/operations';
import { commandInput } from '../../shared/command-input';
import { RegisterTerminalInput, Terminal, TerminalConnection, TerminalPinKey, TerminalPinKeyInput, toGraphQLTerminal, toGraphQLTerminalPinKey } from './types';
import { areaUserError, payloadType } from '../../shared/user-errors';
import { terminalErrors } from '../../../domain/acquiring/terminals/errors';

const TerminalsUserError = areaUserError('Terminals', [terminalErrors]);
const RegisterTerminalPayload = payloadType('RegisterTerminalPayload', 'terminal', () => Terminal, TerminalsUserError);
const TerminalPinKeyPayload = payloadType('TerminalPinKeyPayload', 'terminalPinKey', () => TerminalPinKey, TerminalsUserError);

/** payment.terminals over GraphQL: the same services as the REST routes, and the account's terminals. */
@Resolver(() => Terminal)
export class TerminalsResolver {
  @Query(() => TerminalConnection, { description: 'POS terminals of the acting account, newest first' })
  terminals(
    @Ctx() gctx: GraphQLContext,
    @Args(() => ConnectionArgs) page: ConnectionArgs,
  ) {
    return connection(gctx, page, terminalList, toGraphQLTerminal);
  }

  @Query(() => Terminal, { nullable: true, description: 'One POS terminal of the acting account, by its terminal id' })
  terminal(@Ctx() gctx: GraphQLContext, @Arg('terminalId', () => ID) terminalId: string): Promise<Terminal | null> {
    return lookup(gctx, (ctx) => getTerminal(ctx, terminalId), toGraphQLTerminal);
  }

  @Mutation(() => RegisterTerminalPayload, { description: 'Registers a POS terminal (the same manufacturer serial answers its registration again)' })
  registerTerminal(@Arg('input', () => RegisterTerminalInput) input: RegisterTerminalInput, @Ctx() gctx: GraphQLContext) {
    return mutation(gctx, { field: 'registerTerminal', payload: RegisterTerminalPayload, family: 'account_center', input: commandInput(input) }, registerTerminal, toGraphQLTerminal);
  }

  // Not through the idempotency layer, which would keep the answer in clear (as REST getPinKey);
  // the answer is marked no-store.
  @Mutation(() => TerminalPinKeyPayload, { description: "The terminal's PIN key wrapped in your AES key; the same key while it is valid (a day)" })
  terminalPinKey(@Arg('input', () => TerminalPinKeyInput) input: TerminalPinKeyInput, @Ctx() gctx: GraphQLContext) {
    const wire = commandInput(input);
    return mutation(gctx, { field: 'terminalPinKey', payload: TerminalPinKeyPayload, family: 'account_center', input: wire, idempotent: false }, (ctx, body) => issueTerminalPinKey(ctx, gctx.services.cardDataKeys, body), toGraphQLTerminalPinKey);
  }
}
