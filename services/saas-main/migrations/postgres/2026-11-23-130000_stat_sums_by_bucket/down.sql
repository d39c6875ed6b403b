DROP INDEX stat_sums_by_bucket;
