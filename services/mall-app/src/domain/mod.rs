//! mall-app's rules without I/O (snap-up limits and sale windows), as plain functions with unit tests; none yet
//! (docs/adding-a-service.md).
