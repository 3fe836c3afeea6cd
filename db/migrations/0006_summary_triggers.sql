-- Summaries kept exact by the database itself (issue 27): statement-level triggers with
-- transition tables apply every insert, update and delete of the base rows to the summaries in
-- the same statement, whichever path wrote them (requests, bulk generation, imports, seeds,
-- cascades). A change adds its rows' figures (+1 for new rows, -1 for old ones) grouped by the
-- summary's key; a key whose count falls to zero is removed. A pure delete only updates
-- existing summary rows (never inserts), so a school's cascade delete needs no row of it.
-- Keys are upserted in key order, so concurrent writers lock summary rows in the same order.
-- The statements that apply `changes` (a query over the trigger's transition tables, one row
-- per changed base row with a `sign`) to a summary table. Built here, executed by the trigger
-- function itself: transition tables are visible only in the trigger's own function.
CREATE FUNCTION summary_statements(target text, key_columns text, changes text, tallies text, set_list text, count_column text, only_deletes boolean)
RETURNS text[] LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  target_key constant text := (SELECT string_agg('t.' || k, ', ') FROM unnest(string_to_array(key_columns, ', ')) AS k);
  delta_key constant text := (SELECT string_agg('excluded.' || k, ', ') FROM unnest(string_to_array(key_columns, ', ')) AS k);
BEGIN
  RETURN ARRAY[
    CASE WHEN only_deletes THEN
      format(
        'WITH changes AS (%s), excluded AS (SELECT %s, %s FROM changes GROUP BY %s) '
        'UPDATE %I AS t SET %s FROM excluded WHERE (%s) = (%s)',
        changes, key_columns, tallies, key_columns, target, set_list, target_key, delta_key)
    ELSE
      format(
        'WITH changes AS (%s), deltas AS (SELECT %s, %s FROM changes GROUP BY %s) '
        'INSERT INTO %I AS t SELECT * FROM deltas ORDER BY %s '
        'ON CONFLICT (%s) DO UPDATE SET %s',
        changes, key_columns, tallies, key_columns, target, key_columns, key_columns, set_list)
    END,
    format(
      'DELETE FROM %I AS t WHERE t.%I = 0 AND (%s) IN (SELECT %s FROM (%s) AS changes)',
      target, count_column, target_key, key_columns, changes)
  ];
END $$;
--> statement-breakpoint
CREATE FUNCTION attendance_summaries_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  fields constant text := 'school_id, date_trunc(''month'', date)::date AS month, student_id, schedule_id, status, performance_rating';
  changes text;
  statement text;
  tallies constant text :=
    'sum(sign)::int AS records, '
    'coalesce(sum(sign) FILTER (WHERE status = ''present''), 0)::int AS present, '
    'coalesce(sum(sign) FILTER (WHERE status = ''absent''), 0)::int AS absent, '
    'coalesce(sum(sign) FILTER (WHERE status = ''late''), 0)::int AS late, '
    'coalesce(sum(sign) FILTER (WHERE status = ''excused''), 0)::int AS excused, '
    'coalesce(sum(sign * performance_rating), 0)::int AS rating_sum, '
    'coalesce(sum(sign) FILTER (WHERE performance_rating IS NOT NULL), 0)::int AS rating_count';
  set_list constant text :=
    'records = t.records + excluded.records, present = t.present + excluded.present, '
    'absent = t.absent + excluded.absent, late = t.late + excluded.late, '
    'excused = t.excused + excluded.excused, rating_sum = t.rating_sum + excluded.rating_sum, '
    'rating_count = t.rating_count + excluded.rating_count';
BEGIN
  changes := CASE TG_OP
    WHEN 'INSERT' THEN format('SELECT %s, 1 AS sign FROM new_rows', fields)
    WHEN 'DELETE' THEN format('SELECT %s, -1 AS sign FROM old_rows', fields)
    ELSE format('SELECT %s, 1 AS sign FROM new_rows UNION ALL SELECT %s, -1 FROM old_rows', fields, fields)
  END;
  FOREACH statement IN ARRAY
    summary_statements('attendance_student_months', 'school_id, month, student_id', changes, tallies, set_list, 'records', TG_OP = 'DELETE')
    || summary_statements('attendance_schedule_months', 'school_id, month, schedule_id', changes, tallies, set_list, 'records', TG_OP = 'DELETE')
  LOOP
    EXECUTE statement;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION payment_day_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- Only paid and pending payments are reported; a paid one by its paid date, a pending one
  -- by its due date. Competition payments have no concept kind, and a paid one without a
  -- method counts as `other`, as in the financial report.
  fields text := CASE TG_TABLE_NAME
    WHEN 'payments' THEN
      'school_id, status, CASE WHEN status = ''paid'' THEN paid_date ELSE due_date END AS day, '
      'CASE WHEN concept = ''tuition'' THEN ''school_tuition'' ELSE ''school_other'' END AS kind, '
      'CASE WHEN status = ''paid'' THEN payment_method ELSE '''' END AS payment_method, amount'
    ELSE
      'school_id, status, CASE WHEN status = ''paid'' THEN paid_date ELSE due_date END AS day, '
      '''competition'' AS kind, '
      'CASE WHEN status = ''paid'' THEN coalesce(payment_method, ''other'') ELSE '''' END AS payment_method, amount'
  END;
  counted constant text := 'status = ''pending'' OR (status = ''paid'' AND paid_date IS NOT NULL)';
  changes text;
  statement text;
BEGIN
  changes := CASE TG_OP
    WHEN 'INSERT' THEN format('SELECT %s, 1 AS sign FROM new_rows WHERE %s', fields, counted)
    WHEN 'DELETE' THEN format('SELECT %s, -1 AS sign FROM old_rows WHERE %s', fields, counted)
    ELSE format('SELECT %s, 1 AS sign FROM new_rows WHERE %s UNION ALL SELECT %s, -1 FROM old_rows WHERE %s', fields, counted, fields, counted)
  END;
  FOREACH statement IN ARRAY
    summary_statements('payment_day_totals', 'school_id, status, day, kind, payment_method', changes,
      'sum(sign)::int AS count, sum(sign * amount) AS amount',
      'count = t.count + excluded.count, amount = t.amount + excluded.amount', 'count', TG_OP = 'DELETE')
  LOOP
    EXECUTE statement;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER attendance_summaries_insert AFTER INSERT ON attendance REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION attendance_summaries_apply();
--> statement-breakpoint
CREATE TRIGGER attendance_summaries_update AFTER UPDATE ON attendance REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION attendance_summaries_apply();
--> statement-breakpoint
CREATE TRIGGER attendance_summaries_delete AFTER DELETE ON attendance REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION attendance_summaries_apply();
--> statement-breakpoint
CREATE TRIGGER payment_day_totals_insert AFTER INSERT ON payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payment_day_totals_apply();
--> statement-breakpoint
CREATE TRIGGER payment_day_totals_update AFTER UPDATE ON payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payment_day_totals_apply();
--> statement-breakpoint
CREATE TRIGGER payment_day_totals_delete AFTER DELETE ON payments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION payment_day_totals_apply();
--> statement-breakpoint
CREATE TRIGGER payment_day_totals_insert AFTER INSERT ON competition_payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payment_day_totals_apply();
--> statement-breakpoint
CREATE TRIGGER payment_day_totals_update AFTER UPDATE ON competition_payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payment_day_totals_apply();
--> statement-breakpoint
CREATE TRIGGER payment_day_totals_delete AFTER DELETE ON competition_payments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION payment_day_totals_apply();
--> statement-breakpoint
-- Rows written before these triggers existed.
INSERT INTO attendance_student_months
SELECT school_id, date_trunc('month', date)::date, student_id, count(*),
       count(*) FILTER (WHERE status = 'present'), count(*) FILTER (WHERE status = 'absent'),
       count(*) FILTER (WHERE status = 'late'), count(*) FILTER (WHERE status = 'excused'),
       coalesce(sum(performance_rating), 0), count(performance_rating)
FROM attendance GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO attendance_schedule_months
SELECT school_id, date_trunc('month', date)::date, schedule_id, count(*),
       count(*) FILTER (WHERE status = 'present'), count(*) FILTER (WHERE status = 'absent'),
       count(*) FILTER (WHERE status = 'late'), count(*) FILTER (WHERE status = 'excused'),
       coalesce(sum(performance_rating), 0), count(performance_rating)
FROM attendance GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO payment_day_totals
SELECT school_id, status, day, kind, payment_method, count(*), sum(amount)
FROM (
  SELECT school_id, status, CASE WHEN status = 'paid' THEN paid_date ELSE due_date END AS day,
         CASE WHEN concept = 'tuition' THEN 'school_tuition' ELSE 'school_other' END AS kind,
         CASE WHEN status = 'paid' THEN payment_method ELSE '' END AS payment_method, amount
  FROM payments WHERE status IN ('paid', 'pending')
  UNION ALL
  SELECT school_id, status, CASE WHEN status = 'paid' THEN paid_date ELSE due_date END,
         'competition', CASE WHEN status = 'paid' THEN coalesce(payment_method, 'other') ELSE '' END, amount
  FROM competition_payments WHERE status = 'pending' OR (status = 'paid' AND paid_date IS NOT NULL)
) AS counted
GROUP BY 1, 2, 3, 4, 5;
