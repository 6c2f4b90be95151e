// Fixture: a framework's own `McpError` named through its own paths, in a file that also uses
// rmcp; rmcp's type named through rmcp's path still emits −32002.
use rmcp::model::ErrorData;

pub fn generated() -> proc_macro2::TokenStream {
    quote::quote! {
        // ok: MCP401
        ::core::result::Result::Err(::turbo::McpError::resource_not_found(__uri))
    }
}

pub fn local(uri: &str) -> crate::error::McpError {
    // ok: MCP401
    crate::error::McpError::resource_not_found(uri)
}

pub fn through_rmcp(uri: &str) -> ErrorData {
    // expect: MCP401
    rmcp::model::ErrorData::resource_not_found("Resource not found", None)
}

pub fn imported(uri: &str) -> ErrorData {
    // expect: MCP401
    ErrorData::resource_not_found("Resource not found", None)
}
