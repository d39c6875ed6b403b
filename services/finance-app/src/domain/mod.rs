//! finance-app's rules without I/O (credit limits and the payment saga's states), as plain functions with unit tests; none yet
//! (docs/adding-a-service.md).
