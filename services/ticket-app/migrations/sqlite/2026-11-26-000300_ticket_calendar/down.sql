DROP TABLE ticket_price_distributor;
DROP TABLE ticket_calendar;
