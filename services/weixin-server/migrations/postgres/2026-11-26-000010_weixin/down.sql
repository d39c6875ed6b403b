DROP TABLE wx_callback_nonces;
DROP TABLE wx_followers;
DROP TABLE wx_bindings;
DROP TABLE wx_bind_scenes;
DROP TABLE wx_access_tokens;
DROP TABLE wx_configs;
