import { Arg, Ctx, ID, Mutation, Query, Resolver, Args } from 'type-graphql';
import { ConnectionArgs } from '../../shared/connection';
import { getTerminal, terminalList } from '../../../domain/acquiring/terminals/queries';
import { issueTerminalPinKey, registerTerminal } from '../../../domain/acquiring/terminals/service';
import type { GraphQLContext } from '../../context';
import { connection, mutation, query, lookup } from '../../shared/operations';
import { commandInput } from '../../shared/command-input';
import { RegisterTerminalInput, Terminal, TerminalConnection, TerminalPinKey, TerminalPinKeyInput, toGraphQLTerminal, toGraphQLTerminalPinKey } from './types';

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

  @Mutation(() => Terminal, { description: 'Registers a POS terminal (the same manufacturer serial answers its registration again)' })
  registerTerminal(@Arg('input', () => RegisterTerminalInput) input: RegisterTerminalInput, @Ctx() gctx: GraphQLContext): Promise<Terminal> {
    return mutation(gctx, { field: 'registerTerminal', family: 'account_center', input: commandInput(input) }, registerTerminal, toGraphQLTerminal);
  }

  // Not through the idempotency layer, which would keep the answer in clear (as REST getPinKey);
  // the answer is marked no-store.
  @Mutation(() => TerminalPinKey, { description: "The terminal's PIN key wrapped in your AES key; the same key while it is valid (a day)" })
  terminalPinKey(@Arg('input', () => TerminalPinKeyInput) input: TerminalPinKeyInput, @Ctx() gctx: GraphQLContext): Promise<TerminalPinKey> {
    const wire = commandInput(input);
    return query(gctx, (ctx, body) => issueTerminalPinKey(ctx, gctx.services.cardDataKeys, body), toGraphQLTerminalPinKey, wire);
  }
}
