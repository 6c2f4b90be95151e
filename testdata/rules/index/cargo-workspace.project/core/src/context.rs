pub struct Context;

impl Context {
    /// Asks the client for its roots: a server-initiated request, sent here for every caller.
    pub async fn list_roots(&mut self) -> Result<String, String> {
        // expect: MCP305
        let method = crate::types::roots::LIST;
        let req = Request::new(1, method);
        self.send_request(req).await
    }

    /// The same request, for a peer of a given protocol revision: a function that takes a
    /// protocol version is looked for where it is called before it is known to do more.
    pub async fn list_roots_as(&mut self, protocol_version: &str) -> Result<String, String> {
        // expect: MCP305
        let method = crate::types::roots::LIST;
        let req = Request::new(2, method);
        let _ = protocol_version;
        self.send_request(req).await
    }

    /// The tools a peer of a given protocol revision sees: nothing removed is sent.
    pub async fn describe_as(&mut self, protocol_version: &str) -> Result<String, String> {
        let req = Request::new(3, "tools/list");
        let _ = protocol_version;
        self.send_request(req).await
    }

    async fn send_request(&mut self, _req: Request) -> Result<String, String> {
        Ok(String::new())
    }
}

pub struct Request;
impl Request {
    pub fn new(_id: u64, _method: &str) -> Self {
        Request
    }
}

/// A test that sends the request itself. Its harness runs it and no code calls it, so it is no
/// wrapper: the call below, made by hand, is not reported.
#[tokio::test]
async fn list_roots_reaches_the_client() {
    let mut ctx = Context;
    // expect: MCP305
    // expect-dual: MCP305=note
    ctx.send_request(Request::new(4, crate::types::roots::LIST)).await.ok();
}

pub async fn smoke() {
    // ok: MCP305
    list_roots_reaches_the_client().await;
}
