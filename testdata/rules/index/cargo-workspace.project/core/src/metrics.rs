//! A constant with the same name in another module means something else.
pub const SESSION_HEADER: &str = "x-metrics-session";
