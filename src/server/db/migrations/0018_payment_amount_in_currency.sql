-- A payment's amount is in its own currency (RWF, UGX, or USD cents), not always RWF
-- (docs/decisions/043-payment-methods-countries-and-currencies.md). Renaming keeps every stored amount.
ALTER TABLE "payments" RENAME COLUMN "amount_rwf" TO "amount";
