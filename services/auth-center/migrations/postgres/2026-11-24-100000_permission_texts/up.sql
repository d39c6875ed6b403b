-- What each permission code allows, in Chinese, beside the English summary (group editor).
ALTER TABLE permissions ADD COLUMN summary_zh TEXT NOT NULL DEFAULT '';
