DROP TABLE wx_ma_users;
