DROP TABLE ledger_lines;
