DROP TABLE interface_imports;
