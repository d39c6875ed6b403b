-- Failed logins per client IP, in the database every auth-center replica shares, so the per-IP
-- limit holds for all of them together (it was counted in each process).
CREATE TABLE login_ip_failures (
    ip TEXT PRIMARY KEY NOT NULL,
    failures INTEGER NOT NULL,
    window_start BIGINT NOT NULL
);
