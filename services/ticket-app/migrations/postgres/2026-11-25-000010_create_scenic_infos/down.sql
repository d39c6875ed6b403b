DROP TABLE scenic_infos;
