// Pagination over an `Option<String>` cursor stops on `None`, not on an empty string.
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
        cursor = page.next_cursor;
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
        if page.next_cursor.as_deref().is_none() {
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
            Some(c) => cursor = Some(c),
            _ => break,
        }
    }
    Ok(prompts)
}
