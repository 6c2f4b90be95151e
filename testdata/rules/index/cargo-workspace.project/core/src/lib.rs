//! A hand-written MCP SDK: no SDK dependency, its own method names, types and dispatch.
pub mod app;
pub mod client;
pub mod commands;
pub mod context;
pub mod cycle_a;
pub mod cycle_b;
pub mod endpoint;
pub mod follower;
pub mod glob_user;
pub mod http;
pub mod janitor;
pub mod metrics;
pub mod negotiate;
pub mod protocol;
pub mod registry;
pub mod report;
pub mod server;
pub mod shells;
pub mod stack;
pub mod subscriptions;
pub mod sweeper;
pub mod types;
pub mod watch;

pub use commands::SESSION_HEADER as HEADER;

/// What users bring in with one glob: modules, not only items.
pub mod prelude {
    pub use crate::commands;
}
