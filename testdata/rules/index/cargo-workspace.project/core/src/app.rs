mod handlers;

use crate::commands::{INIT, PING as P};

pub struct App {
    routes: Vec<&'static str>,
}

impl App {
    pub fn new() -> Self {
        let mut app = App { routes: Vec::new() };
        // expect: MCP201
        // expect-dual: MCP201=note
        app.map_handler(INIT, Self::init);
        // expect: MCP301
        // expect-dual: MCP301=note
        app.map_handler(P, Self::ping);
        app.map_handler(crate::commands::LIST_TOOLS, Self::tools);
        // expect: MCP303
        // expect-dual: MCP303=note
        app.map_handler(crate::types::resources::SUBSCRIBE, Self::subscribe);
        app.map_handler(crate::commands::DISCOVER, Self::discover);
        app
    }

    fn map_handler<F>(&mut self, method: &'static str, _handler: F) {
        self.routes.push(method);
    }
}
