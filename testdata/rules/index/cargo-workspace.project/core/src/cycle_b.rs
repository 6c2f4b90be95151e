pub use crate::cycle_a::LOOP;
