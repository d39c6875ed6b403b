-- The language a user's mail and SMS are written in (the language of the request that saved the
-- settings), kept so the settings can be announced again as they were saved
-- (resync.notify-configs.requested). Settings saved before it was kept get the default language.
ALTER TABLE notify_configs ADD COLUMN language TEXT NOT NULL DEFAULT 'zh-cn';
