DROP TABLE interface_configs;
DROP TABLE interface_infos;
