-- Ledger reference types take one casing (upper), as the transaction_way of BT3 shows them:
-- payout and conversion were written in lower case beside DEPOSIT and TRANSFER.
-- (No quote marks in these comments: the schema engine that checks for drift splits on them.)
UPDATE "journal_entries" SET "reference_type" = upper("reference_type") WHERE "reference_type" <> upper("reference_type");

-- Outbox events take the names of the event catalogue (<object>.<action>.<outcome>, and for virtual
-- accounts the names the official client documents), and transfers the PAYOUT event_type (the event
-- types of the official client have no TRANSFER).
UPDATE "outbox_events" SET "event_name" = CASE "event_name"
    WHEN 'deposit.created' THEN 'deposit.create.succeeded'
    WHEN 'deposit.completed' THEN 'deposit.complete.succeeded'
    WHEN 'deposit.failed' THEN 'deposit.complete.failed'
    WHEN 'payout.created' THEN 'payout.create.succeeded'
    WHEN 'payout.pending' THEN 'payout.submit.succeeded'
    WHEN 'payout.rejected' THEN 'payout.submit.failed'
    WHEN 'payout.completed' THEN 'payout.complete.succeeded'
    WHEN 'payout.failed' THEN 'payout.complete.failed'
    WHEN 'conversion.completed' THEN 'conversion.create.succeeded'
    WHEN 'transfer.completed' THEN 'transfer.create.succeeded'
    WHEN 'virtual_account.created' THEN 'virtual.account.create'
    WHEN 'virtual_account.activated' THEN 'virtual.account.update'
    WHEN 'virtual_account.closed' THEN 'virtual.account.closed'
    ELSE "event_name"
  END
WHERE "event_name" IN ('deposit.created', 'deposit.completed', 'deposit.failed', 'payout.created', 'payout.pending',
  'payout.rejected', 'payout.completed', 'payout.failed', 'conversion.completed', 'transfer.completed',
  'virtual_account.created', 'virtual_account.activated', 'virtual_account.closed');

UPDATE "outbox_events" SET "event_type" = 'PAYOUT' WHERE "event_type" = 'TRANSFER';
