//! The MCP endpoint's routes: each verb goes to a thin route shell (`shells`), which hands the
//! request on to the handlers of `stack`.
use crate::shells;

pub fn mount(mcp: &mut RouteGroup) {
    mcp.map_post("/", shells::post);
    // expect: MCP104
    mcp.map_get("/", shells::get);
    // expect: MCP104
    mcp.map_delete("/", shells::delete);
}

/// Another API's routes: what its handlers hand on to is not the MCP endpoint's.
pub fn mount_admin(admin: &mut RouteGroup) {
    admin.map_post("/users", shells::create_user);
    // ok: MCP104
    admin.map_delete("/users", shells::delete_user);
}
