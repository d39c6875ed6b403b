-- The staff user's name as they were when they asked for the QR code, kept with the scene and
-- the binding: the follower list shows who is bound (weixin-server has no copy of the users).
ALTER TABLE wx_bind_scenes ADD COLUMN user_name TEXT NOT NULL DEFAULT '';
ALTER TABLE wx_bindings ADD COLUMN user_name TEXT NOT NULL DEFAULT '';
