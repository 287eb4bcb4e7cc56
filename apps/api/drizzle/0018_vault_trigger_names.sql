-- The triggers that keep the vault's counters (migration 0008) are named from the vault, which
-- reads them (src/modules/vault/README.md). Behaviour is unchanged: renames only.
ALTER FUNCTION denomination_piece_counts_pieces_changed() RENAME TO vault_count_pieces_changed;
--> statement-breakpoint
ALTER TRIGGER denomination_piece_counts_insert ON redemption_pieces RENAME TO vault_pieces_inserted;
--> statement-breakpoint
ALTER TRIGGER denomination_piece_counts_delete ON redemption_pieces RENAME TO vault_pieces_deleted;
--> statement-breakpoint
ALTER TRIGGER denomination_piece_counts_update ON redemption_pieces RENAME TO vault_pieces_updated;
--> statement-breakpoint
ALTER FUNCTION denomination_piece_counts_status_changed() RENAME TO vault_count_status_changed;
--> statement-breakpoint
ALTER TRIGGER denomination_piece_counts_status ON redemptions RENAME TO vault_status_changed;
--> statement-breakpoint
ALTER FUNCTION redemptions_uncount_pieces() RENAME TO vault_uncount_deleted_redemption;
--> statement-breakpoint
ALTER TRIGGER redemptions_uncount_pieces ON redemptions RENAME TO vault_redemption_deleting;
--> statement-breakpoint
ALTER FUNCTION redemption_status_totals_changed() RENAME TO vault_count_totals_changed;
--> statement-breakpoint
ALTER TRIGGER redemption_status_totals_insert ON redemptions RENAME TO vault_totals_inserted;
--> statement-breakpoint
ALTER TRIGGER redemption_status_totals_delete ON redemptions RENAME TO vault_totals_deleted;
--> statement-breakpoint
ALTER TRIGGER redemption_status_totals_update ON redemptions RENAME TO vault_totals_updated;
--> statement-breakpoint
ALTER FUNCTION redemption_counters_truncated() RENAME TO vault_counters_truncated;
--> statement-breakpoint
ALTER TRIGGER redemption_counters_truncate ON redemptions RENAME TO vault_counters_truncated;
--> statement-breakpoint
ALTER TRIGGER redemption_counters_truncate ON redemption_pieces RENAME TO vault_counters_truncated;
