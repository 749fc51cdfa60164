// Imported first by every server entry point, before graphql-js loads: graphql-js picks its
// `instanceOf` at module load, and outside NODE_ENV=production it runs a cross-realm check on every
// failed type test of every field (measured in docs/performance.md: ~5% of a 50-payout list's CPU).
// A server is production unless told otherwise; nothing else payrail runs reads NODE_ENV (Apollo's
// introspection and stack-trace settings are explicit in src/resolvers/server.ts).
process.env.NODE_ENV ??= 'production';
