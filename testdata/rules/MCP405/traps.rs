// Traps: paging that ends only on an absent cursor, and emptiness checks on other things.
use rmcp::model::{PaginatedRequestParams, Tool};
use rmcp::service::{RunningService, ServiceError};
use rmcp::RoleClient;

type Client = RunningService<RoleClient, ()>;

pub async fn all_tools(client: &Client) -> Result<Vec<Tool>, ServiceError> {
    let mut tools = Vec::new();
    let mut cursor = None;
    loop {
        let page = client.list_tools(Some(PaginatedRequestParams { meta: None, cursor })).await?;
        // ok: MCP405
        if page.tools.is_empty() && page.next_cursor.is_none() {
            break;
        }
        tools.extend(page.tools);
        cursor = page.next_cursor;
        // ok: MCP405
        if cursor.is_none() {
            break;
        }
    }
    // ok: MCP405
    let named: Vec<Tool> = tools.into_iter().filter(|t| !t.name.is_empty()).collect();
    Ok(named)
}

pub async fn drain(client: &Client, mut cursor: Option<String>) -> Result<usize, ServiceError> {
    let mut n = 0;
    // ok: MCP405
    while let Some(c) = cursor.take() {
        let page = client.list_tools(Some(PaginatedRequestParams { meta: None, cursor: Some(c) })).await?;
        n += page.tools.len();
        cursor = page.next_cursor;
    }
    Ok(n)
}

// Slack's API ends its pages on an empty `next_cursor`: that is Slack's contract, not MCP's.
pub async fn slack_channels(slack: &SlackClient) -> anyhow::Result<Vec<String>> {
    let mut names = Vec::new();
    let mut cursor = String::new();
    loop {
        let resp = slack.conversations().list(&cursor).await?;
        names.extend(resp.channels.into_iter().map(|c| c.name));
        cursor = resp.response_metadata.next_cursor;
        // ok: MCP405
        if cursor.is_empty() {
            break;
        }
    }
    Ok(names)
}

// A database cursor in a function that does not page through MCP lists.
pub fn rows(db: &Db) -> usize {
    let cursor = db.cursor();
    // ok: MCP405
    if cursor.is_empty() {
        return 0;
    }
    cursor.count()
}

/// Stop when `next_cursor.is_empty()`? No: only `None` ends an MCP list.
pub fn doc_only() {
    // ok: MCP405
    let text = "cursor.is_empty()";
    let _ = text;
}
