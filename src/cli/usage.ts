export const CLI_USAGE = `usage: npm run cli -- <command> [options]

  listen   --forward-to URL [--events a,b] [--url http://127.0.0.1:4000] [--client-id ID --api-key KEY]
           Subscribes to your account's live events (GraphQL over WebSocket) and POSTs each one to URL,
           signed exactly as a webhook delivery (x-wk-timestamp, x-wk-signature) with a secret printed
           at start. One line per event: time, event_name, event_id, the receiver's status.
  trigger  <event_name> [--url …] [--client-id ID --api-key KEY]
           Makes that event happen through the REST API as a caller would (e.g. payout.create.succeeded:
           a sandbox deposit, a beneficiary and a payout) and prints the ids it created.
           \`npm run cli -- trigger --list\` names the supported events.

Credentials: --client-id/--api-key, else PAYRAIL_CLIENT_ID/PAYRAIL_API_KEY, else the sandbox key
\`npm start\` saved in <PAYRAIL_DATA_DIR or ./data>/sandbox-credentials.json.
Server: --url, else PAYRAIL_URL, else http://127.0.0.1:4000. Ctrl-C stops \`listen\` (exit 0).
`;
