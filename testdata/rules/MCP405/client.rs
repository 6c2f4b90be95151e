// Fixture: pagination that stops on an empty-string cursor (Rust, rmcp client).
use rmcp::model::{PaginatedRequestParams, Prompt, Resource, Tool};
use rmcp::service::{RunningService, ServiceError};
use rmcp::RoleClient;

type Client = RunningService<RoleClient, ()>;

fn params(cursor: Option<String>) -> Option<PaginatedRequestParams> {
    Some(PaginatedRequestParams { meta: None, cursor })
}

pub async fn all_tools(client: &Client) -> Result<Vec<Tool>, ServiceError> {
    let mut tools = Vec::new();
    let mut cursor = None;
    loop {
        let page = client.list_tools(params(cursor)).await?;
        tools.extend(page.tools);
        // expect: MCP405
        cursor = page.next_cursor.filter(|c| !c.is_empty());
        if cursor.is_none() {
            break;
        }
    }
    Ok(tools)
}

pub async fn all_resources(client: &Client) -> Result<Vec<Resource>, ServiceError> {
    let mut out = Vec::new();
    let mut cursor: Option<String> = None;
    loop {
        let page = client.list_resources(params(cursor.clone())).await?;
        out.extend(page.resources);
        // expect: MCP405
        if page.next_cursor.as_deref().unwrap_or("").is_empty() {
            break;
        }
        cursor = page.next_cursor;
    }
    Ok(out)
}

pub async fn all_prompts(client: &Client) -> Result<Vec<Prompt>, ServiceError> {
    let mut prompts = Vec::new();
    let mut cursor = None;
    loop {
        let page = client.list_prompts(params(cursor.take())).await?;
        prompts.extend(page.prompts);
        match page.next_cursor {
            // expect: MCP405
            Some(c) if !c.is_empty() => cursor = Some(c),
            _ => break,
        }
    }
    Ok(prompts)
}

pub async fn names(client: &Client) -> Result<Vec<String>, ServiceError> {
    let mut names = Vec::new();
    let mut cursor = None;
    loop {
        let page = client.list_tools(params(cursor.take())).await?;
        names.extend(page.tools.into_iter().map(|t| t.name.to_string()));
        if let Some(next) = page.next_cursor {
            // expect: MCP405
            if next.is_empty() {
                break;
            }
            cursor = Some(next);
        } else {
            break;
        }
    }
    Ok(names)
}

pub async fn count(client: &Client) -> Result<usize, ServiceError> {
    let mut n = 0;
    let mut cursor = String::new();
    loop {
        let page = client.list_resource_templates(params(Some(cursor.clone()))).await?;
        n += page.resource_templates.len();
        let next = page.next_cursor.unwrap_or_default();
        // expect: MCP405
        if next.is_empty() {
            return Ok(n);
        }
        cursor = next;
    }
}

pub async fn raw(http: &reqwest::Client, url: &str) -> anyhow::Result<usize> {
    let mut seen = 0;
    let mut cursor = String::new();
    loop {
        let body = serde_json::json!({"jsonrpc": "2.0", "id": seen, "method": "tools/list", "params": {"cursor": cursor}});
        let reply: serde_json::Value = http.post(url).json(&body).send().await?.json().await?;
        seen += reply["result"]["tools"].as_array().map_or(0, Vec::len);
        cursor = reply["result"]["nextCursor"].as_str().unwrap_or("").to_owned();
        // expect: MCP405
        if cursor == "" {
            break;
        }
    }
    Ok(seen)
}
