/** A mistake in how the CLI was called: the message, then the usage, exit 2. */
export class CliUsageError extends Error {}

/** Something the CLI could not do (server unreachable, refused credentials, an API error): exit 1. */
export class CliFailure extends Error {}
