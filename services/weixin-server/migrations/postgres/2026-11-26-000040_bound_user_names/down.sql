ALTER TABLE wx_bindings DROP COLUMN user_name;
ALTER TABLE wx_bind_scenes DROP COLUMN user_name;
