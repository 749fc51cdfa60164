import { graphqlArea } from '../../area';
import { BankAccountsResolver } from './resolver';
import { BankAccount, toGraphQLBankAccount, bankAccountNode } from './types';

/** The bank-accounts area's GraphQL door: its resolvers and the objects its events are about. */
export const graphql = graphqlArea({ nodes: [bankAccountNode], resolvers: [BankAccountsResolver], objects: { bank_account: { type: BankAccount, map: toGraphQLBankAccount } } });
