DROP TABLE currency_rates;
