DROP TABLE node_claims;
