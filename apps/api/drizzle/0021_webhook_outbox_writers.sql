-- The webhook outbox's writers (modules/webhooks): one delivery per live subscription to the
-- event's type, written in the transaction that made the change, so an event is sent only if
-- the change commits, and then at least once. The platform's own writes call the function; the
-- redemption triggers cover every change of a redemption, whoever makes it (the console's
-- prepare, approve and reject included). Statement-level with transition tables: a bulk insert
-- (the demo seeder) costs one query, nothing when there is no subscription.
CREATE FUNCTION enqueue_webhook_event(event_type text, event_data jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO webhook_deliveries (id, subscription_id, event_type, payload)
  SELECT 'msg_' || replace(gen_random_uuid()::text, '-', ''), s.id, event_type,
         jsonb_build_object('type', event_type,
                            'timestamp', to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                            'data', event_data)
    FROM webhook_subscriptions s
   WHERE s.deleted_at IS NULL AND event_type = ANY (s.events)
$$;
--> statement-breakpoint
CREATE FUNCTION webhook_redemptions_created() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM webhook_subscriptions WHERE deleted_at IS NULL AND 'redemption.created' = ANY (events)) THEN
    PERFORM enqueue_webhook_event('redemption.created', jsonb_build_object(
      'redemptionId', n.id, 'customerId', n.customer_id, 'status', n.status, 'total', trim_scale(n.total)::text,
      'fee', trim_scale(n.total_fee)::text, 'appointmentDate', n.appointment_date::text, 'timeSlot', n.time_slot))
    FROM new_rows n ORDER BY n.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION webhook_redemptions_status_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM webhook_subscriptions WHERE deleted_at IS NULL AND 'redemption.status_changed' = ANY (events)) THEN
    PERFORM enqueue_webhook_event('redemption.status_changed', jsonb_build_object(
      'redemptionId', n.id, 'customerId', n.customer_id, 'from', o.status, 'to', n.status, 'reason', n.reject_reason))
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.status IS DISTINCT FROM o.status ORDER BY n.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER webhook_redemptions_inserted AFTER INSERT ON redemptions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION webhook_redemptions_created();
--> statement-breakpoint
CREATE TRIGGER webhook_redemptions_updated AFTER UPDATE ON redemptions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION webhook_redemptions_status_changed();
