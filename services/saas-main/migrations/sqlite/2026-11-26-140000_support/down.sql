DROP TABLE support_replies;
DROP TABLE support_tickets;
