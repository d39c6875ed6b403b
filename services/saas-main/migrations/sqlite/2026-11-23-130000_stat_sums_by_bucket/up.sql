-- Rankings read every merchant's sums of a range of days: by bucket without naming the merchant.
CREATE INDEX stat_sums_by_bucket ON stat_sums (saas_id, grain, mch_side, bucket);
