DROP TABLE price_rules;
DROP TABLE price_grades;
