//! Calls of the wrappers in `watch`, from another module.
use crate::watch::{Bookmarks, ResourceWatch};

pub async fn follow_all(watch: &ResourceWatch, uris: &[String]) {
    for uri in uris {
        // expect: MCP303
        // expect-dual: MCP303=note
        let _ = watch.subscribe(uri).await;
    }
}

pub async fn forget(watch: &ResourceWatch, uri: &str) {
    // expect: MCP303
    // expect-dual: MCP303=note
    let _ = watch.unsubscribe(uri).await;
}

pub async fn star(bookmarks: &mut Bookmarks, uri: &str) {
    // ok: MCP303
    let _ = bookmarks.subscribe(uri).await;
}
