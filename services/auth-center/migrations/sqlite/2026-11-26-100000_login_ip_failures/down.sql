DROP TABLE login_ip_failures;
