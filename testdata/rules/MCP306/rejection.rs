// Tests that send a removed method or a legacy version only to show it is refused state the
// migrated behaviour, whichever rule matches what they send.
use serde_json::json;

#[tokio::test]
async fn removed_task_methods_are_gone() {
    // ok: MCP306
    for gone in ["tasks/list", "tasks/result"] {
        let req = json!({ "jsonrpc": "2.0", "id": 2, "method": gone });
        let body = post(&req).await;
        assert_eq!(body["error"]["code"], -32601, "{gone} must be gone");
    }
    // ok: MCP301, MCP302
    for method in ["ping", "logging/setLevel"] {
        let resp = post_raw(&json!({ "jsonrpc": "2.0", "id": 4, "method": method })).await;
        assert_eq!(resp.status(), reqwest::StatusCode::NOT_FOUND);
    }
}

#[tokio::test]
async fn lists_the_tasks() {
    // A loop whose body asserts nothing about a refusal sends the methods for real.
    // expect: MCP306
    for method in ["tasks/list"] {
        let body = post(&json!({ "jsonrpc": "2.0", "id": 3, "method": method })).await;
        assert_eq!(body["result"]["tasks"], json!([]));
    }
}

#[tokio::test]
async fn a_legacy_version_is_refused() {
    // ok: MCP204
    let resp = post_with_version("2025-06-18").await;
    assert_eq!(resp["error"]["code"], -32022);
}

#[tokio::test]
async fn an_unknown_method_is_refused() {
    // ok: MCP306
    let resp = post(&json!({ "jsonrpc": "2.0", "id": 5, "method": "tasks/result" })).await;
    assert_eq!(resp["error"]["code"], ErrorCode::METHOD_NOT_FOUND);
}

#[tokio::test]
async fn a_missing_backend_answers_404() {
    // A 404 may be a missing route rather than a refused method: the ping is still sent.
    // expect: MCP301
    let resp = post_raw(&json!({ "jsonrpc": "2.0", "id": 6, "method": "ping" })).await;
    assert_eq!(resp.status(), reqwest::StatusCode::NOT_FOUND);
}

#[test]
fn the_status_notification_is_not_delivered() {
    let registry = Registry::default();
    // ok: MCP306
    assert!(!registry.broadcast("notifications/tasks/status", None));
    // expect: MCP306
    assert!(registry.broadcast("notifications/tasks/status", None));
}

#[tokio::test]
async fn the_removed_method_is_refused() {
    // ok: MCP306
    let err = call(&json!({ "jsonrpc": "2.0", "id": 7, "method": "tasks/list" })).await.unwrap_err();
    assert_eq!(err.code, ErrorCode::METHOD_NOT_FOUND);
}

#[tokio::test]
async fn a_listing_without_the_capability_fails() {
    // An error for another reason tests the feature itself.
    // expect: MCP306
    let err = call(&json!({ "jsonrpc": "2.0", "id": 8, "method": "tasks/list" })).await.unwrap_err();
    assert!(err.message.contains("does not support tasks"));
}

#[tokio::test]
async fn a_legacy_header_is_refused() {
    // What the refused request carries reaches the assertion through the variables built from it.
    // ok: MCP204
    let req = http::Request::builder().header("mcp-protocol-version", "2025-06-18").body(ping_body()).unwrap();
    let resp = handle_post(req).await;
    let body: serde_json::Value = serde_json::from_slice(resp.body()).unwrap();
    assert_eq!(body["error"]["code"], -32022);
}

#[tokio::test]
async fn ping_is_answered_and_an_unknown_method_refused() {
    // The refusal asserted is of another request: the ping is sent and answered.
    // expect: MCP301
    let ping = post(&json!({ "jsonrpc": "2.0", "id": 9, "method": "ping" })).await;
    assert_eq!(ping["result"], json!({}));
    let unknown = post(&json!({ "jsonrpc": "2.0", "id": 10, "method": "no/such/method" })).await;
    assert_eq!(unknown["error"]["code"], -32601);
}
